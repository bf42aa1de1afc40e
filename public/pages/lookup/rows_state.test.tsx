/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The rows tab: its search belongs to one lookup; text sorts on its keyword; numbers align right. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupDetail, RowsResponse } from '../../../common/api/codecs';
import { apiPaths, appRoutes } from '../../../common/api/paths';
import type { FieldCapsResponse } from '../../../common/api/search_codecs';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const detail = (name: string): LookupDetail => ({
  name,
  kind: 'managed',
  backing_index: `${name}__lookup`,
  current_slice: 's1',
  rows: 2,
  size_bytes: 10,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: null,
  slices: [{ id: 's1', rows: 2, current: true }],
});
const ROWS: RowsResponse = {
  schema: [
    { name: 'city', type: 'text' },
    { name: 'code', type: 'text' },
    { name: 'population', type: 'long' },
  ],
  datarows: [
    ['Lyon', 'x', 500000],
    ['Nice', 'y', 340000],
  ],
  total: 2,
  slice: 's1',
};
const CAPS: FieldCapsResponse = {
  indices: ['s1'],
  fields: {
    city: { text: { type: 'text', searchable: true, aggregatable: false } },
    'city.keyword': { keyword: { type: 'keyword', searchable: true, aggregatable: true } },
    code: { text: { type: 'text', searchable: true, aggregatable: false } },
    population: { long: { type: 'long', searchable: true, aggregatable: true } },
  },
};

function renderRows(first: string) {
  const fake = fakeHttp(
    Object.fromEntries(
      ['lk_a', 'lk_b'].flatMap((name) => [
        [`GET ${apiPaths.lookup(name)}`, () => detail(name)],
        [`GET ${apiPaths.rows(name)}`, () => ROWS],
        [`GET ${apiPaths.fieldCaps(name)}`, () => CAPS],
      ])
    )
  );
  const view = renderWithProviders(<LookupsApp />, {
    route: appRoutes.lookup(first, 'rows'),
    services: fakeServices({ http: fake.http }),
  });
  return { ...view, ...fake };
}

describe('the rows tab', () => {
  it('sorts a text column on its keyword sub-field, and only where there is one', async () => {
    const { requests } = renderRows('lk_a');
    const table = await screen.findByTestId('lookupsRowsTable');
    await waitFor(() =>
      expect(requests.some((r) => r.path === apiPaths.fieldCaps('lk_a'))).toBe(true)
    );
    const header = (label: string) =>
      within(table)
        .getAllByRole('columnheader')
        .find((h) => h.textContent?.startsWith(label))!;
    await waitFor(() => expect(within(header('city')).queryByRole('button')).not.toBeNull());
    // `code` has no keyword sub-field: it cannot sort.
    expect(within(header('code')).queryByRole('button')).toBeNull();
    fireEvent.click(within(header('city')).getByRole('button'));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === apiPaths.rows('lk_a')).pop()?.options?.query
      ).toMatchObject({ sort: 'city.keyword:asc' })
    );
  });

  it('right-aligns number columns', async () => {
    renderRows('lk_a');
    const table = await screen.findByTestId('lookupsRowsTable');
    const cells = within(table).getAllByRole('cell');
    const population = cells.filter((c) => c.textContent?.includes('500000'));
    expect(population[0].querySelector('.euiTableCellContent--alignRight')).not.toBeNull();
    const city = cells.filter((c) => c.textContent?.includes('Lyon'));
    expect(city[0].querySelector('.euiTableCellContent--alignRight')).toBeNull();
  });

  it('a search on one lookup does not follow a link to another', async () => {
    const { history } = renderRows('lk_a');
    await screen.findByTestId('lookupsRowsTable');
    fireEvent.change(screen.getByTestId('lookupsRowsSearch'), { target: { value: 'Lyon' } });
    expect((screen.getByTestId('lookupsRowsSearch') as HTMLInputElement).value).toBe('Lyon');
    act(() => history.push(appRoutes.lookup('lk_b', 'rows')));
    await waitFor(() => expect(screen.getByTestId('lookupsLookupName').textContent).toBe('lk_b'));
    expect((screen.getByTestId('lookupsRowsSearch') as HTMLInputElement).value).toBe('');
  });
});

describe('the lookup tabs', () => {
  it('move with the arrow keys, Home and End, and the route follows', async () => {
    const { history } = renderRows('lk_a');
    await screen.findByTestId('lookupsRowsTable');
    const tabs = screen.getByTestId('lookupsLookupTab-rows').closest('[role="tablist"]')!;
    fireEvent.keyDown(tabs, { key: 'ArrowRight' });
    expect(history.location.pathname).toBe('/lookups/lk_a/fields');
    fireEvent.keyDown(tabs, { key: 'ArrowLeft' });
    fireEvent.keyDown(tabs, { key: 'ArrowLeft' });
    expect(history.location.pathname).toBe('/lookups/lk_a/settings');
    fireEvent.keyDown(tabs, { key: 'Home' });
    expect(history.location.pathname).toBe('/lookups/lk_a/rows');
  });
});
