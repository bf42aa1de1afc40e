/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Rows of a known schema in an OUI data grid, as Discover and Query Workbench show them: one line
 * per cell (the full value in the cell's popover), columns resizable and hideable, horizontal
 * scroll for wide results, numbers right-aligned, and sorting and paging in the browser.
 */
import { useCallback, useMemo, useState } from 'react';
import { EuiDataGrid, type EuiDataGridColumn, type EuiDataGridSorting } from '@elastic/eui';
import type { SchemaColumn } from '../../common/api/codecs';
import { columnHeader, columnKey, renderCell, sortValue } from './data_columns';
import { isNumericType } from './numeric_types';

/** A starting width from the name and type, so short columns do not take a third of the grid. */
function initialWidth(column: SchemaColumn): number {
  const base = isNumericType(column.type) ? 110 : 160;
  return Math.min(320, Math.max(base, (column.name.length + column.type.length) * 8 + 40));
}

function compare(a: unknown, b: unknown): number {
  const x = sortValue(a);
  const y = sortValue(b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'number') return -1;
  if (typeof y === 'number') return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function ResultsGrid({
  schema,
  rows,
  ariaLabel,
  'data-test-subj': testSubj,
}: {
  schema: readonly SchemaColumn[];
  rows: readonly unknown[][];
  ariaLabel: string;
  'data-test-subj'?: string;
}) {
  const columns: EuiDataGridColumn[] = useMemo(
    () =>
      schema.map((column, i) => ({
        id: columnKey(i),
        displayAsText: column.name,
        display: columnHeader(column.name, column.type),
        schema: isNumericType(column.type) ? 'numeric' : undefined,
        initialWidth: initialWidth(column),
        isSortable: true,
      })),
    [schema]
  );
  const [visibleColumns, setVisibleColumns] = useState(() => columns.map((c) => c.id));
  // A new result brings new columns: show them all.
  const columnIds = columns.map((c) => c.id).join(',');
  const [shownFor, setShownFor] = useState(columnIds);
  if (shownFor !== columnIds) {
    setShownFor(columnIds);
    setVisibleColumns(columns.map((c) => c.id));
  }

  const [sortingColumns, setSortingColumns] = useState<EuiDataGridSorting['columns']>([]);
  const order = useMemo(() => {
    const indices = rows.map((_, i) => i);
    if (sortingColumns.length === 0) return indices;
    const keys = sortingColumns.map((s) => ({
      index: Number(s.id.slice(1)),
      sign: s.direction === 'desc' ? -1 : 1,
    }));
    return indices.sort((a, b) => {
      for (const { index, sign } of keys) {
        const c = compare(rows[a][index], rows[b][index]);
        if (c !== 0) return c * sign;
      }
      return a - b;
    });
  }, [rows, sortingColumns]);

  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 50 });
  const onChangePage = useCallback(
    (pageIndex: number) => setPagination((p) => ({ ...p, pageIndex })),
    []
  );
  const onChangeItemsPerPage = useCallback(
    (pageSize: number) => setPagination({ pageIndex: 0, pageSize }),
    []
  );

  const renderCellValue = useCallback(
    ({ rowIndex, columnId }: { rowIndex: number; columnId: string }) => {
      const row = rows[order[rowIndex]];
      return row ? renderCell(row[Number(columnId.slice(1))]) : null;
    },
    [rows, order]
  );

  return (
    <EuiDataGrid
      aria-label={ariaLabel}
      columns={columns}
      columnVisibility={{ visibleColumns, setVisibleColumns }}
      rowCount={rows.length}
      renderCellValue={renderCellValue}
      sorting={{ columns: sortingColumns, onSort: setSortingColumns }}
      pagination={{
        ...pagination,
        pageSizeOptions: [20, 50, 100],
        onChangePage,
        onChangeItemsPerPage,
      }}
      toolbarVisibility={{ showStyleSelector: true, showFullScreenSelector: true }}
      gridStyle={{ fontSize: 's', cellPadding: 's', border: 'horizontal', stripes: false }}
      data-test-subj={testSubj}
    />
  );
}
