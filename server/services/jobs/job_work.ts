/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a job writes: a PPL pipeline ending in outputlookup, or an import whose file was checked
 * and spooled while its request was open. Both run through the writer with the job's client,
 * lease, cancel signal and progress listener.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupAction } from '../../../common/api/permissions';
import type { LookupsConfig } from '../../config';
import type { Ceiling } from '../ceiling';
import type { PreparedImport } from '../import/import_service';
import type { Lease } from '../plugin_index/leases';
import type { WriteRecordStore } from '../plugin_index/write_records';
import { IsolatedQueryService } from '../ppl/isolation/isolated_query_service';
import type { QueryPool } from '../ppl/isolation/query_pool';
import type { ClusterLimits } from '../ppl/request_bounds';
import type { WriteProgressListener, WriterDeps } from '../writer/lookup_writer';

/** What the job holds while it runs. */
export interface JobRunDeps {
  client: OpenSearchClient;
  ceiling: Ceiling;
  /** The cluster's limits on one request, read when the job was accepted. */
  limits?: ClusterLimits;
  user: string | null;
  lease: Lease;
  signal: AbortSignal;
  progress: WriteProgressListener;
  beforePublish?: WriterDeps['beforePublish'];
}

export interface JobResult {
  rows_written: number;
  slice?: string | null;
  action?: string;
}

export interface JobWork {
  lookup: string;
  /** The right it needs on the lookup, asked before it is accepted. */
  action: LookupAction;
  /** What the job runs, as its history shows it. */
  query: string;
  /** Rows it will write, when known before it starts. */
  rowsTotal?: number;
  run(deps: JobRunDeps): Promise<JobResult>;
  /** Called once the job has ended, whatever the end. */
  cleanup?(): Promise<void>;
}

interface ServiceDeps {
  config: LookupsConfig;
  logger: Logger;
  records: WriteRecordStore;
  queries: QueryPool;
}

export function queryWork(lookup: string, query: string, services: ServiceDeps): JobWork {
  return {
    lookup,
    action: 'write',
    query,
    async run({ client, ceiling, limits, user, lease, signal, progress, beforePublish }) {
      // A job writes: it runs in the query pool under lookups.query.write_timeout.
      const service = new IsolatedQueryService(services.queries, {
        client,
        config: services.config,
        ceiling,
        logger: services.logger,
        records: services.records,
        ...(limits ? { clusterLimits: async () => limits } : {}),
        signal,
        progress,
        // The job already holds the lookup's lease.
        underLease: (_name, work) => work({ lease, user }),
        ...(beforePublish ? { beforePublish } : {}),
      });
      const result = await service.run(query);
      return {
        rows_written: Number((result.datarows[0]?.[0] as number | undefined) ?? 0),
        ...('lookup' in result ? { slice: result.lookup.slice, action: result.lookup.action } : {}),
      };
    },
  };
}

export function importWork(
  lookup: string,
  prepared: PreparedImport,
  services: ServiceDeps
): JobWork {
  return {
    lookup,
    action: 'import',
    query: prepared.description,
    rowsTotal: prepared.rows,
    async run({ client, ceiling, user, lease, signal, progress }) {
      const written = await prepared.write({
        client,
        config: services.config,
        logger: services.logger,
        records: services.records,
        ceiling,
        user,
        lease,
        signal,
        progress,
      });
      return { rows_written: written.rows_written, slice: written.slice, action: written.action };
    },
    cleanup: () => prepared.discard(),
  };
}
