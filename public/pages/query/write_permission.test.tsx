/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * "Run and write" is offered only to a user who may write the lookup the query names: for
 * anyone else it is off, saying which permission is missing, before anything runs.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import { LOOKUP_ACTIONS, type PermissionsResponse } from '../../../common/api/permissions';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  renderWithProviders,
  type FakeRequest,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

const asked = (request: FakeRequest) =>
  String((request.options?.query as { names?: string })?.names ?? '')
    .split(',')
    .filter(Boolean);

const answer =
  (writable: (name: string) => boolean) =>
  (request: FakeRequest): PermissionsResponse => ({
    can_manage_security: false,
    lookups: asked(request).map((name) => ({
      name,
      actions: Object.fromEntries(
        LOOKUP_ACTIONS.map((a) => [
          a,
          writable(name) ? { allowed: true } : { allowed: false, missing: 'indices:admin/create' },
        ])
      ) as PermissionsResponse['lookups'][number]['actions'],
    })),
  });

async function typeQuery(text: string, writable: (name: string) => boolean) {
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }),
    [`GET ${apiPaths.permissions()}`]: answer(writable),
  });
  const view = renderWithProviders(<QueryPage />, {
    route: '/query',
    services: fakeServices({ http: fake.http, currentUser: Promise.resolve('reader') }),
  });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  fireEvent.change(screen.getByTestId('pplEditorInput'), { target: { value: text } });
  return fake;
}

it('turns Run and write off, with the reason, for a lookup the user may not write', async () => {
  const fake = await typeQuery(
    'source=web_logs | stats count() by host | outputlookup lk_hosts',
    () => false
  );
  await waitFor(() =>
    expect(screen.getByTestId('lookupsQueryRun')).toHaveProperty('disabled', true)
  );
  expect(screen.getByTestId('lookupsQueryRun').textContent).toBe('Run and write');
  const refused = screen.getByTestId('lookupsRefused-write');
  expect(within(refused).getByTestId('lookupsRefusedText').textContent).toBe(
    'You may not write to "lk_hosts": your user lacks the OpenSearch permission indices:admin/create. An administrator can grant it.'
  );
  // Nor is a schedule offered: it would write the lookup as this user (#33 defect 8).
  expect(screen.getByTestId('lookupsQuerySchedule')).toHaveProperty('disabled', true);
  expect(
    within(screen.getByTestId('lookupsRefused-schedule')).getByTestId('lookupsRefusedText')
      .textContent
  ).toBe(
    'You may not write to "lk_hosts": your user lacks the OpenSearch permission indices:admin/create. An administrator can grant it.'
  );
  expect(fake.requests.filter((r) => r.path === apiPaths.permissions()).map(asked)).toEqual([
    ['lk_hosts'],
  ]);
});

it('leaves it on for a lookup the user may write, and a plain Run is never asked about', async () => {
  const fake = await typeQuery(
    'source=web_logs | stats count() by host | outputlookup lk_team_a_hosts',
    (name) => name.startsWith('lk_team_a_')
  );
  await waitFor(() =>
    expect(fake.requests.some((r) => r.path === apiPaths.permissions())).toBe(true)
  );
  expect(screen.getByTestId('lookupsQueryRun')).toHaveProperty('disabled', false);
  expect(screen.queryByTestId('lookupsRefused-write')).toBeNull();
  expect(screen.getByTestId('lookupsQuerySchedule')).toHaveProperty('disabled', false);

  fireEvent.change(screen.getByTestId('pplEditorInput'), {
    target: { value: 'source=web_logs | head 5' },
  });
  expect(screen.getByTestId('lookupsQueryRun').textContent).toBe('Run');
  expect(screen.getByTestId('lookupsQueryRun')).toHaveProperty('disabled', false);
});
