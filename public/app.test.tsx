/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../test/support/render';
import { LookupsApp } from './app';
import { QueryPage } from './pages/query/query_page';

const selectedTab = () =>
  screen
    .getAllByRole('tab')
    .find(
      (tab) => tab.getAttribute('aria-selected') === 'true' && tab.id.startsWith('lookupsTab-')
    );

function render(route: string, ui = <LookupsApp />) {
  const { http } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    [`GET ${apiPaths.lookup('hosts')}`]: () => ({
      name: 'hosts',
      kind: 'managed',
      backing_index: 'hosts__lookup',
      current_slice: 's1',
      rows: 0,
      size_bytes: 0,
      slice_count: 1,
      orphan_count: 0,
      orphan_rows: 0,
      last_write: null,
      slices: [{ id: 's1', rows: 0, current: true }],
    }),
  });
  return renderWithProviders(ui, { route, services: fakeServices({ http }) });
}

beforeAll(async () => {
  // OUI loads each icon on its first use, asynchronously. Under React.lazy that load can finish
  // between React's render and commit, and OUI then sets state on a component not yet mounted
  // (a dev-only warning). One direct render of the lazy page fills OUI's icon cache first.
  const view = render('/query', <QueryPage />);
  await waitFor(() => expect(document.querySelector('[data-is-loading="true"]')).toBeNull());
  view.unmount();
});

describe('LookupsApp routes', () => {
  it.each([
    { route: '/', tab: 'Query', page: 'lookupsQueryPage' },
    { route: '/query', tab: 'Query', page: 'lookupsQueryPage' },
    { route: '/lookups', tab: 'Catalog', page: 'lookupsCatalogPage' },
    { route: '/lookups/hosts/versions', tab: 'Catalog', page: 'lookupsVersionsTab' },
  ])('$route selects the $tab tab and shows its page', async ({ route, tab, page }) => {
    render(route);
    expect(await screen.findByTestId(page)).toBeTruthy();
    expect(selectedTab()?.textContent).toBe(tab);
    expect(screen.getByTestId('lookupsLandingTitle').tagName).toBe('H1');
    expect(screen.getByTestId('lookupsLandingTitle').textContent).toBe('Lookups');
  });

  it('records the page and the lookup of a deep link in the store', async () => {
    const { store } = render('/lookups/hosts/versions');
    await screen.findByTestId('lookupsVersionsTab');
    expect(store.getState().ui).toEqual({
      page: 'lookup',
      lookupName: 'hosts',
      lookupTab: 'versions',
    });
  });

  it('sends a lookup without a known tab to its rows', async () => {
    const { store } = render('/lookups/hosts/nonsense');
    await waitFor(() => expect(store.getState().ui.lookupTab).toBe('rows'));
  });

  it('shows the intro and the outputlookup syntax on the Query page before a first run', async () => {
    render('/query');
    expect((await screen.findByTestId('lookupsOutputlookupSyntax')).textContent).toBe(
      '... | outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=f1,f2] [max=<n>] <name>'
    );
  });

  it('fills the editor from ?q= ("Query this lookup") and drops it from the URL', async () => {
    const { store } = render('/query?q=source%3Dhosts');
    const input = (await screen.findByTestId('pplEditorInput')) as HTMLTextAreaElement;
    await waitFor(() => expect(input.value).toBe('source=hosts'));
    expect(store.getState().query.text).toBe('source=hosts');
  });

  it('switches tabs through the router', async () => {
    const { store } = render('/query');
    await screen.findByTestId('lookupsQueryPage');
    fireEvent.click(screen.getByTestId('lookupsTab-catalog'));
    expect(await screen.findByTestId('lookupsCatalogPage')).toBeTruthy();
    expect(selectedTab()?.textContent).toBe('Catalog');
    expect(store.getState().ui.page).toBe('catalog');
  });
});
