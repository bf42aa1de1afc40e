/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The name Create from file suggests, whatever arrives first: the catalog (whose names give the
 * prefixes worth trying), the answers about what the user may write, another file, or the
 * user's own typing.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import { LOOKUP_ACTIONS, type PermissionsResponse } from '../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  renderWithProviders,
  type FakeRequest,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

/** A lk_* writer: every name under `lk_` may be written, no other. */
function lkWriter(request: FakeRequest): PermissionsResponse {
  const names = String((request.options?.query as { names?: string })?.names ?? '')
    .split(',')
    .filter(Boolean);
  return {
    can_manage_security: false,
    lookups: names.map((name) => ({
      name,
      actions: Object.fromEntries(
        LOOKUP_ACTIONS.map((a) => [
          a,
          name.startsWith('lk_')
            ? { allowed: true }
            : { allowed: false, missing: 'indices:admin/create' },
        ])
      ) as PermissionsResponse['lookups'][number]['actions'],
    })),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const CATALOG = { lookups: [{ name: 'lk_hosts', kind: 'managed' }] };

async function openDialog(routes: Parameters<typeof fakeHttp>[0]) {
  const fake = fakeHttp(routes);
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  fireEvent.click(await screen.findByTestId('lookupsCatalogCreate'));
  return { fake, modal: await screen.findByTestId('lookupsCreateModal') };
}

function pickFile(modal: HTMLElement, fileName: string) {
  fireEvent.change(modal.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [new File(['host,n\nweb-1,1\n'], fileName, { type: 'text/csv' })] },
  });
}

const nameField = (modal: HTMLElement) =>
  within(modal).getByTestId('lookupsCreateName') as HTMLInputElement;

it('suggests lk_good for a file picked before the catalog has arrived', async () => {
  const catalog = deferred<typeof CATALOG>();
  const { modal } = await openDialog({
    [`GET ${apiPaths.list()}`]: () => catalog.promise,
    [`GET ${apiPaths.permissions()}`]: lkWriter,
  });
  pickFile(modal, 'good.csv');
  await screen.findByTestId('lookupsCreatePreview');
  expect(nameField(modal).value).toBe('good');
  catalog.resolve(CATALOG);
  await waitFor(() => expect(nameField(modal).value).toBe('lk_good'));
  await waitFor(() =>
    expect(within(modal).getByTestId('lookupsCreateSubmit')).toHaveProperty('disabled', false)
  );
  expect(modal.querySelector('.euiFormErrorText')).toBeNull();
});

it('waits for an answer another request is already fetching', async () => {
  // The same file picked twice: the second suggestion's names are all being asked about for
  // the first, so it waits for that answer instead of settling for "good".
  const answers = deferred<void>();
  const { fake, modal } = await openDialog({
    [`GET ${apiPaths.list()}`]: () => CATALOG,
    [`GET ${apiPaths.permissions()}`]: async (request) => {
      await answers.promise;
      return lkWriter(request);
    },
  });
  pickFile(modal, 'good.csv');
  pickFile(modal, 'good.csv');
  await screen.findByTestId('lookupsCreatePreview');
  await waitFor(() =>
    expect(
      fake.requests.some((r) =>
        String((r.options?.query as { names?: string })?.names).includes('lk_good')
      )
    ).toBe(true)
  );
  answers.resolve();
  await waitFor(() => expect(nameField(modal).value).toBe('lk_good'));
});

it('keeps the name the user typed while the suggestion was on its way', async () => {
  const answers = deferred<void>();
  const { modal } = await openDialog({
    [`GET ${apiPaths.list()}`]: () => CATALOG,
    [`GET ${apiPaths.permissions()}`]: async (request) => {
      await answers.promise;
      return lkWriter(request);
    },
  });
  pickFile(modal, 'good.csv');
  await screen.findByTestId('lookupsCreatePreview');
  fireEvent.change(nameField(modal), { target: { value: 'lk_mine' } });
  answers.resolve();
  await waitFor(() =>
    expect(within(modal).getByTestId('lookupsCreateSubmit')).toHaveProperty('disabled', false)
  );
  expect(nameField(modal).value).toBe('lk_mine');
});

it('follows the last file picked, not a slower suggestion for an earlier one', async () => {
  const { modal } = await openDialog({
    [`GET ${apiPaths.list()}`]: () => CATALOG,
    [`GET ${apiPaths.permissions()}`]: lkWriter,
  });
  pickFile(modal, 'good.csv');
  pickFile(modal, 'other.csv');
  await screen.findByTestId('lookupsCreatePreview');
  await waitFor(() => expect(nameField(modal).value).toBe('lk_other'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(nameField(modal).value).toBe('lk_other');
});
