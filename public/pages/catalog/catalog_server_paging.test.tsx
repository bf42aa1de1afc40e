/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A long catalog (over CLIENT_CATALOG_MAX lookups) is searched and paged by the server; a short
 * one is held and searched in the browser. The server identity's problems show on top.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { LookupSummary } from '../../../common/api/codecs';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { CatalogPage } from './catalog_page';

const summary = (name: string): LookupSummary => ({
  name,
  kind: 'managed',
  backing_index: `${name}__lookup`,
  current_slice: 's',
  rows: 1,
  size_bytes: 100,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: null,
});

/** The server's list: by name, `search` a case-insensitive part of it, `size` from `from`. */
function listRoute(count: number) {
  const all = Array.from({ length: count }, (_, i) => summary(`lk_${String(i).padStart(4, '0')}`));
  return ({ options }: { options?: { query?: unknown } }) => {
    const q = (options?.query ?? {}) as { search?: string; from?: number; size?: number };
    const matching = q.search ? all.filter((l) => l.name.includes(q.search as string)) : all;
    const from = q.from ?? 0;
    return {
      lookups: matching.slice(from, q.size === undefined ? undefined : from + q.size),
      total: matching.length,
    };
  };
}

function render(
  count: number,
  status: unknown = { server_identity: { username: 'kibanaserver', problems: [] } }
) {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: listRoute(count),
    [`GET ${apiPaths.status()}`]: () => status,
  });
  const view = renderWithProviders(<CatalogPage />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  const listed = () =>
    fake.requests
      .filter((r) => r.path === apiPaths.list())
      .map((r) => r.options?.query as Record<string, unknown>);
  return { ...view, ...fake, listed };
}

const rowNames = () =>
  within(screen.getByTestId('lookupsCatalogTable'))
    .getAllByTestId(/^lookupsCatalogRow-/)
    .map((r) => r.getAttribute('data-test-subj')?.replace('lookupsCatalogRow-', ''));

describe('a long catalog', () => {
  it('asks the server for each page and each search', async () => {
    const { listed } = render(1200);
    await screen.findByTestId('lookupsCatalogRow-lk_0000');
    expect(screen.getByTestId('lookupsCatalogServerPaged').textContent).toContain('1,200 lookups');
    expect(rowNames()).toHaveLength(20);
    expect(listed()).toContainEqual({ from: 0, size: 20 });
    // No kind filter: the server cannot filter by kind.
    expect(screen.queryByTestId('lookupsCatalogKind-managed')).toBeNull();

    fireEvent.click(screen.getByTestId('pagination-button-next'));
    await screen.findByTestId('lookupsCatalogRow-lk_0020');
    expect(rowNames()[0]).toBe('lk_0020');
    expect(listed()).toContainEqual({ from: 20, size: 20 });

    fireEvent.change(screen.getByTestId('lookupsCatalogSearch'), { target: { value: 'lk_11' } });
    await waitFor(() => expect(rowNames()[0]).toBe('lk_1100'), { timeout: 2000 });
    expect(listed()).toContainEqual({ search: 'lk_11', from: 0, size: 20 });
    // The page the old search was on is never asked for the new one.
    expect(listed()).not.toContainEqual({ search: 'lk_11', from: 20, size: 20 });
    expect(rowNames()).toEqual(
      Array.from({ length: 20 }, (_, i) => `lk_11${String(i).padStart(2, '0')}`)
    );
  });
});

describe('a short catalog', () => {
  it('is held in the browser and searched there', async () => {
    const { listed } = render(30);
    await screen.findByTestId('lookupsCatalogRow-lk_0000');
    expect(screen.queryByTestId('lookupsCatalogServerPaged')).toBeNull();
    fireEvent.change(screen.getByTestId('lookupsCatalogSearch'), { target: { value: 'lk_002' } });
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(listed()).toEqual([{ from: 0, size: 501 }]);
  });
});

describe('the server identity’s problems', () => {
  it('shows each permission and its message on the catalog', async () => {
    render(3, {
      server_identity: {
        username: null,
        problems: [{ permission: 'indices:data/write/index', message: 'Leases cannot be kept.' }],
      },
    });
    const callout = await screen.findByTestId('lookupsServerStatus');
    expect(callout.getAttribute('class')).toContain('euiCallOut--warning');
    expect(screen.getByTestId('lookupsServerStatusProblem').textContent).toBe(
      'indices:data/write/index: Leases cannot be kept.'
    );
  });
});
