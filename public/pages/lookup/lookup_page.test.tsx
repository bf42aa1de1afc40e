/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { LookupDetail, RowsResponse } from '../../../common/api/codecs';
import type { FieldCapsResponse, SearchResponse } from '../../../common/api/search_codecs';
import {
  fakeHttp,
  fakeServices,
  httpError,
  jsonTextRoute,
  renderWithProviders,
  type FakeRoute,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

const FIRST = '11111111-aaaa-4bbb-8ccc-000000000001';
const SECOND = '22222222-aaaa-4bbb-8ccc-000000000002';
const THIRD = '33333333-aaaa-4bbb-8ccc-000000000003';

function detail(current: string): LookupDetail {
  return {
    name: 'lk_hosts',
    kind: 'managed',
    backing_index: 'lk_hosts__lookup',
    current_slice: current,
    filter: { term: { __lookup: current } },
    rows: 2,
    size_bytes: 10240,
    slice_count: 3,
    orphan_count: 2,
    orphan_rows: 4,
    last_write: '2026-03-01T10:02:00Z',
    slices: [
      {
        id: FIRST,
        rows: 3,
        current: current === FIRST,
        created_at: '2026-03-01T10:00:00Z',
        written_by: 'lookup_writer',
        action: 'created',
        query: 'source=web_logs | stats count() by host | outputlookup lk_hosts',
      },
      {
        id: SECOND,
        rows: 1,
        current: current === SECOND,
        created_at: '2026-03-01T10:01:00Z',
        written_by: 'lookup_writer',
        action: 'overwritten',
      },
      {
        id: THIRD,
        rows: 2,
        current: current === THIRD,
        created_at: '2026-03-01T10:02:00Z',
        written_by: 'ana',
        action: 'overwritten',
      },
    ],
  };
}

const ROWS: RowsResponse = {
  schema: [
    { name: 'host', type: 'keyword' },
    { name: 'n', type: 'long' },
  ],
  datarows: [
    ['web-01', 3],
    ['web-02', 5],
  ],
  total: 2,
  slice: 'slice-3',
};

function renderLookup(tab: string, routes: Record<string, FakeRoute> = {}) {
  let current = THIRD;
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup('lk_hosts')}`]: () => detail(current),
    [`GET ${apiPaths.rows('lk_hosts')}`]: () => ROWS,
    [`POST ${apiPaths.rollback('lk_hosts')}`]: ({ body }) => {
      const previous = current;
      current = (body as { slice: string }).slice;
      return { slice: current, previous };
    },
    ...routes,
  });
  const view = renderWithProviders(<LookupsApp />, {
    route: `/lookups/lk_hosts/${tab}`,
    services: fakeServices({ http: fake.http }),
  });
  return { ...view, ...fake };
}

describe('the lookup page', () => {
  it('shows the lookup, its tabs as links, and breadcrumbs down to the tab', async () => {
    const { services } = renderLookup('versions');
    await screen.findByTestId('lookupsVersionsTimeline');
    expect(screen.getByTestId('lookupsLookupName').textContent).toBe('lk_hosts');
    expect(screen.getByTestId('lookupsLookupTab-rows').getAttribute('href')).toBe(
      '/app/lookups/lookups/lk_hosts/rows'
    );
    expect(screen.getByTestId('lookupsLookupTab-versions').getAttribute('aria-selected')).toBe(
      'true'
    );
    expect(services.chrome.setBreadcrumbs).toHaveBeenLastCalledWith([
      expect.objectContaining({ text: 'Lookups', href: '/app/lookups' }),
      expect.objectContaining({ text: 'Catalog', href: '/app/lookups/lookups' }),
      expect.objectContaining({ text: 'lk_hosts', href: '/app/lookups/lookups/lk_hosts' }),
      { text: 'Versions' },
    ]);
    // The document title, as OSD apps set it: the page first, the app last (core adds its own).
    expect(services.chrome.docTitle.change).toHaveBeenLastCalledWith([
      'Versions',
      'lk_hosts',
      'Catalog',
      'Lookups',
    ]);
  });

  it('says so when there is no such lookup', async () => {
    renderLookup('rows', {
      [`GET ${apiPaths.lookup('lk_hosts')}`]: () => {
        throw httpError(404, 'There is no lookup named "lk_hosts".');
      },
    });
    expect((await screen.findByTestId('lookupsLookupError-message')).textContent).toBe(
      'There is no lookup named "lk_hosts".'
    );
  });
});

describe('the versions timeline', () => {
  it('lists versions newest first with user, action, rows and source query', async () => {
    renderLookup('versions');
    const timeline = await screen.findByTestId('lookupsVersionsTimeline');
    const entries = within(timeline).getAllByTestId(/^lookupsVersion-/);
    expect(entries.map((e) => e.getAttribute('data-test-subj'))).toEqual([
      `lookupsVersion-${THIRD}`,
      `lookupsVersion-${SECOND}`,
      `lookupsVersion-${FIRST}`,
    ]);
    expect(entries[0].textContent).toContain('ana');
    expect(entries[0].textContent).toContain('Current');
    expect(entries[2].textContent).toContain('wrote version 11111111 (created the lookup)');
    expect(entries[1].textContent).toContain('wrote version 22222222 (overwrite)');
    expect(within(entries[2]).getByTestId('lookupsVersionQuery').textContent).toBe(
      'source=web_logs | stats count() by host | outputlookup lk_hosts'
    );
    // The current version cannot be restored.
    expect(screen.queryByTestId(`lookupsVersionRestore-${THIRD}`)).toBeNull();
  });

  it('restores a version only after the confirm, with the rollback route', async () => {
    const { requests, services } = renderLookup('versions');
    fireEvent.click(await screen.findByTestId(`lookupsVersionRestore-${FIRST}`));
    const modal = screen.getByTestId('lookupsRestoreModal');
    expect(modal.textContent).toContain('version 11111111 (3 rows)');
    expect(requests.filter((r) => r.path === apiPaths.rollback('lk_hosts'))).toHaveLength(0);

    fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === apiPaths.rollback('lk_hosts'))).toEqual([
        expect.objectContaining({ method: 'POST', body: { slice: FIRST } }),
      ])
    );
    // The lookup is read again: the restored version is now the current one.
    await waitFor(() =>
      expect(
        within(screen.getByTestId(`lookupsVersion-${FIRST}`)).getByText('Current')
      ).toBeTruthy()
    );
    expect(services.notifications.toasts.addSuccess).toHaveBeenCalledWith({
      title: 'Restored version 11111111 of "lk_hosts"',
    });
  });

  it('keeps the modal open with the server’s message when the restore is refused', async () => {
    renderLookup('versions', {
      [`POST ${apiPaths.rollback('lk_hosts')}`]: () => {
        throw httpError(
          403,
          'OpenSearch refused this for your user: no permissions for [indices:admin/aliases].'
        );
      },
    });
    fireEvent.click(await screen.findByTestId(`lookupsVersionRestore-${SECOND}`));
    fireEvent.click(screen.getByTestId('confirmModalConfirmButton'));
    expect((await screen.findByTestId('lookupsRestoreError-message')).textContent).toContain(
      'indices:admin/aliases'
    );
  });

  it('cancelling the confirm restores nothing', async () => {
    const { requests } = renderLookup('versions');
    fireEvent.click(await screen.findByTestId(`lookupsVersionRestore-${SECOND}`));
    fireEvent.click(screen.getByTestId('confirmModalCancelButton'));
    expect(screen.queryByTestId('lookupsRestoreModal')).toBeNull();
    expect(requests.some((r) => r.path === apiPaths.rollback('lk_hosts'))).toBe(false);
  });
});

describe('the rows tab', () => {
  it('shows only the columns the current version carries', async () => {
    const caps: FieldCapsResponse = {
      indices: [FIRST, SECOND, THIRD],
      fields: {
        host: { keyword: { type: 'keyword', searchable: true, aggregatable: true } },
        n: {
          long: { type: 'long', searchable: true, aggregatable: true, indices: [FIRST] },
          unmapped: {
            type: 'unmapped',
            searchable: false,
            aggregatable: false,
            indices: [SECOND, THIRD],
          },
        },
      },
    };
    renderLookup('rows', { [`GET ${apiPaths.fieldCaps('lk_hosts')}`]: () => caps });
    const table = await screen.findByTestId('lookupsRowsTable');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent)
      ).toEqual(['host string'])
    );
  });

  it('pages through _rows and searches with _search, showing scores for best matches', async () => {
    const search: SearchResponse = {
      hits: [{ row: { host: 'web-02', n: 5 }, _score: 1.5 }],
      total: 1,
      complete: true,
      slice: THIRD,
    };
    const { requests } = renderLookup('rows', {
      [`POST ${apiPaths.search('lk_hosts')}`]: () => search,
    });
    const table = await screen.findByTestId('lookupsRowsTable');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('lookupsRowsTotal').textContent).toBe('Rows 1–2 of 2');
    expect(requests.find((r) => r.path === apiPaths.rows('lk_hosts'))?.options?.query).toEqual({
      from: 0,
      size: 20,
    });

    fireEvent.click(screen.getByText('Best matches'));
    fireEvent.change(screen.getByTestId('lookupsRowsSearch'), { target: { value: 'web-02' } });
    fireEvent.click(screen.getByTestId('lookupsRowsSearchButton'));
    const results = await screen.findByTestId('lookupsSearchTable');
    expect(requests.find((r) => r.path === apiPaths.search('lk_hosts'))?.body).toEqual({
      mode: 'top',
      k: 100,
      size: 20,
      query: { multi_match: { query: 'web-02', fields: ['host'] } },
    });
    expect(within(results).getAllByRole('columnheader')[0].textContent).toContain('_score');
    expect(results.textContent).toContain('1.500');
    expect(results.textContent).toContain('web-02');
  });

  it('shows the server’s message when a route is missing or fails', async () => {
    renderLookup('rows', {
      [`GET ${apiPaths.rows('lk_hosts')}`]: () => {
        throw httpError(404, 'Not Found');
      },
    });
    expect((await screen.findByTestId('lookupsRowsError-message')).textContent).toBe('Not Found');
  });
});

describe('long integers', () => {
  it('the rows tab shows integers beyond 2^53 with every digit', async () => {
    renderLookup('rows', {
      [`GET ${apiPaths.rows('lk_hosts')}`]: jsonTextRoute(
        '{"schema":[{"name":"k","type":"long"},{"name":"o","type":"object"}],' +
          '"datarows":[[9007199254740993,{"id":9223372036854775807}],[-9223372036854775808,null]],' +
          '"total":2,"slice":"s"}'
      ),
    });
    const table = await screen.findByTestId('lookupsRowsTable');
    const text = table.textContent ?? '';
    expect(text).toContain('9007199254740993');
    expect(text).toContain('{"id":9223372036854775807}');
    expect(text).toContain('-9223372036854775808');
    expect(text).not.toContain('9007199254740992');
  });
});

describe('the fields tab', () => {
  it("shows the current version's fields with types, capabilities and versions; all versions' behind a switch", async () => {
    const caps: FieldCapsResponse = {
      indices: [FIRST, SECOND, THIRD],
      fields: {
        _id: { _id: { type: '_id', searchable: true, aggregatable: true } },
        // OpenSearch 3 lists this metadata field on every index (#33 defect 6).
        _feature: { _feature: { type: '_feature', searchable: false, aggregatable: false } },
        host: { keyword: { type: 'keyword', searchable: true, aggregatable: true } },
        region: {
          text: { type: 'text', searchable: true, aggregatable: false, indices: [SECOND] },
          unmapped: {
            type: 'unmapped',
            searchable: false,
            aggregatable: false,
            indices: [FIRST, THIRD],
          },
        },
        n: {
          long: { type: 'long', searchable: true, aggregatable: true, indices: [SECOND, THIRD] },
          keyword: { type: 'keyword', searchable: true, aggregatable: true, indices: [FIRST] },
        },
      },
    };
    renderLookup('fields', { [`GET ${apiPaths.fieldCaps('lk_hosts')}`]: () => caps });
    await screen.findByTestId('lookupsFieldsTable');
    const shownRows = () =>
      within(screen.getByTestId('lookupsFieldsTable'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent);

    // By default, the current version's (THIRD's) fields only: host (every version) and n as long.
    await waitFor(() => expect(shownRows()).toHaveLength(2));
    let rows = shownRows();
    expect(rows[0]).toContain('host');
    // Named as query results name it, with the mapping type beside it.
    expect(rows[1]).toMatch(/n.*bigint \(long\).*33333333/);
    // Neither region (SECOND only) nor n as keyword (FIRST only).
    expect(rows.some((r) => r?.includes('region') || r?.includes('11111111'))).toBe(false);

    // Every stored version's fields, behind the switch.
    const allVersions = screen.getByTestId('lookupsFieldsAllVersions');
    expect(allVersions.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(allVersions);
    expect(allVersions.getAttribute('aria-checked')).toBe('true');
    rows = shownRows();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('host');
    expect(rows[0]).toContain('All (3)');
    expect(rows.find((r) => r?.includes('region'))).toMatch(/string \(text\).*22222222/);
    expect(
      rows.some((r) => r?.includes('unmapped') || r?.includes('_id') || r?.includes('_feature'))
    ).toBe(false);
    expect(rows.some((r) => r?.includes('long') && r.includes('22222222'))).toBe(true);
    expect(rows.some((r) => r?.includes('keyword') && r.includes('11111111'))).toBe(true);

    fireEvent.click(allVersions);
    expect(shownRows()).toHaveLength(2);
  });

  it('an empty current version shows no fields, and says how to see older ones', async () => {
    const caps: FieldCapsResponse = {
      indices: [FIRST, SECOND, THIRD],
      fields: {
        host: {
          keyword: {
            type: 'keyword',
            searchable: true,
            aggregatable: true,
            indices: [FIRST, SECOND],
          },
        },
      },
    };
    renderLookup('fields', { [`GET ${apiPaths.fieldCaps('lk_hosts')}`]: () => caps });
    const table = await screen.findByTestId('lookupsFieldsTable');
    await waitFor(() => expect(table.textContent).toContain('Show all versions'));
    expect(table.textContent).not.toContain('host');
    fireEvent.click(screen.getByTestId('lookupsFieldsAllVersions'));
    expect(screen.getByTestId('lookupsFieldsTable').textContent).toContain('host');
  });
});

describe('the settings tab', () => {
  it('shows storage, export links, and deletes only after the name is typed', async () => {
    const { requests, services } = renderLookup('settings', {
      [`DELETE ${apiPaths.lookup('lk_hosts')}`]: () => ({
        name: 'lk_hosts',
        removed_alias: 'lk_hosts',
        removed_index: 'lk_hosts__lookup',
        rows: 6,
      }),
      [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    });
    await screen.findByTestId('lookupsSettingsTab');
    expect(screen.getByTestId('lookupsSettingsBackingIndex').textContent).toBe('lk_hosts__lookup');
    expect(screen.getByTestId('lookupsSettingsFilter').textContent).toContain(
      `"__lookup": "${THIRD}"`
    );
    expect(screen.getByTestId('lookupsExportCsv').getAttribute('href')).toBe(
      `${apiPaths.export('lk_hosts')}?format=csv`
    );

    fireEvent.click(screen.getByTestId('lookupsDeleteButton'));
    expect(screen.getByTestId('lookupsDeleteWhat').textContent).toContain(
      'lk_hosts: 3 versions, 6 rows'
    );
    const confirm = screen.getByTestId('confirmModalConfirmButton');
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('lookupsDeleteConfirmName'), {
      target: { value: 'lk_hosts' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'DELETE' && r.path === apiPaths.lookup('lk_hosts'))
      ).toBe(true)
    );
    await screen.findByTestId('lookupsCatalogPage');
    expect(services.notifications.toasts.addSuccess).toHaveBeenCalledWith({
      title: 'Deleted "lk_hosts" (6 rows)',
    });
  });
});
