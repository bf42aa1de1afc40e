/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The PPL function catalog, one family per file: the parser checks names and arity against it,
 * and the editor lists its names, signatures and docs. Browser-safe (pure data).
 */
import type { FunctionFamily, FunctionFamilyCatalog, FunctionInfo } from './catalog';
import { DATETIME_FUNCTIONS } from './datetime';
import {
  COLLECTION_FUNCTIONS,
  CONDITION_FUNCTIONS,
  CONVERSION_FUNCTIONS,
  CRYPTO_FUNCTIONS,
  IP_FUNCTIONS,
  JSON_FUNCTIONS,
  MATH_FUNCTIONS,
  RELEVANCE_FUNCTIONS,
  STRING_FUNCTIONS,
  SYSTEM_FUNCTIONS,
} from './families';
import { AGGREGATION_CATALOG } from './aggregations';

export * from './catalog';
export * from './datetime';
export * from './families';
export * from './aggregations';

export const FUNCTION_FAMILIES: readonly FunctionFamilyCatalog[] = [
  DATETIME_FUNCTIONS,
  MATH_FUNCTIONS,
  STRING_FUNCTIONS,
  CONDITION_FUNCTIONS,
  CONVERSION_FUNCTIONS,
  COLLECTION_FUNCTIONS,
  JSON_FUNCTIONS,
  CRYPTO_FUNCTIONS,
  IP_FUNCTIONS,
  SYSTEM_FUNCTIONS,
  RELEVANCE_FUNCTIONS,
];

/** Forms with their own syntax: the parser builds their own nodes. */
export const SPECIAL_FORMS: Readonly<Record<string, FunctionInfo & { family: FunctionFamily }>> = {
  case: {
    family: 'condition',
    arity: [2, Infinity],
    signature: 'case(cond1, v1, cond2, v2 … [else default])',
    doc: 'The value of the first true condition, else the default (or null).',
  },
  cast: {
    family: 'conversion',
    arity: [1, 1],
    signature:
      'cast(x as int | long | float | double | string | boolean | date | time | timestamp | ip)',
    doc: 'The value converted to a type.',
  },
  like: {
    family: 'string',
    arity: [2, 3],
    signature: "like(s, 'pattern%'[, case_sensitive]) -> boolean",
    doc: '% matches any run, _ one character; case-insensitive unless told.',
  },
  ilike: {
    family: 'string',
    arity: [2, 2],
    signature: "ilike(s, 'pattern%') -> boolean",
    doc: 'Case-insensitive LIKE.',
  },
};

export interface CatalogEntry extends FunctionInfo {
  name: string;
  family: FunctionFamily;
  /** The canonical name when `name` is an alias. */
  aliasOf?: string;
}

function entries(): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (const { family, functions } of FUNCTION_FAMILIES) {
    for (const [name, info] of Object.entries(functions)) {
      out.push({ ...info, name, family });
      for (const alias of info.aliases ?? [])
        out.push({ ...info, name: alias, family, aliasOf: name });
    }
  }
  for (const [name, info] of Object.entries(SPECIAL_FORMS)) out.push({ ...info, name });
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Every scalar function name (aliases included), with its info. */
export const FUNCTION_CATALOG: readonly CatalogEntry[] = entries();

/** Every aggregation name (aliases included) with its info; `perc<N>`/`p<N>` are patterns. */
export const AGGREGATION_ENTRIES: ReadonlyArray<FunctionInfo & { name: string; aliasOf?: string }> =
  Object.entries(AGGREGATION_CATALOG).flatMap(([name, info]) => [
    { ...info, name },
    ...(('aliases' in info ? info.aliases : undefined) ?? []).map((alias: string) => ({
      ...info,
      name: alias,
      aliasOf: name,
    })),
  ]);
