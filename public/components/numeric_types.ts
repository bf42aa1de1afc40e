/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* PPL and OpenSearch names of number types: their columns align right. */
const NUMERIC_TYPES = new Set([
  'byte',
  'short',
  'integer',
  'int',
  'long',
  'bigint',
  'smallint',
  'tinyint',
  'float',
  'double',
  'half_float',
  'scaled_float',
  'unsigned_long',
  'real',
]);

export const isNumericType = (type: string | undefined) =>
  type !== undefined && NUMERIC_TYPES.has(type.toLowerCase());
