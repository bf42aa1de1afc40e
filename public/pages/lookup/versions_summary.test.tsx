/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Versions tab's summary offers to restore only what can be restored (#33 defect 13): after
 * a cancelled job, the only old version is incomplete, and the tab says so.
 */
import { screen } from '@testing-library/react';
import type { LookupDetail, SliceInfo } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const detail = (slices: SliceInfo[]): LookupDetail => ({
  name: 'lk_hosts',
  kind: 'managed',
  backing_index: 'lk_hosts__lookup',
  current_slice: 's1',
  rows: 2,
  size_bytes: 100,
  slice_count: slices.length,
  orphan_count: slices.length - 1,
  orphan_rows: 0,
  last_write: '2026-03-01T10:00:00Z',
  slices,
});

async function summary(slices: SliceInfo[]) {
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup('lk_hosts')}`]: () => detail(slices),
    [`GET ${apiPaths.jobs()}`]: () => ({ jobs: [] }),
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups/lk_hosts/versions',
    services: fakeServices({ http: fake.http }),
  });
  return (await screen.findByTestId('lookupsVersionsSummary')).textContent;
}

const current: SliceInfo = { id: 's1', rows: 2, current: true, state: 'complete' };

it('after a cancelled job, says the only old version cannot be restored', async () => {
  const text = await summary([
    { id: 's2', rows: 270_000, current: false, state: 'cancelled' },
    current,
  ]);
  expect(text).toBe(
    'No old version can be restored: besides the current one there is only 1 incomplete version (270,000 rows), from a write that failed or was cancelled. Such a version only takes space: delete it, or clean up old versions.'
  );
  expect(screen.queryByTestId('lookupsVersionRestore-s2')).toBeNull();
});

it('counts the versions that can be restored apart from the incomplete ones', async () => {
  const text = await summary([
    { id: 's3', rows: 5, current: false, state: 'failed' },
    current,
    { id: 's2', rows: 4, current: false, state: 'complete' },
  ]);
  expect(text).toBe(
    'The current version and 1 old one (4 rows) that overwrites left behind. Restore one to make it current again. Besides: 1 incomplete version (5 rows), which cannot be restored.'
  );
});
