/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's description: shown under its name in the catalog and on its page, edited there by
 * whoever may write the lookup; for anyone else Edit is off, saying why.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import { lookupPermissions, managedLookup } from '../../../test/support/lookup_settings';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const DETAIL = managedLookup('lk_hosts', 2, { description: 'Hosts and their owners' });
const permissions = (writable: boolean) =>
  lookupPermissions('lk_hosts', writable, 'indices:data/write/update/byquery');

function render(route: string, writable: boolean) {
  let stored = DETAIL.description;
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({
      lookups: [{ ...DETAIL, description: stored }],
      total: 1,
    }),
    [`GET ${apiPaths.lookup('lk_hosts')}`]: () => ({ ...DETAIL, description: stored }),
    [`GET ${apiPaths.permissions()}`]: () => permissions(writable),
    [`GET ${apiPaths.jobs()}`]: () => ({ jobs: [] }),
    [`PUT ${apiPaths.description('lk_hosts')}`]: ({ body }) => {
      stored = (body as { description: string }).description;
      return { ...DETAIL, description: stored };
    },
  });
  renderWithProviders(<LookupsApp />, { route, services: fakeServices({ http: fake.http }) });
  return fake;
}

it('shows the description in the catalog, under the name', async () => {
  render('/lookups', true);
  const row = await screen.findByTestId('lookupsCatalogRow-lk_hosts');
  expect(within(row).getByTestId('lookupsCatalogDescription').textContent).toBe(
    'Hosts and their owners'
  );
});

it('lets a writer edit it on the lookup page', async () => {
  const fake = render('/lookups/lk_hosts/versions', true);
  expect((await screen.findByTestId('lookupsLookupDescription')).textContent).toBe(
    'Hosts and their owners'
  );
  await waitFor(() =>
    expect(screen.getByTestId('lookupsDescriptionEdit')).toHaveProperty('disabled', false)
  );
  fireEvent.click(screen.getByTestId('lookupsDescriptionEdit'));
  fireEvent.change(screen.getByTestId('lookupsDescriptionInput'), {
    target: { value: 'Hosts, owners and racks' },
  });
  fireEvent.click(screen.getByTestId('lookupsDescriptionSave'));
  await waitFor(() =>
    expect(screen.getByTestId('lookupsLookupDescription').textContent).toBe(
      'Hosts, owners and racks'
    )
  );
  expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({
    description: 'Hosts, owners and racks',
  });
});

it('turns Edit off for a reader, with the reason', async () => {
  render('/lookups/lk_hosts/versions', false);
  await screen.findByTestId('lookupsLookupDescription');
  await waitFor(() =>
    expect(screen.getByTestId('lookupsDescriptionEdit')).toHaveProperty('disabled', true)
  );
  expect(
    within(screen.getByTestId('lookupsRefused-write')).getByTestId('lookupsRefusedText').textContent
  ).toContain('You may not write to "lk_hosts"');
});
