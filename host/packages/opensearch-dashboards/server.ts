/*
 * OSD 3.x server-side core contracts used by the plugin, declared as OSD declares them in
 * src/core/server (plugins/types.ts, http/router/*, opensearch/client/*, logging/*).
 * Only the members the plugin touches are listed; their shapes are OSD's.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { Observable } from 'rxjs';

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
export interface IScopedClusterClient {
  readonly asInternalUser: OpenSearchClient;
  readonly asCurrentUser: OpenSearchClient;
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
  data: any, // eslint-disable-line @typescript-eslint/no-explicit-any
  validationResult: RouteValidationResultFactory
) => { value: T; error?: never } | { value?: never; error: RouteValidationError };

/** OSD also accepts `@osd/config-schema` types here; this plugin uses validation functions. */
export type RouteValidationSpec<T> = RouteValidationFunction<T>;
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
  Method extends RouteMethod = any, // eslint-disable-line @typescript-eslint/no-explicit-any
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
export type ResponseErrorAttributes = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type ResponseError =
  string | Error | { message: string | Error; attributes?: ResponseErrorAttributes };
export type ResponseHeaders = Record<string, string | string[]>;
export interface HttpResponseOptions {
  body?: HttpResponsePayload;
  headers?: ResponseHeaders;
}
export type HttpResponsePayload =
  | undefined
  | string
  | Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
  | Buffer
  | NodeJS.ReadableStream;
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
  T extends HttpResponsePayload | ResponseError = any, // eslint-disable-line @typescript-eslint/no-explicit-any
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
export interface RequestHandlerContext {
  core: {
    opensearch: { client: IScopedClusterClient };
  };
}
export type RequestHandler<
  P = unknown,
  Q = unknown,
  B = unknown,
  Method extends RouteMethod = any, // eslint-disable-line @typescript-eslint/no-explicit-any
> = (
  context: RequestHandlerContext,
  request: OpenSearchDashboardsRequest<P, Q, B, Method>,
  response: OpenSearchDashboardsResponseFactory
) => IOpenSearchDashboardsResponse | Promise<IOpenSearchDashboardsResponse>;
export type RouteRegistrar<Method extends RouteMethod> = <P, Q, B>(
  route: RouteConfig<P, Q, B, Method>,
  handler: RequestHandler<P, Q, B, Method>
) => void;
export interface IRouter {
  routerPath: string;
  get: RouteRegistrar<'get'>;
  post: RouteRegistrar<'post'>;
  put: RouteRegistrar<'put'>;
  patch: RouteRegistrar<'patch'>;
  delete: RouteRegistrar<'delete'>;
}

// ---- plugin lifecycle ------------------------------------------------------------------------
export interface HttpServiceSetup {
  createRouter: () => IRouter;
  basePath: { serverBasePath: string };
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
export interface PluginInitializerContext<ConfigSchema = unknown> {
  opaqueId: symbol;
  env: { mode: { dev: boolean; prod: boolean }; packageInfo: { version: string } };
  logger: LoggerFactory;
  config: {
    create: <T = ConfigSchema>() => Observable<T>;
    /** Synchronous access, for setup and start only. */
    get: <T = ConfigSchema>() => T;
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
  schema: { validate(value: unknown): T };
  exposeToBrowser?: { [P in keyof T]?: boolean };
}
