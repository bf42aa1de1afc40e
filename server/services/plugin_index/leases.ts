/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One mutating operation per lookup at a time, across hosts (shared/design/operations.md): a
 * lease document per lookup in the plugin index, taken with optimistic concurrency, renewed
 * while the operation runs and expiring if its host dies. A second operation gets a 409 that
 * names the one holding the lease. Reads never take it.
 */
import { randomUUID } from 'crypto';
import type { Logger } from 'opensearch-dashboards/server';
import { ConflictError, openSearchStatus } from '../../lib/errors';
import { isAlreadyExists, isVersionConflict, PluginIndex } from './plugin_index';

export type LeaseOperation =
  | 'write'
  | 'import'
  | 'migrate'
  | 'rollback'
  | 'reap'
  | 'delete'
  | 'delete_version'
  | 'edit'
  | 'job'
  | 'schedule'
  | 'match'
  | 'replicas';

export interface LeaseHolder {
  operation: LeaseOperation;
  user: string | null;
  job_id?: string;
}

export interface LeaseDocument extends LeaseHolder {
  lookup: string;
  host: string;
  /**
   * New with each taking of the lease (absent on leases of older versions): a write record names
   * the lease its write held, so the catalog tells a live write from one whose lease is gone.
   */
  token?: string;
  acquired_at: string;
  expires_at: string;
}

export interface LeaseOptions {
  /** How long a lease lives without renewal: a dead host's lease is free after this. */
  ttlMs: number;
  /** How often a held lease is renewed; well under the ttl. */
  renewEveryMs: number;
}

export const DEFAULT_LEASE_OPTIONS: LeaseOptions = { ttlMs: 30_000, renewEveryMs: 10_000 };

const leaseId = (lookup: string) => `lease:${lookup}`;

interface Versioned {
  seqNo: number;
  primaryTerm: number;
}

export class LookupBusyError extends ConflictError {
  constructor(
    public readonly lookup: string,
    holder: LeaseDocument
  ) {
    const who = holder.user ? ` by ${holder.user}` : '';
    const job = holder.job_id ? ` (job ${holder.job_id})` : '';
    super(
      `"${lookup}" is busy: a ${holder.operation}${job}${who} started at ${holder.acquired_at} is still running. ` +
        'Wait for it to finish and try again.',
      {
        reason: 'lookup_busy',
        operation: holder.operation,
        user: holder.user,
        job_id: holder.job_id ?? null,
        since: holder.acquired_at,
      }
    );
  }
}

/**
 * The same 409 for a caller who may not read the lookup: that the lookup is busy, not who
 * writes it, with what, or since when.
 */
export class PlainLookupBusyError extends ConflictError {
  constructor(lookup: string) {
    super(`"${lookup}" is busy with another operation. Try again shortly.`, {
      reason: 'lookup_busy',
    });
  }
}

/** What a taken-over lease tells the new holder: an operation that died and may need settling. */
export interface AcquiredLease {
  lease: Lease;
  /** The expired lease this one replaced, if any: its operation never finished. */
  expired?: LeaseDocument;
}

export class LeaseStore {
  constructor(
    private readonly index: PluginIndex,
    /** This process, as lease holders name it. */
    public readonly hostId: string,
    private readonly logger: Logger,
    private readonly options: LeaseOptions = DEFAULT_LEASE_OPTIONS
  ) {}

  async acquire(lookup: string, holder: LeaseHolder): Promise<AcquiredLease> {
    await this.index.ensure();
    const document = this.document(lookup, holder);
    try {
      const { body } = await this.index.client.index({
        index: this.index.name,
        id: leaseId(lookup),
        op_type: 'create',
        refresh: false,
        body: { type: 'lease', updated_at: document.acquired_at, lease: document },
      });
      return { lease: this.held(lookup, document, versionOf(body)) };
    } catch (error) {
      if (!isVersionConflict(error) && !isAlreadyExists(error)) throw error;
    }
    // Someone holds it, or held it and died: take it over only once it has expired.
    const current = await this.read(lookup);
    if (current && Date.parse(current.lease.expires_at) > Date.now()) {
      throw new LookupBusyError(lookup, current.lease);
    }
    try {
      const { body } = await this.index.client.index({
        index: this.index.name,
        id: leaseId(lookup),
        ...(current
          ? { if_seq_no: current.version.seqNo, if_primary_term: current.version.primaryTerm }
          : { op_type: 'create' as const }),
        body: { type: 'lease', updated_at: document.acquired_at, lease: document },
      });
      if (current) {
        this.logger.info(
          `took over the expired lease on "${lookup}" from a ${current.lease.operation} on host ${current.lease.host}`
        );
      }
      return {
        lease: this.held(lookup, document, versionOf(body)),
        expired: current?.lease,
      };
    } catch (error) {
      if (isVersionConflict(error)) {
        const winner = await this.read(lookup);
        if (winner) throw new LookupBusyError(lookup, winner.lease);
      }
      throw error;
    }
  }

  /** The lease on a lookup, if one exists (expired or not). */
  async current(lookup: string): Promise<LeaseDocument | undefined> {
    return (await this.read(lookup))?.lease;
  }

  /** The leases on these lookups (expired or not), read in real time, in one request. */
  async currentMany(lookups: string[]): Promise<Map<string, LeaseDocument>> {
    const out = new Map<string, LeaseDocument>();
    const names = [...new Set(lookups)];
    if (names.length === 0) return out;
    const { body } = await this.index.client.mget(
      { index: this.index.name, body: { ids: names.map(leaseId) } },
      { ignore: [404] }
    );
    const docs = (body as { docs?: Array<{ found?: boolean; _source?: { lease: LeaseDocument } }> })
      .docs;
    for (const doc of docs ?? []) {
      if (doc.found && doc._source) out.set(doc._source.lease.lookup, doc._source.lease);
    }
    return out;
  }

  private async read(
    lookup: string
  ): Promise<{ lease: LeaseDocument; version: Versioned } | undefined> {
    const { body } = await this.index.client.get(
      { index: this.index.name, id: leaseId(lookup) },
      { ignore: [404] }
    );
    const doc = body as {
      found?: boolean;
      _seq_no: number;
      _primary_term: number;
      _source?: { lease: LeaseDocument };
    };
    if (!doc.found || !doc._source) return undefined;
    return {
      lease: doc._source.lease,
      version: { seqNo: doc._seq_no, primaryTerm: doc._primary_term },
    };
  }

  private document(lookup: string, holder: LeaseHolder): LeaseDocument {
    const now = Date.now();
    return {
      lookup,
      host: this.hostId,
      token: randomUUID(),
      operation: holder.operation,
      user: holder.user,
      ...(holder.job_id ? { job_id: holder.job_id } : {}),
      acquired_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.options.ttlMs).toISOString(),
    };
  }

  private held(lookup: string, document: LeaseDocument, version: Versioned): Lease {
    return new Lease(this.index, lookup, document, version, this.options, this.logger);
  }
}

function versionOf(body: unknown): Versioned {
  const b = body as { _seq_no: number; _primary_term: number };
  return { seqNo: b._seq_no, primaryTerm: b._primary_term };
}

/** A held lease: renewed on a timer until released; `assertHeld` before anything is published. */
export class Lease {
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();
  private lostReason: string | undefined;
  private released = false;
  private renewalInFlight = false;

  constructor(
    private readonly index: PluginIndex,
    public readonly lookup: string,
    private document: LeaseDocument,
    private version: Versioned,
    private readonly options: LeaseOptions,
    private readonly logger: Logger
  ) {
    this.timer = setInterval(() => {
      // One renewal at a time: a second one sent while the first is slow would carry the same
      // seq_no, lose to it, and read as the lease taken over.
      if (this.renewalInFlight) return;
      this.renewalInFlight = true;
      this.renewing = this.renew().finally(() => {
        this.renewalInFlight = false;
      });
    }, options.renewEveryMs);
    // A lease never keeps the process alive on its own.
    this.timer.unref();
  }

  get holder(): LeaseDocument {
    return this.document;
  }

  /** Throws when the lease was lost (it expired and another host took it): publish nothing. */
  assertHeld() {
    if (this.lostReason === undefined && Date.parse(this.document.expires_at) <= Date.now()) {
      this.lostReason = 'it expired before it could be renewed';
    }
    if (this.lostReason !== undefined) {
      throw new ConflictError(
        `The lease on "${this.lookup}" was lost (${this.lostReason}), so nothing was published. Try again.`,
        { reason: 'lease_lost' }
      );
    }
  }

  private async renew() {
    if (this.released || this.lostReason !== undefined) return;
    const now = Date.now();
    const next: LeaseDocument = {
      ...this.document,
      expires_at: new Date(now + this.options.ttlMs).toISOString(),
    };
    try {
      const { body } = await this.index.client.index({
        index: this.index.name,
        id: leaseId(this.lookup),
        if_seq_no: this.version.seqNo,
        if_primary_term: this.version.primaryTerm,
        body: { type: 'lease', updated_at: new Date(now).toISOString(), lease: next },
      });
      this.document = next;
      this.version = versionOf(body);
    } catch (error) {
      if (isVersionConflict(error) || openSearchStatus(error) === 404) {
        this.lostReason = 'another operation took it over after it expired';
        this.logger.warn(`lost the lease on "${this.lookup}": ${this.lostReason}`);
      } else {
        // A passing failure: the next renewal tries again before the lease expires.
        this.logger.warn(
          `could not renew the lease on "${this.lookup}": ${(error as Error).message}`
        );
      }
    }
  }

  async release() {
    if (this.released) return;
    this.released = true;
    clearInterval(this.timer);
    await this.renewing;
    if (this.lostReason !== undefined) return;
    try {
      await this.index.client.delete(
        {
          index: this.index.name,
          id: leaseId(this.lookup),
          if_seq_no: this.version.seqNo,
          if_primary_term: this.version.primaryTerm,
        },
        { ignore: [404, 409] }
      );
    } catch (error) {
      // It expires by itself; the next operation takes it over.
      this.logger.warn(
        `could not release the lease on "${this.lookup}": ${(error as Error).message}`
      );
    }
  }
}
