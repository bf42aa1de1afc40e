/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * An importer (legacy) lookup is never deleted here (its index belongs to the importer), so
 * Delete is not offered for it: not in its catalog row, not on its Settings tab, and a bulk
 * delete leaves it out and says so.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupDetail, LookupSummary } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import {
  LOOKUP_ACTIONS,
  type ActionGrant,
  type LookupAction,
  type PermissionsResponse,
} from '../../../common/api/permissions';
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
const MANAGED: LookupSummary = {
  ...base,
  name: 'lk_a',
  kind: 'managed',
  backing_index: 'lk_a__lookup',
  rows: 5,
};
const LEGACY: LookupSummary = {
  ...base,
  name: 'lk_old',
  kind: 'legacy',
  backing_index: 'importer_upload',
  rows: 3,
};

const allowed = (names: string[]): PermissionsResponse => ({
  can_manage_security: false,
  lookups: names.map((name) => ({
    name,
    actions: Object.fromEntries(LOOKUP_ACTIONS.map((a) => [a, { allowed: true }])) as Record<
      LookupAction,
      ActionGrant
    >,
  })),
});

function render(route: string) {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [MANAGED, LEGACY], total: 2 }),
    [`GET ${apiPaths.lookup('lk_old')}`]: (): LookupDetail => ({
      ...LEGACY,
      filter: { term: { __lookup: 's1' } },
      slices: [{ id: 's1', rows: 3, current: true }],
    }),
    [`GET ${apiPaths.permissions()}`]: (request) =>
      allowed(
        String((request.options?.query as { names?: string } | undefined)?.names ?? '')
          .split(',')
          .filter(Boolean)
      ),
    [`DELETE ${apiPaths.lookup('lk_a')}`]: () => ({
      name: 'lk_a',
      removed_alias: 'lk_a',
      removed_index: 'lk_a__lookup',
      rows: 5,
    }),
  });
  renderWithProviders(<LookupsApp />, { route, services: fakeServices({ http: fake.http }) });
  return fake;
}

describe('a legacy lookup', () => {
  it('has no Delete in its catalog row; a managed one does', async () => {
    render('/lookups');
    const row = await screen.findByTestId('lookupsCatalogRow-lk_old');
    await waitFor(() => expect(screen.getByTestId('lookupsCatalog-delete-lk_a')).toBeTruthy());
    expect(within(row).queryByTestId('lookupsCatalog-delete-lk_old')).toBeNull();
    // Migrating it is what is offered instead.
    expect(within(row).getByTestId('lookupsCatalogMigrate-lk_old')).toBeTruthy();
  });

  it('has no Delete on its Settings tab, which says why and what to do instead', async () => {
    render('/lookups/lk_old/settings');
    const settings = await screen.findByTestId('lookupsSettingsTab');
    expect(within(settings).queryByTestId('lookupsDeleteButton')).toBeNull();
    expect(within(settings).getByTestId('lookupsSettingsNoDelete').textContent).toContain(
      'importer_upload'
    );
  });

  it('is left out of a bulk delete, which says so', async () => {
    const fake = render('/lookups');
    await screen.findByTestId('lookupsCatalogRow-lk_old');
    fireEvent.click(within(screen.getByTestId('lookupsCatalogRow-lk_a')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('lookupsCatalogRow-lk_old')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('lookupsCatalogDeleteSelected'));
    const modal = await screen.findByTestId('lookupsDeleteModal');
    expect(within(modal).getByTestId('lookupsDeleteWhat').textContent).toContain('lk_a');
    expect(within(modal).getByTestId('lookupsDeleteWhat').textContent).not.toContain('lk_old');
    expect(within(modal).getByTestId('lookupsDeleteLeftOut').textContent).toContain('lk_old');
    fireEvent.change(within(modal).getByTestId('lookupsDeleteConfirmName'), {
      target: { value: 'lk_a' },
    });
    fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        apiPaths.lookup('lk_a'),
      ])
    );
  });
});
