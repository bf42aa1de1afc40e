/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which names a column added or renamed in the editor may have: what OpenSearch can map as a
 * field of a lookup document (no metadata or discriminant names, no empty parts), and, so that
 * it stays one column, no dot (OpenSearch would make it a field inside an object). The browser
 * says so as the name is typed; the server refuses the same names.
 */
import { fieldNameProblem } from '../substrate/field_types';
import { LOOKUP_FIELD } from '../substrate/names';

/** Search metadata names PPL results carry as columns; never fields of a lookup. */
export const SEARCH_METADATA_COLUMNS: ReadonlySet<string> = new Set([
  '_id',
  '_index',
  '_score',
  '_maxscore',
  '_sort',
  '_routing',
]);

/** Why a new column may not be called `name`, or undefined when it may. */
export function newColumnNameProblem(name: string): string | undefined {
  const problem = fieldNameProblem(name, LOOKUP_FIELD);
  if (problem) return problem;
  if (SEARCH_METADATA_COLUMNS.has(name)) return `"${name}" is a search metadata column`;
  if (name.includes('.'))
    return `"${name}" has a dot, which would make it a field inside an object`;
  if (name !== name.trim()) return `"${name}" starts or ends with a space`;
  if (name.length > 255) return 'the name is longer than 255 characters';
  return undefined;
}
