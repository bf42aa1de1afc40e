/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * graphLookup's breadth-first walk, as the SQL plugin walks (CalciteEnumerableGraphLookup): the
 * start values are visited; each level is one search of the lookup index for the documents whose
 * `to` field holds a value of the level (and, both ways, whose `from` field does), leaving out
 * those whose `from` (`to`) value was visited unless array edges are asked for. A document is
 * kept when it brings a value not visited yet (a null `from` counts as one: it is kept, and goes
 * nowhere), and its new values make the next level. The walk stops when a level brings nothing
 * new, or after `maxDepth` levels past the first.
 *
 * The searches are the caller's (the engine's client, as the caller); this module builds their
 * queries, each terms query within `index.max_terms_count` (a longer list is split into several),
 * and counts what it keeps.
 */
import type { PplValue } from '../../../common/ppl/types';
import { BadRequestError } from '../../lib/errors';
import type { Dsl } from '../document_scan';
import type { QueryBudget } from './budget';
import type { MemoryHold } from './memory';
import { valueBytes } from './memory';
import type { Row } from './operators';

/** Levels one walk may take, whatever maxDepth says: each is a search. */
export const MAX_WALK_LEVELS = 1000;
/** Terms queries one level's request may hold (its lists split within max_terms_count). */
export const MAX_TERMS_CLAUSES = 64;

export interface WalkSpec {
  /** The lookup fields' names in the documents read, and as OpenSearch matches them exactly. */
  fromField: string;
  toField: string;
  fromQueryField: string;
  toQueryField: string;
  bidirectional: boolean;
  supportArray: boolean;
  maxDepth: number;
  depthField?: string;
  /** The user's filter=( … ), as a query, or none. */
  filter?: Dsl;
  /** `index.max_terms_count` of the lookup index (the smallest of its indices'). */
  maxTerms: number;
}

/** Reads one level: the lookup documents matching `query`, as rows of the lookup's columns. */
export type LevelSearch = (query: Dsl) => Promise<Row[]>;

type Term = string | number | boolean;

/** A value's identity in the visited set (Java's equals: a number is not its text). */
function nodeKey(value: PplValue): string {
  if (typeof value === 'bigint') return `number:${value}`;
  if (value !== null && typeof value === 'object') return `json:${JSON.stringify(value)}`;
  return `${typeof value}:${String(value)}`;
}

/** A terms query of `values` on `field`, split into several (any of them) past `maxTerms`. */
export function termsQuery(field: string, values: Term[], maxTerms: number): Dsl {
  const limit = Math.max(1, maxTerms);
  if (values.length <= limit) return { terms: { [field]: values } };
  const chunks: Dsl[] = [];
  for (let i = 0; i < values.length; i += limit)
    chunks.push({ terms: { [field]: values.slice(i, i + limit) } });
  return { bool: { should: chunks, minimum_should_match: 1 } };
}

/** The terms queries a query holds, counted as OpenSearch will see them. */
function termsClauses(query: unknown): number {
  if (query === null || typeof query !== 'object') return 0;
  if (Array.isArray(query)) return query.reduce((n: number, q) => n + termsClauses(q), 0);
  return Object.entries(query as Dsl).reduce(
    (n, [key, value]) => n + (key === 'terms' ? 1 : termsClauses(value)),
    0
  );
}

/** One direction's query: `match` holds a level value, `other` no visited one (unless arrays). */
function directionQuery(
  spec: WalkSpec,
  match: string,
  other: string,
  values: Term[],
  visited: Term[]
): Dsl {
  const hit = termsQuery(match, values, spec.maxTerms);
  if (spec.supportArray || visited.length === 0) return hit;
  return { bool: { must: [hit], must_not: [termsQuery(other, visited, spec.maxTerms)] } };
}

/**
 * The query of one level, as the SQL plugin sends it: the forward match, or (both ways) either
 * direction's, inside the user's filter when there is one.
 */
export function levelQuery(spec: WalkSpec, values: Term[], visited: Term[]): Dsl {
  const forward = directionQuery(spec, spec.toQueryField, spec.fromQueryField, values, visited);
  const walk = spec.bidirectional
    ? {
        bool: {
          should: [
            forward,
            directionQuery(spec, spec.fromQueryField, spec.toQueryField, values, visited),
          ],
        },
      }
    : forward;
  const query = spec.filter ? { bool: { filter: [spec.filter, walk] } } : walk;
  const clauses = termsClauses(query);
  if (clauses > MAX_TERMS_CLAUSES) {
    throw new BadRequestError(
      `graphLookup reached ${values.length + visited.length} distinct values, more than one search of the lookup index may carry (${MAX_TERMS_CLAUSES} terms lists of at most ${spec.maxTerms} values, index.max_terms_count). Give a smaller maxDepth, narrow the lookup documents with filter=( … ), or start from fewer values.`,
      { reason: 'graphlookup_too_many_values', values: values.length + visited.length }
    );
  }
  return query;
}

const asTerm = (value: PplValue): Term | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : typeof value === 'bigint'
      ? Number(value)
      : undefined;

/**
 * The walk from `start` (one value, or an array of them; null: nothing), each document kept
 * counted in `kept` (held until the caller's row is handed on), each level read counted while
 * it is looked at.
 */
export async function walkGraph(
  start: PplValue | undefined,
  spec: WalkSpec,
  search: LevelSearch,
  budget: QueryBudget,
  kept: MemoryHold,
  level: MemoryHold
): Promise<Row[]> {
  if (start === null || start === undefined) return [];
  const results: Row[] = [];
  const visited = new Map<string, Term | undefined>();
  let queue: PplValue[] = [];
  for (const value of Array.isArray(start) ? start : [start]) {
    const key = nodeKey(value);
    if (visited.has(key)) continue;
    visited.set(key, value === null ? undefined : asTerm(value));
    queue.push(value);
  }
  for (let depth = 0; queue.length > 0; depth++) {
    if (depth >= MAX_WALK_LEVELS) {
      throw new BadRequestError(
        `graphLookup walked ${MAX_WALK_LEVELS} levels and the graph still goes on; give maxDepth=<n> (at most ${MAX_WALK_LEVELS - 1}) or narrow it with filter=( … ).`,
        { reason: 'graphlookup_too_deep', levels: MAX_WALK_LEVELS }
      );
    }
    budget.checkDeadline();
    const values = [
      ...new Set(queue.map(asTerm).filter((v): v is Term => v !== undefined)),
    ] as Term[];
    queue = [];
    if (values.length === 0) break;
    const seen = [...visited.values()].filter((v): v is Term => v !== undefined);
    const rows = await search(levelQuery(spec, values, seen));
    level.clear();
    for (const row of rows) level.add(valueBytes(row));
    budget.begin();
    for (const row of rows) {
      const next: PplValue[] = [];
      collect(row[spec.fromField] ?? null, next, visited);
      if (spec.bidirectional) collect(row[spec.toField] ?? null, next, visited);
      if (next.length > 0) {
        const found = spec.depthField ? { ...row, [spec.depthField]: depth } : row;
        kept.add(valueBytes(found));
        results.push(found);
        for (const value of next) {
          if (value === null) continue;
          visited.set(nodeKey(value), asTerm(value));
          queue.push(value);
        }
      }
      if (budget.tick()) await budget.pause();
    }
    await budget.endBatch();
    level.clear();
    if (depth + 1 > spec.maxDepth) break;
  }
  return results;
}

/** A field's values not visited yet (one value, or an array's elements); null counts as one. */
function collect(value: PplValue, into: PplValue[], visited: Map<string, unknown>): void {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (!visited.has(nodeKey(item))) into.push(item);
  }
}
