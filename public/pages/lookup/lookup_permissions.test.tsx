/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A lookup's write actions as a reader sees them: disabled, each naming what is missing. */
import { screen, waitFor, within } from '@testing-library/react';
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

const CURRENT = '22222222-aaaa-4bbb-8ccc-000000000002';
const OLD = '11111111-aaaa-4bbb-8ccc-000000000001';

function detail(kind: 'managed' | 'legacy'): LookupDetail {
  return {
    name: 'lk_hosts',
    kind,
    backing_index: kind === 'managed' ? 'lk_hosts__lookup' : 'importer_index',
    current_slice: CURRENT,
    filter: { term: { __lookup: CURRENT } },
    rows: 2,
    size_bytes: 100,
    slice_count: 2,
    orphan_count: 1,
    orphan_rows: 1,
    last_write: '2026-03-01T10:02:00Z',
    slices: [
      { id: OLD, rows: 1, current: false, state: 'complete', created_at: '2026-03-01T10:00:00Z' },
      {
        id: CURRENT,
        rows: 2,
        current: true,
        state: 'complete',
        created_at: '2026-03-01T10:02:00Z',
      },
    ],
  };
}

const MISSING: Record<LookupAction, string> = {
  write: 'indices:admin/create',
  import: 'indices:admin/create',
  restore: 'indices:admin/aliases',
  migrate: 'indices:admin/create',
  delete: 'indices:admin/delete',
  cleanup: 'indices:data/write/delete/byquery',
  delete_version: 'indices:data/write/delete/byquery',
};
const readerAnswer = (): PermissionsResponse => ({
  can_manage_security: false,
  lookups: [
    {
      name: 'lk_hosts',
      actions: Object.fromEntries(
        LOOKUP_ACTIONS.map((a) => [a, { allowed: false, missing: MISSING[a] }])
      ) as Record<LookupAction, ActionGrant>,
    },
  ],
});

function renderLookup(tab: string, kind: 'managed' | 'legacy' = 'managed') {
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup('lk_hosts')}`]: () => detail(kind),
    [`GET ${apiPaths.permissions()}`]: readerAnswer,
  });
  renderWithProviders(<LookupsApp />, {
    route: `/lookups/lk_hosts/${tab}`,
    services: fakeServices({ http: fake.http }),
  });
  return fake;
}

const refusalOf = (testSubj: string) =>
  within(
    screen.getByTestId(testSubj).closest('[data-missing-permission]') as HTMLElement
  ).getByTestId('lookupsRefusedText').textContent;

describe('a lookup as a user who may only read it', () => {
  it('settings: delete and import are disabled, naming the missing permission', async () => {
    const fake = renderLookup('settings');
    await screen.findByTestId('lookupsSettingsTab');
    await waitFor(() =>
      expect(screen.getByTestId('lookupsDeleteButton')).toHaveProperty('disabled', true)
    );
    expect(refusalOf('lookupsDeleteButton')).toBe(
      'You may not delete "lk_hosts": your user lacks the OpenSearch permission indices:admin/delete. An administrator can grant it.'
    );
    expect(screen.getByTestId('lookupsImportSubmit')).toHaveProperty('disabled', true);
    expect(refusalOf('lookupsImportSubmit')).toContain('You may not import a file into "lk_hosts"');
    // Export (a read) stays offered.
    expect(screen.getByTestId('lookupsExportCsv').getAttribute('href')).toContain('_export');
    // Asked once for this lookup, though three buttons wanted to know.
    expect(fake.requests.filter((r) => r.path === apiPaths.permissions())).toHaveLength(1);
  });

  it('versions: restore and clean up are disabled', async () => {
    renderLookup('versions');
    await screen.findByTestId('lookupsVersionsTab');
    await waitFor(() =>
      expect(screen.getByTestId(`lookupsVersionRestore-${OLD}`)).toHaveProperty('disabled', true)
    );
    expect(refusalOf(`lookupsVersionRestore-${OLD}`)).toContain('indices:admin/aliases');
    expect(screen.getByTestId('lookupsVersionsCleanup')).toHaveProperty('disabled', true);
  });

  it('a legacy lookup: migrate is disabled', async () => {
    renderLookup('rows', 'legacy');
    await waitFor(() =>
      expect(screen.getByTestId('lookupsLookupMigrate')).toHaveProperty('disabled', true)
    );
    expect(refusalOf('lookupsLookupMigrate')).toContain('You may not migrate');
  });
});
