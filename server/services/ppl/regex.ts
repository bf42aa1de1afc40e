/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Pattern matching on user-supplied patterns, in time linear in the input: a query is written by
 * any signed-in user, and a backtracking engine (JavaScript's RegExp) lets one pattern such as
 * `(a+)+$` or `%a%a%a%a%b` freeze the server for minutes.
 *
 * - Regular expressions (`replace`) run on RE2 (the `re2js` port). PPL documents Java regular
 *   expressions; RE2 accepts the same syntax except the constructs that need backtracking
 *   (backreferences, lookahead, lookbehind, atomic groups, possessive quantifiers): those are
 *   refused by name, saying RE2 syntax is required. `(?<name>…)`, `(?i)`, `\Q…\E` work as in Java.
 * - `LIKE` patterns are matched by a wildcard matcher (no regular expression at all): `%` any run,
 *   `_` one character (code point), `\` escapes the next character.
 */
import { RE2JS } from 're2js';
import type { Span } from '../../../common/ppl/ast';
import { PplEvaluationError } from './errors';

const CACHE_SIZE = 256;

/** A small cache: a query applies the same pattern to every row. */
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) {
    return hit;
  }
  const value = make();
  if (cache.size >= CACHE_SIZE) {
    cache.clear();
  }
  cache.set(key, value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Regular expressions

/** Java constructs that RE2 cannot run, found outside character classes and `\Q…\E`. */
function unsupportedConstruct(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    const rest = pattern.slice(i);
    if (c === '\\') {
      const n = pattern.charAt(i + 1);
      if (n === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        if (end < 0) {
          return undefined;
        }
        i = end + 1;
        continue;
      }
      if (!inClass && /[1-9]/.test(n)) {
        return `a backreference (\\${n})`;
      }
      if (!inClass && n === 'k' && pattern.charAt(i + 2) === '<') {
        return 'a named backreference (\\k<…>)';
      }
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') {
        inClass = false;
      }
      continue;
    }
    if (c === '[') {
      inClass = true;
      // A `]` right after `[` or `[^` is a literal member.
      if (pattern.charAt(i + 1) === '^') i++;
      if (pattern.charAt(i + 1) === ']') i++;
      continue;
    }
    if (rest.startsWith('(?=')) return 'a lookahead (?=…)';
    if (rest.startsWith('(?!')) return 'a negative lookahead (?!…)';
    if (rest.startsWith('(?<=')) return 'a lookbehind (?<=…)';
    if (rest.startsWith('(?<!')) return 'a negative lookbehind (?<!…)';
    if (rest.startsWith('(?>')) return 'an atomic group (?>…)';
    if (/^[*+?}]\+/.test(rest)) return `a possessive quantifier (${rest.slice(0, 2)})`;
  }
  return undefined;
}

const regexCache = new Map<string, RE2JS | string>();

/**
 * A user's regular expression compiled for RE2, or a {@link PplEvaluationError} at `span` naming
 * what is wrong with it.
 */
export function compileRegex(pattern: string, span: Span): RE2JS {
  const compiled = cached(regexCache, pattern, (): RE2JS | string => {
    const construct = unsupportedConstruct(pattern);
    if (construct !== undefined) {
      return (
        `the regular expression "${pattern}" uses ${construct}, which cannot run in linear time: ` +
        'RE2 syntax is required (no backreferences, lookaround, atomic groups or possessive quantifiers)'
      );
    }
    try {
      return RE2JS.compile(pattern);
    } catch (e) {
      const detail = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : '';
      return `invalid regular expression "${pattern}": ${detail} (RE2 syntax is required)`;
    }
  });
  if (typeof compiled === 'string') {
    throw new PplEvaluationError(compiled, span);
  }
  return compiled;
}

type ReplacementPart = string | { group: number | string };

/**
 * A Java `replaceAll` replacement: `$n` (as many digits as name an existing group, as Java reads
 * them), `${name}`, `\x` for a literal `x`, and PCRE-style `\1` for group 1.
 */
function parseReplacement(replacement: string, re: RE2JS, span: Span): ReplacementPart[] {
  const groups = re.groupCount();
  const names = re.namedGroups() as Record<string, number>;
  const parts: ReplacementPart[] = [];
  let literal = '';
  const push = (group: number | string): void => {
    if (typeof group === 'number' && group > groups) {
      throw new PplEvaluationError(
        `invalid replacement "${replacement}": no group ${group} (the pattern has ${groups})`,
        span
      );
    }
    if (typeof group === 'string' && !Object.prototype.hasOwnProperty.call(names, group)) {
      throw new PplEvaluationError(
        `invalid replacement "${replacement}": the pattern has no group named "${group}"`,
        span
      );
    }
    if (literal !== '') {
      parts.push(literal);
      literal = '';
    }
    parts.push({ group });
  };
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement.charAt(i);
    const n = replacement.charAt(i + 1);
    if (c === '\\' && i + 1 < replacement.length) {
      if (/\d/.test(n)) {
        push(Number(n));
      } else {
        literal += n;
      }
      i++;
    } else if (c === '$') {
      if (n === '{') {
        const close = replacement.indexOf('}', i);
        if (close < 0) {
          throw new PplEvaluationError(`invalid replacement "${replacement}": missing "}"`, span);
        }
        push(replacement.slice(i + 2, close));
        i = close;
      } else if (/\d/.test(n)) {
        let group = Number(n);
        i++;
        while (/\d/.test(replacement.charAt(i + 1))) {
          const longer = group * 10 + Number(replacement.charAt(i + 1));
          if (longer > groups) {
            break;
          }
          group = longer;
          i++;
        }
        push(group);
      } else {
        throw new PplEvaluationError(
          `invalid replacement "${replacement}": "$" must be followed by a group number or {name}; write \\$ for a dollar sign`,
          span
        );
      }
    } else {
      literal += c;
    }
  }
  if (literal !== '') {
    parts.push(literal);
  }
  return parts;
}

/**
 * What a loop over a user's input reports to: each `step` may end the query at its deadline, and
 * `room` refuses a result about to grow past the query's memory.
 */
export interface LoopGuard {
  step(): void;
  room(length: number): void;
}

/** `replace(s, regex, replacement)`: every match replaced, as Java's `String.replaceAll`. */
export function replaceAll(
  input: string,
  pattern: string,
  replacement: string,
  span: Span,
  guard?: LoopGuard
): string {
  const re = compileRegex(pattern, span);
  const parts = parseReplacement(replacement, re, span);
  const m = re.matcher(input);
  let out = '';
  let last = 0;
  while (m.find()) {
    // Each match may add a whole replacement: the result is sized as it grows.
    guard?.step();
    guard?.room(out.length + (m.start() - last) + replacement.length);
    out += input.slice(last, m.start());
    for (const part of parts) {
      out += typeof part === 'string' ? part : (m.group(part.group) ?? '');
    }
    last = m.end();
  }
  return out + input.slice(last);
}

// ---------------------------------------------------------------------------------------------
// LIKE

/** One character of a LIKE pattern: a literal, or `_` (any one character). */
type LikeChar = string | null;

interface LikePattern {
  /** The pattern split at each `%`: segments[0] is anchored at the start, the last at the end. */
  segments: LikeChar[][];
  caseSensitive: boolean;
}

/** Case-insensitive comparison folds each character through upper then lower case (`ς` is `σ`). */
const fold = (c: string): string => c.toUpperCase().toLowerCase();

const likeCache = new Map<string, LikePattern>();

function compileLike(pattern: string, caseSensitive: boolean): LikePattern {
  return cached(likeCache, `${caseSensitive ? 's' : 'i'}${pattern}`, () => {
    const segments: LikeChar[][] = [[]];
    const chars = Array.from(pattern);
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      const current = segments[segments.length - 1];
      if (c === '\\' && i + 1 < chars.length) {
        const escaped = chars[++i];
        current.push(caseSensitive ? escaped : fold(escaped));
      } else if (c === '%') {
        segments.push([]);
      } else if (c === '_') {
        current.push(null);
      } else {
        current.push(caseSensitive ? c : fold(c));
      }
    }
    return { segments, caseSensitive };
  });
}

function matchesAt(text: string[], at: number, segment: LikeChar[]): boolean {
  for (let j = 0; j < segment.length; j++) {
    const p = segment[j];
    if (p !== null && p !== text[at + j]) {
      return false;
    }
  }
  return true;
}

/**
 * Whether `text` matches the LIKE `pattern`. Segments between `%` are placed leftmost, each after
 * the one before: that is always a match when one exists, and it never backtracks, so the time is
 * at most the text's length times the pattern's.
 */
export function likeMatches(
  text: string,
  pattern: string,
  caseSensitive: boolean,
  step?: () => void
): boolean {
  const { segments } = compileLike(pattern, caseSensitive);
  const chars = Array.from(text);
  const t = caseSensitive ? chars : chars.map(fold);
  const first = segments[0];
  if (segments.length === 1) {
    return t.length === first.length && matchesAt(t, 0, first);
  }
  const last = segments[segments.length - 1];
  if (first.length + last.length > t.length) {
    return false;
  }
  if (!matchesAt(t, 0, first) || !matchesAt(t, t.length - last.length, last)) {
    return false;
  }
  let at = first.length;
  const end = t.length - last.length;
  for (let s = 1; s < segments.length - 1; s++) {
    const segment = segments[s];
    let found = -1;
    for (let i = at; i + segment.length <= end; i++) {
      step?.();
      if (matchesAt(t, i, segment)) {
        found = i;
        break;
      }
    }
    if (found < 0) {
      return false;
    }
    at = found + segment.length;
  }
  return true;
}

/** The first match of `pattern` replaced, as Java's `String.replaceFirst` (rex mode=sed without g). */
export function replaceFirst(
  input: string,
  pattern: string,
  replacement: string,
  span: Span
): string {
  const re = compileRegex(pattern, span);
  const parts = parseReplacement(replacement, re, span);
  const m = re.matcher(input);
  if (!m.find()) return input;
  let out = input.slice(0, m.start());
  for (const part of parts) out += typeof part === 'string' ? part : (m.group(part.group) ?? '');
  return out + input.slice(m.end());
}
