/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The catalog as users with different rights see it: read-only, no access, bulk delete. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupSummary } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import type {
  ActionGrant,
  LookupAction,
  PermissionsResponse,
} from '../../../common/api/permissions';
import { LOOKUP_ACTIONS } from '../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
  type FakeRequest,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

const base = {
  current_slice: 's1',
  size_bytes: 100,
  slice_count: 2,
  orphan_count: 1,
  orphan_rows: 3,
  last_write: '2026-03-01T10:00:00Z',
};
const LOOKUPS: LookupSummary[] = [
  { ...base, name: 'lk_a', kind: 'managed', backing_index: 'lk_a__lookup', rows: 5 },
  { ...base, name: 'lk_b', kind: 'managed', backing_index: 'lk_b__lookup', rows: 7 },
  {
    ...base,
    name: 'lk_gone',
    kind: 'broken',
    backing_index: 'lk_gone__lookup',
    rows: 0,
    reason: 'No alias names this backing index.',
  },
];

const refused = (missing: string): ActionGrant => ({
  allowed: false,
  missing,
  reason: `no permissions for [${missing}] and User [name=reader]`,
});
const MISSING: Record<LookupAction, string> = {
  write: 'indices:admin/create',
  import: 'indices:admin/create',
  restore: 'indices:admin/aliases',
  migrate: 'indices:admin/create',
  delete: 'indices:admin/delete',
  cleanup: 'indices:data/write/delete/byquery',
  delete_version: 'indices:data/write/delete/byquery',
};
function answer(names: string[], allowed: (name: string) => boolean): PermissionsResponse {
  return {
    can_manage_security: false,
    lookups: names.map((name) => ({
      name,
      actions: Object.fromEntries(
        LOOKUP_ACTIONS.map((a) => [a, allowed(name) ? { allowed: true } : refused(MISSING[a])])
      ) as Record<LookupAction, ActionGrant>,
    })),
  };
}
const askedNames = (request: FakeRequest) =>
  String((request.options?.query as { names?: string } | undefined)?.names ?? '')
    .split(',')
    .filter(Boolean);

function renderCatalog(routes: Parameters<typeof fakeHttp>[0]) {
  const fake = fakeHttp({ [`GET ${apiPaths.list()}`]: () => ({ lookups: LOOKUPS }), ...routes });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  return fake;
}

describe('the catalog and what the user may do', () => {
  it('says up front that a reader may not change anything, and disables every write', async () => {
    const fake = renderCatalog({
      [`GET ${apiPaths.permissions()}`]: (request) => answer(askedNames(request), () => false),
    });
    expect((await screen.findByTestId('lookupsCatalogReadOnly')).textContent).toContain(
      'You can read these lookups but not change them'
    );
    // Asked once, for every lookup listed.
    const asks = fake.requests.filter((r) => r.path === apiPaths.permissions());
    expect(asks).toHaveLength(1);
    expect(askedNames(asks[0])).toEqual(['lk_a', 'lk_b', 'lk_gone']);

    const row = screen.getByTestId('lookupsCatalogRow-lk_a');
    expect(within(row).getByTestId('lookupsCatalog-delete-lk_a')).toHaveProperty('disabled', true);
    expect(within(row).getByTestId('lookupsCatalog-cleanup-lk_a')).toHaveProperty('disabled', true);
    expect(
      within(row).getByTestId('lookupsRefused-delete').getAttribute('data-missing-permission')
    ).toBe('indices:admin/delete');
    // The reason: in a tooltip on hover or focus (the browser test sees it), and for screen readers.
    expect(
      within(within(row).getByTestId('lookupsRefused-delete')).getByTestId('lookupsRefusedText')
        .textContent
    ).toBe(
      'You may not delete "lk_a": your user lacks the OpenSearch permission indices:admin/delete. An administrator can grant it.'
    );
    expect(screen.getByTestId('lookupsCatalogCleanup')).toHaveProperty('disabled', true);
    // Said of the lookups listed, not of writing as a whole: a user who may write other names
    // (team_a_writer and lk_team_a_*) is not told that writing is off for them.
    const banner = screen.getByTestId('lookupsCatalogReadOnly').textContent ?? '';
    expect(banner).not.toContain('turned off for your user');
    expect(banner).toContain('may not change any of the lookups listed');
    // Reading stays: open and query.
    expect(within(row).getByTestId('lookupsCatalog-query-lk_a').getAttribute('href')).toBe(
      '/app/lookups/query?q=source%3Dlk_a&run=true'
    );
  });

  it('offers writes per lookup to a user who may write some', async () => {
    renderCatalog({
      [`GET ${apiPaths.permissions()}`]: (request) =>
        answer(askedNames(request), (name) => name === 'lk_b'),
    });
    await screen.findByTestId('lookupsCatalogTable');
    await waitFor(() =>
      expect(screen.getByTestId('lookupsCatalog-delete-lk_a')).toHaveProperty('disabled', true)
    );
    expect(screen.getByTestId('lookupsCatalog-delete-lk_b')).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('lookupsCatalogReadOnly')).toBeNull();
  });

  it('a broken lookup offers the delete its message promises', async () => {
    const deleted: string[] = [];
    renderCatalog({
      [`GET ${apiPaths.permissions()}`]: (request) => answer(askedNames(request), () => true),
      [`DELETE ${apiPaths.lookup('lk_gone')}`]: () => {
        deleted.push('lk_gone');
        return { name: 'lk_gone', rows: 0, deleted_indices: ['lk_gone__lookup'] };
      },
    });
    await screen.findByTestId('lookupsCatalogTable');
    fireEvent.click(screen.getByTestId('lookupsCatalog-delete-lk_gone'));
    const modal = await screen.findByTestId('lookupsDeleteModal');
    fireEvent.change(within(modal).getByTestId('lookupsDeleteConfirmName'), {
      target: { value: 'lk_gone' },
    });
    fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));
    await waitFor(() => expect(deleted).toEqual(['lk_gone']));
  });

  it('deletes the selected lookups after their count is typed, naming the one refused', async () => {
    const deleted: string[] = [];
    renderCatalog({
      [`GET ${apiPaths.permissions()}`]: (request) => answer(askedNames(request), () => true),
      [`DELETE ${apiPaths.lookup('lk_a')}`]: () => {
        deleted.push('lk_a');
        return { name: 'lk_a', rows: 5, deleted_indices: ['lk_a__lookup'] };
      },
      [`DELETE ${apiPaths.lookup('lk_b')}`]: () => {
        throw httpError(
          403,
          'OpenSearch refused this for your user: no permissions for [indices:admin/delete] and User [name=x].',
          { reason: 'no permissions for [indices:admin/delete] and User [name=x]' }
        );
      },
    });
    await screen.findByTestId('lookupsCatalogTable');
    fireEvent.click(within(screen.getByTestId('lookupsCatalogRow-lk_a')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('lookupsCatalogRow-lk_b')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('lookupsCatalogDeleteSelected'));
    const modal = await screen.findByTestId('lookupsDeleteModal');
    expect(within(modal).getByTestId('lookupsDeleteWhat').textContent).toBe(
      'lk_a: 2 versions, 8 rowslk_b: 2 versions, 10 rows'
    );
    const confirm = within(modal).getByTestId('confirmModalConfirmButton');
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(modal).getByTestId('lookupsDeleteConfirmName'), {
      target: { value: '2' },
    });
    fireEvent.click(confirm);
    expect((await screen.findByTestId('lookupsDeleteError-message')).textContent).toBe(
      'You may not delete "lk_b": your user lacks the OpenSearch permission indices:admin/delete. An administrator can grant it.'
    );
    expect(screen.getByTestId('lookupsDeleteError').textContent).toContain(
      '"lk_b" was not deleted'
    );
    expect(deleted).toEqual(['lk_a']);
  });
});

describe('a user who may read no lookup', () => {
  const listRefused = () => {
    throw httpError(
      403,
      "OpenSearch refused to list the indices this user may see. Listing lookups needs the security plugin's do_not_fail_on_forbidden setting.",
      { reason: 'list_forbidden' }
    );
  };

  it('is told so plainly, without the operator hint', async () => {
    renderCatalog({
      [`GET ${apiPaths.list()}`]: listRefused,
      [`GET ${apiPaths.permissions()}`]: () => ({ lookups: [], can_manage_security: false }),
    });
    const prompt = await screen.findByTestId('lookupsCatalogNoAccess');
    expect(prompt.textContent).toContain('There are no lookups you may read');
    expect(prompt.textContent).not.toContain('do_not_fail_on_forbidden');
    expect(screen.queryByTestId('lookupsCatalogError-retry')).toBeNull();
  });

  it('an administrator also gets the hint about the cluster setting', async () => {
    renderCatalog({
      [`GET ${apiPaths.list()}`]: listRefused,
      [`GET ${apiPaths.permissions()}`]: () => ({ lookups: [], can_manage_security: true }),
    });
    expect((await screen.findByTestId('lookupsCatalogOperatorHint')).textContent).toContain(
      'do_not_fail_on_forbidden'
    );
  });
});
