/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reads every document a query matches, as the caller, a page at a time: a point in time with
 * `search_after` on `_shard_doc`, so memory stays bounded and a concurrent write changes nothing
 * of what is read. The point in time is closed at the end, on error, and when the consumer stops
 * early (`return()` on the generator). A page that some shards did not answer fails the read
 * rather than passing for complete.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { LookupError } from '../lib/errors';

export type Dsl = Record<string, unknown>;

export interface ScanRequest {
  indices: string[];
  query: Dsl;
  /** Sort keys before the `_shard_doc` tiebreak. */
  sort?: Dsl[];
  sourceIncludes?: string[];
  sourceExcludes?: string[];
  /**
   * Date fields to read as OpenSearch formats them, in UTC, in PPL's timestamp form
   * (`yyyy-MM-dd HH:mm:ss`, a fraction when there is one): whatever their mapping's format
   * (epoch seconds or millis, ISO 8601 with or without a zone) and the server's time zone. The
   * formatted value replaces the field's value in the document read. A function is called once
   * the point in time is open, before the first page (a reader that learns its fields from the
   * mapping reads it then, so it knows every field the point in time can hold).
   */
  formatDates?: string[] | (() => Promise<string[]>);
  /**
   * Fields whose values are not in `_source` but read through OpenSearch's `fields` API (alias
   * fields): set in each document read, one value or an array as the field holds.
   */
  fieldValues?: string[];
  /** Stop after this many documents. */
  limit?: number;
  /**
   * Add each hit's metadata to its document: `_id`, `_index`, `_routing`, `_score` (scores are
   * tracked although the scan is sorted) and `_sort` (the first value it is sorted by; -2 when
   * the scan is not sorted, as PPL gives it).
   */
  metadata?: boolean;
  pageSize: number;
  keepAlive?: string;
  /** Told when the point in time could not be closed (it expires by itself). */
  onCloseError?: (error: unknown) => void;
}

interface PageAnswer {
  pit_id?: string;
  _shards: { failed: number };
  hits: {
    hits: Array<{
      _id?: string;
      _index?: string;
      _routing?: string;
      _score?: number | null;
      _source?: Record<string, unknown>;
      fields?: Record<string, unknown[]>;
      sort: unknown[];
    }>;
  };
}

/** `_sort` of a document of an unsorted scan, as PPL shows it (identifiers.md). */
const UNSORTED = -2;

/**
 * OpenSearch's (java.time) pattern for PPL's timestamps, to the nanosecond (a `date_nanos`
 * field keeps its digits, as PPL shows them); the fraction's trailing zeros are dropped after
 * ({@link shownTimestamp}).
 */
export const PPL_TIMESTAMP_FORMAT = 'yyyy-MM-dd HH:mm:ss.SSSSSSSSS';

/**
 * A timestamp's (or time's) text as the SQL plugin prints it: the fraction with its trailing
 * zeros dropped (`.120000000` as `.12`), and none when it is zero (ExprTimestampValue's
 * formatter takes 0 to 9 digits).
 */
export const shownTimestamp = (text: string) =>
  text.replace(/\.(\d*?)0*$/, (_, kept: string) => (kept ? `.${kept}` : ''));

/** OpenSearch's `fields` parameter asking for `dates` in PPL's timestamp form, in UTC. */
export function dateFieldsRequest(dates: string[], plain: string[] = []): { fields?: Dsl[] } {
  return dates.length + plain.length > 0
    ? {
        fields: [
          ...dates.map((field): Dsl => ({ field, format: PPL_TIMESTAMP_FORMAT })),
          ...plain.map((field): Dsl => ({ field })),
        ],
      }
    : {};
}

/** The date fields of a mapping's leaf types (field name → OpenSearch type). */
export function dateFields(types: Iterable<[string, string]>): string[] {
  return [...types].filter(([, type]) => DATE_TYPES.has(type)).map(([name]) => name);
}

const DATE_TYPES: ReadonlySet<string> = new Set(['date', 'date_nanos']);

/** `source` with each of `dates` replaced by what OpenSearch formatted (see withFieldValues). */
export function withDates(
  source: Record<string, unknown>,
  fields: Record<string, unknown[]> | undefined,
  dates: string[],
  types?: ReadonlyMap<string, string>
): Record<string, unknown> {
  const asDates = types ? dates.filter((d) => types.get(d) === 'date') : [];
  const asTimes = types ? dates.filter((d) => types.get(d) === 'time') : [];
  const rest = dates.filter((d) => !asDates.includes(d) && !asTimes.includes(d));
  const shown = (part: (text: string) => string) => (v: unknown) =>
    typeof v === 'string' ? part(shownTimestamp(v)) : v;
  withFieldValues(
    source,
    fields,
    rest,
    shown((t) => t)
  );
  // A date field typed date or time by its format (ppl/date_field_type) shows that part.
  withFieldValues(
    source,
    fields,
    asDates,
    shown((t) => t.slice(0, 10))
  );
  return withFieldValues(
    source,
    fields,
    asTimes,
    shown((t) => t.slice(11))
  );
}

/**
 * `source` with each of `names` set to what OpenSearch's `fields` API gave for the hit (one value,
 * or an array): at the name whole when `source` has it so, else at its path through objects, else
 * set flat (a reader looks a name up whole before walking its path).
 */
export function withFieldValues(
  source: Record<string, unknown>,
  fields: Record<string, unknown[]> | undefined,
  names: string[],
  shownAs: (value: unknown) => unknown = (v) => v
): Record<string, unknown> {
  for (const name of names) {
    const values = fields?.[name];
    if (!values || values.length === 0) continue;
    const shown = values.map(shownAs);
    const value = shown.length === 1 ? shown[0] : shown;
    const holder = Object.prototype.hasOwnProperty.call(source, name)
      ? undefined
      : objectHolding(source, name);
    if (holder) holder.parent[holder.key] = value;
    else source[name] = value;
  }
  return source;
}

/** The plain object (no arrays on the way) whose `key` holds the dotted path `name`. */
function objectHolding(
  source: Record<string, unknown>,
  name: string
): { parent: Record<string, unknown>; key: string } | undefined {
  const parts = name.split('.');
  let node: unknown = source;
  for (let i = 0; i < parts.length - 1; i++) {
    node = (node as Record<string, unknown>)[parts[i]];
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  }
  const parent = node as Record<string, unknown>;
  const key = parts[parts.length - 1];
  return parts.length > 1 && Object.prototype.hasOwnProperty.call(parent, key)
    ? { parent, key }
    : undefined;
}

export async function* scanDocuments(
  client: OpenSearchClient,
  request: ScanRequest
): AsyncGenerator<Array<Record<string, unknown>>> {
  const keepAlive = request.keepAlive ?? '2m';
  const { body: pit } = await client.createPit({
    index: request.indices.join(','),
    keep_alive: keepAlive,
  });
  let pitId = (pit as { pit_id: string }).pit_id;
  const source =
    request.sourceIncludes || request.sourceExcludes
      ? {
          _source: {
            includes: request.sourceIncludes ?? [],
            excludes: request.sourceExcludes ?? [],
          },
        }
      : {};
  let dates: string[] = [];
  const plain = request.fieldValues ?? [];
  let left = request.limit ?? Infinity;
  const page = (after: unknown[] | undefined) => {
    const size = Math.min(request.pageSize, left);
    const answer = client
      .search({
        body: {
          size,
          pit: { id: pitId, keep_alive: keepAlive },
          query: request.query,
          sort: [...(request.sort ?? []), { _shard_doc: 'asc' }],
          track_total_hits: false,
          ...(request.metadata ? { track_scores: true } : {}),
          ...source,
          ...dateFieldsRequest(dates, plain),
          ...(after ? { search_after: after } : {}),
        },
      })
      .then(({ body }) => body as PageAnswer);
    // A page fetched ahead that nobody reads (the reader stopped) must not fail unhandled.
    answer.catch(() => undefined);
    return { size, answer };
  };
  let next: ReturnType<typeof page> | undefined;
  try {
    const format = request.formatDates ?? [];
    dates = typeof format === 'function' ? await format() : format;
    // One page is always fetched ahead: OpenSearch reads the next while the pipeline works on this.
    next = left > 0 ? page(undefined) : undefined;
    while (next) {
      const { size } = next;
      const answer = await next.answer;
      next = undefined;
      if (answer.pit_id) pitId = answer.pit_id;
      if (answer._shards.failed > 0) {
        throw new LookupError(
          503,
          `Some shards of ${request.indices.join(', ')} did not answer, so the read would be incomplete; try again.`
        );
      }
      const hits = answer.hits.hits;
      if (hits.length === 0) return;
      left -= hits.length;
      if (hits.length === size && left > 0) next = page(hits[hits.length - 1].sort);
      const docs = hits.map((h) => {
        const doc = h._source ?? {};
        if (dates.length > 0) withDates(doc, h.fields, dates);
        if (plain.length > 0) withFieldValues(doc, h.fields, plain);
        return doc;
      });
      if (request.metadata) {
        hits.forEach((h, i) => {
          Object.assign(docs[i], {
            _id: h._id ?? null,
            _index: h._index ?? null,
            _routing: h._routing ?? null,
            _score: h._score ?? null,
            _sort: request.sort && request.sort.length > 0 ? (h.sort[0] ?? null) : UNSORTED,
          });
        });
      }
      yield docs;
    }
  } finally {
    // Let a page still in flight end before its point in time goes.
    await next?.answer.catch(() => undefined);
    await client
      .deletePit({ body: { pit_id: [pitId] } })
      .catch((error) => request.onCloseError?.(error));
  }
}
