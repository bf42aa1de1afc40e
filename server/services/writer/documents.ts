/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Rows to lookup documents, as the contract says: every column except null values and the
 * reserved ones, multivalue values as arrays, plus `__lookup: <slice>`; and, for `key_field`, the
 * deterministic `_id` of the row's key in the slice.
 */
import type { SchemaColumn } from '../../../common/api/codecs';
import { SEARCH_METADATA_COLUMNS } from '../../../common/edit/column_names';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { encodeDocId, keyTypeForColumn } from '../../../common/substrate/id_encoder';
import { isSubstrateError } from '../../../common/substrate/errors';
import { storedTimestamp } from '../../../common/substrate/field_types';
import { BadRequestError } from '../../lib/errors';
import type { Row } from './row_source';

/** Search metadata that PPL results may carry as columns; never written as fields. */
export const RESERVED_COLUMNS: ReadonlySet<string> = new Set([
  ...SEARCH_METADATA_COLUMNS,
  LOOKUP_FIELD,
]);

/** A row as a document; `timestamps` names its timestamp columns (see {@link storedTimestamp}). */
export function toDocument(
  row: Row,
  slice: string,
  timestamps?: ReadonlySet<string>
): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  // `for…in` over the row's own keys: no array per row (rows are plain objects).
  for (const column in row) {
    const value = row[column];
    if (value === null || value === undefined || RESERVED_COLUMNS.has(column)) continue;
    doc[column] = timestamps?.has(column) ? storedTimestamp(value) : value;
  }
  doc[LOOKUP_FIELD] = slice;
  return doc;
}

export class KeyEncoder {
  private readonly types: Map<string, string | undefined>;

  constructor(
    private readonly keyFields: string[],
    columns: SchemaColumn[] | undefined
  ) {
    this.types = new Map(keyFields.map((f) => [f, columns?.find((c) => c.name === f)?.type]));
  }

  /** The `_id` of `row` in `slice`; `rowNumber` (0-based) names the row in errors. */
  idOf(row: Row, slice: string, rowNumber: number): string {
    const keys = this.keyFields.map((field) => {
      const value = row[field];
      if (Array.isArray(value)) {
        throw new BadRequestError(
          `Row ${rowNumber + 1} has several values in the key field "${field}"; a key value must be single. ` +
            'Pick one value (for example with eval or mvindex), or choose another key_field.',
          { field, row: rowNumber + 1 }
        );
      }
      return { type: keyTypeForColumn(this.types.get(field), value), value: value ?? null, field };
    });
    try {
      return encodeDocId(keys, slice);
    } catch (error) {
      if (!isSubstrateError(error)) throw error;
      throw new BadRequestError(`Row ${rowNumber + 1}: ${error.message}`, {
        field: error.field,
        row: rowNumber + 1,
      });
    }
  }
}

/** Every key field must be a column of the result; the error lists the columns there are. */
export function checkKeyFields(keyFields: string[], columnNames: Iterable<string>) {
  const available = [...new Set(columnNames)].filter((c) => !RESERVED_COLUMNS.has(c));
  const missing = keyFields.filter((field) => !available.includes(field));
  if (missing.length > 0) {
    throw new BadRequestError(
      `key_field names ${missing.map((f) => `"${f}"`).join(', ')}, which ${missing.length > 1 ? 'are not columns' : 'is not a column'} ` +
        `of the result. Available fields: ${available.join(', ') || '(none)'}.`,
      { field: missing[0], available_fields: available }
    );
  }
}
