/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The scalar function registry: every family's implementations, by canonical name and alias. */
import { FUNCTION_CATALOG } from '../../../../common/ppl/functions';
import { collectionFunctions } from './collection';
import { conditionFunctions } from './condition';
import { conversionFunctions } from './conversion';
import { cryptoFunctions, ipFunctions, systemFunctions } from './crypto_ip';
import { datetimeFunctions } from './datetime';
import { jsonFunctions } from './json';
import { mathFunctions } from './math';
import type { ScalarFunction } from './registry';
import { relevanceFunctions } from './relevance';
import { stringFunctions } from './string';

export { coerceTo } from './values';
export type { ScalarFunction } from './registry';

const BY_CANONICAL_NAME: Readonly<Record<string, ScalarFunction>> = {
  ...datetimeFunctions,
  ...mathFunctions,
  ...stringFunctions,
  ...conditionFunctions,
  ...conversionFunctions,
  ...collectionFunctions,
  ...jsonFunctions,
  ...cryptoFunctions,
  ...ipFunctions,
  ...systemFunctions,
  ...relevanceFunctions,
};

const REGISTRY: ReadonlyMap<string, ScalarFunction> = new Map(
  FUNCTION_CATALOG.flatMap((entry) => {
    const impl = BY_CANONICAL_NAME[entry.aliasOf ?? entry.name];
    return impl === undefined ? [] : [[entry.name, impl] as const];
  })
);

/** The implementation of a function by (canonical or alias) name. */
export function scalarFunction(name: string): ScalarFunction | undefined {
  return REGISTRY.get(name);
}
