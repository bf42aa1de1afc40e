/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Appends and upserts into a version (by a query or `_write`) are in the Versions timeline: who
 * added how many rows to which version, and for an upsert, by which key and how many it replaced.
 */
import { screen } from '@testing-library/react';
import type { LookupDetail } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const NAME = 'lk_hosts';
const SLICE = '11111111-aaaa-4bbb-8ccc-000000000001';

const lookup: LookupDetail = {
  name: NAME,
  kind: 'managed',
  backing_index: `${NAME}__lookup`,
  current_slice: SLICE,
  rows: 36,
  size_bytes: 100,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: '2026-03-01T10:02:00Z',
  slices: [
    {
      id: SLICE,
      rows: 36,
      current: true,
      state: 'complete',
      action: 'created',
      created_at: '2026-03-01T10:00:00Z',
      written_by: 'lookup_writer',
    },
  ],
  events: [
    {
      type: 'rows_added',
      slice: SLICE,
      rows: 12,
      action: 'upserted',
      key_field: ['host'],
      replaced: 0,
      at: '2026-03-01T10:02:00Z',
      by: 'lookup_writer',
    },
    {
      type: 'rows_added',
      slice: SLICE,
      rows: 12,
      action: 'appended',
      at: '2026-03-01T10:01:00Z',
      by: 'team_a_writer',
    },
  ],
};

it('shows each append and upsert with who, how many rows and how', async () => {
  const fake = fakeHttp({ [`GET ${apiPaths.lookup(NAME)}`]: () => lookup });
  renderWithProviders(<LookupsApp />, {
    route: `/lookups/${NAME}/versions`,
    services: { ...fakeServices(), http: fake.http },
  });
  const upsert = await screen.findByTestId(
    `lookupsVersionEvent-added-${SLICE}-2026-03-01T10:02:00Z`
  );
  expect(upsert.textContent).toContain('lookup_writer');
  expect(upsert.textContent).toContain(
    'added 12 rows to version 11111111 by key host (none replaced a stored row)'
  );
  const append = screen.getByTestId(`lookupsVersionEvent-added-${SLICE}-2026-03-01T10:01:00Z`);
  expect(append.textContent).toContain('team_a_writer');
  expect(append.textContent).toContain('appended 12 rows to version 11111111');
});
