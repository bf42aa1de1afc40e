/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Searching inside a lookup, as the caller. The search is pinned to the slice that was current
 * when it started: the first page resolves the current slice once, every page queries the
 * BACKING index with `term __lookup: <slice>`, and the page token carries the slice, so a
 * concurrent overwrite never mixes two versions into one result. A later page whose slice has
 * been reaped is a 409.
 *
 * - `mode: "all"`: every match, unordered (sorted by `_id`, a unique and stable key without a
 *   point in time), in pages continued with `search_after`; no scores.
 * - `mode: "top"`: the k best by BM25, with `_score`, in pages by offset within k. Scores use
 *   the term statistics of the whole backing index, which holds every slice (old versions too).
 */
import { parseJson, stringifyJson } from '../../common/api/lossless_json';
import { createHash } from 'crypto';
import * as t from 'io-ts';
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { decode, strictObject } from '../../common/api/decode';
import {
  LookupQuery,
  SEARCH_DEFAULT_PAGE_SIZE,
  SearchBody,
  SearchHit,
  SearchResponse,
  TermFilter,
} from '../../common/api/search_codecs';
import { LOOKUP_FIELD } from '../../common/substrate/names';
import { BadRequestError, ConflictError } from '../lib/errors';
import { columnFields, IndexField, indexFields, requireReadable } from './field_caps_service';
import { probeTarget } from './target_probe';

export const SCORE_NOTE =
  'Scores are BM25 over the whole backing index, whose term statistics include every slice ' +
  '(older versions too), not over the current slice alone; compare them within one search.';

/** OpenSearch's default `indices.query.bool.max_clause_count`. */
const MAX_CLAUSES = 1024;

// ---- page tokens ----------------------------------------------------------------------------

// A long sort value beyond 2^53 is a bigint (read and kept exactly, see lossless_json).
const SortValue = t.union([t.string, t.number, t.bigint]);
const PageTokenCodec = strictObject(
  'page token',
  {
    v: t.literal(1),
    index: t.string,
    slice: t.string,
    /** A digest of the request the token continues (lookup, mode, query, filter, k, size). */
    q: t.string,
    /** Rows returned so far. */
    n: t.number,
  },
  { after: t.array(SortValue), from: t.number }
);
type PageToken = t.TypeOf<typeof PageTokenCodec>;

/** Signs and checks tokens for one user (see TokenSigner). */
export interface PageTokenKeys {
  sign(data: string): Promise<string>;
  verify(data: string, mac: string): Promise<boolean>;
}

/** `<payload>.<mac>`: the payload is readable, but any change to it (or another user) fails the MAC. */
export async function encodePageToken(token: PageToken, keys: PageTokenKeys): Promise<string> {
  const payload = Buffer.from(stringifyJson(token), 'utf8').toString('base64url');
  return `${payload}.${await keys.sign(payload)}`;
}

const BAD_TOKEN =
  'page_token is not one this API gave out for this search (or it was altered); ' +
  'send the same request without page_token to start again.';

export async function decodePageToken(raw: string, keys: PageTokenKeys): Promise<PageToken> {
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(raw);
  if (!match || !(await keys.verify(match[1], match[2]))) {
    throw new BadRequestError(BAD_TOKEN, { field: 'page_token' });
  }
  let parsed: unknown;
  try {
    parsed = parseJson(Buffer.from(match[1], 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestError(BAD_TOKEN, { field: 'page_token' });
  }
  const result = decode(PageTokenCodec, parsed);
  if (!result.ok) throw new BadRequestError(BAD_TOKEN, { field: 'page_token' });
  const token = result.value;
  const sane =
    token.index.length > 0 &&
    token.slice.length > 0 &&
    token.slice.length <= 512 &&
    Number.isInteger(token.n) &&
    token.n >= 0 &&
    (token.after === undefined) !== (token.from === undefined) &&
    (token.from === undefined || (Number.isInteger(token.from) && token.from >= 0)) &&
    (token.after === undefined || token.after.length === 1 || token.after.length === 2);
  if (!sane) throw new BadRequestError(BAD_TOKEN, { field: 'page_token' });
  return token;
}

/** JSON with sorted keys, so the digest does not depend on the order a client sent keys in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return stringifyJson(value);
}

export function requestDigest(name: string, body: SearchBody): string {
  const { page_token: _token, ...rest } = body;
  return createHash('sha256')
    .update(canonical({ name, ...rest }))
    .digest('base64url')
    .slice(0, 22);
}

// ---- columns ----------------------------------------------------------------------------------

interface ColumnUse {
  column: string;
  path: string;
}

/** Every column the query and filters name, with where (for the error message). */
export function columnsUsed(query: LookupQuery, filter: TermFilter[] = []): ColumnUse[] {
  const out: ColumnUse[] = [];
  let clauses = 0;
  const walk = (q: LookupQuery, path: string) => {
    if (++clauses > MAX_CLAUSES) {
      throw new BadRequestError(`The query has more than ${MAX_CLAUSES} clauses; simplify it.`, {
        field: 'query',
      });
    }
    if ('match' in q)
      for (const c of Object.keys(q.match)) out.push({ column: c, path: `${path}.match.${c}` });
    else if ('match_phrase' in q)
      for (const c of Object.keys(q.match_phrase))
        out.push({ column: c, path: `${path}.match_phrase.${c}` });
    else if ('prefix' in q)
      for (const c of Object.keys(q.prefix)) out.push({ column: c, path: `${path}.prefix.${c}` });
    else if ('multi_match' in q)
      q.multi_match.fields.forEach((f, i) =>
        out.push({
          column: f.replace(/\^\d+(\.\d+)?$/, ''),
          path: `${path}.multi_match.fields.${i}`,
        })
      );
    else if ('bool' in q) {
      for (const occur of ['must', 'should', 'must_not'] as const) {
        q.bool[occur]?.forEach((sub, i) => walk(sub, `${path}.bool.${occur}.${i}`));
      }
    }
  };
  walk(query, 'query');
  filter.forEach((f, i) => {
    for (const c of Object.keys(f.term)) out.push({ column: c, path: `filter.${i}.term.${c}` });
  });
  return out;
}

function checkColumns(name: string, fields: Map<string, IndexField>, uses: ColumnUse[]) {
  const available = columnFields(fields, { withMultiFields: true }).map((f) => f.name);
  const known = new Set(available);
  const unknown = uses.find((use) => !known.has(use.column));
  if (unknown) {
    throw new BadRequestError(
      `[${unknown.path}]: "${unknown.column}" is not a field of the lookup "${name}". ` +
        `Available fields: ${available.join(', ') || '(none)'}.`,
      { field: unknown.column, path: unknown.path, available_fields: available }
    );
  }
}

// ---- the search -----------------------------------------------------------------------------

interface Hit {
  _id: string;
  _score?: number | null;
  _source?: Record<string, unknown>;
  sort?: Array<string | number>;
}
interface SearchAnswer {
  timed_out?: boolean;
  _shards: { failed: number };
  hits: { total: { value: number; relation: string }; hits: Hit[] };
  aggregations?: { pinned?: { in_slice?: { doc_count: number } } };
}

export async function searchLookup(
  client: OpenSearchClient,
  name: string,
  body: SearchBody,
  keys: PageTokenKeys
): Promise<SearchResponse> {
  const digest = requestDigest(name, body);
  const token =
    body.page_token === undefined ? undefined : await decodePageToken(body.page_token, keys);
  if (token && token.q !== digest) {
    throw new BadRequestError(
      'page_token belongs to another search: send it with the very request that returned it, ' +
        'or leave it out to start again.',
      { field: 'page_token' }
    );
  }
  if (token && (body.mode === 'all') !== (token.after !== undefined)) {
    throw new BadRequestError(BAD_TOKEN, { field: 'page_token' });
  }

  // The probe and the field list are independent: ask both at once.
  const [target, fieldsOrError] = await Promise.all([
    probeTarget(client, name),
    indexFields(client, name).catch((error: unknown) => error),
  ]);
  const lookup = requireReadable(target, name);
  if (!(fieldsOrError instanceof Map)) throw fieldsOrError;
  const fields = fieldsOrError as Map<string, IndexField>;
  checkColumns(name, fields, columnsUsed(body.query, body.filter));

  if (token && token.index !== lookup.index) {
    throw new ConflictError(
      `The lookup "${name}" moved to another index since the first page (it was migrated); ` +
        'start the search again without page_token.',
      { slice: token.slice }
    );
  }
  const slice = token?.slice ?? lookup.currentSlice;
  const filters = [
    { term: { [LOOKUP_FIELD]: slice } },
    ...(body.filter ?? []).map((f) => ({ term: f.term })),
  ];
  // Later pages check that their slice still exists: a count over the whole index, not the hits.
  const pinnedCheck = token
    ? {
        pinned: { global: {}, aggs: { in_slice: { filter: { term: { [LOOKUP_FIELD]: slice } } } } },
      }
    : undefined;

  const top = body.mode === 'top';
  const k = body.k ?? 0;
  const from = token?.from ?? 0;
  if (top && from >= k) throw new BadRequestError(BAD_TOKEN, { field: 'page_token' });
  const size = top ? Math.min(body.size ?? k, k - from) : (body.size ?? SEARCH_DEFAULT_PAGE_SIZE);
  const request = top
    ? {
        size,
        from,
        track_total_hits: true,
        track_scores: true,
        sort: [{ _score: 'desc' }, { _id: 'asc' }],
        query: { bool: { must: [body.query], filter: filters } },
      }
    : {
        size,
        track_total_hits: true,
        sort: [{ _id: 'asc' }],
        ...(token?.after ? { search_after: token.after } : {}),
        // No scores are needed: the whole query runs as a filter.
        query: { bool: { filter: [...filters, body.query] } },
      };
  const { body: answer } = (await client.search({
    index: lookup.index,
    body: {
      ...request,
      _source: { excludes: [LOOKUP_FIELD] },
      ...(pinnedCheck ? { aggs: pinnedCheck } : {}),
    },
  })) as { body: SearchAnswer };

  if (token && (answer.aggregations?.pinned?.in_slice?.doc_count ?? 0) === 0) {
    throw new ConflictError(
      `The version of "${name}" this search started on (slice ${slice}) no longer exists: it was ` +
        'removed after a newer write replaced it. Start the search again without page_token to ' +
        'read the current version.',
      { slice }
    );
  }

  const hits: SearchHit[] = answer.hits.hits.map((hit) =>
    top ? { row: hit._source ?? {}, _score: hit._score ?? 0 } : { row: hit._source ?? {} }
  );
  const total = answer.hits.total.value;
  const complete =
    answer._shards.failed === 0 && !answer.timed_out && answer.hits.total.relation === 'eq';
  const seen = (token?.n ?? 0) + hits.length;

  let next: PageToken | undefined;
  if (top) {
    const end = from + hits.length;
    if (hits.length > 0 && end < Math.min(k, total)) {
      next = { v: 1, index: lookup.index, slice, q: digest, n: seen, from: end };
    }
  } else if (hits.length === size && seen < total) {
    const last = answer.hits.hits[answer.hits.hits.length - 1];
    next = { v: 1, index: lookup.index, slice, q: digest, n: seen, after: last.sort ?? [last._id] };
  }

  const response: SearchResponse = { hits, total, complete, slice };
  if (next) response.page_token = await encodePageToken(next, keys);
  if (top) {
    response.score_scope = 'backing_index';
    response.score_note = SCORE_NOTE;
  }
  return response;
}
