/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Table columns for rows of a known schema (`[{ name, type }]`), with each column's type shown
 * under its name. Rows become objects keyed `c0`, `c1`, … so that any column name (`count()`,
 * `geo.city`, `a b`) is safe as a table field.
 */
import type { ReactNode } from 'react';
import { EuiTextColor, type EuiBasicTableColumn } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { SchemaColumn } from '../../common/api/codecs';
import { toPplType } from '../../common/ppl/types';
import { formatValue } from './format';
import { isNumericType } from './numeric_types';

export interface TableRow {
  __row: number;
  [key: string]: unknown;
}

export const columnKey = (i: number) => `c${i}`;

export function rowsToItems(datarows: readonly unknown[][], offset = 0): TableRow[] {
  return datarows.map((row, r) => {
    const item: TableRow = { __row: offset + r };
    row.forEach((value, i) => {
      item[columnKey(i)] = value;
    });
    return item;
  });
}

/** Reads `a.b` from `{ a: { b: 1 } }` (or from a flat key `a.b`), as the rows route does. */
export function readPath(row: Record<string, unknown>, path: string): unknown {
  if (path in row) return row[path];
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object'
          ? (value as Record<string, unknown>)[key]
          : undefined,
      row
    );
}

export function objectsToItems(
  rows: ReadonlyArray<Record<string, unknown>>,
  schema: readonly SchemaColumn[],
  offset = 0,
  extra?: (index: number) => Record<string, unknown>
): TableRow[] {
  return rows.map((row, r) => {
    const item: TableRow = { __row: offset + r, ...extra?.(r) };
    schema.forEach((column, i) => {
      item[columnKey(i)] = readPath(row, column.name) ?? null;
    });
    return item;
  });
}

/**
 * A type as every screen names it: PPL's name (`bigint`, `string`, `timestamp`), whether it came
 * from a query's schema or a lookup's mapping (`long`, `text`, `keyword`); a type PPL has no
 * name for keeps its own.
 */
export function typeLabel(type: string): string {
  const ppl = toPplType(type);
  return ppl === 'undefined' && type.trim().toLowerCase() !== 'undefined' ? type : ppl;
}

/** `bigint (long)`: the PPL name, with the mapping type beside it where it differs. */
export function typeWithMapping(type: string): string {
  const label = typeLabel(type);
  return label === type ? label : `${label} (${type})`;
}

/** `bigint; mapped as long` where the mapping says it otherwise, else just the PPL name. */
export function typeDetail(type: string): string {
  const label = typeLabel(type);
  return label === type
    ? label
    : i18n.translate('lookups.types.mappedAs', {
        defaultMessage: '{label}; mapped as {type}',
        values: { label, type },
      });
}

export function columnHeader(name: string, type?: string): ReactNode {
  return (
    <span title={type ? `${name} (${typeDetail(type)})` : name}>
      <span>{name}</span>
      {type ? (
        <>
          {' '}
          <EuiTextColor color="subdued">
            <small data-test-subj="lookupsColumnType">{typeLabel(type)}</small>
          </EuiTextColor>
        </>
      ) : null}
    </span>
  );
}

export function renderCell(value: unknown): ReactNode {
  if (value === null || value === undefined) {
    return (
      <EuiTextColor color="subdued">
        <em>{i18n.translate('lookups.table.null', { defaultMessage: 'null' })}</em>
      </EuiTextColor>
    );
  }
  return formatValue(value);
}

/** A sort key that orders numbers as numbers and puts nulls first. */
export function sortValue(value: unknown): string | number {
  if (value === null || value === undefined) return -Infinity;
  if (typeof value === 'number') return value;
  // Ordered as numbers; neighbours beyond 2^53 may tie.
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return formatValue(value).toLowerCase();
}

export function schemaColumns(
  schema: readonly SchemaColumn[],
  {
    sortable,
    visible = () => true,
  }: {
    sortable: boolean | ((column: SchemaColumn) => boolean);
    /** Columns to show; the others keep their keys, so rows need no remapping. */
    visible?: (column: SchemaColumn) => boolean;
  }
): Array<EuiBasicTableColumn<TableRow>> {
  return schema.flatMap((column, i) => {
    if (!visible(column)) return [];
    const key = columnKey(i);
    const canSort = typeof sortable === 'function' ? sortable(column) : sortable;
    return [
      {
        field: key,
        name: columnHeader(column.name, column.type),
        'data-test-subj': `lookupsColumn-${column.name}`,
        sortable: canSort ? (item: TableRow) => sortValue(item[key]) : false,
        truncateText: true,
        // Numbers line up on their last digit.
        ...(isNumericType(column.type) ? { align: 'right', dataType: 'number' } : {}),
        render: (value: unknown) => renderCell(value),
      } as EuiBasicTableColumn<TableRow>,
    ];
  });
}
