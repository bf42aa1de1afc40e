/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The frame every page of the app shares, in the OSD look: the app's title, a tab bar between
 * Query and Catalog (real links, so a tab opens in a new browser tab too), the data source
 * picker (when OSD runs the Data Source plugin), and the page below.
 */
import type { ReactNode } from 'react';
import {
  EuiPage,
  EuiPageBody,
  EuiPageHeader,
  EuiPageHeaderSection,
  EuiPanel,
  EuiTab,
  EuiTabs,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { appRoutes } from '../../common/api/paths';
import { useAppSelector, type AppPage } from '../store';
import { appTitle } from './chrome';
import { DataSourcePicker } from './data_source_picker';
import { useRouterLink } from './router_link';
import { rovingTabIndex, useTabArrowKeys } from './tab_keys';

type AppTab = 'query' | 'catalog' | 'schedules';

const tabOf = (page: AppPage): AppTab =>
  page === 'query' || page === 'schedules' ? page : 'catalog';

const TABS: Array<{ id: AppTab; route: string; label: () => string }> = [
  {
    id: 'query',
    route: appRoutes.query(),
    label: () => i18n.translate('lookups.app.tabs.query', { defaultMessage: 'Query' }),
  },
  {
    id: 'catalog',
    route: appRoutes.catalog(),
    label: () => i18n.translate('lookups.app.tabs.catalog', { defaultMessage: 'Catalog' }),
  },
  {
    id: 'schedules',
    route: appRoutes.schedules(),
    label: () => i18n.translate('lookups.app.tabs.schedules', { defaultMessage: 'Schedules' }),
  },
];

// A new page (e.g. Schedules) is one more entry here and one more route in app.tsx.
const TAB_IDS = TABS.map((t) => t.id);

export function AppLayout({ children }: { children: ReactNode }) {
  const page = useAppSelector((state) => state.ui.page);
  const link = useRouterLink();
  const selected = tabOf(page);
  const onTabKeys = useTabArrowKeys({
    ids: TAB_IDS,
    selected,
    routeOf: (id) => TABS.find((t) => t.id === id)!.route,
    domIdOf: (id) => `lookupsTab-${id}`,
  });
  return (
    <EuiPage>
      <EuiPageBody component="main">
        <EuiPageHeader>
          <EuiPageHeaderSection>
            <EuiTitle size="l">
              <h1 data-test-subj="lookupsLandingTitle">{appTitle()}</h1>
            </EuiTitle>
          </EuiPageHeaderSection>
          {/* On every page, so the source the page acts on is always in view (schedules on a
              data source are refused by the server with a message that says why). */}
          <EuiPageHeaderSection>
            <DataSourcePicker />
          </EuiPageHeaderSection>
        </EuiPageHeader>
        <EuiTabs onKeyDown={onTabKeys}>
          {TABS.map((tab) => (
            <EuiTab
              key={tab.id}
              id={`lookupsTab-${tab.id}`}
              aria-controls="lookupsTabPanel"
              isSelected={tab.id === selected}
              {...link(tab.route)}
              tabIndex={rovingTabIndex(TAB_IDS, selected, tab.id)}
              data-test-subj={`lookupsTab-${tab.id}`}
            >
              {tab.label()}
            </EuiTab>
          ))}
        </EuiTabs>
        <EuiPanel
          id="lookupsTabPanel"
          role="tabpanel"
          aria-labelledby={`lookupsTab-${selected}`}
          hasBorder
          paddingSize="l"
          borderRadius="none"
          data-test-subj={`lookupsPage-${page}`}
        >
          {children}
        </EuiPanel>
      </EuiPageBody>
    </EuiPage>
  );
}
