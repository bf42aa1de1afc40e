/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * PPL's type vocabulary, as the `_plugins/_ppl` endpoint names types in its JSON `schema`.
 *
 * The names are the ones PPL 3.x puts in `{schema: [{name, type}]}` (docs/user/ppl/general/
 * datatypes.md, and the SQL plugin's integration tests, e.g. `schema("count()", "bigint")`,
 * `schema("age", "int")`, `schema("avg(balance)", "double")`): `int`, `bigint`, `double`,
 * `float`, `string`, `boolean`, `timestamp`, … The function reference pages say `INTEGER` and
 * `LONG`: those are the same types under their engine names, never what a response carries.
 *
 * Runtime values: integers are JavaScript numbers while they are safe integers and `bigint`
 * beyond (a `bigint` column can hold any 64-bit value); `float` and `double` are numbers;
 * `timestamp`, `date` and `time` are strings in PPL's display form (`2024-01-31 12:00:00`,
 * `2024-01-31`, `12:00:00`), as PPL returns them.
 */

export type PplType =
  | 'boolean'
  | 'tinyint'
  | 'smallint'
  | 'int'
  | 'bigint'
  | 'float'
  | 'double'
  | 'string'
  | 'timestamp'
  | 'date'
  | 'time'
  | 'interval'
  | 'ip'
  | 'geo_point'
  | 'binary'
  | 'struct'
  | 'array'
  /** The type of a null literal or of a column with no type yet (PPL's own name for it). */
  | 'undefined';

export const PPL_TYPES: readonly PplType[] = [
  'boolean',
  'tinyint',
  'smallint',
  'int',
  'bigint',
  'float',
  'double',
  'string',
  'timestamp',
  'date',
  'time',
  'interval',
  'ip',
  'geo_point',
  'binary',
  'struct',
  'array',
  'undefined',
];

/** A value flowing through the evaluator: what one cell of a row may hold. */
export type PplValue = null | boolean | number | bigint | string | PplValue[] | PplObject;
export interface PplObject {
  [key: string]: PplValue;
}

/** A row: column name to value. A missing column reads as null. */
export type PplRow = Readonly<Record<string, PplValue | undefined>>;

/**
 * OpenSearch mapping types and engine names, to PPL's response names (datatypes.md, "Data Types
 * Mapping"). PPL's own names map to themselves.
 */
const TYPE_ALIASES: Readonly<Record<string, PplType>> = {
  boolean: 'boolean',
  byte: 'tinyint',
  tinyint: 'tinyint',
  short: 'smallint',
  smallint: 'smallint',
  integer: 'int',
  int: 'int',
  long: 'bigint',
  bigint: 'bigint',
  unsigned_long: 'bigint',
  float: 'float',
  half_float: 'float',
  real: 'float',
  scaled_float: 'double',
  double: 'double',
  keyword: 'string',
  constant_keyword: 'string',
  wildcard: 'string',
  text: 'string',
  match_only_text: 'string',
  string: 'string',
  varchar: 'string',
  date: 'timestamp',
  date_nanos: 'timestamp',
  timestamp: 'timestamp',
  time: 'time',
  interval: 'interval',
  ip: 'ip',
  geo_point: 'geo_point',
  binary: 'binary',
  object: 'struct',
  struct: 'struct',
  nested: 'array',
  array: 'array',
  undefined: 'undefined',
};

/**
 * The PPL type for a type name given by a caller: an OpenSearch mapping type (`long`, `keyword`,
 * `date`, …) or a PPL name (`bigint`, `string`, `timestamp`, …), in any case. Note that `date`
 * is read as the OpenSearch mapping type, a `timestamp` in PPL. Unknown names give `undefined`.
 */
export function toPplType(name: string): PplType {
  return TYPE_ALIASES[name.trim().toLowerCase()] ?? 'undefined';
}

/** PPL's names of the types, as the SQL plugin's errors give them. */
export const ENGINE_TYPE_NAMES: Partial<Record<PplType, string>> = {
  tinyint: 'BYTE',
  smallint: 'SHORT',
  int: 'INTEGER',
  bigint: 'LONG',
  float: 'FLOAT',
  double: 'DOUBLE',
  string: 'STRING',
  boolean: 'BOOLEAN',
};

const INTEGRAL: ReadonlySet<PplType> = new Set<PplType>(['tinyint', 'smallint', 'int', 'bigint']);
const NUMERIC: ReadonlySet<PplType> = new Set<PplType>([...INTEGRAL, 'float', 'double']);

export function isIntegralType(type: PplType): boolean {
  return INTEGRAL.has(type);
}

export function isNumericType(type: PplType): boolean {
  return NUMERIC.has(type);
}

/**
 * The type of `a op b` for two numeric types: the wider one, where narrow integers widen to `int`
 * (PPL widens `tinyint`/`smallint` operands so that a sum cannot overflow them).
 */
export function widenNumeric(a: PplType, b: PplType): PplType {
  if (a === 'double' || b === 'double') {
    return 'double';
  }
  if (a === 'float' || b === 'float') {
    return 'float';
  }
  if (a === 'bigint' || b === 'bigint') {
    return 'bigint';
  }
  return 'int';
}

/**
 * The type of `a + b`, `a - b`, `a * b` in PPL's Calcite engine: integer operands are widened
 * before the operation so that it cannot overflow (PPLFuncImpTable's widening operators: `int`
 * or `bigint` among them gives `bigint`, `tinyint`/`smallint` only give `int`), so `1 + 2` is a
 * `bigint`. Inside a lambda, operands that read its parameters are not widened (`acc + x` over
 * ints stays `int`): pass `widen = false` there.
 */
export function widenArithmetic(a: PplType, b: PplType, widen = true): PplType {
  if (!widen || !isIntegralType(a) || !isIntegralType(b)) {
    return widenNumeric(a, b);
  }
  const wide = (t: PplType) => t === 'int' || t === 'bigint';
  return wide(a) || wide(b) ? 'bigint' : 'int';
}

/**
 * The least restrictive common type (the return type of `if`, `case`, `coalesce`, `ifnull`):
 * nulls are ignored, equal types stay, numeric types widen, and any other mix becomes `string`
 * (condition.md: "If type conversion fails, the value is converted to string representation").
 */
export function commonType(types: readonly PplType[]): PplType {
  const known: PplType[] = types.filter((t) => t !== 'undefined');
  if (known.length === 0) {
    return 'undefined';
  }
  if (known.every((t) => t === known[0])) {
    return known[0];
  }
  if (known.every(isNumericType)) {
    return known.reduce((a, b) => widenNumeric(a, b));
  }
  return 'string';
}

/** Types Calcite holds as character data (PPL's dates, times, timestamps and IPs are text there). */
const CHARACTER: ReadonlySet<PplType> = new Set<PplType>([
  'string',
  'date',
  'time',
  'timestamp',
  'ip',
]);

/**
 * Calcite's least restrictive type (`leastRestrictive`), the result type of `case`, `if` and
 * `ifnull`: nulls are ignored, equal types stay, numbers widen, text with dates, times,
 * timestamps or IPs is text; any other mix (a number with text, a boolean with anything else)
 * has none, and the SQL plugin refuses the query: `undefined` here.
 */
export function leastRestrictiveType(types: readonly PplType[]): PplType | undefined {
  const known: PplType[] = types.filter((t) => t !== 'undefined');
  if (known.length === 0) return 'undefined';
  if (known.every((t) => t === known[0])) return known[0];
  if (known.every(isNumericType)) return known.reduce((a, b) => widenNumeric(a, b));
  if (known.every((t) => CHARACTER.has(t))) return 'string';
  return undefined;
}

/** Types as the SQL plugin's messages list them: `[INTEGER, STRING]`. */
export function engineTypeList(types: readonly PplType[]): string {
  return `[${types.map((t) => ENGINE_TYPE_NAMES[t] ?? t.toUpperCase()).join(', ')}]`;
}

/** The inclusive range of each integral type. */
export const INTEGRAL_RANGES: Readonly<
  Record<'tinyint' | 'smallint' | 'int' | 'bigint', [bigint, bigint]>
> = {
  tinyint: [-128n, 127n],
  smallint: [-32768n, 32767n],
  int: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
};
