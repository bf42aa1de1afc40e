/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The Rows tab pages after a sort: a page change keeps the sort and asks for that page. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupDetail, RowsQuery, RowsResponse } from '../../../common/api/codecs';
import { apiPaths, appRoutes } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const TOTAL = 36;
const detail: LookupDetail = {
  name: 'lk_hosts',
  kind: 'managed',
  backing_index: 'lk_hosts__lookup',
  current_slice: 's1',
  rows: TOTAL,
  size_bytes: 10,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: null,
  slices: [{ id: 's1', rows: TOTAL, current: true }],
};
const ALL = Array.from({ length: TOTAL }, (_, i) => [
  `web-${String(i).padStart(2, '0')}`,
  TOTAL - i,
]);

function page(query: RowsQuery | undefined): RowsResponse {
  const rows = [...ALL];
  if (query?.sort === 'n:asc') rows.sort((a, b) => (a[1] as number) - (b[1] as number));
  const from = Number(query?.from ?? 0);
  return {
    schema: [
      { name: 'host', type: 'keyword' },
      { name: 'n', type: 'long' },
    ],
    datarows: rows.slice(from, from + Number(query?.size ?? 20)),
    total: TOTAL,
    slice: 's1',
  };
}

it('pages after a sort: the next page keeps the sort and asks for rows 21 to 36', async () => {
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup('lk_hosts')}`]: () => detail,
    [`GET ${apiPaths.rows('lk_hosts')}`]: ({ options }) => page(options?.query as RowsQuery),
    [`GET ${apiPaths.fieldCaps('lk_hosts')}`]: () => ({ indices: ['s1'], fields: {} }),
  });
  renderWithProviders(<LookupsApp />, {
    route: appRoutes.lookup('lk_hosts', 'rows'),
    services: fakeServices({ http: fake.http }),
  });
  const table = await screen.findByTestId('lookupsRowsTable');
  const header = within(table)
    .getAllByRole('columnheader')
    .find((h) => h.textContent?.startsWith('n'))!;
  fireEvent.click(within(header).getByRole('button'));
  await waitFor(() =>
    expect(screen.getByTestId('lookupsRowsTotal').textContent).toMatch(/Rows 1–20 of 36/)
  );
  await waitFor(() => expect(within(table).getAllByRole('row')[1].textContent).toContain('web-35'));

  fireEvent.click(screen.getByTestId('pagination-button-next'));
  await waitFor(() =>
    expect(screen.getByTestId('lookupsRowsTotal').textContent).toMatch(/Rows 21–36 of 36/)
  );
  const last = fake.requests.filter((r) => r.path === apiPaths.rows('lk_hosts')).pop();
  expect(last?.options?.query).toMatchObject({ from: 20, sort: 'n:asc', slice: 's1' });
  expect(within(table).getAllByRole('row')[1].textContent).toContain('web-15');
});
