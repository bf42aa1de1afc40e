/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What an edited cell may hold, by its column's OpenSearch type: the browser turns typed text into
 * a value with `parseCellText` (an input per kind: number, boolean, date, text, ip), and the
 * server checks every value an edit sends with `cellValueProblem`, so a value that does not fit
 * its column is refused naming the row and the field before anything is written.
 *
 * Dates are shown and typed in PPL's form, in UTC (`2024-01-31 12:00:00`, a fraction when there
 * is one), as `_rows` reads them; the server writes each in a form the field's mapping accepts
 * (`dateForMapping`).
 */
import { valueMisfit } from '../substrate/field_types';

/** How a column is edited. `readonly`: objects, geo points, binary… are changed by a query. */
export type CellKind = 'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'ip' | 'readonly';

const KINDS: Record<string, CellKind> = {
  text: 'text',
  keyword: 'text',
  match_only_text: 'text',
  wildcard: 'text',
  long: 'integer',
  integer: 'integer',
  short: 'integer',
  byte: 'integer',
  double: 'decimal',
  float: 'decimal',
  half_float: 'decimal',
  scaled_float: 'decimal',
  boolean: 'boolean',
  date: 'date',
  date_nanos: 'date',
  ip: 'ip',
};

/** The kind of a column mapped as `mappingType` (an OpenSearch field type). */
export function cellKindOf(mappingType: string | undefined): CellKind {
  return (mappingType && KINDS[mappingType]) || 'readonly';
}

/**
 * The column types a new column may have in the editor (PPL names, mapped by the substrate's
 * table): text, whole numbers, decimals, true/false, dates and IP addresses.
 */
export const NEW_COLUMN_TYPES = [
  'string',
  'bigint',
  'double',
  'boolean',
  'timestamp',
  'ip',
] as const;
export type NewColumnType = (typeof NEW_COLUMN_TYPES)[number];

/** The OpenSearch type a new column of this type is mapped as. */
export const NEW_COLUMN_MAPPING: Record<NewColumnType, string> = {
  string: 'text',
  bigint: 'long',
  double: 'double',
  boolean: 'boolean',
  timestamp: 'date',
  ip: 'ip',
};

export type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIp(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!text.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  try {
    // The URL parser checks IPv6 text (`::1`, `2001:db8::8a2e:370:7334`, `::ffff:1.2.3.4`).
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

const shown = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * The value of `text` typed into a cell of a column mapped as `mappingType`; empty text clears
 * the cell (null).
 */
export function parseCellText(mappingType: string, text: string): Parsed {
  const kind = cellKindOf(mappingType);
  const trimmed = kind === 'text' ? text : text.trim();
  if (trimmed === '') return { ok: true, value: null };
  switch (kind) {
    case 'text':
      return { ok: true, value: text };
    case 'integer': {
      if (!INTEGER.test(trimmed))
        return { ok: false, problem: `${shown(text)} is not a whole number` };
      const big = BigInt(trimmed);
      const value =
        big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(big)
          : big;
      const misfit = valueMisfit(mappingType, value);
      return misfit ? { ok: false, problem: misfit } : { ok: true, value };
    }
    case 'decimal': {
      const value = Number(trimmed);
      return DECIMAL.test(trimmed) && Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, problem: `${shown(text)} is not a number` };
    }
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      if (lower === 'true' || lower === 'false') return { ok: true, value: lower === 'true' };
      return { ok: false, problem: `${shown(text)} is not true or false` };
    }
    case 'date': {
      const millis = parseDateText(trimmed);
      return millis === undefined
        ? {
            ok: false,
            problem: `${shown(text)} is not a date (write it as 2024-01-31 or 2024-01-31 13:45:00, in UTC)`,
          }
        : { ok: true, value: formatDate(millis) };
    }
    case 'ip':
      return isIp(trimmed)
        ? { ok: true, value: trimmed }
        : { ok: false, problem: `${shown(text)} is not an IP address` };
    case 'readonly':
      return {
        ok: false,
        problem: `${mappingType} values are not edited here; write them with a query`,
      };
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return shown(value);
  if (value !== null && typeof value === 'object')
    return Array.isArray(value) ? 'a list' : 'an object';
  return String(value);
}

/**
 * Why `value` (as an edit sends it) cannot go into a column mapped as `mappingType`, or undefined
 * when it can. Lists (multivalue cells) are checked value by value.
 */
export function cellValueProblem(mappingType: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = cellValueProblem(mappingType, v);
      if (problem) return problem;
    }
    return undefined;
  }
  const kind = cellKindOf(mappingType);
  switch (kind) {
    case 'text':
      return typeof value === 'string'
        ? undefined
        : `${describe(value)} is not text (send it as a string)`;
    case 'integer':
    case 'decimal':
    case 'boolean':
      return valueMisfit(mappingType, value);
    case 'date':
      if (typeof value === 'number' && Number.isInteger(value)) return undefined;
      return typeof value === 'string' && parseDateText(value) !== undefined
        ? undefined
        : `${describe(value)} is not a date (2024-01-31, 2024-01-31 13:45:00 or ISO 8601, in UTC)`;
    case 'ip':
      return typeof value === 'string' && isIp(value)
        ? undefined
        : `${describe(value)} is not an IP address`;
    case 'readonly':
      return `the column is ${mappingType}, which the editor does not change; write it with a query`;
  }
}

const DATE_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Milliseconds since the epoch of a date typed as `2024-01-31[ 13:45[:00[.250]]][Z|+01:00]`. */
export function parseDateText(text: string): number | undefined {
  const m = DATE_TEXT.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  const millis = Number((m[7] ?? '0').padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(utc);
  // 2024-02-30 rolls over to March: not a date.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return undefined;
  const zone = m[8];
  if (!zone || zone === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return utc - sign * offset * 60_000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** PPL's timestamp form in UTC, `2024-01-31 13:45:00`, with `.250` when there are millis. */
export function formatDate(millis: number): string {
  const d = new Date(millis);
  const base =
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return d.getUTCMilliseconds() === 0 ? base : `${base}.${pad(d.getUTCMilliseconds(), 3)}`;
}

const ISO_FORMATS = new Set([
  'strict_date_optional_time',
  'date_optional_time',
  'strict_date_optional_time_nanos',
  'strict_date_time',
  'date_time',
]);
const ISO_NO_MILLIS = new Set(['strict_date_time_no_millis', 'date_time_no_millis']);

/** OpenSearch's default date format. */
const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';

/**
 * A date (a value `cellValueProblem` accepted) as the field's mapping `format` takes it: the
 * first of its formats the value can be written in, so a lookup written by PPL keeps
 * `2024-01-31 13:45:00` and one written with ISO dates keeps ISO. Undefined when none fits.
 */
export function dateForMapping(value: string | number, format: string | undefined) {
  const millis = typeof value === 'number' ? value : parseDateText(value);
  if (millis === undefined) return undefined;
  const d = new Date(millis);
  const wholeSecond = d.getUTCMilliseconds() === 0;
  const midnight = millis % 86_400_000 === 0;
  const shownForm = formatDate(millis);
  for (const part of (format ?? DEFAULT_DATE_FORMAT).split('||').map((p) => p.trim())) {
    if (part === 'yyyy-MM-dd HH:mm:ss' && wholeSecond) return shownForm;
    if (part === 'yyyy-MM-dd HH:mm:ss.SSS')
      return `${shownForm.slice(0, 19)}.${pad(d.getUTCMilliseconds(), 3)}`;
    if ((part === 'yyyy-MM-dd' || part === 'strict_date' || part === 'date') && midnight) {
      return shownForm.slice(0, 10);
    }
    if (ISO_FORMATS.has(part)) return d.toISOString();
    if (ISO_NO_MILLIS.has(part) && wholeSecond) return d.toISOString().replace('.000Z', 'Z');
    if (part === 'epoch_millis') return millis;
    if (part === 'epoch_second' && wholeSecond) return millis / 1000;
  }
  return undefined;
}
