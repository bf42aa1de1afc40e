/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Restores and imports in the Versions tab's timeline: each says who, what (the version restored
 * and the one it replaced; the file imported, its rows, and how they went in) and sits among the
 * versions by its time, newest first.
 */
import { screen } from '@testing-library/react';
import type { LookupDetail } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import {
  LOOKUP_ACTIONS,
  type ActionGrant,
  type LookupAction,
  type PermissionsResponse,
} from '../../../common/api/permissions';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const NAME = 'lk_hosts';
const NEWER = '22222222-aaaa-4bbb-8ccc-000000000002';
const OLDER = '11111111-aaaa-4bbb-8ccc-000000000001';

const lookup: LookupDetail = {
  name: NAME,
  kind: 'managed',
  backing_index: `${NAME}__lookup`,
  current_slice: OLDER,
  rows: 3,
  size_bytes: 100,
  slice_count: 2,
  orphan_count: 1,
  orphan_rows: 1,
  last_write: '2026-03-01T10:01:00Z',
  slices: [
    {
      id: OLDER,
      rows: 3,
      current: true,
      state: 'complete',
      action: 'created',
      created_at: '2026-03-01T10:00:00Z',
      written_by: 'lookup_writer',
    },
    {
      id: NEWER,
      rows: 1,
      current: false,
      state: 'complete',
      action: 'overwritten',
      created_at: '2026-03-01T10:01:00Z',
      written_by: 'lookup_writer',
    },
  ],
  events: [
    {
      type: 'version_restored',
      slice: OLDER,
      previous: NEWER,
      rows: 3,
      at: '2026-03-01T12:00:00Z',
      by: 'team_a_writer',
    },
    {
      type: 'imported',
      slice: OLDER,
      file: 'extra hosts.csv',
      format: 'csv',
      rows: 1,
      action: 'appended',
      at: '2026-03-01T10:30:00Z',
      by: null,
    },
    {
      type: 'imported',
      slice: OLDER,
      file: 'hosts.csv',
      format: 'csv',
      rows: 2,
      action: 'created',
      at: '2026-03-01T10:00:00Z',
      by: 'lookup_writer',
    },
  ],
};

const permissions: PermissionsResponse = {
  can_manage_security: false,
  lookups: [
    {
      name: NAME,
      actions: Object.fromEntries(LOOKUP_ACTIONS.map((a) => [a, { allowed: true }])) as Record<
        LookupAction,
        ActionGrant
      >,
    },
  ],
};

it('shows restores and imports with who, what and when, among the versions by time', async () => {
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup(NAME)}`]: () => lookup,
    [`GET ${apiPaths.permissions()}`]: () => permissions,
  });
  renderWithProviders(<LookupsApp />, {
    route: `/lookups/${NAME}/versions`,
    services: { ...fakeServices(), http: fake.http },
  });

  const restored = await screen.findByTestId(
    `lookupsVersionEvent-restored-${OLDER}-2026-03-01T12:00:00Z`
  );
  expect(restored.textContent).toContain('team_a_writer');
  expect(restored.textContent).toContain('restored version 11111111 (3 rows, replacing 22222222)');

  const appended = screen.getByTestId(`lookupsVersionEvent-imported-${OLDER}-2026-03-01T10:30:00Z`);
  expect(appended.textContent).toContain('unknown user');
  expect(appended.textContent).toContain(
    'imported extra hosts.csv (1 row, append into version 11111111)'
  );
  const created = screen.getByTestId(`lookupsVersionEvent-imported-${OLDER}-2026-03-01T10:00:00Z`);
  expect(created.textContent).toContain('lookup_writer');
  expect(created.textContent).toContain('imported hosts.csv (2 rows) as version 11111111');

  const timeline = screen.getByTestId('lookupsVersionsTimeline');
  const order = Array.from(timeline.querySelectorAll('[data-test-subj^="lookupsVersion"]'))
    .map((el) => el.getAttribute('data-test-subj') ?? '')
    .filter((id) => /^lookupsVersion(Event)?-/.test(id));
  expect(order).toEqual([
    `lookupsVersionEvent-restored-${OLDER}-2026-03-01T12:00:00Z`,
    `lookupsVersionEvent-imported-${OLDER}-2026-03-01T10:30:00Z`,
    `lookupsVersion-${NEWER}`,
    `lookupsVersion-${OLDER}`,
    `lookupsVersionEvent-imported-${OLDER}-2026-03-01T10:00:00Z`,
  ]);
});
