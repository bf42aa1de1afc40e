/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { act, waitFor } from '@testing-library/react';
import {
  DEFAULT_APP_CATEGORIES,
  DEFAULT_NAV_GROUPS,
  type App,
  type ChromeNavGroup,
  type ChromeRegistrationNavLink,
  type CoreSetup,
  type CoreStart,
  type PluginInitializerContext,
  type SavedObjectsClientContract,
  type ScopedHistory,
} from 'opensearch-dashboards/public';
import { appHistory, fakeServices, httpError } from '../test/support/render';
import { LookupsApiError } from './services/api_client';
import { plugin } from './index';
import type { LookupsPublicConfig, LookupsPublicStart } from './types';

const config: LookupsPublicConfig = {
  max_rows: 500,
  max_body_bytes: 2048,
  max_import_bytes: 4096,
  schedules: { min_interval_ms: 60_000 },
};
const initializerContext = {
  opaqueId: Symbol('lookups'),
  env: { mode: { dev: false, prod: true }, packageInfo: { version: '3.4.0' } },
  config: { get: () => config },
} as unknown as PluginInitializerContext<LookupsPublicConfig>;

function coreStart(): CoreStart {
  const services = fakeServices();
  const savedObjects = {
    client: {
      find: () => Promise.resolve({ savedObjects: [], total: 0, page: 1, perPage: 0 }),
    } as unknown as SavedObjectsClientContract,
  };
  return { ...services, savedObjects, i18n: { Context: ({ children }) => children } };
}

/** Runs the plugin's setup against a recording core; returns what it registered. */
function setUp(start = coreStart()) {
  const apps: App[] = [];
  const navLinks: Array<[ChromeNavGroup, ChromeRegistrationNavLink[]]> = [];
  const core: CoreSetup<object, LookupsPublicStart> = {
    application: { register: (app) => void apps.push(app as App) },
    chrome: {
      navGroup: {
        addNavLinksToGroup: (group, links) => void navLinks.push([group, links]),
        getNavGroupEnabled: () => true,
        registerNavGroupUpdater: () => () => undefined,
      },
    },
    http: start.http,
    getStartServices: () => Promise.resolve([start, {}, undefined as never]),
  };
  plugin(initializerContext).setup(core);
  return { apps, navLinks, start };
}

async function mount(app: App, history: ScopedHistory) {
  const element = document.createElement('div');
  let unmount: () => void = () => undefined;
  await act(async () => {
    unmount = await app.mount({
      element,
      appBasePath: '/app/lookups',
      history,
      onAppLeave: () => undefined,
      setHeaderActionMenu: () => undefined,
    });
  });
  return { element, unmount: () => act(() => unmount()) };
}

describe('LookupsPlugin', () => {
  it("registers the Lookups app in OSD's app category and the 3.x navigation groups", () => {
    const { apps, navLinks } = setUp();
    expect(apps.map((app) => [app.id, app.title])).toEqual([['lookups', 'Lookups']]);
    expect(apps[0].category).toBe(DEFAULT_APP_CATEGORIES.opensearchDashboards);
    expect(navLinks.map(([group, links]) => [group, links.map((l) => [l.id, l.category])])).toEqual(
      [
        [DEFAULT_NAV_GROUPS.observability, [['lookups', DEFAULT_APP_CATEGORIES.investigate]]],
        [DEFAULT_NAV_GROUPS.all, [['lookups', DEFAULT_APP_CATEGORIES.investigate]]],
      ]
    );
    expect(navLinks.map(([group]) => group.id)).toEqual(['observability', 'all']);
  });

  it('mounts on the history it is given and unmounts', async () => {
    const { apps, start } = setUp();
    const { element, unmount } = await mount(apps[0], appHistory('/'));
    expect(element.querySelector('[data-test-subj="lookupsLandingTitle"]')?.textContent).toBe(
      'Lookups'
    );
    // The Query page loads on demand, then names itself in the breadcrumbs and the title.
    await waitFor(() =>
      expect(start.chrome.setBreadcrumbs).toHaveBeenLastCalledWith([
        expect.objectContaining({ text: 'Lookups', href: '/app/lookups' }),
        { text: 'Query' },
      ])
    );
    expect(start.chrome.docTitle.change).toHaveBeenLastCalledWith(['Query', 'Lookups']);
    expect(element.querySelector('[data-test-subj="pplEditorInput"]')?.tagName).toBe('TEXTAREA');
    unmount();
    expect(element.innerHTML).toBe('');
  });

  it('opens the page a path deep link names', async () => {
    const { apps, start } = setUp();
    const history = appHistory('/lookups');
    const { element, unmount } = await mount(apps[0], history);
    expect(element.querySelector('[data-test-subj="lookupsPage-catalog"]')).not.toBeNull();
    await waitFor(() =>
      expect(start.chrome.docTitle.change).toHaveBeenLastCalledWith(['Catalog', 'Lookups'])
    );
    // A tab is a push on that history: the app's router follows it.
    act(() =>
      (element.querySelector('[data-test-subj="lookupsTab-query"]') as HTMLElement).click()
    );
    expect(history.location.pathname).toBe('/query');
    await waitFor(() =>
      expect(start.chrome.docTitle.change).toHaveBeenLastCalledWith(['Query', 'Lookups'])
    );
    unmount();
  });

  it('turns an old hash link (#/lookups/<name>/<tab>) into the path it names', async () => {
    const { apps } = setUp();
    const history = appHistory('#/lookups/hosts/versions');
    expect(history.location).toMatchObject({ pathname: '', hash: '#/lookups/hosts/versions' });
    const { element, unmount } = await mount(apps[0], history);
    expect(history.location).toMatchObject({ pathname: '/lookups/hosts/versions', hash: '' });
    expect(history.createHref(history.location)).toBe('/app/lookups/lookups/hosts/versions');
    expect(history.action).toBe('REPLACE');
    expect(element.querySelector('[data-test-subj="lookupsPage-lookup"]')).not.toBeNull();
    unmount();
  });

  it('start: navigateToLookup opens the lookup route in the app', async () => {
    const start = coreStart();
    const contract = plugin(initializerContext).start(start);
    await contract.navigateToLookup('web hosts', 'versions');
    expect(start.application.navigateToApp).toHaveBeenCalledWith('lookups', {
      path: '/lookups/web%20hosts/versions',
    });
  });

  it('start: navigateToLookup on a data source keeps it in the path', async () => {
    const start = coreStart();
    const contract = plugin(initializerContext).start(start);
    await contract.navigateToLookup('hosts', 'rows', { dataSourceId: 'b-1' });
    expect(start.application.navigateToApp).toHaveBeenCalledWith('lookups', {
      path: '/lookups/hosts/rows?dataSourceId=b-1',
    });
  });

  it('start: runQuery on a data source sends its id with the query', async () => {
    const start = coreStart();
    (start.http.post as jest.Mock).mockResolvedValueOnce({ kind: 'rows', rows: [] });
    const contract = plugin(initializerContext).start(start);
    await contract.runQuery('source = a', { dataSourceId: 'b-1' });
    const [, options] = (start.http.post as jest.Mock).mock.calls[0];
    expect(options.query).toEqual({ dataSourceId: 'b-1' });
    expect(JSON.parse(options.body)).toEqual({ query: 'source = a' });
  });

  it('start: runQuery rejects with the server’s message, status and attributes', async () => {
    const start = coreStart();
    (start.http.post as jest.Mock).mockRejectedValueOnce(
      httpError(400, 'Syntax error at line 1, column 8: expected an index name', {
        line: 1,
        column: 8,
        offset: 7,
        length: 0,
      })
    );
    const error = await plugin(initializerContext)
      .start(start)
      .runQuery('source=')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupsApiError);
    expect(error).toMatchObject({
      message: 'Syntax error at line 1, column 8: expected an index name',
      statusCode: 400,
      attributes: { offset: 7 },
    });
  });

  it('start: runQuery posts to the query route', async () => {
    const start = coreStart();
    (start.http.post as jest.Mock).mockResolvedValueOnce({ total: 1 });
    await expect(plugin(initializerContext).start(start).runQuery('source=web')).resolves.toEqual({
      total: 1,
    });
    // Query results may hold integers beyond 2^53: they are read exactly, as OSD's option does.
    expect(start.http.post).toHaveBeenCalledWith(
      '/api/lookups/_query',
      expect.objectContaining({
        body: JSON.stringify({ query: 'source=web' }),
        withLongNumeralsSupport: true,
      })
    );
  });

  it('start: scheduleQuery makes a schedule owned by the signed-in user', async () => {
    const start = coreStart();
    (start.http.post as jest.Mock).mockResolvedValueOnce({ id: 's1', owner: 'ana' });
    const body = { query: 'source=web | outputlookup hosts', every: '1h' };
    await expect(plugin(initializerContext).start(start).scheduleQuery(body)).resolves.toEqual({
      id: 's1',
      owner: 'ana',
    });
    expect(start.http.post).toHaveBeenCalledWith('/api/lookups/_schedules', {
      body: JSON.stringify(body),
    });
  });
  it('start: scheduleSavedQuery copies the saved query’s text, description and link', async () => {
    const start = coreStart();
    const get = jest.fn(() =>
      Promise.resolve({
        id: 'Hosts',
        type: 'query',
        attributes: {
          title: 'Hosts',
          description: 'Every host',
          query: {
            query: 'source=web | stats count() by host | outputlookup hosts',
            language: 'PPL',
          },
        },
        updated_at: '2026-03-01T09:00:00.000Z',
        _version: 'WzEsMV0=',
      })
    );
    (start.savedObjects.client as unknown as { get: jest.Mock }).get = get;
    (start.http.post as jest.Mock).mockResolvedValueOnce({ id: 's2', owner: 'ana' });
    await expect(
      plugin(initializerContext).start(start).scheduleSavedQuery('Hosts', { every: '1h' })
    ).resolves.toEqual({ id: 's2', owner: 'ana' });
    expect(get).toHaveBeenCalledWith('query', 'Hosts');
    expect(JSON.parse((start.http.post as jest.Mock).mock.calls[0][1].body)).toEqual({
      query: 'source=web | stats count() by host | outputlookup hosts',
      every: '1h',
      description: 'Every host',
      saved_query: { id: 'Hosts', title: 'Hosts', updated_at: '2026-03-01T09:00:00.000Z' },
    });
  });

  it('start: scheduleSavedQuery refuses a saved query that is not PPL, sending nothing', async () => {
    const start = coreStart();
    (start.savedObjects.client as unknown as { get: jest.Mock }).get = jest.fn(() =>
      Promise.resolve({
        id: 'errors',
        type: 'query',
        attributes: {
          title: 'Errors',
          description: '',
          query: { query: 'status:500', language: 'kuery' },
        },
      })
    );
    await expect(
      plugin(initializerContext).start(start).scheduleSavedQuery('errors', { every: '1h' })
    ).rejects.toThrow(
      'The saved query "Errors" is written in kuery, not PPL: open it in Discover.'
    );
    expect(start.http.post).not.toHaveBeenCalled();
  });
});
