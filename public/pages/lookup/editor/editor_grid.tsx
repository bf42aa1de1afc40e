/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The rows being edited, in an OUI data grid. A cell is edited in place: double-click it, or
 * focus it and press Enter or F2, or start typing; Delete empties it. A block copied from a
 * spreadsheet is pasted at the focused cell (rows are added below when it needs them).
 * Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo. Changed cells are tinted and say so to
 * screen readers; added rows are tinted apart; a text its column cannot take is marked invalid
 * with the reason. Column headers offer rename and drop.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  EuiBadge,
  EuiCheckbox,
  EuiDataGrid,
  EuiScreenReaderOnly,
  EuiTextColor,
  type EuiDataGridColumn,
  type EuiDataGridControlColumn,
  type EuiDataGridCellValueElementProps,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { cellKindOf } from '../../../../common/edit/cell_values';
import { renderCell, typeWithMapping } from '../../../components/data_columns';
import { CellInput, cellText } from './cell_input';
import {
  cellChanged,
  isInvalid,
  type EditorAction,
  type EditorColumn,
  type EditorState,
} from './edit_state';
import { isBlock, parseBlock } from './paste';

const CHANGED_STYLE = {
  backgroundColor: 'rgba(245, 167, 0, 0.2)',
  boxShadow: 'inset 3px 0 0 #F5A700',
};
const ADDED_STYLE = {
  backgroundColor: 'rgba(1, 125, 115, 0.12)',
  boxShadow: 'inset 3px 0 0 #017D73',
};
const INVALID_STYLE = {
  backgroundColor: 'rgba(189, 39, 30, 0.12)',
  boxShadow: 'inset 0 0 0 2px #BD271E',
};

const EDITABLE_CELL_STYLE = { display: 'block', minHeight: '1.2em' };

interface Position {
  row: number;
  column: number;
}

/** The grid position a cell element holds (set on each cell through its props). */
function positionOf(element: Element | null): Position | undefined {
  const cell = element?.closest('[data-lookups-row]');
  if (!cell) return undefined;
  return {
    row: Number(cell.getAttribute('data-lookups-row')),
    column: Number(cell.getAttribute('data-lookups-column')),
  };
}

/** As every screen names types (`bigint (long)`), and a date's cells are typed in UTC. */
const typeLabel = (column: EditorColumn) =>
  cellKindOf(column.type) === 'date'
    ? `${typeWithMapping(column.type)}, UTC`
    : typeWithMapping(column.type);

function ColumnHeader({ column }: { column: EditorColumn }) {
  let mark: ReactNode = null;
  if (column.baseName === undefined) {
    mark = (
      <EuiBadge color="#BFE7E3">
        {i18n.translate('lookups.editor.newColumn', { defaultMessage: 'new' })}
      </EuiBadge>
    );
  } else if (column.name !== column.baseName) {
    mark = (
      <EuiBadge color="#FDDDA1" title={column.baseName}>
        {i18n.translate('lookups.editor.renamedFrom', {
          defaultMessage: 'was {name}',
          values: { name: column.baseName },
        })}
      </EuiBadge>
    );
  }
  return (
    <span
      title={`${column.name} (${typeLabel(column)})`}
      data-test-subj={`lookupsEditorColumn-${column.name}`}
    >
      {column.name}{' '}
      <EuiTextColor color="subdued">
        <small>{typeLabel(column)}</small>
      </EuiTextColor>{' '}
      {mark}
    </span>
  );
}

export interface EditorGridProps {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  selected: ReadonlySet<string>;
  onSelect: (rowKey: string, on: boolean) => void;
  onRename: (column: EditorColumn) => void;
  onDrop: (column: EditorColumn) => void;
  /** A paste that would grow the lookup past the editor's limit is refused with this. */
  canAddRows: (count: number) => boolean;
  pageIndex: number;
  pageSize: number;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function EditorGrid({
  state,
  dispatch,
  selected,
  onSelect,
  onRename,
  onDrop,
  canAddRows,
  pageIndex,
  pageSize,
  onPage,
  onPageSize,
}: EditorGridProps) {
  const { doc } = state;
  const [editing, setEditing] = useState<{ row: string; column: string; text: string } | null>(
    null
  );
  // A row or column removed (undo, delete) while its cell was being edited.
  useEffect(() => {
    if (
      editing &&
      (!doc.rows.some((r) => r.key === editing.row) ||
        !doc.columns.some((c) => c.key === editing.column))
    ) {
      setEditing(null);
    }
  }, [doc, editing]);

  const start = useCallback(
    (at: Position, typed?: string) => {
      const row = doc.rows[at.row];
      const column = doc.columns[at.column];
      if (!row || !column || cellKindOf(column.type) === 'readonly') return;
      const kind = cellKindOf(column.type);
      const current = cellText(row.cells[column.key]);
      // A key typed on a cell replaces its text, as in a spreadsheet (pickers start from it).
      const text = typed !== undefined && kind !== 'date' && kind !== 'boolean' ? typed : current;
      setEditing({ row: row.key, column: column.key, text });
    },
    [doc]
  );

  const columns: EuiDataGridColumn[] = useMemo(
    () =>
      doc.columns.map((column) => ({
        id: column.key,
        displayAsText: column.name,
        display: <ColumnHeader column={column} />,
        schema: ['integer', 'decimal'].includes(cellKindOf(column.type)) ? 'numeric' : undefined,
        // Values that are not edited here still open in full.
        isExpandable: cellKindOf(column.type) === 'readonly',
        isSortable: false,
        initialWidth: 180,
        actions: {
          showHide: false,
          showMoveLeft: false,
          showMoveRight: false,
          showSortAsc: false,
          showSortDesc: false,
          additional: [
            {
              label: i18n.translate('lookups.editor.renameColumn', {
                defaultMessage: 'Rename column',
              }),
              iconType: 'pencil',
              size: 'xs',
              color: 'text',
              onClick: () => onRename(column),
              'data-test-subj': `lookupsEditorRename-${column.name}`,
            },
            {
              label: i18n.translate('lookups.editor.dropColumn', { defaultMessage: 'Drop column' }),
              iconType: 'trash',
              size: 'xs',
              color: 'text',
              onClick: () => onDrop(column),
              'data-test-subj': `lookupsEditorDrop-${column.name}`,
            },
          ],
        },
      })),
    [doc.columns, onRename, onDrop]
  );

  const leading: EuiDataGridControlColumn[] = useMemo(
    () => [
      {
        id: 'select',
        width: 72,
        headerCellRender: () => (
          <EuiScreenReaderOnly>
            <span>
              {i18n.translate('lookups.editor.selectHeader', { defaultMessage: 'Select' })}
            </span>
          </EuiScreenReaderOnly>
        ),
        rowCellRender: ({ rowIndex }: EuiDataGridCellValueElementProps) => {
          const row = doc.rows[rowIndex];
          if (!row) return null;
          return (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <EuiCheckbox
                id={`lookupsEditorSelect-${row.key}`}
                checked={selected.has(row.key)}
                onChange={(e) => onSelect(row.key, e.target.checked)}
                aria-label={i18n.translate('lookups.editor.selectRow', {
                  defaultMessage: 'Select row {row}',
                  values: { row: rowIndex + 1 },
                })}
                data-test-subj="lookupsEditorSelectRow"
              />
              {row.id === undefined ? (
                <EuiBadge color="#BFE7E3">
                  {i18n.translate('lookups.editor.newRow', { defaultMessage: 'new' })}
                </EuiBadge>
              ) : null}
            </span>
          );
        },
      },
    ],
    [doc.rows, selected, onSelect]
  );

  const renderCellValue = useCallback(
    ({ rowIndex, columnId, setCellProps, isDetails }: EuiDataGridCellValueElementProps) => (
      <CellValue
        state={state}
        rowIndex={rowIndex}
        columnId={columnId}
        setCellProps={setCellProps}
        isDetails={isDetails}
        editing={editing}
        onEdit={(at) => start(at)}
        onCommit={(text) => {
          if (!editing) return;
          dispatch({ type: 'setCell', row: editing.row, column: editing.column, text });
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    ),
    [state, editing, start, dispatch]
  );

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('[data-lookups-input]')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !event.altKey && (event.key === 'z' || event.key === 'Z' || event.key === 'y')) {
      event.preventDefault();
      dispatch({ type: event.key === 'y' || event.shiftKey ? 'redo' : 'undo' });
      return;
    }
    const at = positionOf(target);
    if (!at) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      start(at);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      const row = doc.rows[at.row];
      const column = doc.columns[at.column];
      if (row && column && cellKindOf(column.type) !== 'readonly') {
        event.preventDefault();
        dispatch({ type: 'clearCell', row: row.key, column: column.key });
      }
    } else if (event.key.length === 1 && !mod && !event.altKey) {
      event.preventDefault();
      start(at, event.key);
    }
  };

  const onPaste = (event: React.ClipboardEvent<HTMLDivElement>) => {
    const text = event.clipboardData.getData('text/plain');
    const target = event.target as HTMLElement;
    const inInput = target.closest('[data-lookups-input]') !== null;
    if (inInput && !isBlock(text)) return;
    let at = inInput ? undefined : positionOf(target);
    if (inInput && editing) {
      at = {
        row: doc.rows.findIndex((r) => r.key === editing.row),
        column: doc.columns.findIndex((c) => c.key === editing.column),
      };
    }
    if (!at || at.row < 0 || at.column < 0) return;
    event.preventDefault();
    const block = parseBlock(text);
    const added = Math.max(0, at.row + block.length - doc.rows.length);
    if (!canAddRows(added)) return;
    setEditing(null);
    dispatch({ type: 'paste', rowIndex: at.row, columnIndex: at.column, block });
  };

  const rowsOnPage = Math.max(0, Math.min(pageSize, doc.rows.length - pageIndex * pageSize));

  return (
    // Keys and pastes reach the grid's cells through here (the grid keeps its own focus).
    <div onKeyDown={onKeyDown} onPaste={onPaste} data-test-subj="lookupsEditorGridWrap">
      <EuiDataGrid
        // OUI 1.22's grid keeps the height it measured first, so rows added later would sit
        // below its fold and rows removed leave a gap: it is laid out anew when the page's row
        // count changes.
        key={rowsOnPage}
        aria-label={i18n.translate('lookups.editor.gridLabel', {
          defaultMessage: 'Rows being edited',
        })}
        columns={columns}
        columnVisibility={{
          visibleColumns: columns.map((c) => c.id),
          setVisibleColumns: () => undefined,
        }}
        leadingControlColumns={leading}
        rowCount={doc.rows.length}
        renderCellValue={renderCellValue}
        pagination={{
          pageIndex,
          pageSize,
          pageSizeOptions: [20, 50, 100],
          onChangePage: onPage,
          onChangeItemsPerPage: onPageSize,
        }}
        toolbarVisibility={{
          showColumnSelector: false,
          showStyleSelector: false,
          showSortSelector: false,
          showFullScreenSelector: true,
        }}
        gridStyle={{ fontSize: 's', cellPadding: 's', border: 'all', stripes: false }}
        data-test-subj="lookupsEditorGrid"
      />
    </div>
  );
}

function CellValue({
  state,
  rowIndex,
  columnId,
  setCellProps,
  isDetails,
  editing,
  onEdit,
  onCommit,
  onCancel,
}: {
  state: EditorState;
  rowIndex: number;
  columnId: string;
  setCellProps: EuiDataGridCellValueElementProps['setCellProps'];
  isDetails: boolean;
  editing: { row: string; column: string; text: string } | null;
  onEdit: (at: Position) => void;
  onCommit: (text: string) => void;
  onCancel: () => void;
}) {
  const { doc, base } = state;
  const row = doc.rows[rowIndex];
  const columnIndex = doc.columns.findIndex((c) => c.key === columnId);
  const column = doc.columns[columnIndex];
  const cell = row && column ? (row.cells[column.key] ?? null) : null;
  const invalid = isInvalid(cell);
  const added = row?.id === undefined;
  const changed = !!row && !!column && !added && cellChanged(base, row, column);
  useEffect(() => {
    const style = invalid
      ? INVALID_STYLE
      : added
        ? ADDED_STYLE
        : changed
          ? CHANGED_STYLE
          : undefined;
    setCellProps({
      style,
      'data-lookups-row': rowIndex,
      'data-lookups-column': columnIndex,
    } as Parameters<typeof setCellProps>[0]);
  }, [setCellProps, invalid, added, changed, rowIndex, columnIndex]);
  if (!row || !column) return null;

  if (!isDetails && editing && editing.row === row.key && editing.column === column.key) {
    return (
      <CellInput
        column={column}
        rowNumber={rowIndex + 1}
        initial={editing.text}
        onCommit={onCommit}
        onCancel={onCancel}
      />
    );
  }
  return (
    <span
      onDoubleClick={() => onEdit({ row: rowIndex, column: columnIndex })}
      title={invalid ? cell.problem : undefined}
      // An empty cell is blank, as in a spreadsheet, and still takes a double-click.
      style={EDITABLE_CELL_STYLE}
      data-test-subj="lookupsEditorCell"
    >
      {invalid ? cell.invalid : cell === null ? null : renderCell(cell)}
      {invalid || changed || added ? (
        <EuiScreenReaderOnly>
          <span>
            {invalid
              ? i18n.translate('lookups.editor.srInvalid', {
                  defaultMessage: ' (not a value of this column: {problem})',
                  values: { problem: cell.problem },
                })
              : added
                ? i18n.translate('lookups.editor.srAdded', { defaultMessage: ' (new row)' })
                : i18n.translate('lookups.editor.srChanged', { defaultMessage: ' (changed)' })}
          </span>
        </EuiScreenReaderOnly>
      ) : null}
    </span>
  );
}
