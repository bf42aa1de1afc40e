/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The HTTP API's payloads, as io-ts codecs (decoded by the server's route validation) and the
 * TypeScript types of the answers (used by the browser's API client). Keys are snake_case.
 */
import * as t from 'io-ts';
import type { PplType } from '../ppl/types';
import type { MatchBody } from '../match/codecs';
import type { EditSummary } from './edit';
import { QueryBoolean, QueryInt, refined, strictObject } from './decode';

export const MAX_INT = 2147483647;

const PositiveInt = refined(
  'positive integer',
  t.number,
  (n) => Number.isInteger(n) && n >= 1,
  'expected an integer of at least 1'
);

/** The options of `outputlookup`, with the same names, shared by `_write` and `_import`. */
export const writeOptionProps = {
  append: t.boolean,
  override_if_empty: t.boolean,
  key_field: refined(
    'list of field names',
    t.array(t.string),
    (fields) => fields.length > 0 && fields.every((f) => f.length > 0),
    'expected a non-empty list of field names'
  ),
  max: PositiveInt,
};
export type WriteOptions = t.TypeOf<t.PartialC<typeof writeOptionProps>>;

export const ColumnCodec = strictObject('column', { name: t.string, type: t.string }, {});
export type Column = t.TypeOf<typeof ColumnCodec>;

/** Rows as objects: `{ rows: [{host: "a", n: 1}, …] }`; types are taken from the JSON values. */
export const RowsWriteBody = strictObject(
  'rows write',
  { rows: t.array(t.UnknownRecord) },
  writeOptionProps
);
/** Rows as the `_plugins/_ppl` table: declared column types choose the key encoding. */
export const TableWriteBody = strictObject(
  'table write',
  { schema: t.array(ColumnCodec), datarows: t.array(t.array(t.unknown)) },
  writeOptionProps
);
export type RowsWriteBody = t.TypeOf<typeof RowsWriteBody>;
export type TableWriteBody = t.TypeOf<typeof TableWriteBody>;
export type WriteBody = RowsWriteBody | TableWriteBody;

/** Chooses the shape by its keys, so the error speaks of the shape the caller meant. */
export const WriteBody = new t.Type<WriteBody, unknown, unknown>(
  'write',
  (u): u is WriteBody => RowsWriteBody.is(u) || TableWriteBody.is(u),
  (u, c) => {
    if (typeof u === 'object' && u !== null && !Array.isArray(u)) {
      if ('rows' in u) return RowsWriteBody.validate(u, c);
      if ('datarows' in u || 'schema' in u) return TableWriteBody.validate(u, c);
    }
    return t.failure(
      u,
      c,
      'expected { rows: [...] } or { schema: [...], datarows: [...] }, with options'
    );
  },
  (a) => a
);

export const LookupNameParams = strictObject('lookup name', { name: t.string }, {});

export const RowsQuery = strictObject(
  'rows query',
  {},
  {
    from: QueryInt(0, 10000),
    size: QueryInt(0, 10000),
    sort: t.string,
    /** The `slice` of the first page: later pages read the same version. */
    slice: t.string,
    /** Answer `ids`, one per row, to name rows in an edit (`_edit`). */
    with_ids: QueryBoolean,
  }
);
export type RowsQuery = t.TypeOf<typeof RowsQuery>;

export const DryRunQuery = strictObject('dry run', {}, { dry_run: QueryBoolean });

/** `GET /api/lookups`: without parameters every lookup; with them, a page of the matching ones. */
export const ListQuery = strictObject(
  'list query',
  {},
  {
    /** Case-insensitive part of the name. */
    search: refined('search', t.string, (s) => s.length <= 255, 'at most 255 characters'),
    from: QueryInt(0, 1_000_000),
    size: QueryInt(1, 10_000),
  }
);
export type ListQuery = t.TypeOf<typeof ListQuery>;

export interface ListResponse {
  lookups: LookupSummary[];
  /** How many lookups match, before paging. */
  total: number;
}

// ---- answers --------------------------------------------------------------------------------
export type WriteAction =
  'created' | 'overwritten' | 'appended' | 'upserted' | 'migrated' | 'unchanged';

export interface WriteResponse {
  rows_written: number;
  slice: string | null;
  action: WriteAction;
  /** An upsert (`key_field`): how many of its rows replaced a stored row with the same key. */
  replaced?: number;
  /** An upsert into a version holding rows its key cannot match (see {@link UnmatchedRows}). */
  unmatched?: UnmatchedRows;
}

/**
 * Rows of the version an upsert went into that were written without this `key_field` (or with
 * other key fields): they keep their own ids, so no new row replaced them, and a key may now
 * appear twice.
 */
export interface UnmatchedRows {
  /** How those rows were keyed: a comma-separated key_field, or `""` for no key. */
  key_fields: string[];
  /** How many there are, when every row the version held before was written so. */
  rows?: number;
}

export interface SchemaColumn {
  name: string;
  type: string;
}

export interface RowsResponse {
  schema: SchemaColumn[];
  datarows: unknown[][];
  total: number;
  /** The version these rows are from; send it back as `slice` for the next pages. */
  slice: string;
  /** With `with_ids=true`: each row's id, aligned with `datarows`. */
  ids?: string[];
}

/** OSD's error body. `message` says what to do; `attributes` points at the problem. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  attributes?: Record<string, unknown>;
}

// ---- the catalog ------------------------------------------------------------------------------
export type LookupKind = 'managed' | 'legacy' | 'broken' | 'conflict';

/**
 * What a delete removes: this plugin's own lookups, and broken ones (a backing index no alias
 * names). A legacy lookup's index belongs to the data importer's user, and a conflict is not a
 * lookup at all: the server refuses both, so the app does not offer it.
 */
export const isDeletableKind = (kind: LookupKind): boolean =>
  kind === 'managed' || kind === 'broken';

export interface LookupSummary {
  name: string;
  kind: LookupKind;
  /** Why a lookup is broken or in conflict, in words a person can act on. */
  reason?: string;
  /** `<name>__lookup`, or the importer's index for a legacy lookup. */
  backing_index: string | null;
  current_slice: string | null;
  /** The alias filter as OpenSearch holds it. */
  filter?: unknown;
  rows: number;
  size_bytes: number;
  slice_count: number;
  orphan_count: number;
  orphan_rows: number;
  last_write: string | null;
  /** What the lookup holds and what it is for, in its writers' words (kept by this plugin). */
  description?: string;
  /** How `lookup` matches it when it has match rules (`cidr`, `exact+time`, …; see `_match`). */
  match_mode?: string;
  /** Present when a schedule refreshes the lookup. */
  refresh?: {
    scheduled: true;
    /** No successful run for over twice the schedule's period. */
    stale: boolean;
    next_run_at: string | null;
  };
}

export interface SliceInfo {
  id: string;
  rows: number;
  current: boolean;
  /** A write is still filling it. */
  in_flight?: boolean;
  /**
   * From the slice's write record: `complete` once every row went in, `failed` when its write
   * stopped part-way or its writer's lease is gone, `cancelled` when its job or client cancelled
   * it (neither is ever offered for restore), `writing` while a write is filling it. Absent for
   * slices another writer made.
   */
  state?: 'writing' | 'complete' | 'failed' | 'cancelled';
  /** The source query was read from indices this caller may not read, so its text is withheld. */
  query_hidden?: boolean;
  created_at?: string;
  last_write_at?: string;
  written_by?: string | null;
  action?: string;
  query?: string;
  /** For a version an edit made (`action: "edited"`): what it changed. */
  edit?: EditSummary;
}

export interface LookupDetail extends LookupSummary {
  slices: SliceInfo[];
  /** Newest first; versions deleted one by one, from their records. */
  events?: LookupEvent[];
}

export const RollbackBody = strictObject('rollback', { slice: t.string }, {});

/** The most a description may hold. */
export const MAX_DESCRIPTION_CHARS = 1000;
/** `PUT /api/lookups/{name}/_description`: an empty text removes the description. */
export const DescriptionBody = strictObject(
  'description',
  {
    description: refined(
      'description',
      t.string,
      (s) => s.length <= MAX_DESCRIPTION_CHARS,
      `expected at most ${MAX_DESCRIPTION_CHARS} characters`
    ),
  },
  {}
);

/**
 * A version (slice) id in a path: the value of `__lookup` its rows carry. Only matched as a term,
 * never put into an index or alias name, so any printable id up to 512 characters is accepted.
 */
export const SliceId = refined(
  'version id',
  t.string,
  // eslint-disable-next-line no-control-regex
  (s) => s.length > 0 && s.length <= 512 && !/[\u0000-\u001f\u007f]/.test(s),
  'expected a version id (1 to 512 printable characters), as the versions list gives it'
);

export interface DeleteVersionResponse {
  name: string;
  slice: string;
  /** Rows the version held, now removed. */
  rows: number;
}

/** Something that happened to a lookup besides a new version, shown in its timeline. */
export type LookupEvent =
  | VersionDeletedEvent
  | VersionRestoredEvent
  | ImportedEvent
  | RowsAddedEvent
  | RulesChangedEvent
  | ReplicasChangedEvent;

interface EventBase {
  at: string;
  by: string | null;
}

/** One old version deleted on its own. */
export interface VersionDeletedEvent extends EventBase {
  type: 'version_deleted';
  slice: string;
  rows?: number;
}

/** An old version made current again (rollback). */
export interface VersionRestoredEvent extends EventBase {
  type: 'version_restored';
  slice: string;
  /** The version that was current before. */
  previous: string | null;
  rows?: number;
}

/** A file imported into the lookup: a new version, or rows added to the current one. */
export interface ImportedEvent extends EventBase {
  type: 'imported';
  /** The version the rows went into (null when nothing was written). */
  slice: string | null;
  file?: string;
  format: 'csv' | 'ndjson';
  rows: number;
  action: WriteAction;
}
/** Rows added to the current version by an append or an upsert (a query or `_write`). */
export interface RowsAddedEvent extends EventBase {
  type: 'rows_added';
  slice: string;
  rows: number;
  action: 'appended' | 'upserted';
  /** The upsert's key fields. */
  key_field?: string[];
  /** How many rows replaced stored rows with the same key (an upsert). */
  replaced?: number;
}
/** The match rules set, changed or removed (`PUT _match`): from what to what (null: none). */
export interface RulesChangedEvent extends EventBase {
  type: 'rules_changed';
  /** The version the rules were checked against (null: the lookup had none). */
  slice: string | null;
  from: MatchBody | null;
  to: MatchBody | null;
}
/** The replica choice changed (`PUT _replicas`): the index's `auto_expand_replicas`, from and to. */
export interface ReplicasChangedEvent extends EventBase {
  type: 'replicas_changed';
  /** The version current at the change (null: the lookup had none). */
  slice: string | null;
  from: string | null;
  to: string;
}
/**
 * The cleanup rule when a request names none: keep the `keep` newest old versions of each lookup,
 * and any old version younger than `older_than`. The browser states it before any preview.
 */
export const REAP_DEFAULTS = { keep: 3, older_than: '1h' } as const;

export const ReapBody = strictObject(
  'reap',
  {},
  {
    keep: refined(
      'keep',
      t.number,
      (n) => Number.isInteger(n) && n >= 0 && n <= 1000,
      'expected an integer from 0 to 1000'
    ),
    older_than: refined(
      'time value',
      t.string,
      (s) => /^\d+(ms|s|m|h|d)$/.test(s),
      'expected a time such as "1h", "30m" or "0s"'
    ),
    dry_run: t.boolean,
  }
);
export type ReapBody = t.TypeOf<typeof ReapBody>;

/** Why cleanup kept an old version: among the newest, too young, or still being written. */
export type ReapKeptRule = 'newest' | 'younger' | 'in_flight';

export interface ReapResponse {
  dry_run: boolean;
  removed: Array<{ lookup: string; slice: string; rows: number }>;
  /** `rule` says which part of the rule kept it, for counting; `reason` says it in words. */
  kept: Array<{ lookup: string; slice: string; reason: string; rule: ReapKeptRule }>;
  skipped?: Array<{ lookup: string; reason: string }>;
}

export interface MigrateResponse {
  dry_run: boolean;
  action: 'migrated' | 'would_migrate' | 'unchanged';
  name: string;
  legacy_index: string | null;
  target_backing_index: string;
  rows: number;
  fields: string[];
  slice: string | null;
  message: string;
}

export interface RollbackResponse {
  slice: string;
  previous: string;
}

export interface DeleteResponse {
  name: string;
  removed_alias: string | null;
  removed_index: string;
  rows: number;
}

// ---- PPL queries --------------------------------------------------------------------------------
export const MAX_QUERY_PAGE = 10_000;
export const QueryBody = strictObject(
  'query',
  { query: refined('query', t.string, (q) => q.trim().length > 0, 'expected a PPL query') },
  {
    size: refined(
      'size',
      t.number,
      (n) => Number.isInteger(n) && n >= 1 && n <= MAX_QUERY_PAGE,
      `expected an integer from 1 to ${MAX_QUERY_PAGE}`
    ),
  }
);
export type QueryBody = t.TypeOf<typeof QueryBody>;
export const ExplainBody = strictObject(
  'explain',
  { query: refined('query', t.string, (q) => q.trim().length > 0, 'expected a PPL query') },
  {}
);

/** A plain pipeline: the `_plugins/_ppl` shape, capped at `size` rows. */
export interface QueryRowsResponse {
  schema: SchemaColumn[];
  datarows: unknown[][];
  /**
   * Every row the pipeline yields. When `truncated`, OpenSearch's count where it can know it
   * (a pushed-down source whose count the later commands keep); otherwise the rows shown, and
   * there are more than that.
   */
  total: number;
  size: number;
  truncated?: boolean;
}
/** A pipeline ending in outputlookup. */
export interface QueryWriteResponse {
  // api.md names the type `long` (PPL itself would say `bigint`).
  schema: [{ name: 'rows_written'; type: 'long' }];
  datarows: [[number]];
  total: 1;
  size: 1;
  lookup: { name: string; slice: string | null; action: WriteAction } & Pick<
    WriteResponse,
    'replaced' | 'unmatched'
  >;
}
export type QueryResponse = QueryRowsResponse | QueryWriteResponse;

export interface PlanStep {
  /** The command as written, e.g. `where status >= 500`. */
  command: string;
  /** `pushed_down` runs in OpenSearch; `streams` runs in the server row by row; `buffers` holds rows. */
  mode: 'pushed_down' | 'streams' | 'buffers';
  detail?: string;
}
export interface ExplainResponse {
  plan: PlanStep[];
  /** The OpenSearch request the pushed-down prefix compiles to. */
  request?: unknown;
  output?: {
    name: string;
    target_kind: string;
    /** What a write would do: created, overwritten, appended, upserted, migrated, or refused. */
    action: WriteAction | 'refused';
    message?: string;
  };
  /** Rows the pipeline would produce, when that can be known without running it. */
  rows?: number;
}

/** Where a query error points: the server's 400 puts these in `attributes`. */
export interface QueryErrorPosition {
  line: number;
  column: number;
  offset: number;
  length: number;
  expected?: string[];
}

// ---- Sources (for completion) -------------------------------------------------------------------
/** What the caller may query after `source=`: an index, an alias (lookups are aliases), a data stream. */
export type SourceKind = 'index' | 'alias' | 'data_stream';
export interface SourceSummary {
  name: string;
  kind: SourceKind;
}
/** `GET /api/lookups/_sources`: sorted by name, at most MAX_SOURCES; `truncated` when cut. */
export const MAX_SOURCES = 1_000;
export interface SourcesResponse {
  sources: SourceSummary[];
  truncated: boolean;
}
/** `GET /api/lookups/_sources/{name}/_fields`: the fields from the mapping, with PPL type names. */
export interface SourceFieldsResponse {
  fields: Array<{ name: string; type: PplType }>;
}

/**
 * `GET /api/lookups/_status`: what the server's own identity may not do, found at start-up, and
 * who the caller is (null where the security plugin is not installed).
 */
export interface StatusResponse {
  server_identity: {
    username: string | null;
    problems: Array<{ permission: string; message: string }>;
  };
  caller: { username: string | null };
}
