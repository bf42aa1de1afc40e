/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The plugin's own hidden index: write records, per-lookup leases, jobs, schedules and lookup
 * descriptions, one
 * document type each, side by side as OSD's saved objects are. Metadata only, never user rows. It is read and written with the server's identity, so its name sits under
 * a pattern the security plugin's reserved `kibana_server` role covers by default
 * (`.opensearch_dashboards_*`, indices_all): a stock OSD can keep it without extra roles.
 */
import { createHash } from 'crypto';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { openSearchStatus } from '../../lib/errors';

export const PLUGIN_INDEX = '.opensearch_dashboards_lookups';

/**
 * The plugin index kept for one data source. It lives in the local cluster beside the local
 * one, as OSD keeps everything it knows of a data source (its saved objects) in the local
 * cluster and writes nothing of its own to the data source: one index per data source, as the
 * security plugin keeps one OSD index per tenant. An id that is not a valid index name part
 * (upper case, other characters) is named by its hash.
 */
export function dataSourceIndexName(dataSourceId: string): string {
  if (/^[a-z0-9_-]{1,100}$/.test(dataSourceId)) return `${PLUGIN_INDEX}_ds_${dataSourceId}`;
  const hash = createHash('sha256').update(dataSourceId).digest('hex').slice(0, 32);
  return `${PLUGIN_INDEX}_dsh_${hash}`;
}

export type PluginDocumentType =
  'record' | 'event' | 'lease' | 'secret' | 'job' | 'schedule' | 'description';

const RECORD_PROPERTIES = {
  lookup: { type: 'keyword' },
  backing_index: { type: 'keyword' },
  slice: { type: 'keyword' },
  status: { type: 'keyword' },
  action: { type: 'keyword' },
  user: { type: 'keyword' },
  rows: { type: 'long' },
  query: { type: 'text', index: false },
  source_indices: { type: 'keyword' },
  started_at: { type: 'date' },
  heartbeat_at: { type: 'date' },
  lease_token: { type: 'keyword' },
  finished_at: { type: 'date' },
  last_write_at: { type: 'date' },
  key_fields: { type: 'keyword' },
  error: { type: 'text', index: false },
  deleted_at: { type: 'date' },
  deleted_by: { type: 'keyword' },
  // Kept in their order in _source, never searched.
  columns: { type: 'keyword', index: false, doc_values: false },
  key_field: { type: 'keyword', index: false, doc_values: false },
  edit: { type: 'object', enabled: false },
};

/** Something done to a lookup that is not a new version: a restore, an import, an append (see write records). */
const EVENT_PROPERTIES = {
  lookup: { type: 'keyword' },
  backing_index: { type: 'keyword' },
  type: { type: 'keyword' },
  slice: { type: 'keyword' },
  previous: { type: 'keyword' },
  at: { type: 'date' },
  by: { type: 'keyword' },
  rows: { type: 'long' },
  file: { type: 'keyword' },
  format: { type: 'keyword' },
  action: { type: 'keyword' },
  key_field: { type: 'keyword' },
  replaced: { type: 'long' },
  // A change of match rules: the rules before and after, kept as given, never searched.
  from: { type: 'object', enabled: false },
  to: { type: 'object', enabled: false },
};

const LEASE_PROPERTIES = {
  lookup: { type: 'keyword' },
  host: { type: 'keyword' },
  token: { type: 'keyword' },
  operation: { type: 'keyword' },
  user: { type: 'keyword' },
  job_id: { type: 'keyword' },
  acquired_at: { type: 'date' },
  expires_at: { type: 'date' },
};

const JOB_PROPERTIES = {
  id: { type: 'keyword' },
  lookup: { type: 'keyword' },
  user: { type: 'keyword' },
  query: { type: 'text', index: false },
  state: { type: 'keyword' },
  phase: { type: 'keyword' },
  progress: {
    properties: {
      rows_read: { type: 'long' },
      rows_written: { type: 'long' },
      rows_total: { type: 'long' },
      rate: { type: 'double' },
      elapsed_ms: { type: 'long' },
    },
  },
  slice: { type: 'keyword' },
  previous_slice: { type: 'keyword' },
  action: { type: 'keyword' },
  replaced: { type: 'long' },
  unmatched: { properties: { key_fields: { type: 'keyword' }, rows: { type: 'long' } } },
  error: { type: 'text', index: false },
  error_attributes: { type: 'object', enabled: false },
  host: { type: 'keyword' },
  cancel_requested: { type: 'boolean' },
  schedule_id: { type: 'keyword' },
  trigger: { type: 'keyword' },
  previous_rows: { type: 'long' },
  created_at: { type: 'date' },
  updated_at: { type: 'date' },
  started_at: { type: 'date' },
  finished_at: { type: 'date' },
  heartbeat_at: { type: 'date' },
};

const SCHEDULE_PROPERTIES = {
  id: { type: 'keyword' },
  lookup: { type: 'keyword' },
  query: { type: 'text', index: false },
  every: { type: 'keyword' },
  cron: { type: 'keyword' },
  time_zone: { type: 'keyword' },
  enabled: { type: 'boolean' },
  guards: {
    properties: {
      skip_empty: { type: 'boolean' },
      max_shrink_percent: { type: 'double' },
      keep_columns: { type: 'boolean' },
    },
  },
  description: { type: 'text', index: false },
  saved_query: {
    properties: {
      id: { type: 'keyword' },
      title: { type: 'text', index: false },
      updated_at: { type: 'date' },
    },
  },
  owner: { type: 'keyword' },
  created_at: { type: 'date' },
  updated_at: { type: 'date' },
  next_run_at: { type: 'date' },
  last_success_at: { type: 'date' },
  last_job_id: { type: 'keyword' },
  // Held by the host running the schedule now; another host may take it once it expires.
  lease: {
    properties: {
      host: { type: 'keyword' },
      job_id: { type: 'keyword' },
      expires_at: { type: 'date' },
    },
  },
};

/** A lookup's description, by lookup name (see descriptions/description_store.ts). */
const DESCRIPTION_PROPERTIES = {
  lookup: { type: 'keyword' },
  text: { type: 'text', index: false },
  updated_by: { type: 'keyword' },
  updated_at: { type: 'date' },
};

/** Strict and additive: a newer plugin adds properties, never changes one. */
export const PLUGIN_INDEX_MAPPINGS = {
  dynamic: 'strict',
  properties: {
    type: { type: 'keyword' },
    updated_at: { type: 'date' },
    record: { type: 'object', dynamic: 'strict', properties: RECORD_PROPERTIES },
    event: { type: 'object', dynamic: 'strict', properties: EVENT_PROPERTIES },
    lease: { type: 'object', dynamic: 'strict', properties: LEASE_PROPERTIES },
    job: { type: 'object', dynamic: 'strict', properties: JOB_PROPERTIES },
    schedule: { type: 'object', dynamic: 'strict', properties: SCHEDULE_PROPERTIES },
    description: { type: 'object', dynamic: 'strict', properties: DESCRIPTION_PROPERTIES },
    // Kept, never indexed: nothing can search for it.
    secret: { type: 'object', enabled: false },
  },
};

const INDEX_SETTINGS = {
  'index.hidden': true,
  number_of_shards: 1,
  auto_expand_replicas: '0-1',
};

/** The server identity's client for the plugin index, and the one-time creation of it. */
export class PluginIndex {
  private ready: Promise<void> | undefined;

  constructor(
    public readonly client: OpenSearchClient,
    private readonly logger: Logger,
    public readonly name: string = PLUGIN_INDEX
  ) {}

  /** Creates the index, or brings an existing one's mapping up to date; once per process. */
  ensure(): Promise<void> {
    this.ready ??= this.create().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async create() {
    try {
      await this.client.indices.create({
        index: this.name,
        body: { settings: INDEX_SETTINGS, mappings: PLUGIN_INDEX_MAPPINGS },
      });
      this.logger.debug(`created ${this.name}`);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      await this.client.indices.putMapping({ index: this.name, body: PLUGIN_INDEX_MAPPINGS });
    }
  }
}

export function isAlreadyExists(error: unknown): boolean {
  return (
    openSearchStatus(error) === 400 &&
    /resource_already_exists_exception/.test(
      JSON.stringify((error as { meta?: { body?: unknown } }).meta?.body ?? '')
    )
  );
}

export const isVersionConflict = (error: unknown) => openSearchStatus(error) === 409;
