/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A refused query is said in the user's terms: a refused write names the lookup and the missing
 * permission; the security plugin's own words wait behind "Details". The editor's example
 * names no lookup a user might not be allowed to write.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

const RAW =
  'no permissions for [indices:admin/create] and User [name=lookup_writer, backend_roles=[], requestedTenant=null]';

async function setup(query: string, route: () => unknown) {
  const { http } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }),
    [`POST ${apiPaths.jobs()}`]: route,
    [`POST ${apiPaths.query()}`]: route,
  });
  const view = renderWithProviders(<QueryPage />, {
    route: '/query',
    services: fakeServices({ http, currentUser: Promise.resolve('lookup_writer') }),
  });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  fireEvent.change(screen.getByTestId('pplEditorInput'), { target: { value: query } });
  fireEvent.click(screen.getByTestId('lookupsQueryRun'));
  return screen.findByTestId('lookupsQueryError');
}

const refused = () => {
  throw httpError(403, `OpenSearch refused this for your user: ${RAW}.`, { reason: RAW });
};

describe('refusals on the Query page', () => {
  it('a refused outputlookup names the lookup and the permission, the raw reason in Details', async () => {
    const callout = await setup('makeresults count=1 | outputlookup hosts', refused);
    expect(callout.querySelector('.euiCallOutHeader__title')?.textContent).toBe(
      'Writing "hosts" was refused'
    );
    expect(within(callout).getByTestId('lookupsQueryError-message').textContent).toBe(
      'You may not write to "hosts": your user lacks the OpenSearch permission indices:admin/create. An administrator can grant it.'
    );
    // The primary text carries none of the security plugin's wording.
    expect(within(callout).getByTestId('lookupsQueryError-message').textContent).not.toContain(
      'backend_roles'
    );
    fireEvent.click(within(callout).getByText('Details'));
    expect(within(callout).getByTestId('lookupsQueryError-details').textContent).toContain(RAW);
  });

  it('a refused read says what is missing without the raw text up front', async () => {
    const callout = await setup('source=secret_index | head 1', refused);
    expect(within(callout).getByTestId('lookupsQueryError-message').textContent).toBe(
      'Your user is not allowed to do this (it needs the OpenSearch permission indices:admin/create). An administrator can grant it.'
    );
  });

  it("the editor's example writes no lookup", async () => {
    const { http } = fakeHttp({ [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }) });
    renderWithProviders(<QueryPage />, { route: '/query', services: fakeServices({ http }) });
    const editor = await screen.findByTestId('lookupsQueryPage');
    expect(editor.textContent).toContain('source=<index> | stats count() by host');
    // The one outputlookup shown is its syntax, with a placeholder for the name.
    expect(screen.getByTestId('lookupsOutputlookupSyntax').textContent).toMatch(
      /\| outputlookup .*<name>$/
    );
  });
});
