/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Where a write's rows come from. A source yields rows in batches, so a writer never holds more
 * than a few batches, and says what it knows up front: the declared column types (which choose
 * the key encoding, as in the Java writer) and the row count (which lets the ceiling be checked
 * before anything is created).
 */
import type { SchemaColumn } from '../../../common/api/codecs';
import { BadRequestError } from '../../lib/errors';

export type Row = Record<string, unknown>;

/** What a source says of its rows up front. */
export interface RowSourceInfo {
  /** Declared columns, in order (the `_plugins/_ppl` schema), when the source has them. */
  readonly columns?: SchemaColumn[];
  /** How many rows the source yields, when it is known before reading. */
  readonly count?: number;
  /** Every column name of the result, when known before reading (checks key_field up front). */
  readonly columnNames?: string[];
  /**
   * PPL results may carry search metadata columns (`_id`, `_score`, …), which are not written;
   * in data a user sends, such a column is refused instead.
   */
  readonly metadataColumnsAllowed?: boolean;
}

export interface RowSource extends RowSourceInfo {
  batches(batchSize: number): AsyncIterable<Row[]>;
}

async function* sliceBatches<T, R>(
  items: T[],
  batchSize: number,
  map: (item: T, index: number) => R
) {
  for (let start = 0; start < items.length; start += batchSize) {
    yield items.slice(start, start + batchSize).map((item, i) => map(item, start + i));
  }
}

/** Rows given as objects; types come from the JSON values. */
export function rowsSource(rows: Row[]): RowSource {
  const columnNames = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columnNames.add(key);
  return {
    count: rows.length,
    columnNames: [...columnNames],
    batches: (size) => sliceBatches(rows, size, (row) => row),
  };
}

/** Rows given as the `_plugins/_ppl` table: `schema` names and types the `datarows` columns. */
export function tableSource(schema: SchemaColumn[], datarows: unknown[][]): RowSource {
  const names = schema.map((column) => column.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) {
    throw new BadRequestError(
      `The schema names the column "${duplicate}" twice; give each column one name.`,
      {
        field: duplicate,
      }
    );
  }
  const badRow = datarows.findIndex((row) => row.length !== schema.length);
  if (badRow >= 0) {
    throw new BadRequestError(
      `datarows[${badRow}] has ${datarows[badRow].length} values but the schema has ${schema.length} columns; ` +
        'give every row one value per column (null for none).',
      { row: badRow }
    );
  }
  return {
    columns: schema,
    columnNames: names,
    count: datarows.length,
    batches: (size) =>
      sliceBatches(datarows, size, (values) => {
        const row: Row = {};
        names.forEach((name, i) => (row[name] = values[i]));
        return row;
      }),
  };
}

/** The first `max` rows of a source. */
export function truncate(source: RowSource, max: number | undefined): RowSource {
  if (max === undefined) return source;
  return {
    metadataColumnsAllowed: source.metadataColumnsAllowed,
    columns: source.columns,
    columnNames: source.columnNames,
    count: source.count === undefined ? undefined : Math.min(source.count, max),
    async *batches(size) {
      let left = max;
      for await (const batch of source.batches(size)) {
        if (left <= 0) return;
        const kept = batch.length > left ? batch.slice(0, left) : batch;
        left -= kept.length;
        yield kept;
      }
    },
  };
}
