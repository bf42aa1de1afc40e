import { act, waitFor } from '@testing-library/react';
import type { App, CoreStart, PluginInitializerContext } from 'opensearch-dashboards/public';
import { fakeServices, httpError } from '../test/support/render';
import { LookupsApiError } from './services/api_client';
import { plugin } from './index';
import type { LookupsPublicConfig } from './types';

const config: LookupsPublicConfig = { max_rows: 500, max_body_bytes: 2048 };
const initializerContext = {
  opaqueId: Symbol('lookups'),
  env: { mode: { dev: false, prod: true }, packageInfo: { version: '3.4.0' } },
  config: { get: () => config },
} as unknown as PluginInitializerContext<LookupsPublicConfig>;

function coreStart(): CoreStart {
  const services = fakeServices();
  return { ...services, i18n: { Context: ({ children }) => children } };
}

describe('LookupsPlugin', () => {
  it('registers the Lookups app, which mounts and unmounts', async () => {
    const apps: App[] = [];
    const start = coreStart();
    plugin(initializerContext).setup({
      application: { register: (app) => apps.push(app) },
      http: start.http,
      getStartServices: () => Promise.resolve([start, {}, undefined as never]),
    });
    expect(apps.map((app) => [app.id, app.title])).toEqual([['lookups', 'Lookups']]);

    const element = document.createElement('div');
    let unmount: () => void = () => undefined;
    await act(async () => {
      unmount = await apps[0].mount({
        element,
        appBasePath: '/app/lookups',
        history: {} as never,
        onAppLeave: () => undefined,
        setHeaderActionMenu: () => undefined,
      });
    });
    expect(element.querySelector('[data-test-subj="lookupsLandingTitle"]')?.textContent).toBe(
      'Lookups'
    );
    // The Query page loads on demand, then names itself in the breadcrumbs.
    await waitFor(() =>
      expect(start.chrome.setBreadcrumbs).toHaveBeenLastCalledWith([
        expect.objectContaining({ text: 'Lookups', href: '/app/lookups#/' }),
        { text: 'Query' },
      ])
    );
    expect(element.querySelector('[data-test-subj="pplEditorInput"]')?.tagName).toBe('TEXTAREA');
    act(() => unmount());
    expect(element.innerHTML).toBe('');
  });

  it('start: navigateToLookup opens the lookup route in the app', async () => {
    const start = coreStart();
    const contract = plugin(initializerContext).start(start);
    await contract.navigateToLookup('web hosts', 'versions');
    expect(start.application.navigateToApp).toHaveBeenCalledWith('lookups', {
      path: '#/lookups/web%20hosts/versions',
    });
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
    expect(start.http.post).toHaveBeenCalledWith('/api/lookups/_query', {
      body: JSON.stringify({ query: 'source=web' }),
    });
  });
});
