/**
 * @jest-environment jsdom
 *
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */
import { take } from 'rxjs/operators';
import type { App } from 'opensearch-dashboards/public';
import { DEFAULT_APP_CATEGORIES, DEFAULT_NAV_GROUPS } from 'opensearch-dashboards/public';
import { appendAppPath } from './application';
import { ChromeService } from './chrome_service';

const app = (id: string, title: string, order?: number) =>
  ({ id, title, order, mount: () => () => undefined }) as App;

describe("the host's chrome", () => {
  it("docTitle: OSD's rendering, with the page's own title as the last part", () => {
    document.title = 'OpenSearch Dashboards';
    const chrome = new ChromeService({ getApps: () => [], getUrlForApp: (id) => `/app/${id}` });
    const { docTitle } = chrome.start();
    docTitle.change(['Versions', '', 'hosts', 'Lookups']);
    expect(document.title).toBe('Versions - hosts - Lookups - OpenSearch Dashboards');
    docTitle.change('Query');
    expect(document.title).toBe('Query - OpenSearch Dashboards');
    docTitle.reset();
    expect(document.title).toBe('OpenSearch Dashboards');
  });

  it('navGroup: links by group, each merged onto its app; links naming no app are left out', async () => {
    const apps = [app('lookups', 'Lookups', 8000), app('discover', 'Discover', 100)];
    const chrome = new ChromeService({ getApps: () => apps, getUrlForApp: (id) => `/app/${id}` });
    const { navGroup } = chrome.setup();
    navGroup.addNavLinksToGroup(DEFAULT_NAV_GROUPS.observability, [
      { id: 'lookups', category: DEFAULT_APP_CATEGORIES.investigate },
      { id: 'no_such_app' },
    ]);
    navGroup.addNavLinksToGroup(DEFAULT_NAV_GROUPS.all, [{ id: 'lookups' }, { id: 'discover' }]);
    // A second registration of a link in a group keeps the first (OSD warns and ignores it).
    navGroup.addNavLinksToGroup(DEFAULT_NAV_GROUPS.all, [{ id: 'lookups', title: 'Again' }]);
    expect(navGroup.getNavGroupEnabled()).toBe(false);

    const start = chrome.start();
    const map = await start.navGroup.getNavGroupsMap$().pipe(take(1)).toPromise();
    expect(Object.keys(map!)).toEqual(['observability', 'all']);
    expect(map!.all.navLinks.map((l) => l.id)).toEqual(['lookups', 'discover']);
    expect(chrome.getNavGroups()).toEqual([
      {
        id: 'all',
        title: 'Analytics (All)',
        order: 3000,
        links: [
          { id: 'discover', title: 'Discover', href: '/app/discover', order: 100 },
          { id: 'lookups', title: 'Lookups', href: '/app/lookups', order: 8000 },
        ],
      },
      {
        id: 'observability',
        title: 'Observability',
        order: 4000,
        links: [
          {
            id: 'lookups',
            title: 'Lookups',
            href: '/app/lookups',
            order: 8000,
            category: DEFAULT_APP_CATEGORIES.investigate,
          },
        ],
      },
    ]);
  });
});

describe("OSD's appendAppPath", () => {
  it.each([
    ['', '/app/lookups'],
    ['/', '/app/lookups'],
    ['/lookups/x/', '/app/lookups/lookups/x'],
    ['lookups//x', '/app/lookups/lookups/x'],
    ['#/query', '/app/lookups#/query'],
    ['?q=1', '/app/lookups?q=1'],
  ])('%s → %s', (path, url) => {
    expect(appendAppPath('/app/lookups', path)).toBe(url);
  });
});
