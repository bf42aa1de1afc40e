/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The lookup's page says whether a schedule keeps it fresh, and whether that schedule is late. */
import { screen } from '@testing-library/react';
import type { LookupDetail } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const detail = (refresh?: LookupDetail['refresh']): LookupDetail => ({
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
  ...(refresh ? { refresh } : {}),
});

function render(lookup: LookupDetail) {
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup('lk_hosts')}`]: () => lookup,
    [`GET ${apiPaths.jobs()}`]: () => ({ jobs: [] }),
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups/lk_hosts/versions',
    services: fakeServices({ http: fake.http }),
  });
}

it('shows Stale beside the name when the schedule has fallen behind', async () => {
  render(detail({ scheduled: true, stale: true, next_run_at: '2026-03-02T00:00:00Z' }));
  const header = await screen.findByTestId('lookupsLookupHeader');
  expect(header.querySelector('[data-test-subj="lookupsRefreshStale"]')?.textContent).toBe('Stale');
});

it('shows Scheduled for a fresh scheduled lookup', async () => {
  render(detail({ scheduled: true, stale: false, next_run_at: '2026-03-02T00:00:00Z' }));
  const header = await screen.findByTestId('lookupsLookupHeader');
  expect(header.querySelector('[data-test-subj="lookupsRefreshScheduled"]')?.textContent).toBe(
    'Scheduled'
  );
});
