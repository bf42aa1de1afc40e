/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Core services reach components through React context, set once by `renderApp`. No module-level
 * globals: two mounts (or a test) each get their own services, and nothing leaks between them.
 */
import React, { createContext, useContext, useMemo } from 'react';
import type {
  AppMountParameters,
  ApplicationStart,
  ChromeStart,
  HttpStart,
  NotificationsStart,
  SavedObjectsStart,
} from 'opensearch-dashboards/public';
import type { LookupsPublicConfig } from '../types';
import { createLookupsApi, type LookupsApi } from './api_client';
import type { LookupsSetupDeps } from './data_source';
import { createSavedQueriesService, type SavedQueriesService } from './saved_queries';

export interface LookupsServices {
  http: HttpStart;
  notifications: NotificationsStart;
  chrome: ChromeStart;
  application: ApplicationStart;
  config: LookupsPublicConfig;
  /** The signed-in user's name when the page says it; keys per-user browser state. */
  /** Who is signed in (services/current_user.ts), asked once per mount. */
  currentUser: Promise<string | null>;
  /** Browser storage for per-user state; `window.localStorage` unless a test passes its own. */
  storage?: Storage;
  /** Core's saved objects: saved queries, and the data sources the picker lists. */
  savedObjects?: SavedObjectsStart;
  /** The data source picker's plugins; none when OSD runs without the Data Source plugin. */
  dataSourcePlugins?: LookupsSetupDeps;
  /** The data source the app acts on (the URL's `dataSourceId`); none: the local cluster. */
  dataSourceId?: string;
  /** Where the app mounts its header menu (the data source picker); from the app's mount. */
  setHeaderActionMenu?: AppMountParameters['setHeaderActionMenu'];
  /** OSD's hook for asking before the app is left (unsaved edits). */
  onAppLeave?: AppMountParameters['onAppLeave'];
}

const ServicesContext = createContext<LookupsServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: LookupsServices;
  children: React.ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): LookupsServices {
  const services = useContext(ServicesContext);
  if (!services) {
    // A programming error, not a user-facing one: every view is rendered under renderApp.
    throw new Error('useServices() must be called inside <ServicesProvider>');
  }
  return services;
}

/** The typed API client over the context's `http`, on the context's data source. */
export function useApi(): LookupsApi {
  const { http, dataSourceId } = useServices();
  return useMemo(() => createLookupsApi(http, { dataSourceId }), [http, dataSourceId]);
}

/** PPL saved queries through core's saved objects client (always there inside OSD). */
export function useSavedQueries(): SavedQueriesService | undefined {
  const { savedObjects } = useServices();
  return useMemo(
    () => (savedObjects ? createSavedQueriesService(savedObjects.client) : undefined),
    [savedObjects]
  );
}
