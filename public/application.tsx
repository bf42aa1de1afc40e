/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Mounts the app into the element core gives it. Loaded with a dynamic import from plugin.ts, so
 * none of this (nor the router, the store, the pages) is in the bundle every OSD page loads.
 */
import React, { useEffect, useMemo, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { Router, useLocation } from 'react-router-dom';
import { I18nProvider } from '@osd/i18n/react';
import type { AppMountParameters, CoreStart } from 'opensearch-dashboards/public';
import { LookupsApp } from './app';
import { redirectLegacyHashRoute } from './legacy_hash';
import { createLookupsApi } from './services/api_client';
import { keepDataSource, readDataSourceId, type LookupsSetupDeps } from './services/data_source';
import { fetchCurrentUser } from './services/current_user';
import { ServicesProvider, type LookupsServices } from './services/services_context';
import { createLookupsStore, type LookupsStore } from './store';
import { initialQueryState } from './store/query_slice';
import type { LookupsPublicConfig } from './types';

export function LookupsRoot({
  services,
  store,
  children,
}: {
  services: LookupsServices;
  store: LookupsStore;
  children: React.ReactNode;
}) {
  return (
    <I18nProvider>
      <ServicesProvider services={services}>
        <Provider store={store}>{children}</Provider>
      </ServicesProvider>
    </I18nProvider>
  );
}

/**
 * One store and one set of services per data source: choosing another source (the URL's
 * `dataSourceId`) mounts the app afresh on a new store whose API client carries the new id, so
 * nothing cached for the previous source (catalog, lookup, query results, a page's own state)
 * shows under the next, and answers still arriving for the previous one land in a store that is
 * gone. The editor's text, recent queries and open saved query are not about a source: they
 * come along.
 */
export function DataSourceScope({
  services,
  children,
}: {
  services: LookupsServices;
  children: React.ReactNode;
}) {
  const dataSourceId = readDataSourceId(useLocation().search);
  const previous = useRef<LookupsStore | null>(null);
  const scope = useMemo(() => {
    const previousState = previous.current?.getState();
    const carried = previousState?.query;
    const store = createLookupsStore(
      createLookupsApi(services.http, { dataSourceId }),
      carried
        ? {
            query: { ...initialQueryState, text: carried.text, recent: carried.recent },
            savedQuery: previousState.savedQuery,
          }
        : {}
    );
    return { store, services: { ...services, dataSourceId } };
  }, [services, dataSourceId]);
  useEffect(() => {
    previous.current = scope.store;
  }, [scope.store]);
  return (
    <LookupsRoot key={dataSourceId ?? ''} services={scope.services} store={scope.store}>
      {children}
    </LookupsRoot>
  );
}

export function renderApp(
  coreStart: CoreStart,
  { element, history, onAppLeave, setHeaderActionMenu }: AppMountParameters,
  config: LookupsPublicConfig,
  dataSourcePlugins: LookupsSetupDeps = {}
): () => void {
  redirectLegacyHashRoute(history);
  const services: LookupsServices = {
    http: coreStart.http,
    notifications: coreStart.notifications,
    chrome: coreStart.chrome,
    application: coreStart.application,
    savedObjects: coreStart.savedObjects,
    dataSourcePlugins,
    config,
    currentUser: fetchCurrentUser(coreStart.http),
    onAppLeave,
    setHeaderActionMenu,
  };
  const root = createRoot(element);
  root.render(
    // Routes are paths on OSD's history for the app (/app/lookups/lookups/<name>/versions); every
    // navigation on it keeps the chosen data source.
    <Router history={keepDataSource(history)}>
      <DataSourceScope services={services}>
        <LookupsApp />
      </DataSourceScope>
    </Router>
  );
  return () => root.unmount();
}
