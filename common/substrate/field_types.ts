/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which OpenSearch mapping a lookup column gets, from its type (a PPL schema, a `{schema,
 * datarows}` body, an import's inferred types, or the JSON values of a `{rows}` body), and
 * whether a value fits a field already mapped: field types are first-writer-wins per backing
 * index, so a later write must never be silently coerced by an older mapping.
 *
 * | column type (PPL)            | OpenSearch mapping                                        |
 * | ---------------------------- | --------------------------------------------------------- |
 * | string                       | text + keyword sub-field (ignore_above 256), as dynamic   |
 * | tinyint, smallint, int       | byte, short, integer                                      |
 * | bigint                       | long                                                      |
 * | float, double                | float, double                                             |
 * | boolean                      | boolean                                                   |
 * | timestamp                    | date, `yyyy-MM-dd HH:mm:ss[.SSS]`, ISO 8601, epoch millis  |
 *   (a shown timestamp's fraction is written as `.SSS`: {@link storedTimestamp})
 * | date                         | date, `yyyy-MM-dd`, ISO 8601, epoch millis                 |
 * | time                         | keyword (OpenSearch has no time of day type)              |
 * | ip, geo_point, binary        | ip, geo_point, binary                                     |
 * | struct, array, undefined     | left to the dynamic mapping (per value)                   |
 */
import { toPplType, type PplType } from '../ppl/types';

export type FieldMapping = Record<string, unknown>;

const TEXT_AND_KEYWORD: FieldMapping = {
  type: 'text',
  fields: { keyword: { type: 'keyword', ignore_above: 256 } },
};

const MAPPINGS: Partial<Record<PplType, FieldMapping>> = {
  string: TEXT_AND_KEYWORD,
  tinyint: { type: 'byte' },
  smallint: { type: 'short' },
  int: { type: 'integer' },
  bigint: { type: 'long' },
  float: { type: 'float' },
  double: { type: 'double' },
  boolean: { type: 'boolean' },
  timestamp: {
    type: 'date',
    format: 'yyyy-MM-dd HH:mm:ss||yyyy-MM-dd HH:mm:ss.SSS||strict_date_optional_time||epoch_millis',
  },
  date: { type: 'date', format: 'yyyy-MM-dd||strict_date_optional_time||epoch_millis' },
  time: { type: 'keyword' },
  ip: { type: 'ip' },
  geo_point: { type: 'geo_point' },
  binary: { type: 'binary' },
};

const SHOWN_TIMESTAMP = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})\.(\d{1,9})$/;

/**
 * A timestamp as PPL shows it (`yyyy-MM-dd HH:mm:ss[.f…]`, the fraction's trailing zeros
 * dropped) in the `yyyy-MM-dd HH:mm:ss.SSS` form the timestamp mapping reads: a `date` keeps
 * milliseconds, so the fraction is padded or cut to three digits. Other values pass as they are.
 */
export function storedTimestamp(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = SHOWN_TIMESTAMP.exec(value);
  return m && m[2].length !== 3 ? `${m[1]}.${m[2].padEnd(3, '0').slice(0, 3)}` : value;
}

/** The explicit mapping for a column of this type, or undefined to leave it to the dynamic one. */
export function mappingForType(typeName: string): FieldMapping | undefined {
  return MAPPINGS[toPplType(typeName)];
}

/**
 * A column's type from its values, when no schema declares it: every non-null value a whole
 * number → bigint, any fraction → double, booleans → boolean, strings → string. Mixed kinds,
 * objects and arrays of mixed kinds give undefined (left to the dynamic mapping).
 */
export function inferColumnType(values: Iterable<unknown>): PplType | undefined {
  let kind: 'integral' | 'fractional' | 'boolean' | 'string' | undefined;
  const merge = (next: typeof kind): boolean => {
    if (kind === undefined || kind === next) {
      kind = next;
      return true;
    }
    if (
      (kind === 'integral' && next === 'fractional') ||
      (kind === 'fractional' && next === 'integral')
    ) {
      kind = 'fractional';
      return true;
    }
    return false;
  };
  for (const value of values) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === null || v === undefined) continue;
      let next: typeof kind;
      if (typeof v === 'bigint') next = 'integral';
      else if (typeof v === 'number') next = Number.isInteger(v) ? 'integral' : 'fractional';
      else if (typeof v === 'boolean') next = 'boolean';
      else if (typeof v === 'string') next = 'string';
      else return undefined;
      if (!merge(next)) return undefined;
    }
  }
  switch (kind) {
    case 'integral':
      return 'bigint';
    case 'fractional':
      return 'double';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    default:
      return undefined;
  }
}

const INTEGRAL_WIDTH: Record<string, number> = { byte: 1, short: 2, integer: 3, long: 4 };
/** 2^(bits - 1): an integral type holds -half to half - 1. */
const INTEGRAL_HALF: Record<string, bigint> = {
  byte: 2n ** 7n,
  short: 2n ** 15n,
  integer: 2n ** 31n,
  long: 2n ** 63n,
};
const TEXTUAL = new Set(['text', 'keyword', 'match_only_text', 'wildcard', 'constant_keyword']);

/**
 * Whether values of a column typed `wanted` (an OpenSearch type from `mappingForType`) go into
 * a field mapped `mapped` unchanged. `inferred`: the type was read off JSON values, so whole
 * numbers may also be meant as doubles.
 */
export function fitsMapping(mapped: string, wanted: string, inferred: boolean): boolean {
  if (mapped === wanted) return true;
  if (TEXTUAL.has(mapped) && TEXTUAL.has(wanted)) return true;
  if (mapped in INTEGRAL_WIDTH && wanted in INTEGRAL_WIDTH) {
    return INTEGRAL_WIDTH[wanted] <= INTEGRAL_WIDTH[mapped];
  }
  if (mapped === 'double' && (wanted === 'float' || wanted in INTEGRAL_WIDTH)) {
    // An int widens to a double exactly; a long beyond 2^53 would not, so only an inferred one.
    return wanted !== 'long' || inferred;
  }
  if (mapped === 'float' && inferred && wanted === 'long') return true;
  return false;
}

/**
 * Why a value cannot go into a field mapped `mapped` without OpenSearch changing it, or
 * undefined when it can. Only the types OpenSearch would coerce are checked (numbers, booleans).
 */
export function valueMisfit(mapped: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = valueMisfit(mapped, v);
      if (problem) return problem;
    }
    return undefined;
  }
  if (mapped in INTEGRAL_WIDTH) {
    if (typeof value === 'number' && !Number.isInteger(value)) return `${value} has a fraction`;
    if (typeof value !== 'number' && typeof value !== 'bigint') {
      return `${describe(value)} is not a number`;
    }
    const half = INTEGRAL_HALF[mapped];
    // Powers of two are exact as numbers: a number is compared without a bigint per value.
    const inRange =
      typeof value === 'number'
        ? value >= -Number(half) && value < Number(half)
        : value >= -half && value < half;
    return inRange
      ? undefined
      : `${value} is beyond the range of ${mapped} (${-half} to ${half - 1n})`;
  }
  if (
    mapped === 'double' ||
    mapped === 'float' ||
    mapped === 'half_float' ||
    mapped === 'scaled_float'
  ) {
    if (typeof value === 'number' || typeof value === 'bigint') return undefined;
    return `${describe(value)} is not a number`;
  }
  if (mapped === 'boolean') {
    return typeof value === 'boolean' ? undefined : `${describe(value)} is not true or false`;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** OpenSearch's metadata fields: a document may not carry them as fields. */
const METADATA_FIELDS = new Set([
  '_id',
  '_index',
  '_source',
  '_routing',
  '_field_names',
  '_ignored',
  '_seq_no',
  '_version',
  '_primary_term',
  '_doc_count',
  '_data_stream_timestamp',
  '_size',
  '_type',
  '_tier',
]);

/** Why a column name cannot be a field of a lookup document, or undefined when it can. */
export function fieldNameProblem(name: string, discriminant: string): string | undefined {
  if (name.trim() === '') return 'an empty column name';
  if (name === discriminant) return `"${discriminant}" is the lookup's own version field`;
  if (METADATA_FIELDS.has(name)) return `"${name}" is an OpenSearch metadata field`;
  if (name.startsWith('.') || name.endsWith('.') || name.includes('..')) {
    return `"${name}" has an empty part between dots, which OpenSearch cannot map`;
  }
  return undefined;
}

/** How deep a written value may nest (arrays and objects): deeper ones are refused, not crashed on. */
export const MAX_VALUE_NESTING = 64;

/** Whether a value nests deeper than `max` levels; iterative, so no depth overflows it. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as object)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
