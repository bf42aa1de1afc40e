/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the user may do is asked for the rows shown, page by page: rows past the first hundred
 * get their own answer, in a catalog held in the browser and in one the server pages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupSummary } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import {
  LOOKUP_ACTIONS,
  type ActionGrant,
  type LookupAction,
  type PermissionsResponse,
} from '../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  renderWithProviders,
  type FakeRequest,
} from '../../../test/support/render';
import { CatalogPage } from './catalog_page';

const nameOf = (i: number) => `lk_${String(i).padStart(4, '0')}`;
const summary = (name: string): LookupSummary => ({
  name,
  kind: 'managed',
  backing_index: `${name}__lookup`,
  current_slice: 's',
  rows: 1,
  size_bytes: 100,
  slice_count: 2,
  orphan_count: 1,
  orphan_rows: 1,
  last_write: null,
});

/** The user may write the lookups numbered below 100 and no other. */
const mayWrite = (name: string) => Number(name.slice(3)) < 100;
function permissionsRoute(request: FakeRequest): PermissionsResponse {
  const names = String((request.options?.query as { names?: string } | undefined)?.names ?? '')
    .split(',')
    .filter(Boolean);
  return {
    can_manage_security: false,
    lookups: names.map((name) => ({
      name,
      actions: Object.fromEntries(
        LOOKUP_ACTIONS.map((a) => [
          a,
          mayWrite(name) ? { allowed: true } : { allowed: false, missing: 'indices:admin/delete' },
        ])
      ) as Record<LookupAction, ActionGrant>,
    })),
  };
}

function render(count: number) {
  const all = Array.from({ length: count }, (_, i) => summary(nameOf(i)));
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: ({ options }) => {
      const q = (options?.query ?? {}) as { from?: number; size?: number };
      const from = q.from ?? 0;
      return {
        lookups: all.slice(from, q.size === undefined ? undefined : from + q.size),
        total: all.length,
      };
    },
    [`GET ${apiPaths.permissions()}`]: permissionsRoute,
    [`GET ${apiPaths.status()}`]: () => ({
      server_identity: { username: 'kibanaserver', problems: [] },
    }),
  });
  renderWithProviders(<CatalogPage />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  const asked = () =>
    fake.requests
      .filter((r) => r.path === apiPaths.permissions())
      .map((r) =>
        String((r.options?.query as { names?: string } | undefined)?.names ?? '').split(',')
      );
  return { asked };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => nameOf(from + i));
const deleteOf = (name: string) => screen.getByTestId(`lookupsCatalog-delete-${name}`);

describe('permissions for every catalog page', () => {
  it('a held catalog asks for each page as it is shown, past the first hundred', async () => {
    const { asked } = render(130);
    await screen.findByTestId(`lookupsCatalogRow-${nameOf(0)}`);
    await waitFor(() => expect(asked()).toEqual([range(0, 20)]));
    expect(deleteOf(nameOf(0))).toHaveProperty('disabled', false);

    // The last page: rows 120 to 129, which the user may not change.
    fireEvent.click(screen.getByTestId('pagination-button-6'));
    await screen.findByTestId(`lookupsCatalogRow-${nameOf(125)}`);
    await waitFor(() => expect(asked()).toEqual([range(0, 20), range(120, 130)]));
    await waitFor(() => expect(deleteOf(nameOf(125))).toHaveProperty('disabled', true));
    expect(
      within(screen.getByTestId(`lookupsCatalogRow-${nameOf(129)}`))
        .getByTestId('lookupsRefused-delete')
        .getAttribute('data-missing-permission')
    ).toBe('indices:admin/delete');

    // Back to the first page: already known, not asked again.
    fireEvent.click(screen.getByTestId('pagination-button-0'));
    await screen.findByTestId(`lookupsCatalogRow-${nameOf(0)}`);
    expect(asked()).toHaveLength(2);
  });

  it('sorting brings other rows onto the page, and they are asked for', async () => {
    const { asked } = render(130);
    await screen.findByTestId(`lookupsCatalogRow-${nameOf(0)}`);
    const header = screen.getAllByRole('columnheader').find((h) => h.textContent === 'Name')!;
    fireEvent.click(within(header).getByRole('button'));
    await screen.findByTestId(`lookupsCatalogRow-${nameOf(129)}`);
    await waitFor(() => expect(asked()[1]).toEqual(range(110, 130).reverse()));
    await waitFor(() => expect(deleteOf(nameOf(110))).toHaveProperty('disabled', true));
  });

  it('a catalog the server pages asks for the rows of each page it shows', async () => {
    const { asked } = render(1200);
    await screen.findByTestId(`lookupsCatalogRow-${nameOf(0)}`);
    await waitFor(() => expect(asked()).toContainEqual(range(0, 20)));
    for (let i = 0; i < 5; i++) {
      fireEvent.click(screen.getByTestId('pagination-button-next'));
      await screen.findByTestId(`lookupsCatalogRow-${nameOf(20 * (i + 1))}`);
    }
    await waitFor(() => expect(asked()).toContainEqual(range(100, 120)));
    await waitFor(() => expect(deleteOf(nameOf(105))).toHaveProperty('disabled', true));
  });
});
