/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { createMemoryHistory } from 'history';
import { HostScopedHistory } from './history';

const scoped = (path = '/app/lookups') => {
  const browser = createMemoryHistory({ initialEntries: [path] });
  return { browser, history: new HostScopedHistory(browser, '/app/lookups') };
};

describe("the host's ScopedHistory (OSD's semantics)", () => {
  it('refuses a browser location outside its scope', () => {
    const browser = createMemoryHistory({ initialEntries: ['/app/other'] });
    expect(() => new HostScopedHistory(browser, '/app/lookups')).toThrow(
      'Browser location [/app/other] is not currently in expected basePath [/app/lookups]'
    );
  });

  it('shows locations without the scope and prefixes pushes, replaces and hrefs', () => {
    const { browser, history } = scoped('/app/lookups/lookups/hosts?x=1');
    expect(history.location).toMatchObject({ pathname: '/lookups/hosts', search: '?x=1' });
    expect(scoped().history.location.pathname).toBe('');

    history.push('/query');
    expect(browser.location.pathname).toBe('/app/lookups/query');
    history.replace({ pathname: 'lookups', search: '?a=b' });
    expect(browser.location).toMatchObject({ pathname: '/app/lookups/lookups', search: '?a=b' });
    history.push('');
    expect(browser.location.pathname).toBe('/app/lookups');

    expect(history.createHref({ pathname: '/lookups/x' })).toBe('/app/lookups/lookups/x');
    expect(history.createHref({ search: '?q=1' })).toBe('/app/lookups?q=1');
    expect(history.createHref({ pathname: '/x' }, { prependBasePath: false })).toBe('/x');
  });

  it('tells listeners of moves inside the scope, without the scope', () => {
    const { history } = scoped();
    const seen: string[] = [];
    const stop = history.listen((location, action) => seen.push(`${action} ${location.pathname}`));
    history.push('/lookups');
    history.replace('/query');
    stop();
    history.push('/lookups');
    expect(seen).toEqual(['PUSH /lookups', 'REPLACE /query']);
    expect(history.length).toBe(3);
  });

  it('goes back no further than its first entry', () => {
    const { browser, history } = scoped();
    history.push('/lookups');
    history.goBack();
    expect(browser.location.pathname).toBe('/app/lookups');
    history.goBack();
    expect(browser.location.pathname).toBe('/app/lookups');
    history.goForward();
    expect(browser.location.pathname).toBe('/app/lookups/lookups');
  });

  it('refuses block, and every member once the browser left the scope', () => {
    const { browser, history } = scoped();
    expect(() => history.block()).toThrow(
      'history.block is not supported. Please use the AppMountParameters.onAppLeave API.'
    );
    browser.push('/app/discover');
    const gone =
      'ScopedHistory instance has fell out of navigation scope for basePath: /app/lookups';
    expect(() => history.location).toThrow(gone);
    expect(() => history.push('/query')).toThrow(gone);
    expect(() => history.listen(() => undefined)).toThrow(gone);
  });

  it('scopes a sub-history further', () => {
    const { browser, history } = scoped('/app/lookups/lookups/hosts');
    const sub = history.createSubHistory('/lookups');
    expect(sub.location.pathname).toBe('/hosts');
    sub.push('/other');
    expect(browser.location.pathname).toBe('/app/lookups/lookups/other');
  });
});
