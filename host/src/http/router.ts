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
import { Subject } from 'rxjs';
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
  RouteValidationFunction,
  RouteValidationResultFactory,
} from 'opensearch-dashboards/server';
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
  public readonly routes: RegisteredRoute[] = [];
  /** `pluginId`: the opaque id of the plugin that created the router (its handlers' context). */
  constructor(
    public readonly pluginId: PluginOpaqueId,
    public readonly routerPath = ''
  ) {}

  private register =
    <M extends RouteMethod>(method: M) =>
    <P, Q, B>(config: RouteConfig<P, Q, B, M>, handler: RequestHandler<P, Q, B, M>) => {
      if (config.validate === undefined) {
        throw new Error(
          `The [${method}] at [${config.path}] does not have a 'validate' specified.`
        );
      }
      this.routes.push({
        method,
        config: config as unknown as RegisteredRoute['config'],
        handler: handler as unknown as RegisteredRoute['handler'],
      });
    };

  get = this.register('get');
  post = this.register('post');
  put = this.register('put');
  patch = this.register('patch');
  delete = this.register('delete');
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
function validatePart<T>(
  fn: RouteValidationFunction<T> | undefined,
  data: unknown,
  namespace: string
): T {
  if (!fn) return {} as T;
  const result = fn(data, validationResult);
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
  router: HostRouter,
  deps: RouteDeps,
  http: HttpOptions = { socketTimeoutMs: 120_000, maxPayloadBytes: DEFAULT_MAX_PAYLOAD_BYTES }
) {
  for (const route of router.routes) {
    const options = route.config.options ?? {};
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
    const enhanced = deps.contextContainer.createHandler(
      router.pluginId,
      route.handler as Parameters<RequestHandlerContextContainer['createHandler']>[1]
    ) as EnhancedHandler;
    server.route({
      method: route.method,
      path: `${router.routerPath}${route.config.path}`,
      options: {
        // As OSD (http_server.ts): authentication is hapi's auth, before the body is read.
        auth: authOption(options.authRequired),
        // As OSD: payload options only when the route gives one, and then multipart allowed;
        // otherwise hapi's defaults under `server.maxPayloadBytes`.
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
      handler: (request, h) => handle(route, enhanced, request, h, deps),
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
    const status = (e as { meta?: { statusCode?: number } })?.meta?.statusCode;
    if ((e as { name?: string })?.name === 'ResponseError' && status === 401) {
      // Forwarded as OSD forwards it: the caller's credentials were refused by OpenSearch.
      const boom = Boom.unauthorized((e as Error).message);
      boom.output.headers['WWW-Authenticate'] = 'Basic realm="Authorization Required"';
      return boom;
    }
    deps.logger.error(e instanceof Error ? e : String(e));
    return Boom.internal('An internal server error occurred.');
  }
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

  const aborted$ = new Subject<void>();
  const completed$ = new Subject<void>();
  request.raw.req.once('aborted', () => aborted$.next());
  request.raw.res.once('close', () => {
    if (!request.raw.res.writableFinished) aborted$.next();
    completed$.next();
  });

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
    events: { aborted$: aborted$.asObservable(), completed$: completed$.asObservable() },
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
