/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Rows tab's way into the editor: offered to a writer; disabled with the ways out for a
 * lookup over lookups.editor.max_rows; absent for a reader, who is told why the rows are
 * read-only, even when sent to `?edit=true`.
 */
import { screen, waitFor } from '@testing-library/react';
import type { LookupDetail, RowsResponse } from '../../../../common/api/codecs';
import { apiPaths, appRoutes } from '../../../../common/api/paths';
import { LOOKUP_ACTIONS, type PermissionsResponse } from '../../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  renderWithProviders,
  type FakeRequest,
} from '../../../../test/support/render';
import { LookupsApp } from '../../../app';

const NAME = 'lk_hosts';

function detail(rows: number): LookupDetail {
  return {
    name: NAME,
    kind: 'managed',
    backing_index: `${NAME}__lookup`,
    current_slice: 's1',
    rows,
    size_bytes: 10,
    slice_count: 1,
    orphan_count: 0,
    orphan_rows: 0,
    last_write: null,
    slices: [{ id: 's1', rows, current: true }],
  };
}

const rows: RowsResponse = {
  schema: [{ name: 'host', type: 'keyword' }],
  datarows: [['web-1']],
  total: 1,
  slice: 's1',
};

const permissions =
  (writer: boolean) =>
  (request: FakeRequest): PermissionsResponse => ({
    can_manage_security: false,
    lookups: String((request.options?.query as { names?: string })?.names ?? '')
      .split(',')
      .filter(Boolean)
      .map((name) => ({
        name,
        actions: Object.fromEntries(
          LOOKUP_ACTIONS.map((a) => [
            a,
            writer ? { allowed: true } : { allowed: false, missing: 'indices:admin/create' },
          ])
        ) as PermissionsResponse['lookups'][number]['actions'],
      })),
  });

function renderRows(options: { rows: number; writer: boolean; maxRows?: number; edit?: boolean }) {
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup(NAME)}`]: () => detail(options.rows),
    [`GET ${apiPaths.rows(NAME)}`]: () => rows,
    [`GET ${apiPaths.fieldCaps(NAME)}`]: () => ({ indices: ['s1'], fields: {} }),
    [`GET ${apiPaths.permissions()}`]: permissions(options.writer),
  });
  const services = fakeServices({ http: fake.http });
  renderWithProviders(<LookupsApp />, {
    route: `${appRoutes.lookup(NAME, 'rows')}${options.edit ? '?edit=true' : ''}`,
    services: fakeServices({
      http: fake.http,
      config: { ...services.config, editor: { max_rows: options.maxRows ?? 10_000 } },
    }),
  });
  return fake;
}

it('offers a writer the editor', async () => {
  renderRows({ rows: 1, writer: true });
  const button = await screen.findByTestId('lookupsRowsEdit');
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  expect(screen.queryByTestId('lookupsRowsReadOnly')).toBeNull();
});

it('says why a lookup over lookups.editor.max_rows is not edited here, and the ways out', async () => {
  renderRows({ rows: 12_000, writer: true, maxRows: 10_000 });
  const button = await screen.findByTestId('lookupsRowsEdit');
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
  const reason = screen.getByTestId('lookupsRowsReadOnly').textContent ?? '';
  expect(reason).toMatch(/12,000 rows.*up to 10,000 rows \(lookups\.editor\.max_rows\)/);
  expect(reason).toMatch(/outputlookup.*file import.*_write/);
});

it('gives a reader no edit control, only the reason, even at ?edit=true', async () => {
  const fake = renderRows({ rows: 1, writer: false, edit: true });
  const reason = await screen.findByTestId('lookupsRowsReadOnly');
  expect(reason.textContent).toMatch(/Read-only: .*indices:admin\/create/);
  await screen.findByTestId('lookupsRowsTable');
  expect(screen.queryByTestId('lookupsRowsEdit')).toBeNull();
  expect(screen.queryByTestId('lookupsEditor')).toBeNull();
  // The editor never read the rows with their ids.
  expect(
    fake.requests.some(
      (r) =>
        r.path === apiPaths.rows(NAME) && (r.options?.query as { with_ids?: unknown })?.with_ids
    )
  ).toBe(false);
});
