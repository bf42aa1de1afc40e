/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Rows tab's own state: searching, paging through search pages by their tokens, and what
 * starts a search or a row listing again from its first page.
 */
import { initialRowsTabState, rowsTabReducer } from './use_rows_search';

type Action = Parameters<typeof rowsTabReducer>[1];
const after = (...actions: Action[]) => actions.reduce(rowsTabReducer, initialRowsTabState);

describe('the rows tab state', () => {
  it('searches the trimmed text; blank text is no search', () => {
    expect(after({ type: 'searched', text: '  web-07 ' }).active).toEqual({
      text: 'web-07',
      mode: 'all',
    });
    expect(after({ type: 'searched', text: 'x' }, { type: 'searched', text: '   ' }).active).toBe(
      null
    );
  });

  it('pages forwards by the tokens learned and back through the ones seen', () => {
    const two = after({ type: 'searched', text: 'a' }, { type: 'searchNext', token: 't1' });
    const three = rowsTabReducer(two, { type: 'searchNext', token: 't2' });
    expect(three.tokens).toEqual([undefined, 't1', 't2']);
    expect(rowsTabReducer(three, { type: 'searchPrev' }).tokens).toEqual([undefined, 't1']);
    // Never before the first page.
    expect(after({ type: 'searchPrev' }).tokens).toEqual([undefined]);
  });

  it('a new mode searches the same text again from its first page', () => {
    const state = after(
      { type: 'searched', text: 'a' },
      { type: 'searchNext', token: 't1' },
      { type: 'modeChanged', mode: 'top' }
    );
    expect(state.active).toEqual({ text: 'a', mode: 'top' });
    expect(state.tokens).toEqual([undefined]);
    // Without a search, the mode is only remembered for the next one.
    expect(after({ type: 'modeChanged', mode: 'top' }).active).toBe(null);
    expect(
      after({ type: 'modeChanged', mode: 'top' }, { type: 'searched', text: 'b' }).active
    ).toEqual({ text: 'b', mode: 'top' });
  });

  it('later row pages keep the version of the first; sorting or resizing starts over', () => {
    const paged = after({ type: 'pageChanged', index: 2, slice: 'v1' });
    expect(paged).toMatchObject({ pageIndex: 2, slice: 'v1' });
    expect(rowsTabReducer(paged, { type: 'pageChanged', index: 0, slice: 'v1' }).slice).toBe(
      undefined
    );
    const sorted = rowsTabReducer(paged, {
      type: 'sorted',
      sort: { field: 'c1', direction: 'desc' },
      sortParam: 'city.keyword:desc',
    });
    expect(sorted).toMatchObject({
      pageIndex: 0,
      slice: undefined,
      sortParam: 'city.keyword:desc',
    });
    expect(rowsTabReducer(paged, { type: 'pageSizeChanged', size: 50 })).toMatchObject({
      pageIndex: 0,
      pageSize: 50,
      slice: undefined,
    });
  });

  it('clearing empties the box and ends the search', () => {
    const state = after(
      { type: 'textChanged', text: 'a' },
      { type: 'searched', text: 'a' },
      { type: 'searchCleared' }
    );
    expect(state).toMatchObject({ text: '', active: null, tokens: [undefined] });
  });
});
