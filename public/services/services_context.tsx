/*
 * Core services reach components through React context, set once by `renderApp`. No module-level
 * globals: two mounts (or a test) each get their own services, and nothing leaks between them.
 */
import React, { createContext, useContext } from 'react';
import type {
  ApplicationStart,
  ChromeStart,
  HttpStart,
  NotificationsStart,
} from 'opensearch-dashboards/public';
import type { LookupsPublicConfig } from '../types';

export interface LookupsServices {
  http: HttpStart;
  notifications: NotificationsStart;
  chrome: ChromeStart;
  application: ApplicationStart;
  config: LookupsPublicConfig;
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
