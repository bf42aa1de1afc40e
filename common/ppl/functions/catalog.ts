/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The shape of the function catalog: what the parser and the editor know of each PPL function
 * (names, arity, signature, one-line doc). Pure data, safe in the browser; the server's registry
 * (server/services/ppl/functions) implements every entry.
 */

export type FunctionFamily =
  | 'datetime'
  | 'math'
  | 'string'
  | 'condition'
  | 'conversion'
  | 'collection'
  | 'json'
  | 'crypto'
  | 'ip'
  | 'relevance'
  | 'system';

export interface FunctionInfo {
  /** Fewest and most arguments (Infinity: any number). */
  arity: readonly [number, number];
  /** How to call it, e.g. `date_add(date, INTERVAL n unit) -> timestamp`. */
  signature: string;
  doc: string;
  /** Other names of the same function (`substr` for `substring`). */
  aliases?: readonly string[];
}

export type FunctionFamilyEntries = Readonly<Record<string, FunctionInfo>>;

export interface FunctionFamilyCatalog<T extends FunctionFamilyEntries = FunctionFamilyEntries> {
  family: FunctionFamily;
  functions: T;
}

export function defineFamily<T extends FunctionFamilyEntries>(
  family: FunctionFamily,
  functions: T
): FunctionFamilyCatalog<T> {
  return { family, functions };
}

/** Shorthand for an entry. */
export const fn = (
  arity: readonly [number, number],
  signature: string,
  doc: string,
  aliases?: readonly string[]
): FunctionInfo =>
  aliases === undefined ? { arity, signature, doc } : { arity, signature, doc, aliases };

export const ANY = Infinity;
