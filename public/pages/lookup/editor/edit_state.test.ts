/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  baseFromRows,
  editBody,
  editorReducer,
  initialEditorState,
  isInvalid,
  pendingChanges,
  reapply,
  type EditorAction,
  type EditorState,
} from './edit_state';
import { isBlock, parseBlock } from './paste';

const SCHEMA = [
  { name: 'host', type: 'text' },
  { name: 'n', type: 'long' },
  { name: 'up', type: 'boolean' },
];
const start = () =>
  initialEditorState(
    baseFromRows(
      's1',
      SCHEMA,
      [
        ['a', 1, true],
        ['b', 2, false],
        ['c', 3, null],
      ],
      ['id-a', 'id-b', 'id-c']
    )
  );
const run = (state: EditorState, ...actions: EditorAction[]) =>
  actions.reduce(editorReducer, state);
const rowKey = (state: EditorState, i: number) => state.doc.rows[i].key;

describe('the editor state', () => {
  it('turns typed text into typed values, and only real changes count', () => {
    let state = start();
    state = run(
      state,
      { type: 'setCell', row: 'b:id-a', column: 'b:n', text: '10' },
      { type: 'setCell', row: 'b:id-b', column: 'b:n', text: '2' },
      { type: 'setCell', row: 'b:id-c', column: 'b:up', text: 'TRUE' }
    );
    expect(state.doc.rows[0].cells['b:n']).toBe(10);
    expect(pendingChanges(state)).toMatchObject({ cells: 2, total: 2, invalid: 0 });
    expect(editBody(state)).toEqual({
      base_slice: 's1',
      update: [
        { id: 'id-a', row: { n: 10 } },
        { id: 'id-c', row: { up: true } },
      ],
    });
  });

  it('keeps a text its column cannot take as invalid, counted apart', () => {
    const state = run(start(), { type: 'setCell', row: 'b:id-a', column: 'b:n', text: 'ten' });
    expect(isInvalid(state.doc.rows[0].cells['b:n'])).toBe(true);
    expect(pendingChanges(state).invalid).toBe(1);
  });

  it('adds and deletes rows, adds, renames and drops columns, into one edit body', () => {
    let state = run(
      start(),
      { type: 'addRow' },
      { type: 'addColumn', name: 'zone', newType: 'string' },
      { type: 'renameColumn', column: 'b:host', name: 'name' },
      { type: 'dropColumn', column: 'b:up' }
    );
    state = run(
      state,
      { type: 'setCell', row: rowKey(state, 3), column: 'b:host', text: 'd' },
      { type: 'setCell', row: 'b:id-a', column: state.doc.columns[2].key, text: 'eu' },
      { type: 'deleteRows', rows: ['b:id-b'] }
    );
    expect(editBody(state)).toEqual({
      base_slice: 's1',
      add: [{ name: 'd' }],
      update: [{ id: 'id-a', row: { zone: 'eu' } }],
      delete: ['id-b'],
      columns: {
        add: [{ name: 'zone', type: 'string' }],
        rename: [{ from: 'host', to: 'name' }],
        drop: ['up'],
      },
    });
    expect(pendingChanges(state)).toMatchObject({
      cells: 1,
      addedRows: 1,
      deletedRows: 1,
      columns: 3,
    });
  });

  it('pastes a block at a cell, growing the rows below, and ignoring cells past the last column', () => {
    const state = run(start(), {
      type: 'paste',
      rowIndex: 2,
      columnIndex: 1,
      block: [
        ['30', 'false', 'ignored'],
        ['40', 'true'],
      ],
    });
    expect(
      state.doc.rows.map((r) => [r.cells['b:host'] ?? null, r.cells['b:n'], r.cells['b:up']])
    ).toEqual([
      ['a', 1, true],
      ['b', 2, false],
      ['c', 30, false],
      [null, 40, true],
    ]);
  });

  it('undoes and redoes step by step; a new change drops the redo steps', () => {
    let state = run(
      start(),
      { type: 'setCell', row: 'b:id-a', column: 'b:n', text: '5' },
      { type: 'addRow' }
    );
    state = run(state, { type: 'undo' });
    expect(state.doc.rows).toHaveLength(3);
    expect(state.doc.rows[0].cells['b:n']).toBe(5);
    state = run(state, { type: 'undo' });
    expect(pendingChanges(state).total).toBe(0);
    state = run(state, { type: 'redo' });
    expect(state.doc.rows[0].cells['b:n']).toBe(5);
    state = run(state, { type: 'dropColumn', column: 'b:up' });
    expect(state.future).toHaveLength(0);
    expect(run(state, { type: 'redo' })).toBe(state);
  });

  it('reapplies changes on a newer base by what the rows held, and counts what it cannot', () => {
    let state = run(
      start(),
      { type: 'setCell', row: 'b:id-a', column: 'b:n', text: '100' },
      { type: 'setCell', row: 'b:id-b', column: 'b:n', text: '200' },
      { type: 'deleteRows', rows: ['b:id-c'] },
      { type: 'addRow' },
      { type: 'renameColumn', column: 'b:host', name: 'name' }
    );
    state = run(state, { type: 'setCell', row: rowKey(state, 2), column: 'b:host', text: 'new' });
    // Someone rewrote the lookup: row b changed, rows a and c the same under new ids, one more row.
    const next = baseFromRows(
      's2',
      SCHEMA,
      [
        ['c', 3, null],
        ['a', 1, true],
        ['b', 22, false],
        ['e', 5, true],
      ],
      ['x-c', 'x-a', 'x-b', 'x-e']
    );
    const { state: rebased, lost } = reapply(state, next);
    expect(lost).toBe(1);
    expect(editBody(rebased)).toEqual({
      base_slice: 's2',
      add: [{ name: 'new' }],
      update: [{ id: 'x-a', row: { n: 100 } }],
      delete: ['x-c'],
      columns: { rename: [{ from: 'host', to: 'name' }] },
    });
  });
});

describe('pasted blocks', () => {
  it.each([
    [
      'a\tb\nc\td\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a\tb\r\nc\td',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      '"x\ty"\t"say ""hi"""\n1\t2',
      [
        ['x\ty', 'say "hi"'],
        ['1', '2'],
      ],
    ],
    ['only', [['only']]],
    ['a\t\tc', [['a', '', 'c']]],
    ['a\tb\nc', [['a', 'b'], ['c']]],
  ])('%p', (text, block) => expect(parseBlock(text)).toEqual(block));

  it('tells a block from text for one cell', () => {
    expect(isBlock('a\tb')).toBe(true);
    expect(isBlock('a\nb')).toBe(true);
    expect(isBlock('one cell\n')).toBe(false);
  });
});
