/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { schema, TypeOf } from '@osd/config-schema';
import { isAutoExpandReplicas } from '../common/api/replicas';

/** `lookups.*` in opensearch_dashboards.yml (or the standalone host's config). */
export const configSchema = schema.object({
  /** OSD checks `lookups.enabled` against this schema; false leaves the plugin out. */
  enabled: schema.boolean({ defaultValue: true }),
  /** The operator's ceiling on the rows of one write. */
  max_rows: schema.number({ defaultValue: 1_000_000, min: 1 }),
  /** The largest JSON body `_write` accepts; bigger results go through `_query` or `_import`. */
  max_body_bytes: schema.number({ defaultValue: 10 * 1024 * 1024, min: 1024 }),
  /** The largest file `_import` accepts. */
  max_import_bytes: schema.number({ defaultValue: 100 * 1024 * 1024, min: 1024 }),
  /** Documents per `_bulk` request, and how many requests a write keeps in flight. */
  bulk_batch_size: schema.number({ defaultValue: 5000, min: 1, max: 100_000 }),
  bulk_max_in_flight: schema.number({ defaultValue: 2, min: 1, max: 16 }),
  /**
   * Writes of at least this many rows (or of an unknown count) load with build settings; for
   * smaller ones the two settings updates cost more than they save.
   */
  build_settings_min_rows: schema.number({ defaultValue: 200_000, min: 1 }),
  /** The absolute time limit for retrying items OpenSearch rejected with 429. */
  bulk_retry_deadline_ms: schema.number({ defaultValue: 120_000, min: 1000 }),
  /**
   * Durable on 200 (docs/cluster.md): how long a write waits for every copy of its backing index
   * (primary and replicas) to be active and to hold its rows; then it fails with 503, unpublished.
   */
  copies_timeout_ms: schema.number({ defaultValue: 120_000, min: 1000 }),
  /**
   * How long a lookup's lease (one mutating operation at a time) outlives its host: renewed every
   * third of it while the operation runs; after a crash the lookup is free again this much later.
   */
  lease_ttl_ms: schema.number({ defaultValue: 30_000, min: 1000 }),
  backing_index: schema.object({
    /**
     * `index.auto_expand_replicas` of new backing indices: `0-1` keeps a single node green and
     * gives a lookup one replica once a second node joins; `0-all` puts a copy on every node (a
     * lookup every node reads); `false` leaves replicas to the cluster's default. Each lookup
     * may choose otherwise afterwards (`PUT /api/lookups/{name}/_replicas`, its Settings tab).
     */
    auto_expand_replicas: schema.string({ defaultValue: '0-1', minLength: 1 }),
  }),
  /**
   * Signs search page tokens; the same on every host. Unset: one secret is made once and kept
   * in the plugin index.
   */
  page_token_secret: schema.maybe(schema.string({ minLength: 32 })),
  /**
   * CSV exports prefix cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
   * CR) with `'`, as Kibana's CSV export does.
   */
  csv_escape_formulas: schema.boolean({ defaultValue: true }),
  editor: schema.object({
    /**
     * The largest lookup the editor opens and an edit writes. The editor reads a version with
     * `_rows` pages, which reach OpenSearch's first 10,000 (`index.max_result_window`).
     */
    max_rows: schema.number({ defaultValue: 10_000, min: 1, max: 10_000 }),
  }),
  /**
   * Every PPL query is bounded in time and memory (server/services/ppl/budget.ts, memory.ts).
   */
  query: schema.object({
    /**
     * Milliseconds an interactive `_query` or `_explain` may run, computing and waiting on
     * OpenSearch alike; every OpenSearch request it sends gets the time left.
     */
    timeout: schema.number({ defaultValue: 30_000, min: 100, max: 3_600_000 }),
    /**
     * Milliseconds a query that writes its result may run (`_query` ending in outputlookup, a
     * job, a scheduled run): long work by nature, still bounded.
     */
    write_timeout: schema.number({ defaultValue: 3_600_000, min: 1000, max: 86_400_000 }),
    /** Approximate bytes of rows and values one query may hold in the server. */
    max_memory_bytes: schema.number({ defaultValue: 64 * 1024 * 1024, min: 1024 * 1024 }),
    /**
     * What every running query and job of this server may hold together; a query that would go
     * over is stopped with 429 (retry).
     */
    max_total_memory_bytes: schema.number({ defaultValue: 256 * 1024 * 1024, min: 1024 * 1024 }),
    /**
     * Queries run in worker processes, apart from the server's heap and event loop
     * (server/services/ppl/isolation/). How many: unset, the host's cores less one (at least 2).
     */
    workers: schema.maybe(schema.number({ min: 1, max: 64 })),
    /**
     * Each worker's hard heap limit (V8's old generation), in MiB: a query that goes over is
     * ended with a 400 and its worker replaced; the server's own heap is not touched.
     */
    worker_max_heap_mb: schema.number({ defaultValue: 512, min: 64, max: 16_384 }),
    /** Queries one worker runs at once (they share its heap and its event loop). */
    worker_max_queries: schema.number({ defaultValue: 4, min: 1, max: 64 }),
    /** Queries that may wait for a worker; more are refused with 429 (retry). */
    max_queued: schema.number({ defaultValue: 100, min: 0, max: 10_000 }),
  }),
  jobs: schema.object({
    /** Jobs a host runs at once; more wait in order. */
    max_concurrent: schema.number({ defaultValue: 2, min: 1, max: 64 }),
    /** Jobs that may wait for a turn on one host; more are refused with 429. */
    max_queued: schema.number({ defaultValue: 100, min: 0, max: 10_000 }),
    /**
     * Test hook: a job waits this long after recording `publishing` and before the alias
     * request, so a test can stop its host there. Never set it in production.
     */
    test_pause_before_publish_ms: schema.number({ defaultValue: 0, min: 0, max: 600_000 }),
  }),
  schedules: schema.object({
    /** Run due schedules on this host (every host may: each due time runs once). */
    enabled: schema.boolean({ defaultValue: true }),
    /** How often this host looks for due schedules. */
    check_every_ms: schema.number({ defaultValue: 15_000, min: 100, max: 3_600_000 }),
    /** The shortest period a schedule may have. */
    min_interval_ms: schema.number({ defaultValue: 60_000, min: 1000, max: 86_400_000 }),
    /** Schedules one user may own. */
    max_per_user: schema.number({ defaultValue: 100, min: 1, max: 10_000 }),
  }),
});

export type LookupsConfig = TypeOf<typeof configSchema>;

/**
 * What the schema cannot say: checked once at setup, so a bad value stops the plugin with the
 * setting named instead of failing every first write.
 */
export function checkConfig(config: LookupsConfig): void {
  const expand = config.backing_index.auto_expand_replicas;
  if (!isAutoExpandReplicas(expand)) {
    throw new Error(
      `[lookups.backing_index.auto_expand_replicas]: expected a range such as "0-1" or "0-all", or "false"; got "${expand}"`
    );
  }
}
