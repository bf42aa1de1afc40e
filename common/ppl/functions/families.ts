/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Every family but date and time (datetime.ts): math, string, condition, conversion, … */
import { ANY, defineFamily, fn } from './catalog';

export const MATH_FUNCTIONS = defineFamily('math', {
  abs: fn([1, 1], 'abs(x) -> type of x', 'Absolute value.'),
  add: fn([2, 2], 'add(x, y) -> wider type', 'The sum x + y.'),
  subtract: fn([2, 2], 'subtract(x, y) -> wider type', 'The difference x - y.'),
  multiply: fn([2, 2], 'multiply(x, y) -> wider type', 'The product x * y.'),
  divide: fn(
    [2, 2],
    'divide(x, y) -> wider type',
    'The quotient x / y (integers truncate; by zero is null).'
  ),
  sum: fn([1, ANY], 'sum(x, y, …) -> widest type', 'Sum of the arguments (in eval).'),
  avg: fn([1, ANY], 'avg(x, y, …) -> double', 'Mean of the arguments (in eval).'),
  max: fn(
    [1, ANY],
    'max(x, y, …) -> type of the largest',
    'Largest argument; strings above numbers (in eval).'
  ),
  min: fn(
    [1, ANY],
    'min(x, y, …) -> type of the smallest',
    'Smallest argument; numbers below strings (in eval).'
  ),
  acos: fn([1, 1], 'acos(x) -> double', 'Arccosine; null outside [-1, 1].'),
  asin: fn([1, 1], 'asin(x) -> double', 'Arcsine; null outside [-1, 1].'),
  atan: fn([1, 2], 'atan(x) | atan(y, x) -> double', 'Arctangent.'),
  atan2: fn([2, 2], 'atan2(y, x) -> double', 'Arctangent of y / x, by quadrant.'),
  cbrt: fn([1, 1], 'cbrt(x) -> double', 'Cube root.'),
  ceil: fn([1, 1], 'ceil(x) -> type of x', 'Smallest integral value not below x.', ['ceiling']),
  conv: fn(
    [3, 3],
    'conv(x, from_base, to_base) -> string',
    'Converts a number between bases 2 to 36.'
  ),
  cos: fn([1, 1], 'cos(x) -> double', 'Cosine (radians).'),
  cosh: fn([1, 1], 'cosh(x) -> double', 'Hyperbolic cosine.'),
  cot: fn([1, 1], 'cot(x) -> double', 'Cotangent; an error at 0.'),
  crc32: fn([1, 1], 'crc32(string) -> bigint', 'CRC-32 checksum (unsigned).'),
  degrees: fn([1, 1], 'degrees(x) -> double', 'Radians to degrees.'),
  e: fn([0, 0], 'e() -> double', "Euler's number."),
  exp: fn([1, 1], 'exp(x) -> double', "Euler's number to the power x."),
  expm1: fn([1, 1], 'expm1(x) -> double', "Euler's number to the power x, minus 1."),
  floor: fn([1, 1], 'floor(x) -> type of x', 'Largest integral value not above x.'),
  ln: fn([1, 1], 'ln(x) -> double', 'Natural logarithm; null for x <= 0.'),
  log: fn([1, 2], 'log(x) | log(base, x) -> double', 'Logarithm, natural or to a base.'),
  log2: fn([1, 1], 'log2(x) -> double', 'Base-2 logarithm.'),
  log10: fn([1, 1], 'log10(x) -> double', 'Base-10 logarithm.'),
  mod: fn([2, 2], 'mod(n, m) -> wider type', 'Remainder; null when m is 0.', ['modulus']),
  pi: fn([0, 0], 'pi() -> double', 'The constant π.'),
  pow: fn([2, 2], 'pow(x, y) -> double', 'The power x^y; null when undefined.', ['power']),
  radians: fn([1, 1], 'radians(x) -> double', 'Degrees to radians.'),
  rand: fn([0, 1], 'rand([seed]) -> float', 'A random value in [0, 1); repeatable with a seed.'),
  rint: fn([1, 1], 'rint(x) -> double', 'Nearest integral value, ties to even.'),
  round: fn([1, 2], 'round(x[, d]) -> type of x', 'Rounds half away from zero to d decimals.'),
  sign: fn([1, 1], 'sign(x) -> type of x', 'The sign: -1, 0 or 1.', ['signum']),
  truncate: fn([2, 2], 'truncate(x, d) -> type of x', 'Cuts x toward zero to d decimals.'),
  sin: fn([1, 1], 'sin(x) -> double', 'Sine (radians).'),
  sinh: fn([1, 1], 'sinh(x) -> double', 'Hyperbolic sine.'),
  sqrt: fn([1, 1], 'sqrt(x) -> double', 'Square root; null for negatives.'),
});

export const STRING_FUNCTIONS = defineFamily('string', {
  concat: fn([1, ANY], 'concat(s1, s2, …) -> string', 'Joins strings; null if any is null.'),
  concat_ws: fn(
    [2, ANY],
    'concat_ws(sep, s1, s2, …) -> string',
    'Joins strings with a separator, skipping nulls.'
  ),
  length: fn([1, 1], 'length(s) -> int', 'Number of characters.'),
  strcmp: fn(
    [2, 2],
    'strcmp(s1, s2) -> int',
    'Compares strings: 0 if equal, -1 if s1 sorts first, else 1.'
  ),
  locate: fn(
    [2, 3],
    'locate(substr, s[, start]) -> int',
    'The 1-based position of substr in s from start, 0 if absent.'
  ),
  position: fn(
    [2, 2],
    'position(substr IN s) -> int',
    'The 1-based position of substr in s, 0 if absent.'
  ),
  lower: fn([1, 1], 'lower(s) -> string', 'Lower case.'),
  upper: fn([1, 1], 'upper(s) -> string', 'Upper case.'),
  trim: fn([1, 1], 'trim(s) -> string', 'Removes leading and trailing spaces.'),
  ltrim: fn([1, 1], 'ltrim(s) -> string', 'Removes leading spaces.'),
  rtrim: fn([1, 1], 'rtrim(s) -> string', 'Removes trailing spaces.'),
  substring: fn([2, 3], 'substring(s, start[, length]) -> string', 'The 1-based substring.', [
    'substr',
  ]),
  left: fn([2, 2], 'left(s, n) -> string', 'The first n characters.'),
  right: fn([2, 2], 'right(s, n) -> string', 'The last n characters.'),
  reverse: fn([1, 1], 'reverse(s) -> string', 'The characters in reverse order.'),
  replace: fn(
    [3, 3],
    'replace(s, regex, replacement) -> string',
    'Replaces every match of a Java regex.'
  ),
  regexp_replace: fn(
    [3, 3],
    'regexp_replace(s, regex, replacement) -> string',
    'Replaces every match of a Java regex.'
  ),
});

export const CONDITION_FUNCTIONS = defineFamily('condition', {
  isnull: fn([1, 1], 'isnull(x) -> boolean', 'Whether x is null.'),
  isnotnull: fn([1, 1], 'isnotnull(x) -> boolean', 'Whether x is not null.', ['ispresent']),
  ifnull: fn(
    [2, 2],
    'ifnull(x, default) -> common type',
    'The value, or the default when it is null.'
  ),
  nullif: fn([2, 2], 'nullif(x, y) -> type of x', 'Null when x equals y, else x.'),
  if: fn(
    [3, 3],
    'if(condition, then, else) -> common type',
    'The second argument when the condition is true, else the third.'
  ),
  coalesce: fn([1, ANY], 'coalesce(x, y, …) -> common type', 'The first non-null argument.'),
  isblank: fn([1, 1], 'isblank(x) -> boolean', 'Null, empty or only white space.'),
  isempty: fn([1, 1], 'isempty(x) -> boolean', 'Null or empty.'),
  earliest: fn(
    [2, 2],
    "earliest('-2d@d' | 'now' | absolute, field) -> boolean",
    'Whether field is at or after the relative time.'
  ),
  latest: fn(
    [2, 2],
    "latest('+2d@d' | 'now' | absolute, field) -> boolean",
    'Whether field is at or before the relative time.'
  ),
  regexp_match: fn(
    [2, 2],
    'regexp_match(s, regex) -> boolean',
    'Whether a Java regex matches part of s.',
    ['regex_match']
  ),
});

export const CONVERSION_FUNCTIONS = defineFamily('conversion', {
  tostring: fn(
    [1, 2],
    "tostring(x[, 'binary' | 'hex' | 'commas' | 'duration' | 'duration_millis']) -> string",
    'The value as text, optionally formatted.'
  ),
  tonumber: fn(
    [1, 2],
    'tonumber(s[, base]) -> double',
    'A number from text in base 2 to 36; null if it is not one.'
  ),
});

export const COLLECTION_FUNCTIONS = defineFamily('collection', {
  array: fn([0, ANY], 'array(v1, v2, …) -> array', 'An array; mixed types become strings.'),
  array_length: fn([1, 1], 'array_length(array) -> int', 'Number of elements.'),
  mvcount: fn([1, 1], 'mvcount(array) -> int', 'Number of elements.'),
  forall: fn(
    [2, 2],
    'forall(array, x -> condition) -> boolean',
    'Whether every element satisfies the lambda.'
  ),
  exists: fn(
    [2, 2],
    'exists(array, x -> condition) -> boolean',
    'Whether some element satisfies the lambda.'
  ),
  filter: fn(
    [2, 2],
    'filter(array, x -> condition) -> array',
    'The elements that satisfy the lambda.'
  ),
  transform: fn(
    [2, 2],
    'transform(array, (x[, i]) -> expr) -> array',
    'Each element mapped by the lambda.'
  ),
  reduce: fn(
    [3, 4],
    'reduce(array, start, (acc, x) -> expr[, acc -> expr]) -> type of acc',
    'Folds the elements.'
  ),
  mvjoin: fn([2, 2], 'mvjoin(array, delimiter) -> string', 'Joins the elements, skipping nulls.'),
  mvappend: fn(
    [1, ANY],
    'mvappend(v1, v2, …) -> array',
    'One array of all values, arrays flattened, nulls dropped.'
  ),
  split: fn([2, 2], 'split(s, delimiter) -> array', "Splits a string ('' splits into characters)."),
  mvdedup: fn([1, 1], 'mvdedup(array) -> array', 'Drops repeated elements, keeping the first.'),
  mvfind: fn(
    [2, 2],
    'mvfind(array, regex) -> int',
    'The 0-based index of the first element a regex matches.'
  ),
  mvindex: fn(
    [2, 3],
    'mvindex(array, start[, end]) -> element | array',
    'An element or an inclusive range (0-based, negative from the end).'
  ),
  mvmap: fn(
    [2, 2],
    'mvmap(array, expr over array) -> array',
    'Each element mapped by the expression (the field names the element).'
  ),
  mvzip: fn([2, 3], "mvzip(left, right[, ',']) -> array", 'Pairs elements into joined strings.'),
});

export const JSON_FUNCTIONS = defineFamily('json', {
  json: fn([1, 1], 'json(s) -> string', 'The JSON text if valid, else null.'),
  json_valid: fn([1, 1], 'json_valid(s) -> boolean', 'Whether s is valid JSON.'),
  json_object: fn([2, ANY], 'json_object(key1, value1, …) -> string', 'A JSON object.'),
  json_array: fn([0, ANY], 'json_array(v1, v2, …) -> string', 'A JSON array.'),
  json_array_length: fn(
    [1, 1],
    'json_array_length(s) -> int',
    'Elements of a JSON array; null otherwise.'
  ),
  json_extract: fn([2, ANY], "json_extract(s, 'a{0}.b', …) -> string", 'Values at JSON paths.'),
  json_delete: fn(
    [2, ANY],
    "json_delete(s, 'a{0}.b', …) -> string",
    'Removes values at JSON paths.'
  ),
  json_set: fn([3, ANY], "json_set(s, 'path', value, …) -> string", 'Sets values at JSON paths.'),
  json_append: fn(
    [3, ANY],
    "json_append(s, 'path', value, …) -> string",
    'Appends values to arrays at JSON paths.'
  ),
  json_extend: fn(
    [3, ANY],
    "json_extend(s, 'path', value, …) -> string",
    'Extends arrays at JSON paths with array values.'
  ),
  json_keys: fn([1, 1], 'json_keys(s) -> string', 'The keys of a JSON object as a JSON array.'),
});

export const CRYPTO_FUNCTIONS = defineFamily('crypto', {
  md5: fn([1, 1], 'md5(s) -> string', 'MD5 digest, hex.'),
  sha1: fn([1, 1], 'sha1(s) -> string', 'SHA-1 digest, hex.'),
  sha2: fn([2, 2], 'sha2(s, 224 | 256 | 384 | 512) -> string', 'SHA-2 digest, hex.'),
});

export const IP_FUNCTIONS = defineFamily('ip', {
  cidrmatch: fn(
    [2, 2],
    "cidrmatch(ip, '10.0.0.0/8') -> boolean",
    'Whether an IPv4 or IPv6 address is in a CIDR range.'
  ),
  geoip: fn(
    [2, 3],
    'geoip(datasource, ip[, properties]) -> struct',
    'Not available here: needs the Geospatial plugin.'
  ),
});

export const SYSTEM_FUNCTIONS = defineFamily('system', {
  typeof: fn([1, 1], 'typeof(x) -> string', 'The type name of x (INT, STRING, TIMESTAMP, …).'),
});

export const RELEVANCE_FUNCTIONS = defineFamily('relevance', {
  match: fn(
    [2, ANY],
    "match(field, 'text'[, option=value …]) -> boolean",
    'A match query (in where, run by OpenSearch).'
  ),
  match_phrase: fn(
    [2, ANY],
    "match_phrase(field, 'text'[, slop=n …]) -> boolean",
    'A match_phrase query.',
    ['matchphrase']
  ),
  match_phrase_prefix: fn(
    [2, ANY],
    "match_phrase_prefix(field, 'text'[, option=value …]) -> boolean",
    'A match_phrase_prefix query.'
  ),
  match_bool_prefix: fn(
    [2, ANY],
    "match_bool_prefix(field, 'text'[, option=value …]) -> boolean",
    'A match_bool_prefix query.'
  ),
  multi_match: fn(
    [1, ANY],
    "multi_match([f1 ^ 2, f2], 'text'[, option=value …]) -> boolean",
    'A multi_match query.'
  ),
  simple_query_string: fn(
    [1, ANY],
    "simple_query_string([f1, f2], 'text'[, option=value …]) -> boolean",
    'A simple_query_string query.'
  ),
  query_string: fn(
    [1, ANY],
    "query_string([f1, f2], 'text'[, option=value …]) -> boolean",
    'A query_string query.'
  ),
});
