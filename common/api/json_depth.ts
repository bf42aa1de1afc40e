/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * How deep JSON text nests, found from the text alone, before it is parsed: one pass, no
 * recursion and no values built, so text nested 100,000 deep is measured as cheaply as text
 * nested 3. lossless-json's parser, `JSON.stringify` and any walk over the parsed value recurse,
 * and overflow the stack somewhere past a few thousand levels; text refused here never reaches
 * them. Text that is not JSON is measured as far as it goes; the parser then says what is wrong.
 */

/** Where the text first nests deeper than its limit: the keys and indices leading there. */
export interface JsonDepthExcess {
  /** The levels allowed (objects and arrays, the outermost one being level 1). */
  maxDepth: number;
  /** Object keys and array indices of the containers around the one that is too deep. */
  path: Array<string | number>;
}

interface Frame {
  array: boolean;
  /** The current element's index (an array) or key (an object). */
  at: string | number | undefined;
  expectKey: boolean;
}

// Each call makes its own global copy: a shared `g` regex would carry its position between calls.
const STRUCTURAL = /[[\]{}",]/;

/** The end (index of the closing quote) of the string that starts at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1;) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

function keyOf(literal: string): string {
  try {
    return String(JSON.parse(literal));
  } catch {
    return literal.slice(1, -1);
  }
}

/** Whether the text holds more than `max` opening brackets (none of it parsed; strings too). */
function moreOpenersThan(text: string, max: number): boolean {
  let count = 0;
  for (const opener of ['{', '[']) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
      if (++count > max) return true;
    }
  }
  return false;
}

/** How deep the text nests, stopping as soon as it passes `maxDepth`: true if it does. */
function nestsDeeper(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      if (end === -1) return false;
      i = end;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (depth > 0) depth--;
    }
  }
  return false;
}

/** Where `text` first nests objects and arrays deeper than `maxDepth`, or undefined if it never does. */
export function jsonDepthExcess(text: string, maxDepth: number): JsonDepthExcess | undefined {
  // Most text has too few brackets to be deep, which native searches show fastest; the path is
  // only worked out for text that is too deep.
  if (!moreOpenersThan(text, maxDepth) || !nestsDeeper(text, maxDepth)) return undefined;
  return excessPath(text, maxDepth);
}

function excessPath(text: string, maxDepth: number): JsonDepthExcess | undefined {
  const frames: Frame[] = [];
  const structural = new RegExp(STRUCTURAL.source, 'g');
  for (let match = structural.exec(text); match !== null; match = structural.exec(text)) {
    const top = frames[frames.length - 1];
    switch (match[0]) {
      case '"': {
        const end = stringEnd(text, match.index);
        if (end === -1) return undefined;
        if (top && !top.array && top.expectKey) {
          top.at = keyOf(text.slice(match.index, end + 1));
          top.expectKey = false;
        }
        structural.lastIndex = end + 1;
        break;
      }
      case '{':
      case '[': {
        if (frames.length >= maxDepth) {
          return { maxDepth, path: frames.map((f) => f.at ?? (f.array ? 0 : '')) };
        }
        const array = match[0] === '[';
        frames.push({ array, at: array ? 0 : undefined, expectKey: !array });
        break;
      }
      case '}':
      case ']':
        frames.pop();
        break;
      case ',':
        if (top?.array) top.at = (top.at as number) + 1;
        else if (top) top.expectKey = true;
        break;
    }
  }
  return undefined;
}

/** A path as a reader writes it: rows[12].geo.point; the first `shown` parts, then "…". */
export function describeJsonPath(path: Array<string | number>, shown = 6): string {
  const parts = path.slice(0, shown).map((part, i) => {
    if (typeof part === 'number') return `[${part}]`;
    const plain = /^[A-Za-z_$][\w$@-]*$/.test(part) ? part : JSON.stringify(part);
    return i === 0 ? plain : `.${plain}`;
  });
  return parts.join('') + (path.length > shown ? '…' : '');
}
