/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every HTTP path of the plugin, once: the server registers the patterns, the browser and the
 * tests build URLs with the functions. Lookup names are validated before they get here, and
 * still encoded, because they become part of a path.
 */
export const API_BASE = '/api/lookups';

export const ROUTE_PATTERNS = {
  list: API_BASE,
  query: `${API_BASE}/_query`,
  explain: `${API_BASE}/_explain`,
  reapAll: `${API_BASE}/_reap`,
  status: `${API_BASE}/_status`,
  permissions: `${API_BASE}/_permissions`,
  jobs: `${API_BASE}/_jobs`,
  job: `${API_BASE}/_jobs/{id}`,
  cancelJob: `${API_BASE}/_jobs/{id}/_cancel`,
  schedules: `${API_BASE}/_schedules`,
  schedule: `${API_BASE}/_schedules/{id}`,
  runSchedule: `${API_BASE}/_schedules/{id}/_run`,
  // Literal segments: hapi (and OSD) prefer them over `{name}`, and no lookup name starts with `_`.
  sources: `${API_BASE}/_sources`,
  sourceFields: `${API_BASE}/_sources/{name}/_fields`,
  lookup: `${API_BASE}/{name}`,
  write: `${API_BASE}/{name}/_write`,
  import: `${API_BASE}/{name}/_import`,
  rows: `${API_BASE}/{name}/_rows`,
  search: `${API_BASE}/{name}/_search`,
  fieldCaps: `${API_BASE}/{name}/_field_caps`,
  export: `${API_BASE}/{name}/_export`,
  migrate: `${API_BASE}/{name}/_migrate`,
  rollback: `${API_BASE}/{name}/_rollback`,
  version: `${API_BASE}/{name}/_versions/{slice}`,
  reap: `${API_BASE}/{name}/_reap`,
  compare: `${API_BASE}/{name}/_compare`,
  description: `${API_BASE}/{name}/_description`,
  match: `${API_BASE}/{name}/_match`,
  tryMatch: `${API_BASE}/{name}/_match/_try`,
  replicas: `${API_BASE}/{name}/_replicas`,
  edit: `${API_BASE}/{name}/_edit`,
} as const;

const lookupPath = (name: string, action?: string) =>
  `${API_BASE}/${encodeURIComponent(name)}${action ? `/${action}` : ''}`;

export const apiPaths = {
  list: () => API_BASE,
  query: () => ROUTE_PATTERNS.query,
  explain: () => ROUTE_PATTERNS.explain,
  reapAll: () => ROUTE_PATTERNS.reapAll,
  status: () => ROUTE_PATTERNS.status,
  permissions: () => ROUTE_PATTERNS.permissions,
  jobs: () => ROUTE_PATTERNS.jobs,
  job: (id: string) => `${ROUTE_PATTERNS.jobs}/${encodeURIComponent(id)}`,
  cancelJob: (id: string) => `${ROUTE_PATTERNS.jobs}/${encodeURIComponent(id)}/_cancel`,
  schedules: () => ROUTE_PATTERNS.schedules,
  schedule: (id: string) => `${ROUTE_PATTERNS.schedules}/${encodeURIComponent(id)}`,
  runSchedule: (id: string) => `${ROUTE_PATTERNS.schedules}/${encodeURIComponent(id)}/_run`,
  sources: () => ROUTE_PATTERNS.sources,
  sourceFields: (name: string) => `${ROUTE_PATTERNS.sources}/${encodeURIComponent(name)}/_fields`,
  lookup: (name: string) => lookupPath(name),
  write: (name: string) => lookupPath(name, '_write'),
  import: (name: string) => lookupPath(name, '_import'),
  rows: (name: string) => lookupPath(name, '_rows'),
  search: (name: string) => lookupPath(name, '_search'),
  fieldCaps: (name: string) => lookupPath(name, '_field_caps'),
  export: (name: string) => lookupPath(name, '_export'),
  migrate: (name: string) => lookupPath(name, '_migrate'),
  rollback: (name: string) => lookupPath(name, '_rollback'),
  version: (name: string, slice: string) =>
    lookupPath(name, `_versions/${encodeURIComponent(slice)}`),
  reap: (name: string) => lookupPath(name, '_reap'),
  compare: (name: string) => lookupPath(name, '_compare'),
  description: (name: string) => lookupPath(name, '_description'),
  match: (name: string) => lookupPath(name, '_match'),
  tryMatch: (name: string) => lookupPath(name, '_match/_try'),
  replicas: (name: string) => lookupPath(name, '_replicas'),
  edit: (name: string) => lookupPath(name, '_edit'),
};

/**
 * The app's routes, paths under `/app/lookups` (the app's ScopedHistory): a deep link such as
 * `/app/lookups/lookups/<name>/versions` survives a reload.
 */
export const appRoutes = {
  query: () => '/query',
  catalog: () => '/lookups',
  schedules: () => '/schedules',
  lookup: (name: string, tab?: string) =>
    `/lookups/${encodeURIComponent(name)}${tab ? `/${tab}` : ''}`,
  /** The Query page running `source=<name>` ("Query this lookup"). */
  queryLookup: (name: string) =>
    `/query?${new URLSearchParams({ q: `source=${name}`, run: 'true' })}`,
};
