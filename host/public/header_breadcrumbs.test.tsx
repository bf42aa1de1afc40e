/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's breadcrumbs as OSD's header shows them: at a desktop width up to OSD's ten levels
 * without folding any under "…", and each crumb as the app gave it.
 */
import { act, render } from '@testing-library/react';
import { HostHeader } from './chrome';
import { ChromeService } from './chrome_service';

it('shows five levels at 1440 px, none folded, with what the app set on each crumb', () => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
  const chrome = new ChromeService({ getApps: () => [], getUrlForApp: (id) => `/app/${id}` });
  const start = chrome.start();
  const view = render(
    <HostHeader
      chrome={chrome}
      homeHref="/app/home"
      onLogout={() => undefined}
      darkMode={false}
      onSwitchTheme={() => undefined}
      actionMenu={{ subscribe: () => () => undefined, get: () => undefined }}
    />
  );
  act(() =>
    start.setBreadcrumbs([
      { text: 'Lookups', href: '/app/lookups' },
      { text: 'Catalog', href: '/app/lookups/lookups' },
      { text: 'lk_hosts', href: '/app/lookups/lookups/lk_hosts', 'data-test-subj': 'lookupCrumb' },
      { text: 'Versions', href: '/app/lookups/lookups/lk_hosts/versions' },
      { text: 'Compare' },
    ])
  );
  const crumbs = view.container.querySelector('[data-test-subj="breadcrumbs"]')!;
  expect(crumbs.querySelector('.euiBreadcrumb--collapsed, .ouiBreadcrumb--collapsed')).toBeNull();
  expect(crumbs.textContent).toBe('LookupsCataloglk_hostsVersionsCompare');
  expect(crumbs.querySelector('[data-test-subj="lookupCrumb"]')?.textContent).toBe('lk_hosts');
});
