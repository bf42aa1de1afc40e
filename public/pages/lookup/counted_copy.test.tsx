/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Counts read as English: "1 match", never "1 matches" or "the best 0 of 0", "every version
 * (there is 1)", never "all 1 versions"; how search scores are made stays out of the main text.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { LookupDetail, RowsResponse } from '../../../common/api/codecs';
import type { FieldCapsResponse, SearchResponse } from '../../../common/api/search_codecs';
import { apiPaths } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';
import { searchTotal } from './rows_tab';

const ONLY = '11111111-aaaa-4bbb-8ccc-000000000001';
const DETAIL: LookupDetail = {
  name: 'lk_one',
  kind: 'managed',
  backing_index: 'lk_one__lookup',
  current_slice: ONLY,
  rows: 2,
  size_bytes: 10,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: '2026-03-01T10:00:00Z',
  slices: [{ id: ONLY, rows: 2, current: true, created_at: '2026-03-01T10:00:00Z' }],
};
const ROWS: RowsResponse = {
  schema: [{ name: 'host', type: 'keyword' }],
  datarows: [['web-01'], ['web-02']],
  total: 2,
  slice: ONLY,
};
const SERVER_NOTE = 'Scores are BM25 over the whole backing index, whose term statistics …';

function renderLookup(tab: string, search: Omit<SearchResponse, 'slice' | 'complete'>) {
  const caps: FieldCapsResponse = {
    indices: [ONLY],
    fields: { host: { keyword: { type: 'keyword', searchable: true, aggregatable: true } } },
  };
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup('lk_one')}`]: () => DETAIL,
    [`GET ${apiPaths.rows('lk_one')}`]: () => ROWS,
    [`GET ${apiPaths.fieldCaps('lk_one')}`]: () => caps,
    [`POST ${apiPaths.search('lk_one')}`]: () => ({ ...search, slice: ONLY, complete: true }),
  });
  return renderWithProviders(<LookupsApp />, {
    route: `/lookups/lk_one/${tab}`,
    services: fakeServices({ http: fake.http }),
  });
}

it.each([
  [0, undefined, 'No matches for "x"'],
  [0, 0, 'No matches for "x"'],
  [1, undefined, '1 match for "x"'],
  [1, 1, '1 match for "x"'],
  [7, undefined, '7 matches for "x"'],
  [7, 7, '7 matches for "x", best first'],
  [1234, 100, 'The best 100 of 1,234 matches for "x", by score'],
])('%s rows matching (best %s) read "%s"', (total, best, text) => {
  expect(searchTotal('x', total, best)).toBe(text);
});

it('the best matches of a search with one hit say "1 match", and the score note is plain', async () => {
  renderLookup('rows', {
    hits: [{ row: { host: 'web-02' }, _score: 1.5 }],
    total: 1,
    score_note: SERVER_NOTE,
  });
  await screen.findByTestId('lookupsRowsTable');
  fireEvent.click(screen.getByText('Best matches'));
  fireEvent.change(screen.getByTestId('lookupsRowsSearch'), { target: { value: 'web-02' } });
  fireEvent.click(screen.getByTestId('lookupsRowsSearchButton'));
  await screen.findByTestId('lookupsSearchTable');
  expect(screen.getByTestId('lookupsSearchTotal').textContent).toBe('1 match for "web-02"');
  const note = screen.getByTestId('lookupsSearchScoreNote');
  expect(note.textContent).not.toMatch(/BM25|backing index|slice/i);
  expect(note.textContent).toContain('compare scores within one search');
});

it('a lookup with one version offers the fields of "every version (there is 1)"', async () => {
  renderLookup('fields', { hits: [], total: 0 });
  const table = await screen.findByTestId('lookupsFieldsTable');
  expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  const page = document.body.textContent ?? '';
  expect(page).toContain('Fields of every version (there is 1)');
  expect(page).not.toMatch(/all 1 versions|1 versions/);
});
