/*
 * OSD 3.x browser-side core contracts used by the plugin, declared as OSD declares them in
 * src/core/public (application/types.ts, http/types.ts, notifications/toasts, chrome).
 * Only the members the plugin touches are listed; their shapes are OSD's.
 */
import type { ReactNode } from 'react';

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
export interface ChromeBreadcrumb {
  text: string;
  href?: string;
  onClick?: (event: unknown) => void;
}
export interface ChromeStart {
  setBreadcrumbs(breadcrumbs: ChromeBreadcrumb[]): void;
  docTitle: { change(newTitle: string | string[]): void; reset(): void };
}

// ---- application -----------------------------------------------------------------------------
export interface ScopedHistory {
  readonly location: { pathname: string; search: string; hash: string };
  push(path: string): void;
  replace(path: string): void;
  listen(listener: (location: { pathname: string }) => void): () => void;
  createHref(location: { pathname: string }): string;
}
export interface AppMountParameters {
  element: HTMLElement;
  appBasePath: string;
  history: ScopedHistory;
  onAppLeave: (handler: () => unknown) => void;
  setHeaderActionMenu: (menuMount: ((element: HTMLElement) => () => void) | undefined) => void;
}
export type AppUnmount = () => void;
export interface AppCategory {
  id: string;
  label: string;
  order?: number;
}
export interface App {
  id: string;
  title: string;
  order?: number;
  category?: AppCategory;
  euiIconType?: string;
  mount(params: AppMountParameters): AppUnmount | Promise<AppUnmount>;
}
export interface ApplicationSetup {
  register(app: App): void;
}
export interface ApplicationStart {
  navigateToApp(appId: string, options?: { path?: string }): Promise<void>;
  getUrlForApp(appId: string, options?: { path?: string; absolute?: boolean }): string;
}

// ---- lifecycle -------------------------------------------------------------------------------
export interface CoreStart {
  http: HttpStart;
  notifications: NotificationsStart;
  chrome: ChromeStart;
  application: ApplicationStart;
  i18n: { Context: (props: { children: ReactNode }) => ReactNode };
}
export interface CoreSetup<TPluginsStart extends object = object, TStart = unknown> {
  application: ApplicationSetup;
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
