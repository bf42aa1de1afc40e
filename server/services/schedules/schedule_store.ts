/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Schedules as the plugin index keeps them (server identity). A due run is claimed with
 * optimistic concurrency on the schedule's own document (`if_seq_no`/`if_primary_term`): the
 * claim moves `next_run_at` past now and sets a lease naming the host, so of several hosts one
 * runs each due time, and runs missed while every host was down collapse into one. A claim whose
 * host died before it started the job is taken up again once its lease expires.
 */
import type { ScheduleFields } from '../../../common/api/schedules';
import type { PluginIndex } from '../plugin_index/plugin_index';
import { isVersionConflict } from '../plugin_index/plugin_index';

export interface ScheduleLease {
  host: string;
  job_id?: string;
  expires_at: string;
}

/** A schedule as kept: what it is, the job of its last run and the lease of a running one. */
export interface StoredSchedule extends ScheduleFields {
  last_job_id?: string;
  lease?: ScheduleLease | null;
}

/** A schedule with the version its document had when read, for a conditional write. */
export interface Versioned {
  schedule: StoredSchedule;
  seqNo: number;
  primaryTerm: number;
}

const docId = (id: string) => `schedule:${id}`;

interface Hit {
  _source: { schedule: StoredSchedule };
  _seq_no: number;
  _primary_term: number;
}

const versioned = (hit: Hit): Versioned => ({
  schedule: hit._source.schedule,
  seqNo: hit._seq_no,
  primaryTerm: hit._primary_term,
});

export class ScheduleStore {
  constructor(private readonly index: PluginIndex) {}

  async create(schedule: StoredSchedule) {
    await this.index.ensure();
    await this.index.client.index({
      index: this.index.name,
      id: docId(schedule.id),
      op_type: 'create',
      refresh: true,
      body: { type: 'schedule', updated_at: schedule.updated_at, schedule },
    });
  }

  async get(id: string): Promise<Versioned | undefined> {
    await this.index.ensure();
    const { body } = await this.index.client.get(
      { index: this.index.name, id: docId(id) },
      { ignore: [404] }
    );
    const doc = body as Partial<Hit> & { found?: boolean };
    return doc.found && doc._source?.schedule ? versioned(doc as Hit) : undefined;
  }

  /** Writes the schedule if its document is still the version read; false if it moved. */
  async replace(read: Versioned, schedule: StoredSchedule): Promise<boolean> {
    try {
      await this.index.client.index({
        index: this.index.name,
        id: docId(schedule.id),
        if_seq_no: read.seqNo,
        if_primary_term: read.primaryTerm,
        refresh: true,
        body: { type: 'schedule', updated_at: schedule.updated_at, schedule },
      });
      return true;
    } catch (error) {
      if (isVersionConflict(error)) return false;
      throw error;
    }
  }

  /** Changes some fields whatever the version (a running host's lease renewal and end). */
  async patch(id: string, fields: Partial<StoredSchedule>) {
    await this.index.client.update(
      {
        index: this.index.name,
        id: docId(id),
        refresh: true,
        retry_on_conflict: 3,
        body: { doc: { schedule: fields } },
      },
      { ignore: [404] }
    );
  }

  async delete(id: string) {
    await this.index.client.delete(
      { index: this.index.name, id: docId(id), refresh: true },
      { ignore: [404] }
    );
  }

  async list(filter: { owner?: string; lookups?: string[] } = {}): Promise<Versioned[]> {
    const terms: unknown[] = [{ term: { type: 'schedule' } }];
    if (filter.owner !== undefined) terms.push({ term: { 'schedule.owner': filter.owner } });
    if (filter.lookups) terms.push({ terms: { 'schedule.lookup': filter.lookups } });
    return this.search({ bool: { filter: terms } }, [{ 'schedule.created_at': 'asc' }]);
  }

  /**
   * Enabled schedules whose next run is at or before `now`, and those whose run was claimed by a
   * host that died before starting its job (the claim's lease expired with no job named): the
   * claim already moved `next_run_at` on, so without this that due time would be lost.
   */
  async due(now: Date): Promise<Versioned[]> {
    const at = now.toISOString();
    const abandonedClaim = {
      bool: {
        filter: [
          { exists: { field: 'schedule.lease.host' } },
          { range: { 'schedule.lease.expires_at': { lte: at } } },
        ],
        must_not: [{ exists: { field: 'schedule.lease.job_id' } }],
      },
    };
    return this.search(
      {
        bool: {
          filter: [{ term: { type: 'schedule' } }, { term: { 'schedule.enabled': true } }],
          should: [{ range: { 'schedule.next_run_at': { lte: at } } }, abandonedClaim],
          minimum_should_match: 1,
        },
      },
      [{ 'schedule.next_run_at': 'asc' }]
    );
  }

  private async search(query: unknown, sort: unknown[]): Promise<Versioned[]> {
    await this.index.ensure();
    const { body } = await this.index.client.search({
      index: this.index.name,
      seq_no_primary_term: true,
      body: { size: 1000, sort, query },
    });
    return (body as { hits: { hits: Hit[] } }).hits.hits.map(versioned);
  }
}
