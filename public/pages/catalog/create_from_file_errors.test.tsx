/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A file the import would refuse: a ragged line within what the preview read is said at once,
 * before Create; one further down (which only the server reads) is brought into view, with the
 * focus on it, when Create is refused, so Create never seems to do nothing.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import { LOOKUP_ACTIONS, type PermissionsResponse } from '../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
  type FakeRequest,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

const permissions =
  (writable: boolean) =>
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
            writable ? { allowed: true } : { allowed: false, missing: 'indices:admin/create' },
          ])
        ) as PermissionsResponse['lookups'][number]['actions'],
      })),
  });

async function pick(csv: string, writable = true) {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    [`GET ${apiPaths.permissions()}`]: permissions(writable),
    [`POST ${apiPaths.import('lk_hosts')}`]: () => {
      throw httpError(400, 'line 5000: expected 3 fields but found 2. Nothing was imported.', {
        line: 5000,
      });
    },
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  fireEvent.click(await screen.findByTestId('lookupsCatalogCreate'));
  const modal = await screen.findByTestId('lookupsCreateModal');
  fireEvent.change(modal.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [new File([csv], 'lk_hosts.csv', { type: 'text/csv' })] },
  });
  await screen.findByTestId('lookupsCreatePreview');
  return { ...fake, modal };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => `h${i},${i},x`).join('\n');

it('says which line is ragged as soon as the preview reads it, and Create says why it is off', async () => {
  const { modal, requests } = await pick(`host,n,tag\n${rows(12)}\nh12,12\n${rows(6)}\n`);
  const problem = within(modal).getByTestId('lookupsCreatePreviewProblem');
  expect(problem.textContent).toContain('line 14: expected 3 fields but found 2');
  await waitFor(() =>
    expect(within(modal).getByTestId('lookupsCreateSubmit')).toHaveProperty('disabled', true)
  );
  expect(requests.some((r) => r.method === 'POST')).toBe(false);
});

it('brings the server’s refusal into view and moves the focus to it', async () => {
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    const { modal } = await pick(`host,n,tag\n${rows(20)}\n`);
    const submit = within(modal).getByTestId('lookupsCreateSubmit');
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    const error = await within(modal).findByTestId('lookupsCreateError');
    expect(error.textContent).toContain('line 5000: expected 3 fields but found 2');
    await waitFor(() => expect(scrolled.some((el) => el.contains(error))).toBe(true));
    expect(document.activeElement?.contains(error)).toBe(true);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});

it('says at the name, right after the file is picked, that the user may not write it', async () => {
  const { modal } = await pick(`host,n,tag\n${rows(3)}\n`, false);
  await waitFor(() =>
    expect(modal.querySelector('.euiFormErrorText')?.textContent).toBe(
      'You may not write to "lk_hosts": your user lacks the OpenSearch permission indices:admin/create. An administrator can grant it.'
    )
  );
  expect(within(modal).getByTestId('lookupsCreateSubmit')).toHaveProperty('disabled', true);
});

it('suggests a name the user may write: good.csv becomes lk_good for a lk_* writer (#33 defect 10)', async () => {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({
      lookups: [{ name: 'lk_hosts' }, { name: 'lk_team_a_ips' }].map((l) => ({
        ...l,
        kind: 'managed',
      })),
    }),
    [`GET ${apiPaths.permissions()}`]: (request: FakeRequest): PermissionsResponse => {
      const answer = permissions(true)(request);
      return {
        ...answer,
        lookups: answer.lookups.map((l) =>
          l.name.startsWith('lk_') && !l.name.startsWith('lk_team_a_')
            ? l
            : { ...permissions(false)({ ...request }).lookups[0], name: l.name }
        ),
      };
    },
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  fireEvent.click(await screen.findByTestId('lookupsCatalogCreate'));
  const modal = await screen.findByTestId('lookupsCreateModal');
  fireEvent.change(modal.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [new File(['host,n\nweb-1,1\n'], 'good.csv', { type: 'text/csv' })] },
  });
  await screen.findByTestId('lookupsCreatePreview');
  const field = within(modal).getByTestId('lookupsCreateName') as HTMLInputElement;
  await waitFor(() => expect(field.value).toBe('lk_good'));
  await waitFor(() =>
    expect(within(modal).getByTestId('lookupsCreateSubmit')).toHaveProperty('disabled', false)
  );
  expect(modal.querySelector('.euiFormErrorText')).toBeNull();
  // "good" itself was asked about, and refused, before lk_good was chosen.
  const asked = fake.requests
    .filter((r) => r.path === apiPaths.permissions())
    .flatMap((r) => String((r.options?.query as { names?: string }).names).split(','));
  expect(asked).toEqual(expect.arrayContaining(['good', 'lk_good']));
});

it('says nothing of the name while the file cannot be read', async () => {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    [`GET ${apiPaths.permissions()}`]: permissions(false),
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  fireEvent.click(await screen.findByTestId('lookupsCatalogCreate'));
  const modal = await screen.findByTestId('lookupsCreateModal');
  fireEvent.change(modal.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [new File(['host,n\nweb-1,"open\n'], 'good.csv', { type: 'text/csv' })] },
  });
  const failed = await within(modal).findByText(/This file cannot be read/);
  expect(failed.textContent).toContain('line 2: a quoted field is not closed');
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(modal.textContent).not.toContain('You may not write');
});
