/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * "Query this lookup" (on the lookup's page and in its catalog row) opens the Query page with
 * `source=<name>` and runs it: the user sees the rows, not an editor waiting for Run.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupDetail } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const DETAIL: LookupDetail = {
  name: 'lk_hosts',
  kind: 'managed',
  backing_index: 'lk_hosts__lookup',
  current_slice: 's1',
  rows: 2,
  size_bytes: 100,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: '2026-03-01T10:00:00Z',
  slices: [{ id: 's1', rows: 2, current: true }],
};

it('runs source=<name> when opened from the lookup page', async () => {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [DETAIL], total: 1 }),
    [`GET ${apiPaths.lookup('lk_hosts')}`]: () => DETAIL,
    [`GET ${apiPaths.rows('lk_hosts')}`]: () => ({
      schema: [{ name: 'host', type: 'string' }],
      datarows: [['a'], ['b']],
      total: 2,
      slice: 's1',
    }),
    [`POST ${apiPaths.query()}`]: () => ({
      schema: [{ name: 'host', type: 'string' }],
      datarows: [['a'], ['b']],
      total: 2,
      size: 2,
    }),
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups/lk_hosts/rows',
    services: fakeServices({ http: fake.http }),
  });
  fireEvent.click(await screen.findByTestId('lookupsLookupQuery'));
  await waitFor(() =>
    expect((screen.getByTestId('pplEditorInput') as HTMLTextAreaElement).value).toBe(
      'source=lk_hosts'
    )
  );
  await waitFor(() =>
    expect(fake.requests.filter((r) => r.path === apiPaths.query()).map((r) => r.body)).toEqual([
      { query: 'source=lk_hosts', size: 1000 },
    ])
  );
  expect(
    within(await screen.findByTestId('lookupsQueryResults')).getByTestId('lookupsQueryResultsTotal')
      .textContent
  ).toBe('2 rows');
});

it('only fills the editor from a plain ?q= link', async () => {
  const fake = fakeHttp({ [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }) });
  renderWithProviders(<LookupsApp />, {
    route: '/query?q=source%3Dhosts',
    services: fakeServices({ http: fake.http }),
  });
  await waitFor(() =>
    expect((screen.getByTestId('pplEditorInput') as HTMLTextAreaElement).value).toBe('source=hosts')
  );
  expect(fake.requests.some((r) => r.path === apiPaths.query())).toBe(false);
});
