/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * String functions (string.md, Calcite's implementations): `length` counts characters (UTF-16
 * code units, Calcite's CHAR_LENGTH; the docs say bytes, the engine counts characters);
 * `concat` is null if any argument is; `concat_ws` skips null arguments and is null only for a
 * null separator; `trim`/`ltrim`/`rtrim` remove spaces; `substring(s, start[, len])` is 1-based
 * with SQL's rules (a start below 1 eats into the length, a negative length is an error);
 * `replace`/`regexp_replace` take a Java regular expression, run on RE2 in linear time (regex.ts).
 */
import type { Span } from '../../../../common/ppl/ast';
import { STRING_FUNCTIONS } from '../../../../common/ppl/functions';
import { PplEvaluationError } from '../errors';
import { stringBytes } from '../memory';
import { replaceAll } from '../regex';
import {
  CallContext,
  CallSite,
  FamilyImplementations,
  intArg,
  requireNumeric,
  requireString,
  textArg,
} from './registry';
import type { Typed } from './values';

/** The characters of an argument as text (a string's own length, without copying it). */
const textLength = (x: Typed): number =>
  typeof x.v === 'string' ? x.v.length : x.v === null ? 0 : textArg(x).length;

/** `replace`: the regex run with the deadline and the memory looked at as the result grows. */
const replacing = ([s, p, r]: Typed[], ctx: CallContext) =>
  replaceAll(textArg(s), textArg(p), textArg(r), ctx.span, {
    step: () => ctx.checkpoint(),
    room: (length) => ctx.ensureRoom(stringBytes(length)),
  });

/** SQL's SUBSTRING (Calcite's `SqlFunctions.substring`): 1-based, a start below 1 eats the length. */
function substring(s: string, start: number, length: number | undefined, span: Span): string {
  if (length === undefined) {
    return start <= 1 ? s : start > s.length ? '' : s.slice(start - 1);
  }
  if (length < 0) {
    throw new PplEvaluationError(`substring length must not be negative, found ${length}`, span);
  }
  const end = start + length;
  if (start > s.length || end < 1) {
    return '';
  }
  return s.slice(Math.max(start, 1) - 1, Math.min(end, s.length + 1) - 1);
}

const stringOf =
  (...numeric: number[]) =>
  (args: Parameters<typeof requireString>[0], site: CallSite) => {
    requireString(args, site, ...args.map((_, i) => i).filter((i) => !numeric.includes(i)));
    requireNumeric(args, site, ...numeric);
    return 'string' as const;
  };

const intOf =
  (...numeric: number[]) =>
  (args: Parameters<typeof requireString>[0], site: CallSite) => {
    stringOf(...numeric)(args, site);
    return 'int' as const;
  };

export const stringFunctions: FamilyImplementations<typeof STRING_FUNCTIONS.functions> = {
  concat: {
    type: stringOf(),
    outputBytes: (args) => stringBytes(args.reduce((n, x) => n + textLength(x), 0)),
    apply: (args) => args.map(textArg).join(''),
  },
  concat_ws: {
    type: stringOf(),
    nulls: 'custom',
    outputBytes: ([sep, ...parts]) =>
      stringBytes(parts.reduce((n, x) => n + textLength(x) + textLength(sep), 0)),
    apply: ([sep, ...parts]) =>
      sep.v === null
        ? null
        : parts
            .filter((x) => x.v !== null)
            .map(textArg)
            .join(textArg(sep)),
  },
  length: { type: intOf(), apply: ([s]) => textArg(s).length },
  locate: {
    type: intOf(2),
    apply: ([sub, s, start], ctx) => {
      const from = start === undefined ? 1 : intArg(start, ctx);
      if (from < 1) return 0;
      return textArg(s).indexOf(textArg(sub), from - 1) + 1;
    },
  },
  position: { type: intOf(), apply: ([sub, s]) => textArg(s).indexOf(textArg(sub)) + 1 },
  lower: { type: stringOf(), apply: ([s]) => textArg(s).toLowerCase() },
  upper: { type: stringOf(), apply: ([s]) => textArg(s).toUpperCase() },
  trim: { type: stringOf(), apply: ([s]) => textArg(s).replace(/^ +| +$/g, '') },
  ltrim: { type: stringOf(), apply: ([s]) => textArg(s).replace(/^ +/, '') },
  rtrim: { type: stringOf(), apply: ([s]) => textArg(s).replace(/ +$/, '') },
  substring: {
    type: stringOf(1, 2),
    apply: ([s, start, length], ctx) =>
      substring(
        textArg(s),
        intArg(start, ctx),
        length === undefined ? undefined : intArg(length, ctx),
        ctx.span
      ),
  },
  left: {
    type: stringOf(1),
    apply: ([s, n], ctx) => textArg(s).slice(0, Math.max(0, intArg(n, ctx))),
  },
  right: {
    type: stringOf(1),
    apply: ([s, n], ctx) => {
      const text = textArg(s);
      const k = Math.max(0, intArg(n, ctx));
      return k === 0 ? '' : text.slice(Math.max(0, text.length - k));
    },
  },
  reverse: {
    type: stringOf(),
    // Reversed by code point through an array of one-character strings.
    outputBytes: ([s]) => stringBytes(textLength(s)) + 8 * textLength(s),
    apply: ([s]) => [...textArg(s)].reverse().join(''),
  },
  replace: { type: stringOf(), apply: replacing },
  regexp_replace: { type: stringOf(), apply: replacing },
};
