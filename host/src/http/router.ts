/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's router contract on hapi: `core.http.createRouter()` gives the plugin an IRouter; the
 * host turns each registered route into a hapi route that does what OSD's does, in OSD's
 * order: authentication (401, hapi's auth, before the body is read), the body under the
 * route's payload options (413/415/400), the `osd-xsrf` rule on non-GET (400), validation of
 * params/query/body (400), the plugin's handler with a per-request context, and the mapping of
 * its response (or of a thrown OpenSearch 401) to HTTP.
 */
import Boom from '@hapi/boom';
import type { Request, ResponseObject, ResponseToolkit, Server } from '@hapi/hapi';
import { fromEvent, merge, type Observable } from 'rxjs';
import { first, shareReplay, takeUntil } from 'rxjs/operators';
import type {
  IOpenSearchDashboardsResponse,
  IRouter,
  Logger,
  OpenSearchDashboardsRequest,
  PluginOpaqueId,
  RequestHandler,
  RequestHandlerContextContainer,
  RouteConfig,
  RouteMethod,
  RequestHandlerWrapper,
  RouteValidationFunction,
  RouteValidationResultFactory,
  RouteValidationSpec,
  RouterRoute,
} from 'opensearch-dashboards/server';
import { isConfigSchema, type Type } from '@osd/config-schema';
import { responseFactory } from './response_factory';
import { Readable } from 'stream';
import { AUTH_STRATEGY, requestCredentials } from '../auth/session';

/** OSD's default `server.maxPayloadBytes`. */
const DEFAULT_MAX_PAYLOAD_BYTES = 1048576;

interface RegisteredRoute {
  method: RouteMethod;
  config: RouteConfig<unknown, unknown, unknown, RouteMethod>;
  handler: RequestHandler<unknown, unknown, unknown, RouteMethod>;
}

export class HostRouter implements IRouter {
  private readonly routes: RegisteredRoute[] = [];
  /**
   * `pluginId`: the opaque id of the plugin that created the router (its handlers' context);
   * `deps`: what each route's handler runs with, as OSD's router gets `enhanceWithContext`.
   */
  constructor(
    public readonly pluginId: PluginOpaqueId,
    private readonly deps: RouteDeps,
    public readonly routerPath = ''
  ) {}

  private register =
    <M extends RouteMethod>(method: M) =>
    <P, Q, B>(config: RouteConfig<P, Q, B, M>, handler: RequestHandler<P, Q, B, M>) => {
      if (config.validate === undefined) {
        throw new Error(
          `The [${method}] at [${config.path}] does not have a 'validate' specified. Use 'false' as the value if you want to bypass validation.`
        );
      }
      for (const [key, rule] of Object.entries(config.validate || {})) {
        if (!isConfigSchema(rule) && typeof rule !== 'function') {
          throw new Error(
            `Expected a valid validation logic declared with '@osd/config-schema' package or a RouteValidationFunction at key: [${key}].`
          );
        }
      }
      this.routes.push({
        method,
        config: {
          ...config,
          options: routeOptions(method, config),
        } as unknown as RegisteredRoute['config'],
        handler: handler as unknown as RegisteredRoute['handler'],
      });
    };

  get = this.register('get');
  post = this.register('post');
  put = this.register('put');
  patch = this.register('patch');
  delete = this.register('delete');

  /** OSD's `handleLegacyErrors` (wrapErrors): a thrown Boom becomes its own response. */
  handleLegacyErrors: RequestHandlerWrapper = (handler) => async (context, request, response) => {
    try {
      return await handler(context, request, response);
    } catch (e) {
      if (!Boom.isBoom(e)) throw e;
      return response.customError({
        statusCode: e.output.statusCode,
        body: { message: e.output.payload.message },
        headers: e.output.headers as Record<string, string>,
      });
    }
  };

  /** Each route with its hapi handler, as OSD's http server registers them. */
  getRoutes = (): RouterRoute[] =>
    this.routes.map((route) => {
      const enhanced = this.deps.contextContainer.createHandler(
        this.pluginId,
        route.handler as Parameters<RequestHandlerContextContainer['createHandler']>[1]
      ) as EnhancedHandler;
      return {
        method: route.method,
        path: `${this.routerPath}${route.config.path}`,
        options: route.config.options ?? {},
        handler: (request: Request, h: ResponseToolkit) =>
          handle(route, enhanced, request, h, this.deps),
      };
    });
}

/**
 * OSD's validOptions (router.ts): a route that may have a body but validates none (and sets no
 * body options) gets it as an unparsed stream, "the memory-cheapest approach"; the route's own
 * body options win. GET and HEAD have no body options at all.
 */
function routeOptions<M extends RouteMethod>(
  method: M,
  config: RouteConfig<unknown, unknown, unknown, M>
) {
  const options = config.options ?? {};
  if (method === 'get') return { ...options, body: undefined };
  const validatesBody = Boolean(config.validate && config.validate.body) || Boolean(options.body);
  return {
    ...options,
    body: {
      output: validatesBody ? undefined : ('stream' as const),
      parse: validatesBody ? undefined : false,
      ...options.body,
    },
  };
}

class RouteValidationError extends Error {
  constructor(
    message: string,
    public readonly path?: string[]
  ) {
    super(path && path.length ? `[${path.join('.')}]: ${message}` : message);
  }
}
const validationResult: RouteValidationResultFactory = {
  ok: (value) => ({ value }),
  badRequest: (error, path) => ({
    error: new RouteValidationError(typeof error === 'string' ? error : error.message, path),
  }),
};
/**
 * OSD's RouteValidator: a part without a rule is `{}`; an `@osd/config-schema` type validates
 * with the part's name as its path's first segment (`[request query.foo]: …`); a function's
 * refusal is prefixed with that name.
 */
function validatePart<T>(
  rule: RouteValidationSpec<T> | undefined,
  data: unknown,
  namespace: string
): T {
  if (!rule) return {} as T;
  if (isConfigSchema(rule)) return (rule as Type<T>).validate(data, {}, namespace);
  const result = (rule as RouteValidationFunction<T>)(data, validationResult);
  if (result.error) throw new RouteValidationError(result.error.message, [namespace]);
  return result.value as T;
}

function isSafeMethod(method: string) {
  return method === 'get' || method === 'head' || method === 'options';
}

export interface RouteDeps {
  /** Builds each handler's context (OSD's `createHandler`), core's `opensearch` and plugins'. */
  contextContainer: RequestHandlerContextContainer;
  logger: Logger;
}

type EnhancedHandler = (
  request: OpenSearchDashboardsRequest,
  response: typeof responseFactory
) => Promise<IOpenSearchDashboardsResponse>;

export interface HttpOptions {
  /** OSD's `server.socketTimeout` (default 120000): a route's socket idle limit. */
  socketTimeoutMs: number;
  /** OSD's `server.maxPayloadBytes` (default 1048576). */
  maxPayloadBytes: number;
}

/** OSD's `getAuthOption`: `authRequired` true → required, 'optional' → optional, false → none. */
function authOption(authRequired: boolean | 'optional' | undefined) {
  if (authRequired === false) return false as const;
  return {
    strategy: AUTH_STRATEGY,
    mode: authRequired === 'optional' ? 'optional' : 'required',
  } as const;
}

export function registerHostRoutes(
  server: Server,
  router: IRouter,
  http: HttpOptions = { socketTimeoutMs: 120_000, maxPayloadBytes: DEFAULT_MAX_PAYLOAD_BYTES }
) {
  for (const route of router.getRoutes()) {
    const options = route.options;
    const {
      accepts: allow,
      maxBytes,
      output,
      parse,
    } = (options.body ?? {}) as {
      maxBytes?: number;
      output?: 'data' | 'stream';
      parse?: boolean | 'gunzip';
      accepts?: string | string[];
    };
    const timeout = options.timeout;
    server.route({
      method: route.method,
      path: route.path,
      options: {
        // As OSD (http_server.ts): authentication is hapi's auth, before the body is read.
        auth: authOption(options.authRequired),
        // As OSD (http_server.ts): payload options when the route's (validOptions-completed)
        // body options give one, and then multipart allowed; otherwise hapi's defaults under
        // `server.maxPayloadBytes`.
        payload:
          route.method === 'get'
            ? undefined
            : [allow, maxBytes, output, parse, timeout?.payload].some((v) => v !== undefined)
              ? {
                  allow,
                  maxBytes: maxBytes ?? http.maxPayloadBytes,
                  output,
                  parse,
                  timeout: timeout?.payload,
                  multipart: true,
                }
              : { maxBytes: http.maxPayloadBytes },
        // As OSD: the socket's idle limit is the route's `timeout.idleSocket`, or
        // `server.socketTimeout`; `timeout.payload` only bounds the body's arrival.
        timeout: { socket: timeout?.idleSocket ?? http.socketTimeoutMs },
      },
      handler: route.handler,
    });
  }
}

/**
 * A streamed body (or a multipart form's file streams) fails on its own later: a bad gzip or
 * deflate encoding, a truncated upload, a client that goes away. Unobserved, that 'error' would
 * take the whole process down; observed here, it still reaches whoever reads the stream.
 */
export function guardStreams(payload: unknown, logger: Logger) {
  const guard = (value: unknown) => {
    if (
      value instanceof Readable ||
      (value &&
        typeof (value as Readable).on === 'function' &&
        typeof (value as Readable).pipe === 'function')
    ) {
      (value as Readable).on('error', (e: Error) =>
        logger.debug(`request body stream: ${e.message}`)
      );
    }
  };
  guard(payload);
  if (payload && typeof payload === 'object' && !(payload instanceof Readable)) {
    for (const value of Object.values(payload as Record<string, unknown>)) {
      if (Array.isArray(value)) value.forEach(guard);
      else guard(value);
    }
  }
}

async function handle(
  route: RegisteredRoute,
  enhanced: EnhancedHandler,
  request: Request,
  h: ResponseToolkit,
  deps: RouteDeps
): Promise<ResponseObject | Boom.Boom> {
  guardStreams(request.payload, deps.logger);
  const options = route.config.options ?? {};
  const authorization = requestCredentials(request)?.authorization;
  if (
    !isSafeMethod(route.method) &&
    (options as { xsrfRequired?: boolean }).xsrfRequired !== false &&
    request.headers['osd-xsrf'] === undefined &&
    request.headers['osd-version'] === undefined
  ) {
    return Boom.badRequest('Request must contain a osd-xsrf header.');
  }

  let osdRequest: OpenSearchDashboardsRequest;
  try {
    osdRequest = toOsdRequest(route, request, authorization);
  } catch (e) {
    return Boom.badRequest((e as Error).message);
  }

  try {
    const response = await enhanced(osdRequest, responseFactory);
    return toHapiResponse(response, h);
  } catch (e) {
    deps.logger.error(e instanceof Error ? e : String(e));
    if (isUnauthorizedError(e)) {
      // Forwarded as OSD forwards it: the caller's credentials were refused by OpenSearch.
      const boom = new Boom.Boom(e.message || 'Unauthorized', { statusCode: 401 });
      const challenge = Object.entries(e.headers).find(
        ([name]) => name.toLowerCase() === 'www-authenticate'
      )?.[1];
      boom.output.headers['www-authenticate'] = challenge ?? 'Basic realm="Authorization Required"';
      return boom;
    }
    if (Boom.isBoom(e) && e.output.statusCode === 401) return e;
    return toInternalError();
  }
}

/** OSD's response adapter's 500: its message, with the period Boom's own leaves out. */
function toInternalError() {
  const error = new Boom.Boom('', { statusCode: 500 });
  error.output.payload.message = 'An internal server error occurred.';
  return error;
}

/**
 * OSD's test for an OpenSearch client error (src/core/server/opensearch/client/errors.ts): by
 * its `body`, `statusCode` and `headers`, all three truthy, never by its class. So a 401 with
 * an empty body (a HEAD request's) is no 401 to OSD: a handler that throws it gets a 500.
 */
function isUnauthorizedError(
  e: unknown
): e is { message: string; statusCode: number; headers: Record<string, string> } {
  const error = e as { body?: unknown; statusCode?: unknown; headers?: unknown } | undefined;
  return Boolean(error?.body && error.statusCode && error.headers) && error!.statusCode === 401;
}

/**
 * OSD's request events (router/request.ts): `aborted$` is the Node request's 'aborted' event,
 * until the response has finished. Node emits it only while the request's body is still
 * arriving: once the body was read whole, a client that hangs up aborts nothing.
 */
function requestEvents(request: Request) {
  const finish$ = fromEvent<void>(request.raw.res, 'finish').pipe(shareReplay(1), first());
  const aborted$: Observable<void> = fromEvent<void>(request.raw.req, 'aborted').pipe(
    first(),
    takeUntil(finish$)
  );
  const completed$: Observable<void> = merge(finish$, aborted$).pipe(shareReplay(1), first());
  return { aborted$, completed$ };
}

function toOsdRequest(
  route: RegisteredRoute,
  request: Request,
  authorization: string | undefined
): OpenSearchDashboardsRequest {
  // As OSD's RouteValidator: a part without a validation rule (or `validate: false`) is `{}`.
  const validate = route.config.validate || undefined;
  const params = validatePart(validate?.params, request.params, 'request params');
  const query = validatePart(validate?.query, { ...request.query }, 'request query');
  const body = validatePart(validate?.body, request.payload, 'request body');

  const headers = { ...request.headers } as Record<string, string>;
  delete headers.cookie;
  if (authorization) headers.authorization = authorization;

  return {
    id: request.info.id,
    uuid: request.info.id,
    url: new URL(request.url.href),
    route: { path: route.config.path, method: route.method, options: route.config.options ?? {} },
    headers,
    isSystemRequest: request.headers['osd-system-request'] === 'true',
    socket: { remoteAddress: request.info.remoteAddress },
    events: requestEvents(request),
    auth: { isAuthenticated: request.auth.isAuthenticated },
    params,
    query,
    body,
  };
}

function errorParts(payload: unknown): { message: string; attributes?: Record<string, unknown> } {
  if (typeof payload === 'string') return { message: payload };
  if (payload instanceof Error) return { message: payload.message };
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const { message, attributes } = payload as {
      message: string | Error;
      attributes?: Record<string, unknown>;
    };
    return { message: message instanceof Error ? message.message : message, attributes };
  }
  return { message: 'Error' };
}

function toHapiResponse(response: IOpenSearchDashboardsResponse, h: ResponseToolkit) {
  const headers = response.options.headers ?? {};
  if (response.status >= 400) {
    const { message, attributes } = errorParts(response.payload);
    const boom = new Boom.Boom(message, { statusCode: response.status });
    if (attributes)
      (boom.output.payload as unknown as Record<string, unknown>).attributes = attributes;
    Object.assign(boom.output.headers, headers);
    return boom;
  }
  const hapiResponse = h.response(response.payload as never).code(response.status);
  for (const [key, value] of Object.entries(headers)) hapiResponse.header(key, String(value));
  return hapiResponse;
}
