/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Creating a lookup from a file in the catalog: preview, name, keys, create with _import. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupSummary } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import type { PermissionsResponse } from '../../../common/api/permissions';
import { LOOKUP_ACTIONS } from '../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  renderWithProviders,
  type FakeRequest,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

const CSV = 'code,name,population\nFR,France,68000000\nDE,Germany,84000000\n';
const EXISTING: LookupSummary = {
  name: 'lk_taken',
  kind: 'managed',
  backing_index: 'lk_taken__lookup',
  current_slice: 's',
  rows: 1,
  size_bytes: 1,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: null,
};

function permissions(allowed: boolean) {
  return (request: FakeRequest): PermissionsResponse => ({
    can_manage_security: false,
    lookups: String((request.options?.query as { names?: string })?.names ?? '')
      .split(',')
      .filter(Boolean)
      .map((name) => ({
        name,
        actions: Object.fromEntries(
          LOOKUP_ACTIONS.map((a) => [
            a,
            allowed ? { allowed: true } : { allowed: false, missing: 'indices:admin/create' },
          ])
        ) as PermissionsResponse['lookups'][number]['actions'],
      })),
  });
}

async function openModal(allowed = true) {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [EXISTING] }),
    [`GET ${apiPaths.permissions()}`]: permissions(allowed),
    [`POST ${apiPaths.import('lk_countries')}`]: () => ({
      rows_written: 2,
      slice: 'new',
      action: 'created',
    }),
    [`GET ${apiPaths.lookup('lk_countries')}`]: () => ({
      ...EXISTING,
      name: 'lk_countries',
      slices: [],
    }),
    [`GET ${apiPaths.rows('lk_countries')}`]: () => ({ schema: [], datarows: [], total: 0 }),
  });
  const view = renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  await screen.findByTestId('lookupsCatalogTable');
  fireEvent.click(screen.getByTestId('lookupsCatalogCreate'));
  const modal = await screen.findByTestId('lookupsCreateModal');
  const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File([CSV], 'Countries.csv', { type: 'text/csv' })] },
  });
  await screen.findByTestId('lookupsCreatePreview');
  return { ...view, ...fake, modal };
}

describe('create a lookup from a file', () => {
  it('previews the rows with their types, then creates it with the chosen name and key', async () => {
    const { modal, requests, history } = await openModal();
    const preview = screen.getByTestId('lookupsCreatePreview');
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
    ).toEqual(['code string', 'name string', 'population bigint']);
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    // The name comes from the file; only lk_ names are ours to write here.
    const name = within(modal).getByTestId('lookupsCreateName') as HTMLInputElement;
    expect(name.value).toBe('countries');
    fireEvent.change(name, { target: { value: 'lk_countries' } });
    fireEvent.click(within(modal).getByLabelText('code'));
    const submit = within(modal).getByTestId('lookupsCreateSubmit');
    expect(submit.textContent).toBe('Create with 3 columns');
    fireEvent.click(submit);
    await waitFor(() => expect(history.location.pathname).toBe('/lookups/lk_countries/rows'));
    const upload = requests.find((r) => r.path === apiPaths.import('lk_countries'));
    expect(upload?.options?.query).toEqual({ format: 'csv', key_field: 'code' });
    expect((upload?.options?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('refuses a name that exists, and one the user may not write', async () => {
    const { modal } = await openModal(false);
    const name = within(modal).getByTestId('lookupsCreateName');
    fireEvent.change(name, { target: { value: 'lk_taken' } });
    expect(modal.textContent).toContain('A lookup named "lk_taken" exists');
    expect(within(modal).getByTestId('lookupsCreateSubmit')).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'hosts' } });
    await waitFor(
      () =>
        expect(within(modal).getByTestId('lookupsRefusedText').textContent).toBe(
          'You may not write to "hosts": your user lacks the OpenSearch permission indices:admin/create. An administrator can grant it.'
        ),
      { timeout: 3000 }
    );
    expect(within(modal).getByTestId('lookupsCreateSubmit')).toHaveProperty('disabled', true);
  });
});
