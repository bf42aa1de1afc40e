/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD 3.x browser-side core contracts used by the plugin, declared as OSD declares them in
 * src/core/public (application/types.ts, application/scoped_history.ts, http/types.ts,
 * notifications/toasts, chrome/doc_title, chrome/nav_group) and src/core/utils
 * (default_app_categories.ts, default_nav_groups.ts). Only the members the plugin touches are
 * listed; their shapes are OSD's. The two constant tables are values: OSD's optimizer resolves
 * `opensearch-dashboards/public` to core's public bundle, so plugins import them at run time.
 */
import type { ReactNode } from 'react';
import type { History, Href, LocationDescriptorObject } from 'history';
import type { Observable } from 'rxjs';
import { i18n } from '@osd/i18n';

// ---- http ------------------------------------------------------------------------------------
export interface HttpFetchQuery {
  [key: string]: string | number | boolean | undefined | Array<string | number | boolean>;
}
/** OSD's HttpHeadersInit: a header set to `undefined` is not sent (drops a default). */
export interface HttpHeadersInit {
  [name: string]: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}
export interface HttpFetchOptions {
  query?: HttpFetchQuery;
  body?: BodyInit | null;
  headers?: HttpHeadersInit;
  method?: string;
  signal?: AbortSignal;
  asResponse?: boolean;
  prependBasePath?: boolean;
  /** Read a JSON answer keeping integers beyond 2^53 exact, as `bigint` (OSD 2.10+). */
  withLongNumeralsSupport?: boolean;
}
export interface HttpFetchOptionsWithPath extends HttpFetchOptions {
  path: string;
}
export interface HttpHandler {
  <TResponseBody = unknown>(path: string, options?: HttpFetchOptions): Promise<TResponseBody>;
}
/** What `http.fetch` rejects with: the server's error body is in `body`. */
export interface IHttpFetchError extends Error {
  readonly request: Request;
  readonly response?: Response;
  readonly body?: {
    statusCode?: number;
    error?: string;
    message?: string;
    attributes?: Record<string, unknown>;
  };
}
export interface IBasePath {
  get: () => string;
  prepend: (url: string) => string;
  remove: (url: string) => string;
}
export interface HttpSetup {
  basePath: IBasePath;
  fetch: HttpHandler;
  get: HttpHandler;
  post: HttpHandler;
  put: HttpHandler;
  delete: HttpHandler;
  patch: HttpHandler;
}
export type HttpStart = HttpSetup;

// ---- notifications ---------------------------------------------------------------------------
export type ToastInput = string | { title?: string; text?: string; toastLifeTimeMs?: number };
export interface ErrorToastOptions {
  title: string;
  toastMessage?: string;
}
export interface IToasts {
  add(toast: ToastInput): unknown;
  addSuccess(toast: ToastInput): unknown;
  addWarning(toast: ToastInput): unknown;
  addDanger(toast: ToastInput): unknown;
  addError(error: Error, options: ErrorToastOptions): unknown;
}
export interface NotificationsStart {
  toasts: IToasts;
}

// ---- chrome ----------------------------------------------------------------------------------
/** OSD's ChromeBreadcrumb is OUI's EuiBreadcrumb; these are the parts an app may set. */
export interface ChromeBreadcrumb {
  text: string;
  href?: string;
  onClick?: (event: unknown) => void;
  truncate?: boolean;
  'data-test-subj'?: string;
}
/** src/core/public/chrome/doc_title: parts joined with ' - ', the page's initial title last. */
export interface ChromeDocTitle {
  change(newTitle: string | string[]): void;
  reset(): void;
}

/** src/core/types (nav group types): a system group, or (no type) a use case. */
export enum NavGroupType {
  SYSTEM = 'system',
}
export enum NavGroupStatus {
  Visible,
  Hidden,
}
export interface ChromeNavGroup {
  id: string;
  title: string;
  description: string;
  order?: number;
  icon?: string;
  type?: NavGroupType;
  status?: NavGroupStatus;
}
/** src/core/public/chrome/nav_group/nav_group_service.ts */
export interface ChromeRegistrationNavLink {
  /** The id of a registered app (links naming no app are left out of the navigation). */
  id: string;
  title?: string;
  category?: AppCategory;
  order?: number;
  parentNavLinkId?: string;
  showInAllNavGroup?: boolean;
}
export type NavGroupItemInMap = ChromeNavGroup & { navLinks: ChromeRegistrationNavLink[] };
export type ChromeNavGroupUpdater = (navGroup: ChromeNavGroup) => Partial<ChromeNavGroup> | void;
export interface ChromeNavGroupServiceSetupContract {
  addNavLinksToGroup: (navGroup: ChromeNavGroup, navLinks: ChromeRegistrationNavLink[]) => void;
  getNavGroupEnabled: () => boolean;
  registerNavGroupUpdater: (navGroupUpdater: Observable<ChromeNavGroupUpdater>) => () => void;
}
export interface ChromeNavGroupServiceStartContract {
  getNavGroupsMap$: () => Observable<Record<string, NavGroupItemInMap>>;
  getNavGroupEnabled: ChromeNavGroupServiceSetupContract['getNavGroupEnabled'];
  getCurrentNavGroup$: () => Observable<NavGroupItemInMap | undefined>;
  setCurrentNavGroup: (navGroupId: string | undefined) => void;
}
export interface ChromeSetup {
  navGroup: ChromeNavGroupServiceSetupContract;
}
export interface ChromeStart {
  setBreadcrumbs(breadcrumbs: ChromeBreadcrumb[]): void;
  docTitle: ChromeDocTitle;
  navGroup: ChromeNavGroupServiceStartContract;
}

// ---- application -----------------------------------------------------------------------------
/**
 * src/core/public/application/scoped_history.ts: a `history` (v4) History scoped to the app's
 * path (`/app/<id>`): locations come without it, pushes get it, `block` throws (OSD points to
 * `onAppLeave`), and every member throws once the browser has left the scope.
 */
export interface ScopedHistory<
  HistoryLocationState = unknown,
> extends History<HistoryLocationState> {
  createSubHistory<SubHistoryLocationState = unknown>(
    basePath: string
  ): ScopedHistory<SubHistoryLocationState>;
  createHref(
    location: LocationDescriptorObject<HistoryLocationState>,
    options?: { prependBasePath?: boolean }
  ): Href;
}
export interface AppMountParameters<HistoryLocationState = unknown> {
  element: HTMLElement;
  appBasePath: string;
  history: ScopedHistory<HistoryLocationState>;
  onAppLeave: (handler: AppLeaveHandler) => void;
  setHeaderActionMenu: (menuMount: ((element: HTMLElement) => () => void) | undefined) => void;
}
export type AppUnmount = () => void;
/**
 * src/core/public/application/types.ts: what an app says when it is left (for another app, or
 * the page is closed or reloaded): `default` lets it go, `confirm` asks with its text first.
 */
export enum AppLeaveActionType {
  confirm = 'confirm',
  default = 'default',
}
export interface AppLeaveDefaultAction {
  type: AppLeaveActionType.default;
}
export interface AppLeaveConfirmAction {
  type: AppLeaveActionType.confirm;
  text: string;
  title?: string;
  callback?: () => void;
}
export type AppLeaveAction = AppLeaveDefaultAction | AppLeaveConfirmAction;
export interface AppLeaveActionFactory {
  confirm(text: string, title?: string, callback?: () => void): AppLeaveConfirmAction;
  default(): AppLeaveDefaultAction;
}
export type AppLeaveHandler = (
  factory: AppLeaveActionFactory,
  nextAppId?: string
) => AppLeaveAction;
export interface AppCategory {
  id: string;
  label: string;
  ariaLabel?: string;
  order?: number;
  euiIconType?: string;
}
export interface App<HistoryLocationState = unknown> {
  id: string;
  title: string;
  order?: number;
  category?: AppCategory;
  euiIconType?: string;
  mount(params: AppMountParameters<HistoryLocationState>): AppUnmount | Promise<AppUnmount>;
}
export interface ApplicationSetup {
  register<HistoryLocationState = unknown>(app: App<HistoryLocationState>): void;
}
export interface NavigateToAppOptions {
  path?: string;
  state?: unknown;
  replace?: boolean;
}
export interface ApplicationStart {
  navigateToApp(appId: string, options?: NavigateToAppOptions): Promise<void>;
  getUrlForApp(appId: string, options?: { path?: string; absolute?: boolean }): string;
}

/** src/core/utils/default_app_categories.ts (typed, as there, by any string key). */
export const DEFAULT_APP_CATEGORIES: Record<string, AppCategory> = Object.freeze({
  opensearchDashboards: {
    id: 'opensearchDashboards',
    label: i18n.translate('core.ui.opensearchDashboardsNavList.label', {
      defaultMessage: 'OpenSearch Dashboards',
    }),
    euiIconType: 'inputOutput',
    order: 1000,
  },
  enterpriseSearch: {
    id: 'enterpriseSearch',
    label: i18n.translate('core.ui.enterpriseSearchNavList.label', {
      defaultMessage: 'Enterprise Search',
    }),
    euiIconType: 'logoEnterpriseSearch',
    order: 2000,
  },
  observability: {
    id: 'observability',
    label: i18n.translate('core.ui.observabilityNavList.label', {
      defaultMessage: 'Observability',
    }),
    euiIconType: 'logoObservability',
    order: 3000,
  },
  security: {
    id: 'securitySolution',
    label: i18n.translate('core.ui.securityNavList.label', { defaultMessage: 'Security' }),
    euiIconType: 'logoSecurity',
    order: 4000,
  },
  management: {
    id: 'management',
    label: i18n.translate('core.ui.managementNavList.label', { defaultMessage: 'Management' }),
    euiIconType: 'managementApp',
    order: 5000,
  },
  investigate: {
    id: 'investigate',
    label: i18n.translate('core.ui.investigate.label', { defaultMessage: 'Investigate' }),
    order: 1000,
  },
  dashboardAndReport: {
    id: 'dashboardAndReport',
    label: i18n.translate('core.ui.dashboardAndReport.label', {
      defaultMessage: 'Dashboard and report',
    }),
    order: 2000,
  },
  analyzeSearch: {
    id: 'analyzeSearch',
    label: i18n.translate('core.ui.analyzeSearch.label', { defaultMessage: 'Analyze search' }),
    order: 4000,
  },
  manage: {
    id: 'manage',
    label: i18n.translate('core.ui.manageNavList.label', { defaultMessage: 'Manage' }),
    order: 7000,
  },
});

export const ALL_USE_CASE_ID = 'all';
export const OBSERVABILITY_USE_CASE_ID = 'observability';
export const SECURITY_ANALYTICS_USE_CASE_ID = 'security-analytics';
export const ESSENTIAL_USE_CASE_ID = 'essentials';
export const SEARCH_USE_CASE_ID = 'search';

type DefaultNavGroupId =
  | 'dataAdministration'
  | 'settingsAndSetup'
  | 'all'
  | 'observability'
  | 'security-analytics'
  | 'essentials'
  | 'search';

/** src/core/utils/default_nav_groups.ts (typed, as there, by exactly these keys). */
export const DEFAULT_NAV_GROUPS: Record<DefaultNavGroupId, ChromeNavGroup> = Object.freeze({
  dataAdministration: {
    id: 'dataAdministration',
    title: i18n.translate('core.ui.group.dataAdministration.title', {
      defaultMessage: 'Data administration',
    }),
    description: i18n.translate('core.ui.group.dataAdministration.description', {
      defaultMessage: 'Apply policies or security on your data.',
    }),
    order: 1000,
    type: NavGroupType.SYSTEM,
  },
  settingsAndSetup: {
    id: 'settingsAndSetup',
    title: i18n.translate('core.ui.group.settingsAndSetup.title', {
      defaultMessage: 'Settings and setup',
    }),
    description: i18n.translate('core.ui.group.settingsAndSetup.description', {
      defaultMessage: 'Set up your cluster with index patterns.',
    }),
    order: 2000,
    type: NavGroupType.SYSTEM,
  },
  all: {
    id: ALL_USE_CASE_ID,
    title: i18n.translate('core.ui.group.all.title', { defaultMessage: 'Analytics (All)' }),
    description: i18n.translate('core.ui.group.all.description', {
      defaultMessage: 'This is a use case contains all the features.',
    }),
    order: 3000,
    icon: 'wsAnalytics',
  },
  observability: {
    id: OBSERVABILITY_USE_CASE_ID,
    title: i18n.translate('core.ui.group.observability.title', {
      defaultMessage: 'Observability',
    }),
    description: i18n.translate('core.ui.group.observability.description', {
      defaultMessage: 'Gain visibility into your applications and infrastructure.',
    }),
    order: 4000,
    icon: 'wsObservability',
  },
  'security-analytics': {
    id: SECURITY_ANALYTICS_USE_CASE_ID,
    title: i18n.translate('core.ui.group.security.analytics.title', {
      defaultMessage: 'Security Analytics',
    }),
    description: i18n.translate('core.ui.group.security.analytics.description', {
      defaultMessage: 'Enhance your security posture with advanced analytics.',
    }),
    order: 5000,
    icon: 'wsSecurityAnalytics',
  },
  essentials: {
    id: ESSENTIAL_USE_CASE_ID,
    title: i18n.translate('core.ui.group.essential.title', { defaultMessage: 'Essentials' }),
    description: i18n.translate('core.ui.group.essential.description', {
      defaultMessage:
        'Analyze data to derive insights, identify patterns and trends, and make data-driven decisions.',
    }),
    order: 7000,
    icon: 'wsEssentials',
  },
  search: {
    id: SEARCH_USE_CASE_ID,
    title: i18n.translate('core.ui.group.search.title', { defaultMessage: 'Search' }),
    description: i18n.translate('core.ui.group.search.description', {
      defaultMessage: 'Discover and query your data with ease.',
    }),
    order: 6000,
    icon: 'wsSearch',
  },
});

// ---- saved objects ---------------------------------------------------------------------------
/**
 * src/core/public/saved_objects/saved_objects_client.ts and simple_saved_object.ts: the browser
 * client over `/api/saved_objects` (`get` is batched into `_bulk_get`, and resolves, not
 * rejects, with an object carrying `error` when it is missing), with OSD's option names.
 */
export interface SavedObjectReference {
  name: string;
  type: string;
  id: string;
}
export type SavedObjectsMigrationVersion = Record<string, string>;
export interface SavedObjectError {
  error: string;
  message: string;
  statusCode: number;
}
export interface SavedObject<T = unknown> {
  id: string;
  type: string;
  version?: string;
  updated_at?: string;
  error?: SavedObjectError;
  attributes: T;
  references: SavedObjectReference[];
  migrationVersion?: SavedObjectsMigrationVersion;
  namespaces?: string[];
}
export interface SimpleSavedObject<T = unknown> {
  attributes: T;
  _version?: SavedObject<T>['version'];
  id: SavedObject<T>['id'];
  type: SavedObject<T>['type'];
  migrationVersion: SavedObject<T>['migrationVersion'];
  error: SavedObject<T>['error'];
  references: SavedObject<T>['references'];
  updated_at: SavedObject<T>['updated_at'];
  get(key: string): any; // eslint-disable-line @typescript-eslint/no-explicit-any
  set(key: string, value: any): T; // eslint-disable-line @typescript-eslint/no-explicit-any
  has(key: string): boolean;
  save(): Promise<SimpleSavedObject<T>>;
  delete(): Promise<{}>; // eslint-disable-line @typescript-eslint/no-empty-object-type
}
export interface SavedObjectsCreateOptions {
  id?: string;
  overwrite?: boolean;
  migrationVersion?: SavedObjectsMigrationVersion;
  references?: SavedObjectReference[];
  workspaces?: string[];
}
export interface SavedObjectsUpdateOptions {
  version?: string;
  migrationVersion?: SavedObjectsMigrationVersion;
  references?: SavedObjectReference[];
}
export interface SavedObjectsDeleteOptions {
  force?: boolean;
}
export interface SavedObjectsFindOptions {
  type: string | string[];
  search?: string;
  searchFields?: string[];
  defaultSearchOperator?: 'AND' | 'OR';
  sortField?: string;
  page?: number;
  perPage?: number;
  fields?: string[];
  hasReference?: { type: string; id: string };
  filter?: string;
  namespaces?: string[];
  preference?: string;
  workspaces?: string[];
}
export interface SavedObjectsBatchResponse<T = unknown> {
  savedObjects: Array<SimpleSavedObject<T>>;
}
export interface SavedObjectsFindResponsePublic<T = unknown> extends SavedObjectsBatchResponse<T> {
  total: number;
  perPage: number;
  page: number;
}
export interface SavedObjectsClientContract {
  create<T = unknown>(
    type: string,
    attributes: T,
    options?: SavedObjectsCreateOptions
  ): Promise<SimpleSavedObject<T>>;
  delete(type: string, id: string, options?: SavedObjectsDeleteOptions): Promise<{}>; // eslint-disable-line @typescript-eslint/no-empty-object-type
  find<T = unknown>(options: SavedObjectsFindOptions): Promise<SavedObjectsFindResponsePublic<T>>;
  get<T = unknown>(type: string, id: string): Promise<SimpleSavedObject<T>>;
  bulkGet<T = unknown>(
    objects?: Array<{ id: string; type: string }>
  ): Promise<SavedObjectsBatchResponse<T>>;
  update<T = unknown>(
    type: string,
    id: string,
    attributes: T,
    options?: SavedObjectsUpdateOptions
  ): Promise<SimpleSavedObject<T>>;
}
export interface SavedObjectsStart {
  client: SavedObjectsClientContract;
}

// ---- lifecycle -------------------------------------------------------------------------------
export interface CoreStart {
  http: HttpStart;
  notifications: NotificationsStart;
  chrome: ChromeStart;
  application: ApplicationStart;
  savedObjects: SavedObjectsStart;
  i18n: { Context: (props: { children: ReactNode }) => ReactNode };
}
export interface CoreSetup<TPluginsStart extends object = object, TStart = unknown> {
  application: ApplicationSetup;
  chrome: ChromeSetup;
  http: HttpSetup;
  getStartServices(): Promise<[CoreStart, TPluginsStart, TStart]>;
}
export interface PluginInitializerContext<ConfigSchema extends object = object> {
  readonly opaqueId: symbol;
  readonly env: { mode: { dev: boolean; prod: boolean }; packageInfo: { version: string } };
  readonly config: { get: <T extends object = ConfigSchema>() => T };
}
export interface Plugin<
  TSetup = void,
  TStart = void,
  TPluginsSetup extends object = object,
  TPluginsStart extends object = object,
> {
  setup(core: CoreSetup<TPluginsStart, TStart>, plugins: TPluginsSetup): TSetup;
  start(core: CoreStart, plugins: TPluginsStart): TStart;
  stop?(): void;
}
