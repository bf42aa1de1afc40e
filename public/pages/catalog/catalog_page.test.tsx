/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { LookupSummary, MigrateResponse, ReapResponse } from '../../../common/api/codecs';
import {
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

const base = {
  current_slice: 's1',
  size_bytes: 4096,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: '2026-03-01T10:00:00Z',
};
const LOOKUPS: LookupSummary[] = [
  {
    ...base,
    name: 'lk_hosts',
    kind: 'managed',
    backing_index: 'lk_hosts__lookup',
    rows: 12,
    slice_count: 3,
    orphan_count: 2,
    orphan_rows: 7,
  },
  { ...base, name: 'lk_regions', kind: 'managed', backing_index: 'lk_regions__lookup', rows: 4 },
  { ...base, name: 'lk_old', kind: 'legacy', backing_index: 'importer_index', rows: 2 },
  {
    ...base,
    name: 'lk_broken',
    kind: 'broken',
    backing_index: 'lk_broken__lookup',
    rows: 0,
    reason: 'No alias names this backing index.',
  },
  {
    ...base,
    name: 'lk_clash',
    kind: 'conflict',
    backing_index: null,
    rows: 0,
    reason: 'lk_clash is a concrete index, not a lookup.',
  },
];

function names(): string[] {
  const table = screen.getByTestId('lookupsCatalogTable');
  return within(table)
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-test-subj')?.replace('lookupsCatalogRow-', '') ?? '')
    .filter(Boolean);
}

async function renderCatalog(routes: Parameters<typeof fakeHttp>[0] = {}) {
  const fake = fakeHttp({ [`GET ${apiPaths.list()}`]: () => ({ lookups: LOOKUPS }), ...routes });
  const view = renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  await screen.findByTestId('lookupsCatalogTable');
  return { ...view, ...fake };
}

describe('the catalog', () => {
  it('lists every lookup with its kind, size and orphans, and sets the breadcrumbs', async () => {
    const { services } = await renderCatalog();
    expect(names()).toEqual(['lk_broken', 'lk_clash', 'lk_hosts', 'lk_old', 'lk_regions']);
    const hosts = screen.getByTestId('lookupsCatalogRow-lk_hosts');
    expect(hosts.textContent).toContain('Managed');
    expect(hosts.textContent).toContain('4 KB');
    expect(hosts.textContent).toContain('2 (7 rows)');
    expect(screen.getByTestId('lookupsCatalogRow-lk_regions').textContent).not.toContain('row');
    expect(within(hosts).getByRole('link', { name: 'lk_hosts' }).getAttribute('href')).toBe(
      '/app/lookups/lookups/lk_hosts'
    );
    expect(screen.getByTestId('lookupsCatalogRow-lk_broken').textContent).toContain(
      'No alias names this backing index.'
    );
    expect(services.chrome.setBreadcrumbs).toHaveBeenLastCalledWith([
      expect.objectContaining({ text: 'Lookups' }),
      { text: 'Catalog' },
    ]);
  });

  it('narrows the table with the kind filter and the search', async () => {
    await renderCatalog();
    fireEvent.click(screen.getByTestId('lookupsCatalogKind-managed'));
    expect(names()).toEqual(['lk_hosts', 'lk_regions']);
    expect(screen.getByTestId('lookupsCatalogKind-managed').getAttribute('aria-pressed')).toBe(
      'true'
    );

    fireEvent.change(screen.getByTestId('lookupsCatalogSearch'), { target: { value: 'REG' } });
    expect(names()).toEqual(['lk_regions']);

    fireEvent.click(screen.getByTestId('lookupsCatalogKind-managed'));
    fireEvent.click(screen.getByTestId('lookupsCatalogKind-broken'));
    fireEvent.click(screen.getByTestId('lookupsCatalogKind-conflict'));
    fireEvent.change(screen.getByTestId('lookupsCatalogSearch'), { target: { value: 'concrete' } });
    expect(names()).toEqual(['lk_clash']);

    fireEvent.change(screen.getByTestId('lookupsCatalogSearch'), { target: { value: 'nothing' } });
    expect(names()).toEqual([]);
    expect(screen.getByTestId('lookupsCatalogTable').textContent).toContain(
      'No lookups match the search and filter.'
    );
  });

  it('sorts by a column', async () => {
    await renderCatalog();
    const header = screen.getAllByRole('columnheader').find((h) => h.textContent === 'Rows')!;
    fireEvent.click(within(header).getByRole('button'));
    expect(names()).toEqual(['lk_broken', 'lk_clash', 'lk_old', 'lk_regions', 'lk_hosts']);
  });

  it('shows the server’s message when the list fails, and retries', async () => {
    let fail = true;
    renderWithProviders(<LookupsApp />, {
      route: '/lookups',
      services: fakeServices({
        http: fakeHttp({
          [`GET ${apiPaths.list()}`]: () => {
            if (fail) throw httpError(503, 'OpenSearch cannot be reached right now.');
            return { lookups: LOOKUPS };
          },
        }).http,
      }),
    });
    expect((await screen.findByTestId('lookupsCatalogError-message')).textContent).toBe(
      'OpenSearch cannot be reached right now.'
    );
    fail = false;
    fireEvent.click(screen.getByTestId('lookupsCatalogError-retry'));
    await screen.findByTestId('lookupsCatalogTable');
    expect(screen.queryByTestId('lookupsCatalogError')).toBeNull();
  });

  it('cleans up the selected lookups after a dry run that lists what goes', async () => {
    const reaps: unknown[] = [];
    const { services } = await renderCatalog({
      [`POST ${apiPaths.reap('lk_hosts')}`]: ({ body }): ReapResponse => {
        reaps.push(body);
        const dry = (body as { dry_run?: boolean }).dry_run === true;
        return {
          dry_run: dry,
          removed: [{ lookup: 'lk_hosts', slice: 'aaaaaaaa-1111-2222-3333-444444444444', rows: 3 }],
          kept: [
            {
              lookup: 'lk_hosts',
              slice: 'bbbbbbbb-1111-2222-3333-444444444444',
              reason: 'one of the 1 most recent old versions',
              rule: 'newest',
            },
          ],
        };
      },
    });
    const row = screen.getByTestId('lookupsCatalogRow-lk_hosts');
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('lookupsCatalogCleanup'));

    const preview = await screen.findByTestId('lookupsCleanupPreview');
    expect(within(preview).getByTestId('lookupsCleanupRemoved').textContent).toContain('aaaaaaaa');
    expect(within(preview).getByTestId('lookupsCleanupKept').textContent).toContain(
      'one of the 1 most recent old versions'
    );
    const rule = { keep: 3, older_than: '1h' };
    expect(reaps).toEqual([{ ...rule, dry_run: true }]);

    fireEvent.click(screen.getByText('Remove 1 version'));
    await waitFor(() => expect(reaps).toEqual([{ ...rule, dry_run: true }, rule]));
    await waitFor(() =>
      expect(services.notifications.toasts.addSuccess).toHaveBeenCalledWith({
        title: 'Removed 1 version (3 rows)',
      })
    );
  });
});

describe('migration from the catalog', () => {
  it('shows the dry run, then migrates; the lookup then shows as managed', async () => {
    const calls: Array<{ dry: boolean }> = [];
    let migrated = false;
    const preview: MigrateResponse = {
      dry_run: true,
      action: 'would_migrate',
      name: 'lk_old',
      legacy_index: 'importer_index',
      target_backing_index: 'lk_old__lookup',
      rows: 2,
      fields: ['code', 'label'],
      slice: null,
      message:
        'Would copy 2 rows of "lk_old" into lk_old__lookup as a new slice and move the alias there in one request. The index importer_index stays as it is.',
    };
    const { services } = await renderCatalog({
      [`GET ${apiPaths.list()}`]: () => ({
        lookups: LOOKUPS.map((l) =>
          l.name === 'lk_old' && migrated
            ? { ...l, kind: 'managed', backing_index: 'lk_old__lookup' }
            : l
        ),
      }),
      [`POST ${apiPaths.migrate('lk_old')}`]: ({ options }) => {
        const dry = options?.query?.dry_run === true;
        calls.push({ dry });
        if (dry) return preview;
        migrated = true;
        return {
          ...preview,
          dry_run: false,
          action: 'migrated',
          slice: 's9',
          message:
            'Copied 2 rows into lk_old__lookup and moved the alias. The index importer_index is unchanged.',
        };
      },
    });
    fireEvent.click(screen.getByTestId('lookupsCatalogMigrate-lk_old'));

    const shown = await screen.findByTestId('lookupsMigratePreview');
    expect(calls).toEqual([{ dry: true }]);
    expect(within(shown).getByTestId('lookupsMigrateRows').textContent).toBe('2');
    expect(within(shown).getByTestId('lookupsMigrateFields').textContent).toBe('codelabel');
    expect(within(shown).getByTestId('lookupsMigrateTarget').textContent).toBe('lk_old__lookup');
    expect(shown.textContent).toContain('importer_index (stays as it is; nothing is deleted)');

    fireEvent.click(screen.getByTestId('confirmModalConfirmButton'));
    await waitFor(() => expect(calls).toEqual([{ dry: true }, { dry: false }]));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('lookupsCatalogRow-lk_old')).getByTestId(
          'lookupsKindBadge-managed'
        )
      ).toBeTruthy()
    );
    expect(screen.queryByTestId('lookupsMigrateModal')).toBeNull();
    expect(services.notifications.toasts.addSuccess).toHaveBeenCalledWith({
      title: '"lk_old" is now a managed lookup',
      text: 'Copied 2 rows into lk_old__lookup and moved the alias. The index importer_index is unchanged.',
    });
  });

  it('shows the server’s refusal in the modal and changes nothing', async () => {
    await renderCatalog({
      [`POST ${apiPaths.migrate('lk_old')}`]: () => {
        throw httpError(
          403,
          'OpenSearch refused this for your user: no permissions for [indices:admin/create].'
        );
      },
    });
    fireEvent.click(screen.getByTestId('lookupsCatalogMigrate-lk_old'));
    expect((await screen.findByTestId('lookupsMigrateError-message')).textContent).toBe(
      'You may not migrate "lk_old": your user lacks the OpenSearch permission indices:admin/create. An administrator can grant it.'
    );
    // The security plugin's own words stay one click away.
    expect(screen.getByTestId('lookupsMigrateError-details').textContent).toContain(
      'no permissions for [indices:admin/create]'
    );
    expect(screen.getByTestId('confirmModalConfirmButton')).toHaveProperty('disabled', true);
  });
});
