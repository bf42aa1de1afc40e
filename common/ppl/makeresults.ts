/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * `makeresults`: rows made in memory, with no index behind them. The semantics are PPL 3.x's
 * (docs/user/ppl/cmd/makeresults.md, and the SQL plugin's `AstBuilder.visitMakeresultsCommand`
 * and `MakeResultsDataParser`, which this follows rule for rule):
 *
 * - `makeresults` gives one row; `makeresults count=<n>` gives n rows (a negative n gives none,
 *   more than 5000 is refused). Each row has one column, `@timestamp` (`timestamp`), set to the
 *   query time.
 * - `format=json data='[{…}, …]'` gives one row per object. Columns come in order of first
 *   appearance; a JSON integer is `bigint` (a wider one is kept as a `string`), a decimal `float`,
 *   `true`/`false` `boolean`, a string `string`, and an object or array its compact JSON text as a
 *   `string`. A column mixing `bigint` and `float` is `float`; any other mix is `string`. A column
 *   with only nulls is refused (its type cannot be known). An implicit `@timestamp` column (query
 *   time) comes first, unless the data has its own `@timestamp`.
 * - `format=csv data='…'` reads the first line as the header. A header cell `name:type` declares
 *   the type (`string`, `boolean`, `int`/`integer`, `long`, `float`, `double`); a bare name is a
 *   `string`; `date`, `time`, `timestamp`, `ip` and `json` are refused (cast downstream). Cells are
 *   trimmed, an empty cell is null, a short row is padded with nulls, a long row is refused, blank
 *   lines are skipped, repeated names get a number (`a`, `a0`, `a1`). Fields may be quoted with
 *   `"…"` (`""` is a quote), but a quoted field cannot hold a line break: lines are split first.
 *   No `@timestamp` is added.
 * - With `data`, `count` is ignored. `format` and `data` go together. At most 5000 cells
 *   (rows × columns), and no cell longer than 60000 characters.
 *
 * Lines break at real line breaks only: PPL strings keep `\n` as the two characters backslash
 * and `n`, so `data='a\n1'` is one header cell (the docs' `cast … as ip` example notwithstanding).
 */
import { javaDoubleToString } from '../substrate/java_double';
import { INTEGRAL_RANGES, PplType, PplValue } from './types';

export const MAKERESULTS_MAX_COUNT = 5000;
export const MAKERESULTS_MAX_CELLS = 5000;
export const MAKERESULTS_MAX_CELL_CHARS = 60000;
export const MAKERESULTS_TIMESTAMP_COLUMN = '@timestamp';

export interface InlineColumn {
  name: string;
  type: PplType;
}

/** The rows of a `data=` string, without the implicit `@timestamp` (added at run time). */
export interface InlineTable {
  columns: InlineColumn[];
  /** One array per row, in column order. `bigint` values beyond 2^53 are `bigint`s. */
  rows: PplValue[][];
  /** True for JSON data without its own `@timestamp`: the query time goes first in each row. */
  implicitTimestamp: boolean;
}

/** Refusal of a `data=` string; the parser reports it at the string. */
export class MakeResultsDataError extends Error {
  /** `limit`: the data is well formed but more than makeresults takes. */
  constructor(
    message: string,
    public readonly limit = false
  ) {
    super(message);
    this.name = 'MakeResultsDataError';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

// ---------------------------------------------------------------------------------------------
// A small JSON reader that keeps what JSON.parse (and lossless-json) lose: whether a number was
// written as an integer, the exact digits of one wider than 2^53, and the order of keys, which a
// JavaScript object changes for names such as "2" (columns come in order of first appearance).

type JsonNode =
  | { t: 'null' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; text: string }
  | { t: 'num'; text: string }
  | { t: 'str'; v: string }
  | { t: 'arr'; items: JsonNode[] }
  | { t: 'obj'; entries: Array<[string, JsonNode]> };

function readJson(text: string): JsonNode {
  let i = 0;
  const fail = (what: string): never => {
    throw new MakeResultsDataError(
      `makeresults data is not valid JSON: ${what} at character ${i + 1}`
    );
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) {
      i++;
    }
  };
  const value = (depth: number): JsonNode => {
    if (depth > 200) {
      fail('nesting too deep');
    }
    ws();
    const c = text.charAt(i);
    if (c === '{') {
      i++;
      const entries: Array<[string, JsonNode]> = [];
      ws();
      if (text.charAt(i) === '}') {
        i++;
        return { t: 'obj', entries };
      }
      for (;;) {
        ws();
        if (text.charAt(i) !== '"') {
          fail('expected a field name');
        }
        const key = string();
        ws();
        if (text.charAt(i) !== ':') {
          fail('expected ":"');
        }
        i++;
        const v = value(depth + 1);
        // A repeated key keeps its first place and its last value, as Jackson's object node does.
        const at = entries.findIndex(([k]) => k === key);
        if (at >= 0) {
          entries[at] = [key, v];
        } else {
          entries.push([key, v]);
        }
        ws();
        if (text.charAt(i) === ',') {
          i++;
        } else if (text.charAt(i) === '}') {
          i++;
          return { t: 'obj', entries };
        } else {
          fail('expected "," or "}"');
        }
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text.charAt(i) === ']') {
        i++;
        return { t: 'arr', items };
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text.charAt(i) === ',') {
          i++;
        } else if (text.charAt(i) === ']') {
          i++;
          return { t: 'arr', items };
        } else {
          fail('expected "," or "]"');
        }
      }
    }
    if (c === '"') {
      return { t: 'str', v: string() };
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (m && m[0].length > 0) {
      i += m[0].length;
      return m[2] === undefined && m[3] === undefined
        ? { t: 'int', text: m[0] }
        : { t: 'num', text: m[0] };
    }
    for (const [word, node] of [
      ['true', { t: 'bool', v: true }],
      ['false', { t: 'bool', v: false }],
      ['null', { t: 'null' }],
    ] as Array<[string, JsonNode]>) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return node;
      }
    }
    return fail(i >= text.length ? 'unexpected end' : `unexpected "${c}"`);
  };
  const string = (): string => {
    // JSON strings must not hold raw control characters.
    // eslint-disable-next-line no-control-regex
    const m = /^"((?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*)"/.exec(text.slice(i));
    if (!m) {
      return fail('malformed string');
    }
    i += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const root = value(0);
  ws();
  if (i < text.length) {
    fail('unexpected text after the data');
  }
  return root;
}

/** Compact JSON text of a node, as Jackson's `JsonNode.toString()` writes it. */
function compactJson(node: JsonNode): string {
  switch (node.t) {
    case 'null':
      return 'null';
    case 'bool':
      return String(node.v);
    case 'int':
      return BigInt(node.text).toString();
    case 'num':
      return javaDoubleToString(Number(node.text));
    case 'str':
      return JSON.stringify(node.v);
    case 'arr':
      return `[${node.items.map(compactJson).join(',')}]`;
    case 'obj':
      return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${compactJson(v)}`).join(',')}}`;
  }
}

const LONG_RANGE = INTEGRAL_RANGES.bigint;
const INT_RANGE = INTEGRAL_RANGES.int;

function fitsLong(text: string): boolean {
  const v = BigInt(text);
  return v >= LONG_RANGE[0] && v <= LONG_RANGE[1];
}

/** A bigint as a number when that is exact, else as a bigint. */
function integral(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;
}

function jsonType(node: JsonNode): PplType | undefined {
  switch (node.t) {
    case 'null':
      return undefined;
    case 'bool':
      return 'boolean';
    case 'int':
      return fitsLong(node.text) ? 'bigint' : 'string';
    case 'num':
      return 'float';
    default:
      return 'string';
  }
}

function widen(a: PplType | undefined, b: PplType | undefined): PplType | undefined {
  if (a === undefined) {
    return b;
  }
  if (b === undefined || a === b) {
    return a;
  }
  const numeric = (t: PplType): boolean => t === 'bigint' || t === 'float';
  return numeric(a) && numeric(b) ? 'float' : 'string';
}

/** What Java's `String.valueOf` gives for the value Jackson read (long, double, boolean, text). */
function jsonText(node: JsonNode): string {
  switch (node.t) {
    case 'str':
      return node.v;
    case 'int':
      return BigInt(node.text).toString();
    case 'num':
      return javaDoubleToString(Number(node.text));
    default:
      return compactJson(node);
  }
}

function jsonCell(node: JsonNode, type: PplType): PplValue {
  if (node.t === 'null') {
    return null;
  }
  switch (type) {
    case 'boolean':
      return node.t === 'bool' ? node.v : null;
    case 'bigint':
      return node.t === 'int' ? integral(BigInt(node.text)) : null;
    case 'float':
      return node.t === 'int' || node.t === 'num' ? Number(node.text) : null;
    default:
      return jsonText(node);
  }
}

function parseJsonData(data: string): InlineTable {
  const root = readJson(data);
  if (root.t !== 'arr') {
    throw new MakeResultsDataError('makeresults JSON data must be an array of objects');
  }
  const types = new Map<string, PplType | undefined>();
  const objects: Array<Map<string, JsonNode>> = [];
  for (const item of root.items) {
    if (item.t !== 'obj') {
      throw new MakeResultsDataError('makeresults JSON data must be an array of objects');
    }
    const row = new Map<string, JsonNode>();
    for (const [name, v] of item.entries) {
      types.set(name, widen(types.get(name), jsonType(v)));
      row.set(name, v);
    }
    objects.push(row);
  }
  const columns: InlineColumn[] = [];
  for (const [name, type] of types) {
    if (type === undefined) {
      throw new MakeResultsDataError(
        `makeresults column '${name}' has only null values; provide at least one non-null value so its type can be determined`
      );
    }
    columns.push({ name, type });
  }
  const rows = objects.map((row) =>
    columns.map((c) => {
      const node = row.get(c.name);
      return node === undefined ? null : jsonCell(node, c.type);
    })
  );
  return {
    columns,
    rows,
    implicitTimestamp: !types.has(MAKERESULTS_TIMESTAMP_COLUMN),
  };
}

const CSV_TYPES: Readonly<Record<string, PplType>> = {
  string: 'string',
  boolean: 'boolean',
  int: 'int',
  integer: 'int',
  long: 'bigint',
  float: 'float',
  double: 'double',
};
const CSV_UNSUPPORTED_TYPES = new Set(['date', 'time', 'timestamp', 'ip', 'json']);

/**
 * One line's fields, as the PPL engine splits them: a `"` anywhere opens or closes quoting, `""`
 * inside quotes is a quote. Not csv-parse (which the file import uses): this is not RFC 4180,
 * where a quote inside an unquoted field is an error and quoted fields may span lines.
 */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (inQuotes) {
      if (c === '"') {
        if (line.charAt(i + 1) === '"') {
          cur += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        cur += c;
      }
    } else if (c === '"') {
      inQuotes = true;
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  if (inQuotes) {
    throw new MakeResultsDataError(
      `makeresults CSV data has an unterminated quoted field: ${line}`
    );
  }
  out.push(cur);
  return out;
}

/** Java's `Double.parseDouble` accepts these (with surrounding spaces trimmed first). */
const JAVA_DOUBLE = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/;

function csvCell(raw: string, type: PplType): PplValue {
  const s = raw.trim();
  if (s === '') {
    return null;
  }
  const refuse = (): never => {
    throw new MakeResultsDataError(`makeresults cannot parse "${s}" as ${type}`);
  };
  switch (type) {
    case 'boolean':
      if (s.toLowerCase() === 'true') {
        return true;
      }
      if (s.toLowerCase() === 'false') {
        return false;
      }
      throw new MakeResultsDataError(
        `makeresults cannot parse "${s}" as boolean; expected true or false`
      );
    case 'int':
    case 'bigint': {
      if (!/^[+-]?\d+$/.test(s)) {
        return refuse();
      }
      const v = BigInt(s);
      const [lo, hi] = type === 'int' ? INT_RANGE : LONG_RANGE;
      return v < lo || v > hi ? refuse() : integral(v);
    }
    case 'float':
    case 'double': {
      if (!JAVA_DOUBLE.test(s)) {
        return refuse();
      }
      const v = Number(s.replace(/[fFdD]$/, ''));
      return type === 'float' ? Math.fround(v) : v;
    }
    default:
      return s;
  }
}

function parseCsvData(data: string): InlineTable {
  const lines = data.split(/\r?\n/);
  if (lines[0].trim() === '') {
    throw new MakeResultsDataError('makeresults CSV data must start with a header line');
  }
  const names: string[] = [];
  const types: PplType[] = [];
  for (const token of splitCsvLine(lines[0])) {
    const t = token.trim();
    let name = t;
    let type: PplType = 'string';
    const colon = t.lastIndexOf(':');
    if (colon > 0 && colon < t.length - 1) {
      const declared = t
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (CSV_UNSUPPORTED_TYPES.has(declared)) {
        const column = t.slice(0, colon).trim();
        throw new MakeResultsDataError(
          `makeresults inline type '${t.slice(colon + 1).trim()}' is not yet supported; use string and cast: ` +
            `declare ${column}:string and add ` +
            (declared === 'json'
              ? `| spath input=${column} (or json_extract(${column}, '<path>'))`
              : `| eval ${column} = cast(${column} as ${declared})`)
        );
      }
      if (CSV_TYPES[declared] !== undefined) {
        name = t.slice(0, colon).trim();
        type = CSV_TYPES[declared];
      }
    }
    if (name === '') {
      throw new MakeResultsDataError(`makeresults CSV header has a blank column name: ${lines[0]}`);
    }
    names.push(name);
    types.push(type);
  }
  const seen = new Set<string>();
  const columns = names.map((n, i) => {
    let candidate = n;
    let suffix = 0;
    while (seen.has(candidate)) {
      candidate = `${n}${suffix++}`;
    }
    seen.add(candidate);
    return { name: candidate, type: types[i] };
  });
  const rows: PplValue[][] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') {
      continue;
    }
    const cells = splitCsvLine(line);
    if (cells.length > columns.length) {
      throw new MakeResultsDataError(
        `makeresults CSV row has more columns than the header: ${line}`
      );
    }
    rows.push(columns.map((c, i) => csvCell(cells[i] ?? '', c.type)));
  }
  return { columns, rows, implicitTimestamp: false };
}

/** Parses and types a `data=` string (see the module comment). Throws {@link MakeResultsDataError}. */
export function parseInlineData(format: 'csv' | 'json', data: string): InlineTable {
  const table = format === 'json' ? parseJsonData(data) : parseCsvData(data);
  const cells = table.rows.length * table.columns.length;
  if (cells > MAKERESULTS_MAX_CELLS) {
    throw new MakeResultsDataError(
      `makeresults data must not exceed ${MAKERESULTS_MAX_CELLS} cells (rows x columns); got ` +
        `${table.rows.length} rows x ${table.columns.length} columns = ${cells}`,
      true
    );
  }
  for (const row of table.rows) {
    for (const cell of row) {
      if (typeof cell === 'string' && cell.length > MAKERESULTS_MAX_CELL_CHARS) {
        throw new MakeResultsDataError(
          `makeresults data cell value must not exceed ${MAKERESULTS_MAX_CELL_CHARS} characters; got ${cell.length}`,
          true
        );
      }
    }
  }
  return table;
}

/** A time as PPL prints a `timestamp`: `yyyy-MM-dd HH:mm:ss` in UTC (whole seconds). */
export function formatTimestamp(time: Date): string {
  return time.toISOString().slice(0, 19).replace('T', ' ');
}

/** The schema and rows `makeresults` gives, with `now` as the query time. */
export function makeResultsTable(
  node: { count: number; inline?: InlineTable },
  now: Date
): { schema: InlineColumn[]; rows: PplValue[][] } {
  const stamp = formatTimestamp(now);
  const timestampColumn: InlineColumn = { name: MAKERESULTS_TIMESTAMP_COLUMN, type: 'timestamp' };
  if (node.inline === undefined) {
    return {
      schema: [timestampColumn],
      rows: Array.from({ length: Math.max(0, node.count) }, () => [stamp]),
    };
  }
  const { columns, rows, implicitTimestamp } = node.inline;
  if (!implicitTimestamp) {
    return { schema: [...columns], rows: rows.map((r) => [...r]) };
  }
  return {
    schema: [timestampColumn, ...columns],
    rows: rows.map((r) => [stamp, ...r]),
  };
}
