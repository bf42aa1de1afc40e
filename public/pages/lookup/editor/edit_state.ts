/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The editor's state, without React: the base version as it was read (rows by id), the document
 * being edited (columns and rows, each with a stable key), and the history for undo and redo.
 * Every change is a new document sharing the rows it did not touch, so undo is a step back in
 * a list. From a document and its base come the marks (which cells changed), the count of
 * pending changes, and the `_edit` body that publishes them.
 */
import type { SchemaColumn } from '../../../../common/api/codecs';
import type { EditBody } from '../../../../common/api/edit';
import { stringifyJson } from '../../../../common/api/lossless_json';
import {
  NEW_COLUMN_MAPPING,
  parseCellText,
  type NewColumnType,
} from '../../../../common/edit/cell_values';

/** A typed text that is not a value of its column: kept, marked, and blocking Save. */
export interface InvalidCell {
  invalid: string;
  problem: string;
}
export type Cell = unknown;

export const isInvalid = (cell: Cell): cell is InvalidCell =>
  typeof cell === 'object' && cell !== null && 'invalid' in cell && 'problem' in cell;

export interface EditorColumn {
  /** Stable while the column is renamed: `b:<name in the base>` or `n:<counter>`. */
  key: string;
  name: string;
  /** The OpenSearch type (`_rows` schema), which decides the cell's input. */
  type: string;
  /** The base column's name; absent for a column this edit adds. */
  baseName?: string;
  /** The type an added column is created with. */
  newType?: NewColumnType;
}

export interface EditorRow {
  /** `b:<id>` for a row of the base, `n:<counter>` for an added one. */
  key: string;
  id?: string;
  /** By column key; absent or null is an empty cell. */
  cells: Readonly<Record<string, Cell>>;
}

export interface EditorDoc {
  columns: readonly EditorColumn[];
  rows: readonly EditorRow[];
}

export interface EditorBase {
  /** null for a lookup being created. */
  slice: string | null;
  columns: readonly EditorColumn[];
  rows: readonly EditorRow[];
  byId: ReadonlyMap<string, EditorRow>;
}

export interface EditorState {
  base: EditorBase;
  doc: EditorDoc;
  past: readonly EditorDoc[];
  future: readonly EditorDoc[];
  /** For new keys. */
  counter: number;
}

/** How many steps undo keeps. */
export const UNDO_LIMIT = 200;

export function baseFromRows(
  slice: string | null,
  schema: readonly SchemaColumn[],
  datarows: readonly unknown[][],
  ids: readonly string[]
): EditorBase {
  const columns = schema.map((c) => ({
    key: `b:${c.name}`,
    name: c.name,
    type: c.type,
    baseName: c.name,
  }));
  const rows = datarows.map((values, i) => ({
    key: `b:${ids[i]}`,
    id: ids[i],
    cells: Object.fromEntries(columns.map((c, j) => [c.key, values[j] ?? null])),
  }));
  return { slice, columns, rows, byId: new Map(rows.map((r) => [r.id, r])) };
}

export function initialEditorState(base: EditorBase): EditorState {
  return {
    base,
    doc: { columns: base.columns, rows: base.rows },
    past: [],
    future: [],
    counter: 0,
  };
}

export type EditorAction =
  | { type: 'setCell'; row: string; column: string; text: string }
  | { type: 'clearCell'; row: string; column: string }
  /** A block of typed texts from a spreadsheet, its top left at a row and column position. */
  | { type: 'paste'; rowIndex: number; columnIndex: number; block: string[][] }
  | { type: 'addRow' }
  | { type: 'deleteRows'; rows: string[] }
  | { type: 'addColumn'; name: string; newType: NewColumnType }
  | { type: 'renameColumn'; column: string; name: string }
  | { type: 'dropColumn'; column: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; state: EditorState };

function commit(state: EditorState, doc: EditorDoc, counter = state.counter): EditorState {
  if (doc === state.doc) return state;
  return {
    ...state,
    doc,
    counter,
    past: [...state.past.slice(-(UNDO_LIMIT - 1)), state.doc],
    future: [],
  };
}

/** A cell's value from typed text: the column's value, or the text kept as invalid. */
export function cellFromText(column: EditorColumn, text: string): Cell {
  const parsed = parseCellText(column.type, text);
  return parsed.ok ? parsed.value : { invalid: text, problem: parsed.problem };
}

function withCells(
  rows: readonly EditorRow[],
  changes: Map<string, Record<string, Cell>>
): EditorRow[] {
  return rows.map((row) => {
    const cells = changes.get(row.key);
    return cells ? { ...row, cells: { ...row.cells, ...cells } } : row;
  });
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { doc } = state;
  switch (action.type) {
    case 'setCell':
    case 'clearCell': {
      const column = doc.columns.find((c) => c.key === action.column);
      if (!column) return state;
      const cell = action.type === 'clearCell' ? null : cellFromText(column, action.text);
      const row = doc.rows.find((r) => r.key === action.row);
      if (!row || sameCell(row.cells[column.key], cell)) return state;
      return commit(state, {
        ...doc,
        rows: withCells(doc.rows, new Map([[row.key, { [column.key]: cell }]])),
      });
    }
    case 'paste': {
      const columns = doc.columns.slice(action.columnIndex);
      if (columns.length === 0 || action.block.length === 0) return state;
      let counter = state.counter;
      const rows = [...doc.rows];
      // Rows past the end are added, as a spreadsheet grows when a block is pasted below it.
      while (rows.length < action.rowIndex + action.block.length) {
        rows.push({ key: `n:${++counter}`, cells: {} });
      }
      const changes = new Map<string, Record<string, Cell>>();
      action.block.forEach((texts, i) => {
        const row = rows[action.rowIndex + i];
        const cells: Record<string, Cell> = {};
        texts.slice(0, columns.length).forEach((text, j) => {
          cells[columns[j].key] = cellFromText(columns[j], text);
        });
        changes.set(row.key, cells);
      });
      return commit(state, { ...doc, rows: withCells(rows, changes) }, counter);
    }
    case 'addRow': {
      const counter = state.counter + 1;
      return commit(
        state,
        { ...doc, rows: [...doc.rows, { key: `n:${counter}`, cells: {} }] },
        counter
      );
    }
    case 'deleteRows': {
      const gone = new Set(action.rows);
      const rows = doc.rows.filter((r) => !gone.has(r.key));
      return rows.length === doc.rows.length ? state : commit(state, { ...doc, rows });
    }
    case 'addColumn': {
      const counter = state.counter + 1;
      const column: EditorColumn = {
        key: `n:${counter}`,
        name: action.name,
        type: NEW_COLUMN_MAPPING[action.newType],
        newType: action.newType,
      };
      return commit(state, { ...doc, columns: [...doc.columns, column] }, counter);
    }
    case 'renameColumn':
      return commit(state, {
        ...doc,
        columns: doc.columns.map((c) =>
          c.key === action.column ? { ...c, name: action.name } : c
        ),
      });
    case 'dropColumn': {
      const columns = doc.columns.filter((c) => c.key !== action.column);
      return columns.length === doc.columns.length ? state : commit(state, { ...doc, columns });
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return {
        ...state,
        doc: previous,
        past: state.past.slice(0, -1),
        future: [doc, ...state.future],
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, doc: next, past: [...state.past, doc], future: rest };
    }
    case 'reset':
      return action.state;
  }
}

export const sameCell = (a: Cell, b: Cell) => stringifyJson(a ?? null) === stringifyJson(b ?? null);

/** Whether a cell differs from the base (added rows and columns: whether it holds a value). */
export function cellChanged(base: EditorBase, row: EditorRow, column: EditorColumn): boolean {
  const cell = row.cells[column.key] ?? null;
  const original = row.id !== undefined ? base.byId.get(row.id) : undefined;
  if (!original || column.baseName === undefined) return cell !== null;
  return !sameCell(original.cells[column.key], cell);
}

export interface PendingChanges {
  /** Cells of base rows that differ from the base. */
  cells: number;
  addedRows: number;
  deletedRows: number;
  /** Columns added, renamed or dropped. */
  columns: number;
  /** Cells holding a text their column cannot take; Save waits for them. */
  invalid: number;
  total: number;
}

export function pendingChanges(state: EditorState): PendingChanges {
  const { base, doc } = state;
  let cells = 0;
  let invalid = 0;
  const kept = new Set<string>();
  for (const row of doc.rows) {
    if (row.id !== undefined) kept.add(row.id);
    for (const column of doc.columns) {
      if (isInvalid(row.cells[column.key])) invalid++;
      if (row.id !== undefined && cellChanged(base, row, column)) cells++;
    }
  }
  const addedRows = doc.rows.filter((r) => r.id === undefined).length;
  const deletedRows = base.rows.filter((r) => !kept.has(r.id!)).length;
  const baseKeys = new Set(doc.columns.map((c) => c.key));
  const columns =
    base.columns.filter((c) => !baseKeys.has(c.key)).length +
    doc.columns.filter((c) => c.baseName === undefined || c.name !== c.baseName).length;
  return {
    cells,
    addedRows,
    deletedRows,
    columns,
    invalid,
    total: cells + addedRows + deletedRows + columns,
  };
}

/** The `_edit` body that makes the base into the document (invalid cells must be fixed first). */
export function editBody(state: EditorState): EditBody {
  const { base, doc } = state;
  const docKeys = new Set(doc.columns.map((c) => c.key));
  const drop = base.columns.filter((c) => !docKeys.has(c.key)).map((c) => c.baseName!);
  const rename = doc.columns
    .filter((c) => c.baseName !== undefined && c.name !== c.baseName)
    .map((c) => ({ from: c.baseName!, to: c.name }));
  const addColumns = doc.columns
    .filter((c) => c.baseName === undefined)
    .map((c) => ({ name: c.name, type: c.newType! }));
  const kept = new Set(doc.rows.flatMap((r) => (r.id === undefined ? [] : [r.id])));
  const update: NonNullable<EditBody['update']> = [];
  const add: NonNullable<EditBody['add']> = [];
  for (const row of doc.rows) {
    const values: Record<string, unknown> = {};
    for (const column of doc.columns) {
      if (row.id === undefined) {
        const cell = row.cells[column.key] ?? null;
        if (cell !== null) values[column.name] = cell;
      } else if (cellChanged(base, row, column)) {
        values[column.name] = row.cells[column.key] ?? null;
      }
    }
    if (row.id === undefined) add.push(values);
    else if (Object.keys(values).length > 0) update.push({ id: row.id, row: values });
  }
  const columns = {
    ...(addColumns.length ? { add: addColumns } : {}),
    ...(rename.length ? { rename } : {}),
    ...(drop.length ? { drop } : {}),
  };
  const deleted = base.rows.filter((r) => !kept.has(r.id!)).map((r) => r.id!);
  return {
    base_slice: base.slice,
    ...(add.length ? { add } : {}),
    ...(update.length ? { update } : {}),
    ...(deleted.length ? { delete: deleted } : {}),
    ...(Object.keys(columns).length ? { columns } : {}),
  };
}

export interface Reapplied {
  state: EditorState;
  /** Changed or deleted rows whose base row is no longer in the new version as it was. */
  lost: number;
}

const rowText = (row: EditorRow, columns: readonly EditorColumn[]) =>
  stringifyJson(columns.map((c) => [c.baseName, row.cells[c.key] ?? null]));

/**
 * The document's changes made again on another base (the version current now): columns by
 * their base names, changed and deleted rows by finding the row of the new base that holds
 * what the old base row held, added rows as they are. A change whose row is not found that way
 * (someone changed or removed it) is counted as lost.
 */
export function reapply(state: EditorState, next: EditorBase): Reapplied {
  const { base, doc } = state;
  const sharedColumns = base.columns.filter((c) => next.columns.some((n) => n.key === c.key));
  const available = new Map<string, string[]>();
  for (const row of next.rows) {
    const text = rowText(row, sharedColumns);
    available.set(text, [...(available.get(text) ?? []), row.id!]);
  }
  // Columns: the new base's, less the ones dropped here and renamed as here; then those added.
  const baseKeys = new Set(base.columns.map((c) => c.key));
  const columns: EditorColumn[] = [];
  for (const column of next.columns) {
    const mine = doc.columns.find((c) => c.key === column.key);
    if (baseKeys.has(column.key) && !mine) continue;
    columns.push(mine ? { ...mine, type: column.type } : column);
  }
  columns.push(...doc.columns.filter((c) => c.baseName === undefined));
  const docById = new Map(doc.rows.filter((r) => r.id !== undefined).map((r) => [r.id!, r]));
  const changes = new Map<string, EditorRow | null>();
  let lost = 0;
  for (const old of base.rows) {
    const mine = docById.get(old.id!);
    const changed = !mine || doc.columns.some((c) => cellChanged(base, mine, c));
    if (!changed) continue;
    const ids = available.get(rowText(old, sharedColumns));
    const target = ids?.shift();
    if (target === undefined) {
      lost++;
      continue;
    }
    const at = next.byId.get(target)!;
    changes.set(
      target,
      mine ? { ...at, cells: { ...at.cells, ...changedCells(base, mine, doc.columns) } } : null
    );
  }
  const rows: EditorRow[] = [];
  for (const row of next.rows) {
    const change = changes.get(row.id!);
    if (change === null) continue;
    rows.push(change ?? row);
  }
  rows.push(...doc.rows.filter((r) => r.id === undefined));
  return {
    state: { base: next, doc: { columns, rows }, past: [], future: [], counter: state.counter },
    lost,
  };
}

function changedCells(base: EditorBase, row: EditorRow, columns: readonly EditorColumn[]) {
  return Object.fromEntries(
    columns.filter((c) => cellChanged(base, row, c)).map((c) => [c.key, row.cells[c.key] ?? null])
  );
}

/**
 * The columns that tell the base's rows apart, to compare versions by: the first column whose
 * values are all there, plain and distinct (a host, an id), else every column.
 */
export function rowKeyColumns(base: EditorBase): string[] {
  const named = base.columns.find((column) => {
    const seen = new Set<string>();
    return base.rows.every((row) => {
      const value = row.cells[column.key];
      if (value === null || value === undefined || typeof value === 'object') return false;
      const text = `${typeof value}:${String(value)}`;
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
  });
  return named && base.rows.length > 0 ? [named.name] : base.columns.map((c) => c.name);
}
