/*
 * Mounts the app into the element core gives it. Loaded with a dynamic import from plugin.ts, so
 * none of this (nor the router, the store, the pages) is in the bundle every OSD page loads.
 */
import React from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { HashRouter } from 'react-router-dom';
import { I18nProvider } from '@osd/i18n/react';
import type { AppMountParameters, CoreStart } from 'opensearch-dashboards/public';
import { LookupsApp } from './app';
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
  { element }: AppMountParameters,
  config: LookupsPublicConfig
): () => void {
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
      {/* Routes live in the hash, so deep links like #/lookups/<name>/versions survive a reload. */}
      <HashRouter>
        <LookupsApp />
      </HashRouter>
    </LookupsRoot>
  );
  return () => root.unmount();
}
