/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Export from the catalog row: the current version as CSV or NDJSON, without opening the lookup. */
import { fireEvent, screen, within } from '@testing-library/react';
import type { LookupSummary } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const base = {
  current_slice: 's1',
  size_bytes: 100,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: '2026-03-01T10:00:00Z',
};
const LOOKUPS: LookupSummary[] = [
  { ...base, name: 'lk_a', kind: 'managed', backing_index: 'lk_a__lookup', rows: 5 },
  {
    ...base,
    name: 'lk_gone',
    kind: 'broken',
    backing_index: 'lk_gone__lookup',
    current_slice: null,
    rows: 0,
    reason: 'No alias names this backing index.',
  },
];

it('offers CSV and NDJSON downloads of a lookup in its row', async () => {
  const fake = fakeHttp({ [`GET ${apiPaths.list()}`]: () => ({ lookups: LOOKUPS, total: 2 }) });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  const row = await screen.findByTestId('lookupsCatalogRow-lk_a');
  fireEvent.click(within(row).getByTestId('lookupsCatalog-export-lk_a'));
  const csv = await screen.findByTestId('lookupsCatalogExportCsv-lk_a');
  expect(csv.getAttribute('href')).toBe(`${apiPaths.export('lk_a')}?format=csv`);
  expect(csv.getAttribute('download')).toBe('lk_a.csv');
  expect(screen.getByTestId('lookupsCatalogExportNdjson-lk_a').getAttribute('href')).toBe(
    `${apiPaths.export('lk_a')}?format=ndjson`
  );
  // A broken lookup has no current version to export.
  expect(
    within(screen.getByTestId('lookupsCatalogRow-lk_gone')).queryByTestId(
      'lookupsCatalog-export-lk_gone'
    )
  ).toBeNull();
});
