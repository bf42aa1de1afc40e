/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Mounts the app into the element core gives it. Loaded with a dynamic import from plugin.ts, so
 * none of this (nor the router, the store, the pages) is in the bundle every OSD page loads.
 */
import React from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { Router } from 'react-router-dom';
import { I18nProvider } from '@osd/i18n/react';
import type { AppMountParameters, CoreStart } from 'opensearch-dashboards/public';
import { LookupsApp } from './app';
import { redirectLegacyHashRoute } from './legacy_hash';
import { createLookupsApi } from './services/api_client';
import { readCurrentUser } from './services/current_user';
import { ServicesProvider, type LookupsServices } from './services/services_context';
import { createLookupsStore, type LookupsStore } from './store';
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

export function renderApp(
  coreStart: CoreStart,
  { element, history }: AppMountParameters,
  config: LookupsPublicConfig
): () => void {
  redirectLegacyHashRoute(history);
  const services: LookupsServices = {
    http: coreStart.http,
    notifications: coreStart.notifications,
    chrome: coreStart.chrome,
    application: coreStart.application,
    config,
    currentUser: readCurrentUser(),
  };
  const store = createLookupsStore(createLookupsApi(coreStart.http));
  const root = createRoot(element);
  root.render(
    <LookupsRoot services={services} store={store}>
      {/* Routes are paths on OSD's history for the app (/app/lookups/lookups/<name>/versions). */}
      <Router history={history}>
        <LookupsApp />
      </Router>
    </LookupsRoot>
  );
  return () => root.unmount();
}
