/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * JSON that keeps every digit of an integer: integers beyond 2^53 read as `bigint` (numbers
 * otherwise), and a `bigint` is written as a JSON number. `JSON.parse` would round
 * 9007199254740993 to ...992, and `JSON.stringify` refuses a bigint. Used for request bodies,
 * NDJSON files, the import spool, documents sent to OpenSearch and answers carrying user data.
 *
 * Text without a run of 16 digits cannot hold an unsafe integer (2^53 has 16 digits), so it takes
 * `JSON.parse`; the rest goes through lossless-json. Either way a `__proto__` key is refused, as
 * hapi's body parser (@hapi/bourne, `protoAction: 'error'`) refuses it for OSD.
 */
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { describeJsonPath, jsonDepthExcess, JsonDepthExcess } from './json_depth';

export class JsonSyntaxError extends Error {}

/** The text nests deeper than the caller allows: refused before it is parsed, at any depth. */
export class JsonDepthError extends JsonSyntaxError {
  constructor(public readonly excess: JsonDepthExcess) {
    super(
      `the JSON nests arrays or objects deeper than ${excess.maxDepth} levels` +
        (excess.path.length > 0 ? ` (at ${describeJsonPath(excess.path)})` : '')
    );
  }
}

export interface ParseJsonOptions {
  /**
   * Levels of objects and arrays the text may nest (the outermost is level 1); deeper text is a
   * `JsonDepthError`, found without parsing it, whatever its depth.
   */
  maxDepth?: number;
}

const MAYBE_UNSAFE_INTEGER = /\d{16}/;
const INTEGER_TEXT = /^-?\d+$/;
// `"__proto__":`, with any of its characters written as a \u escape.
const PROTO_KEY =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

function parseNumber(text: string): number | bigint {
  const value = Number(text);
  return INTEGER_TEXT.test(text) && !Number.isSafeInteger(value) ? BigInt(text) : value;
}

function hasProtoKey(value: unknown): boolean {
  // Iterative: a body nested thousands deep must not overflow the stack here.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === null || typeof next !== 'object') continue;
    if (!Array.isArray(next) && Object.prototype.hasOwnProperty.call(next, '__proto__')) {
      return true;
    }
    for (const child of Object.values(next as Record<string, unknown>)) stack.push(child);
  }
  return false;
}

/** Parses JSON text; integers beyond 2^53 become `bigint`. Throws `JsonSyntaxError`. */
export function parseJson(text: string, options: ParseJsonOptions = {}): unknown {
  if (options.maxDepth !== undefined) {
    const excess = jsonDepthExcess(text, options.maxDepth);
    if (excess) throw new JsonDepthError(excess);
  }
  let value: unknown;
  try {
    value = MAYBE_UNSAFE_INTEGER.test(text)
      ? parseLossless(text, null, {
          parseNumber,
          // As JSON.parse: the last of two equal keys wins.
          onDuplicateKey: ({ newValue }) => newValue,
        })
      : JSON.parse(text);
  } catch (error) {
    throw new JsonSyntaxError((error as Error).message);
  }
  if (PROTO_KEY.test(text) && hasProtoKey(value)) {
    throw new JsonSyntaxError('Object contains forbidden prototype property');
  }
  return value;
}

/** `JSON.stringify`, but a `bigint` is written as the JSON number of its digits. */
export function stringifyJson(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    return stringifyLossless(value, undefined, space) as string;
  }
}
