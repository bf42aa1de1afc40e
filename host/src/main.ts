/*
 * The standalone host: a small hapi server that gives the lookups plugin the OSD core surface it
 * uses (router, response factory, scoped OpenSearch clients, sign-in, the app shell and bundles),
 * so the plugin runs, is tested and can be shown without a full OpenSearch Dashboards.
 */
import Hapi from '@hapi/hapi';
import { resolve } from 'path';
import { loadHostConfig, HostConfig } from './config';
import { createLoggerFactory } from './logger';
import { HostClusterClient } from './opensearch/cluster_client';
import { HostRouter, registerHostRoutes } from './http/router';
import { HostContextContainer } from './http/context';
import {
  registerSession,
  resolveAuthorization,
  SESSION_COOKIE,
  sessionUser,
  usernameFromAuthorization,
} from './auth/session';
import { appShell } from './app/pages';
import { registerBundles } from './app/static';
import { loadServerPlugin, runLifecycle } from './plugin_loader';
import type { RequestHandlerContextContainer } from 'opensearch-dashboards/server';

export const PLUGIN_DIR = resolve(__dirname, '../..');

export async function startHost(config: HostConfig) {
  const loggerFactory = createLoggerFactory(config.logLevel);
  const logger = loggerFactory.get('host');
  const server = Hapi.server({
    host: config.host,
    port: config.port,
    routes: { response: { emptyStatusCode: 204 } },
  });
  const clusterClient = new HostClusterClient(config.opensearchUrl, config.internalUser);

  registerSession(server, {
    cookieSecret: config.cookieSecret,
    opensearchUrl: config.opensearchUrl,
    logger: loggerFactory.get('host', 'auth'),
  });
  registerBundles(server, resolve(PLUGIN_DIR, config.bundleDir));

  const plugin = loadServerPlugin(PLUGIN_DIR, config.plugins, loggerFactory);
  const routers: HostRouter[] = [];
  // As OSD's http service: one container for route handler contexts, core's `core` first.
  const coreId = Symbol('core');
  const contextContainer: RequestHandlerContextContainer = new HostContextContainer(
    new Map([[plugin.opaqueId, []]]),
    coreId
  );
  contextContainer.registerContext(coreId, 'core', (_context, request) => ({
    opensearch: { client: clusterClient.asScoped(request) },
  }));
  await runLifecycle(
    plugin,
    {
      http: {
        createRouter: () => {
          const router = new HostRouter(plugin.opaqueId);
          routers.push(router);
          return router;
        },
        basePath: { serverBasePath: '' },
        registerRouteHandlerContext: (contextName, provider) =>
          contextContainer.registerContext(plugin.opaqueId, contextName, provider),
      },
    },
    { opensearch: { client: clusterClient } }
  );
  for (const router of routers) {
    registerHostRoutes(server, router, {
      contextContainer,
      logger: loggerFactory.get('http', 'router'),
      cookieName: SESSION_COOKIE,
    });
  }

  server.route({
    method: 'GET',
    path: '/',
    handler: (_r, h) => h.redirect(`/app/${plugin.manifest.id}`),
  });
  server.route({
    method: 'GET',
    path: '/app/{appPath*}',
    handler: (request, h) => {
      const authorization = resolveAuthorization(request, SESSION_COOKIE);
      if (!authorization) {
        return h.redirect(`/login?next=${encodeURIComponent(request.url.pathname)}`);
      }
      const appId = String(request.params.appPath ?? '').split('/')[0] || plugin.manifest.id;
      return h
        .response(
          appShell({
            appId,
            basePath: '',
            username:
              sessionUser(request, SESSION_COOKIE) ?? usernameFromAuthorization(authorization),
            pluginConfig: { [plugin.manifest.id]: plugin.browserConfig },
          })
        )
        .type('text/html');
    },
  });

  await server.start();
  logger.info(`listening on ${server.info.uri}`, { opensearch: config.opensearchUrl });

  const stop = async () => {
    await server.stop({ timeout: 5000 });
    plugin.instance.stop?.();
    await clusterClient.close();
  };
  return { server, url: server.info.uri, stop };
}

if (require.main === module) {
  const config = loadHostConfig();
  startHost(config).then(
    (host) => {
      const shutdown = () => host.stop().then(() => process.exit(0));
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    },
    (error: Error) => {
      process.stderr.write(
        `${JSON.stringify({ level: 'fatal', logger: 'host', message: error.message, stack: error.stack })}\n`
      );
      process.exit(1);
    }
  );
}
