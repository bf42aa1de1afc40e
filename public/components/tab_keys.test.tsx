/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The WAI-ARIA tabs pattern on the app's top-level tabs and a lookup's tabs: one Tab stop per tab
 * list (the selected tab), and Left/Right/Home/End move the selection, the route and the focus.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../test/support/render';
import { LookupsApp } from '../app';

function render(route: string) {
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
  return renderWithProviders(<LookupsApp />, { route, services: fakeServices({ http }) });
}

/** The tabs of one tab list, as [id, tabIndex], in order. */
const stops = (prefix: string) =>
  screen
    .getAllByRole('tab')
    .filter((tab) => tab.id.startsWith(prefix))
    .map((tab) => [tab.id.slice(prefix.length), tab.tabIndex]);

describe('top-level tabs', () => {
  it('only the selected tab is a Tab stop, and the arrow keys move selection and focus', async () => {
    const { history } = render('/lookups');
    await screen.findByTestId('lookupsCatalogPage');
    expect(stops('lookupsTab-')).toEqual([
      ['query', -1],
      ['catalog', 0],
      ['schedules', -1],
    ]);

    const catalog = screen.getByTestId('lookupsTab-catalog');
    catalog.focus();
    fireEvent.keyDown(catalog, { key: 'ArrowRight' });
    expect(history.location.pathname).toBe('/schedules');
    await waitFor(() => expect(document.activeElement?.id).toBe('lookupsTab-schedules'));
    expect(stops('lookupsTab-')).toEqual([
      ['query', -1],
      ['catalog', -1],
      ['schedules', 0],
    ]);

    // Right wraps to the first; End and Home go to the ends; Left wraps back.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(history.location.pathname).toBe('/query');
    await waitFor(() => expect(document.activeElement?.id).toBe('lookupsTab-query'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(history.location.pathname).toBe('/schedules');
    await waitFor(() => expect(document.activeElement?.id).toBe('lookupsTab-schedules'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(history.location.pathname).toBe('/query');
    await waitFor(() => expect(document.activeElement?.id).toBe('lookupsTab-query'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(history.location.pathname).toBe('/schedules');
  });
});

describe("a lookup's tabs", () => {
  it('keep one Tab stop, which follows the arrow keys along with the focus', async () => {
    const { history } = render('/lookups/hosts/versions');
    await screen.findByTestId('lookupsVersionsTab');
    expect(stops('lookupsLookupTab-')).toEqual([
      ['rows', -1],
      ['fields', -1],
      ['versions', 0],
      ['jobs', -1],
      ['settings', -1],
    ]);
    const versions = screen.getByTestId('lookupsLookupTab-versions');
    versions.focus();
    fireEvent.keyDown(versions, { key: 'ArrowLeft' });
    expect(history.location.pathname).toBe('/lookups/hosts/fields');
    await waitFor(() => expect(document.activeElement?.id).toBe('lookupsLookupTab-fields'));
    expect(stops('lookupsLookupTab-').find(([, index]) => index === 0)).toEqual(['fields', 0]);
    // The top-level tabs are not moved by keys pressed in the lookup's tab list.
    expect(screen.getByTestId('lookupsTab-catalog').getAttribute('aria-selected')).toBe('true');
  });
});
