/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD 3.x server-side core contracts used by the plugin, declared as OSD declares them in
 * src/core/server (plugins/types.ts, http/router/*, opensearch/client/*, logging/*).
 * Only the members the plugin touches are listed; their shapes are OSD's.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- OSD's own generic signatures */
import type { Client } from '@opensearch-project/opensearch';
import type { Duration } from 'moment';
import type { Observable } from 'rxjs';
import type { Type } from '@osd/config-schema';

// ---- logging -------------------------------------------------------------------------------
export type LogMeta = Record<string, unknown>;
export interface Logger {
  trace(message: string, meta?: LogMeta): void;
  debug(message: string, meta?: LogMeta): void;
  info(message: string, meta?: LogMeta): void;
  warn(errorOrMessage: string | Error, meta?: LogMeta): void;
  error(errorOrMessage: string | Error, meta?: LogMeta): void;
  fatal(errorOrMessage: string | Error, meta?: LogMeta): void;
  get(...childContextPaths: string[]): Logger;
}
export interface LoggerFactory {
  get(...contextParts: string[]): Logger;
}

// ---- opensearch client ---------------------------------------------------------------------
/** OSD's OpenSearchClient: the opensearch-js client without its internals, but `transport.request`. */
export type OpenSearchClient = Omit<
  Client,
  'connectionPool' | 'transport' | 'serializer' | 'extend' | 'child' | 'close'
> & {
  transport: { request: Client['transport']['request'] };
};
/**
 * OSD's long-numeral client (`OpenSearchClientNext`): the same API over opensearch-js created
 * with `enableLongNumeralSupport: true`, so integers beyond 2^53 come back as BigInt.
 */
export type OpenSearchClientNext = OpenSearchClient;
export interface IScopedClusterClient {
  readonly asInternalUser: OpenSearchClient;
  readonly asCurrentUser: OpenSearchClient;
  readonly asInternalUserWithLongNumeralsSupport: OpenSearchClientNext;
  readonly asCurrentUserWithLongNumeralsSupport: OpenSearchClientNext;
}
export interface IClusterClient {
  readonly asInternalUser: OpenSearchClient;
  asScoped(request: ScopeableRequest): IScopedClusterClient;
}
export type ScopeableRequest = OpenSearchDashboardsRequest | { headers: Headers };

// ---- http: requests --------------------------------------------------------------------------
export type RouteMethod = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options';
export type Headers = Record<string, string | string[] | undefined>;

export interface RouteConfigOptionsBody {
  accepts?: string | string[];
  maxBytes?: number;
  output?: 'data' | 'stream';
  parse?: boolean | 'gunzip';
}
export interface RouteConfigOptions<Method extends RouteMethod> {
  authRequired?: boolean | 'optional';
  xsrfRequired?: Method extends 'get' ? never : boolean;
  tags?: readonly string[];
  body?: Method extends 'get' | 'options' ? undefined : RouteConfigOptionsBody;
  timeout?: { payload?: number; idleSocket?: number };
}

export interface RouteValidationError extends Error {
  readonly path?: string[];
}
export interface RouteValidationResultFactory {
  ok: <T>(value: T) => { value: T };
  badRequest: (error: Error | string, path?: string[]) => { error: RouteValidationError };
}
export type RouteValidationFunction<T> = (
  data: any,
  validationResult: RouteValidationResultFactory
) => { value: T; error?: never } | { value?: never; error: RouteValidationError };

/** An `@osd/config-schema` type or a validation function (this plugin uses functions). */
export type RouteValidationSpec<T> = Type<T> | RouteValidationFunction<T>;
export interface RouteValidatorConfig<P, Q, B> {
  params?: RouteValidationSpec<P>;
  query?: RouteValidationSpec<Q>;
  body?: RouteValidationSpec<B>;
}
export interface RouteConfig<P, Q, B, Method extends RouteMethod> {
  path: string;
  validate: RouteValidatorConfig<P, Q, B> | false;
  options?: RouteConfigOptions<Method>;
}

export interface OpenSearchDashboardsRequestEvents {
  /** Emits once when the client closes the connection before the response was sent. */
  aborted$: Observable<void>;
  completed$: Observable<void>;
}
export interface OpenSearchDashboardsRequest<
  Params = unknown,
  Query = unknown,
  Body = unknown,
  Method extends RouteMethod = any,
> {
  readonly id: string;
  readonly uuid: string;
  readonly url: URL;
  readonly route: { path: string; method: Method; options: RouteConfigOptions<Method> };
  readonly headers: Headers;
  readonly isSystemRequest: boolean;
  readonly socket: { remoteAddress?: string };
  readonly events: OpenSearchDashboardsRequestEvents;
  readonly auth: { isAuthenticated: boolean };
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
}

// ---- http: responses -------------------------------------------------------------------------
export type ResponseErrorAttributes = Record<string, any>;
export type ResponseError =
  string | Error | { message: string | Error; attributes?: ResponseErrorAttributes };
export type ResponseHeaders = Record<string, string | string[]>;
export interface HttpResponseOptions {
  body?: HttpResponsePayload;
  headers?: ResponseHeaders;
}
export type HttpResponsePayload =
  undefined | string | Record<string, any> | Buffer | NodeJS.ReadableStream;
export interface ErrorHttpResponseOptions {
  body?: ResponseError;
  headers?: ResponseHeaders;
}
export interface CustomHttpResponseOptions<T extends HttpResponsePayload | ResponseError> {
  body?: T;
  headers?: ResponseHeaders;
  statusCode: number;
}
export interface IOpenSearchDashboardsResponse<
  T extends HttpResponsePayload | ResponseError = any,
> {
  readonly status: number;
  readonly payload?: T;
  readonly options: HttpResponseOptions;
}
export interface OpenSearchDashboardsResponseFactory {
  ok(options?: HttpResponseOptions): IOpenSearchDashboardsResponse;
  accepted(options?: HttpResponseOptions): IOpenSearchDashboardsResponse;
  noContent(options?: HttpResponseOptions): IOpenSearchDashboardsResponse;
  badRequest(options?: ErrorHttpResponseOptions): IOpenSearchDashboardsResponse;
  unauthorized(options?: ErrorHttpResponseOptions): IOpenSearchDashboardsResponse;
  forbidden(options?: ErrorHttpResponseOptions): IOpenSearchDashboardsResponse;
  notFound(options?: ErrorHttpResponseOptions): IOpenSearchDashboardsResponse;
  conflict(options?: ErrorHttpResponseOptions): IOpenSearchDashboardsResponse;
  customError(options: CustomHttpResponseOptions<ResponseError>): IOpenSearchDashboardsResponse;
  custom<T extends HttpResponsePayload | ResponseError>(
    options: CustomHttpResponseOptions<T>
  ): IOpenSearchDashboardsResponse;
}

// ---- http: router ----------------------------------------------------------------------------
/**
 * The per-request context of a route handler. An interface, as in OSD (src/core/server/index.ts),
 * so a plugin adds its own key by augmentation:
 *   declare module 'opensearch-dashboards/server' {
 *     interface RequestHandlerContext { lookups?: LookupsRequestContext }
 *   }
 */
/** The part of core's SavedObjectsClientContract the host's request context gives: `get`. */
export interface SavedObjectsClientContract {
  get<T = unknown>(
    type: string,
    id: string
  ): Promise<{ id: string; type: string; attributes: T; references?: unknown[] }>;
}
export interface RequestHandlerContext {
  core: {
    opensearch: { client: IScopedClusterClient };
    savedObjects: { client: SavedObjectsClientContract };
  };
}
export type RequestHandler<
  P = unknown,
  Q = unknown,
  B = unknown,
  Method extends RouteMethod = any,
> = (
  context: RequestHandlerContext,
  request: OpenSearchDashboardsRequest<P, Q, B, Method>,
  response: OpenSearchDashboardsResponseFactory
) => IOpenSearchDashboardsResponse | Promise<IOpenSearchDashboardsResponse>;
export type RouteRegistrar<Method extends RouteMethod> = <P, Q, B>(
  route: RouteConfig<P, Q, B, Method>,
  handler: RequestHandler<P, Q, B, Method>
) => void;
/** Wraps a handler, e.g. `handleLegacyErrors`: thrown Boom errors become responses. */
export type RequestHandlerWrapper = <P, Q, B, Method extends RouteMethod = any>(
  handler: RequestHandler<P, Q, B, Method>
) => RequestHandler<P, Q, B, Method>;
/** A registered route as the http server takes it (`handler` is hapi's: request, toolkit). */
export interface RouterRoute {
  method: RouteMethod;
  path: string;
  options: RouteConfigOptions<RouteMethod>;
  handler: (req: any, responseToolkit: any) => Promise<any>;
}
/** OSD 3.x's IRouter (src/core/server/http/router/router.ts). */
export interface IRouter {
  routerPath: string;
  get: RouteRegistrar<'get'>;
  post: RouteRegistrar<'post'>;
  put: RouteRegistrar<'put'>;
  patch: RouteRegistrar<'patch'>;
  delete: RouteRegistrar<'delete'>;
  handleLegacyErrors: RequestHandlerWrapper;
  /** @internal */
  getRoutes: () => RouterRoute[];
}

// ---- context container (OSD src/core/utils/context.ts) -----------------------------------------
export type PluginOpaqueId = symbol;
/** @osd/utility-types: a Promise of T, or T itself when T is already a Promise. */
export type ShallowPromise<T> = T extends Promise<infer U> ? Promise<U> : Promise<T>;
/** All properties optional except those in K. */
type PartialExceptFor<T, K extends keyof T> = Partial<T> & Pick<T, K>;
export type HandlerFunction<T extends object> = (context: T, ...args: any[]) => any;
export type HandlerContextType<T extends HandlerFunction<any>> =
  T extends HandlerFunction<infer U> ? U : never;
export type HandlerParameters<T extends HandlerFunction<any>> = T extends (
  context: any,
  ...args: infer U
) => any
  ? U
  : never;
/**
 * Called each time a context is built for a handler, in registration order (core first), with
 * the context built so far (`core` always present) and the handler's own arguments.
 */
export type IContextProvider<
  THandler extends HandlerFunction<any>,
  TContextName extends keyof HandlerContextType<THandler>,
> = (
  context: PartialExceptFor<HandlerContextType<THandler>, 'core'>,
  ...rest: HandlerParameters<THandler>
) =>
  Promise<HandlerContextType<THandler>[TContextName]> | HandlerContextType<THandler>[TContextName];
export interface IContextContainer<THandler extends HandlerFunction<any>> {
  registerContext<TContextName extends keyof HandlerContextType<THandler>>(
    pluginOpaqueId: PluginOpaqueId,
    contextName: TContextName,
    provider: IContextProvider<THandler, TContextName>
  ): this;
  createHandler(
    pluginOpaqueId: PluginOpaqueId,
    handler: THandler
  ): (...rest: HandlerParameters<THandler>) => ShallowPromise<ReturnType<THandler>>;
}
export type RequestHandlerContextContainer = IContextContainer<RequestHandler<any, any, any>>;
export type RequestHandlerContextProvider<TContextName extends keyof RequestHandlerContext> =
  IContextProvider<RequestHandler<any, any, any>, TContextName>;

// ---- plugin lifecycle ------------------------------------------------------------------------
export interface HttpServiceSetup {
  createRouter: () => IRouter;
  basePath: { serverBasePath: string };
  /** OSD http/types.ts: a provider whose (awaited) value is `context[contextName]` in handlers. */
  registerRouteHandlerContext: <T extends keyof RequestHandlerContext>(
    contextName: T,
    provider: RequestHandlerContextProvider<T>
  ) => RequestHandlerContextContainer;
}
export interface OpenSearchServiceStart {
  readonly client: IClusterClient;
}
export interface CoreStart {
  opensearch: OpenSearchServiceStart;
}
export interface CoreSetup<TPluginsStart extends object = object, TStart = unknown> {
  http: HttpServiceSetup;
  getStartServices: () => Promise<[CoreStart, TPluginsStart, TStart]>;
}
/** OSD's `SharedGlobalConfig` (plugins/types.ts), the members the host provides. */
export interface SharedGlobalConfig {
  readonly opensearchDashboards: { readonly index: string };
  readonly opensearch: {
    readonly shardTimeout: Duration;
    readonly requestTimeout: Duration;
    readonly pingTimeout: Duration;
  };
  readonly path: { readonly data: string };
}
export interface EnvironmentMode {
  name: 'development' | 'production';
  dev: boolean;
  prod: boolean;
}
export interface PackageInfo {
  version: string;
  branch: string;
  buildNum: number;
  buildSha: string;
  dist: boolean;
}
/**
 * OSD's server-side initializer context: config only as observables (`create`,
 * `createIfExists`, `legacy.globalConfig$`). There is no synchronous `config.get()` on the
 * server (that is the browser's context); read it with `create().pipe(first()).toPromise()`.
 */
export interface PluginInitializerContext<ConfigSchema = unknown> {
  opaqueId: PluginOpaqueId;
  env: { mode: EnvironmentMode; packageInfo: Readonly<PackageInfo>; instanceUuid: string };
  logger: LoggerFactory;
  config: {
    legacy: { globalConfig$: Observable<SharedGlobalConfig> };
    create: <T = ConfigSchema>() => Observable<T>;
    createIfExists: <T = ConfigSchema>() => Observable<T | undefined>;
  };
}
export interface Plugin<
  TSetup = void,
  TStart = void,
  TPluginsSetup extends object = object,
  TPluginsStart extends object = object,
> {
  setup(core: CoreSetup<TPluginsStart, TStart>, plugins: TPluginsSetup): TSetup | Promise<TSetup>;
  start(core: CoreStart, plugins: TPluginsStart): TStart | Promise<TStart>;
  stop?(): void;
}
export type PluginInitializer<TSetup, TStart> = (
  core: PluginInitializerContext
) => Plugin<TSetup, TStart>;

export interface PluginConfigDescriptor<T = unknown> {
  /** An `@osd/config-schema` object type. */
  schema: { validate(value: unknown, context?: Record<string, unknown>, namespace?: string): T };
  exposeToBrowser?: { [P in keyof T]?: boolean };
}
