/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The standalone host: a small hapi server that gives the lookups plugin the OSD core surface it
 * uses (router, response factory, scoped OpenSearch clients, sign-in, the app shell and bundles),
 * so the plugin runs, is tested and can be shown without a full OpenSearch Dashboards.
 */
import Hapi from '@hapi/hapi';
import moment from 'moment';
import { randomBytes } from 'crypto';
import { join } from 'path';
import type { RequestHandlerContextContainer } from 'opensearch-dashboards/server';
import { loadHostConfig, HostConfig } from './config';
import { createLoggerFactory } from './logger';
import { HostClusterClient } from './opensearch/cluster_client';
import { HostRouter, registerHostRoutes } from './http/router';
import { HostContextContainer } from './http/context';
import { registerSecurityHeaders, strictCspHeader } from './http/security_headers';
import { AUTH_STRATEGY, registerSession, requestCredentials } from './auth/session';
import { appPage } from './app/pages';
import { CONFIG_TYPE, DARK_MODE, registerUiSettingsRoutes, UiSettingsClient } from './ui_settings';
import { bootstrapScript, startupScript } from './app/bootstrap_scripts';
import { registerBundles } from './app/bundles';
import { discoverPlugins } from './plugins/discovery';
import { loadServerPlugin, withLifecycleTimeout, type LoadedPlugin } from './plugins/server_plugin';
import { PluginsSystem, type SystemPlugin } from './plugins/plugins_system';
import { hostPlugins, HOST_UI_PLUGIN_IDS } from './plugins/host_plugins';
import { checkOpenSearchVersion } from './opensearch/version_check';
import { HOST_BUILD_DIR, HOST_BUILD_NUMBER, pluginsDir, prepareHome } from './home';
import { DATA_SOURCE_PLUGIN_ID, startDataSourcePlugin } from './data_source/plugin';
import type { CoreSetup, SavedObjectsClientContract } from 'opensearch-dashboards/server';
import { createSavedObjectsService } from './saved_objects';
import { loadTranslations } from './i18n/translations';
import { registerTranslationsRoute } from './i18n/route';

export async function startHost(config: HostConfig) {
  if (config.dataSource.enabled && !config.dataSource.wrappingKey) {
    throw new Error(
      'data source: set data_source.encryption.wrappingKey (dataSource.wrappingKey, LOOKUPS_DATA_SOURCE_WRAPPING_KEY) to a 32-byte key'
    );
  }
  const loggerFactory = createLoggerFactory(config.logLevel);
  const logger = loggerFactory.get('host');
  const server = Hapi.server({
    host: config.host,
    port: config.port,
    routes: { response: { emptyStatusCode: 204 } },
  });
  // As OSD's createServer (http_tools.ts): an idle socket is closed after server.socketTimeout,
  // keep-alive sockets after server.keepaliveTimeout; a malformed request gets a bare 400.
  server.listener.keepAliveTimeout = config.keepaliveTimeoutMs;
  server.listener.setTimeout(config.socketTimeoutMs);
  server.listener.on('timeout', (socket) => socket.destroy());
  server.listener.on('clientError', (error, socket) => {
    if (socket.writable) socket.end(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n', 'ascii'));
    else socket.destroy(error);
  });
  const clusterClient = new HostClusterClient(
    config.opensearchUrl,
    config.internalUser,
    config.requestHeadersAllowlist
  );

  registerSecurityHeaders(server);
  const sessions = registerSession(server, {
    cookieSecret: config.cookieSecret,
    opensearchUrl: config.opensearchUrl,
    logger: loggerFactory.get('host', 'auth'),
    timeouts: config.session,
  });

  prepareHome(config.home);
  // OSD's plugins discovery: every plugin in the home's plugins/ and in `plugins.paths`.
  const pluginDirs = discoverPlugins([pluginsDir(config.home)], config.pluginPaths);
  const installed: LoadedPlugin[] = pluginDirs.map((dir) =>
    loadServerPlugin(dir, config.plugins, loggerFactory, {
      osdVersion: config.osdVersion,
      buildNum: HOST_BUILD_NUMBER,
      globalConfig: {
        opensearchDashboards: { index: config.savedObjectsIndex },
        opensearch: {
          shardTimeout: moment.duration(30_000),
          requestTimeout: moment.duration(30_000),
          pingTimeout: moment.duration(30_000),
        },
        path: { data: join(config.home, 'data') },
      },
    })
  );
  const pluginDirById = new Map(installed.map((p, i) => [p.manifest.id, pluginDirs[i]]));
  // OSD's i18n service: every installed plugin's translations for the locale, served to the page.
  const i18n = loadTranslations(config.locale, {
    searchPaths: [pluginsDir(config.home)],
    additionalPaths: config.pluginPaths,
  });
  logger.debug(`Registering translation files: [${i18n.files.join(', ')}]`);
  registerTranslationsRoute(server, i18n.translations);
  void checkOpenSearchVersion(
    clusterClient.asInternalUser,
    config.osdVersion,
    loggerFactory.get('opensearch', 'version-check')
  );
  const routers: HostRouter[] = [];
  // Core's saved objects (with the data plugin's `query` type), kept with OSD's own identity.
  const savedObjects = createSavedObjectsService({
    internal: clusterClient.asInternalUser,
    index: config.savedObjectsIndex,
    logger: loggerFactory.get('savedobjects-service'),
  });
  // Core's advanced settings, kept in the `config` saved object; the host's `darkMode` config
  // is OSD's `uiSettings.overrides: { theme:darkMode }`, which no user can change.
  savedObjects.registry.registerType(CONFIG_TYPE);
  const uiSettings = new UiSettingsClient({
    repository: savedObjects.repository,
    version: config.osdVersion,
    buildNum: HOST_BUILD_NUMBER,
    overrides: config.darkMode === undefined ? {} : { [DARK_MODE]: config.darkMode },
    logger: loggerFactory.get('ui-settings-service'),
  });
  // The host's own plugins, as OSD's: the Data Source plugin when `data_source.enabled`.
  const dataSource = config.dataSource.enabled
    ? startDataSourcePlugin({ savedObjects, wrappingKey: config.dataSource.wrappingKey! })
    : undefined;
  const system = new PluginsSystem(
    [
      ...hostPlugins({ dataSourceEnabled: dataSource !== undefined }),
      ...installed.map((loaded): SystemPlugin => ({
        id: loaded.manifest.id,
        opaqueId: loaded.opaqueId,
        requiredPlugins: loaded.manifest.requiredPlugins,
        optionalPlugins: loaded.manifest.optionalPlugins,
        server: loaded.manifest.server,
        ui: loaded.manifest.ui,
        enabled: loaded.enabled,
        loaded,
      })),
    ],
    loggerFactory.get('plugins-service')
  );
  if (system.sorted.every((p) => !p.loaded)) {
    logger.warn(
      `no plugin is installed in ${pluginsDir(config.home)}: install one with ` +
        '`node build/host/server/opensearch-dashboards-plugin.js install file:///…/<id>-<version>.zip`'
    );
  }
  // As OSD's http service: one container for route handler contexts, core's `core` first; a
  // plugin sees the contexts of the plugins it depends on only.
  const coreId = Symbol('core');
  const contextContainer: RequestHandlerContextContainer = new HostContextContainer(
    system.opaqueDependencies(),
    coreId
  );
  contextContainer.registerContext(coreId, 'core', (_context, request) => ({
    opensearch: { client: clusterClient.asScoped(request) },
    savedObjects: { client: savedObjects.client as SavedObjectsClientContract },
  }));
  const dataSourcePlugin = system.get(DATA_SOURCE_PLUGIN_ID);
  if (dataSource && dataSourcePlugin) {
    contextContainer.registerContext(dataSourcePlugin.opaqueId, 'dataSource', dataSource.context);
    const dataSourceRouter = new HostRouter(dataSourcePlugin.opaqueId, {
      contextContainer,
      logger: loggerFactory.get('http', 'router'),
    });
    dataSource.registerRoutes(dataSourceRouter);
    routers.push(dataSourceRouter);
  }
  // Core's own routes go through the same router contract as a plugin's.
  const coreRouter = new HostRouter(coreId, {
    contextContainer,
    logger: loggerFactory.get('http', 'router'),
  });
  savedObjects.registerRoutes(coreRouter);
  registerUiSettingsRoutes(coreRouter, uiSettings);
  routers.push(coreRouter);
  const coreSetup = (plugin: LoadedPlugin): Omit<CoreSetup, 'getStartServices'> => ({
    http: {
      createRouter: () => {
        const router = new HostRouter(plugin.opaqueId, {
          contextContainer,
          logger: loggerFactory.get('http', 'router'),
        });
        routers.push(router);
        return router;
      },
      basePath: { serverBasePath: '' },
      registerRouteHandlerContext: (contextName, provider) =>
        contextContainer.registerContext(plugin.opaqueId, contextName, provider),
    },
  });
  const coreStart = { opensearch: { client: clusterClient } };
  // OSD's plugins system: setup in dependency order, each with its dependencies' contracts,
  // then start in the same order; getStartServices resolves with the plugin's start deps.
  const setupContracts = new Map<string, unknown>(
    dataSource && dataSourcePlugin ? [[DATA_SOURCE_PLUGIN_ID, dataSource.setup]] : []
  );
  const startContracts = new Map<string, unknown>();
  const serverPlugins = system.sorted.filter((p) => p.loaded && p.server);
  const startServices = new Map<string, (services: [unknown, object, unknown]) => void>();
  for (const plugin of serverPlugins) {
    const loaded = plugin.loaded!;
    loaded.initialize();
    if (!loaded.instance) continue;
    const services = new Promise<[unknown, object, unknown]>((resolveServices) =>
      startServices.set(plugin.id, resolveServices)
    );
    const contract = await withLifecycleTimeout('Setup', plugin.id, () =>
      loaded.instance!.setup(
        { ...coreSetup(loaded), getStartServices: () => services } as CoreSetup,
        system.contractsFor(plugin, setupContracts)
      )
    );
    setupContracts.set(plugin.id, contract);
  }
  for (const plugin of serverPlugins) {
    const instance = plugin.loaded!.instance;
    if (!instance) continue;
    const deps = system.contractsFor(plugin, startContracts);
    const contract = await withLifecycleTimeout('Start', plugin.id, () =>
      instance.start(coreStart, deps)
    );
    startContracts.set(plugin.id, contract);
    startServices.get(plugin.id)!([coreStart, deps, contract]);
  }
  for (const router of routers) {
    registerHostRoutes(server, router, {
      socketTimeoutMs: config.socketTimeoutMs,
      maxPayloadBytes: config.maxPayloadBytes,
    });
  }

  // The UI plugins the page starts, in dependency order (OSD ships a disabled plugin's browser
  // side to nobody), each with the config it exposes and its dependencies among UI plugins. The
  // host's own (Data Source, its management, navigation) have no bundle: the host's browser
  // core gives their contracts; the Data Source plugin's browser config is what OSD's exposes.
  const uiPlugins = system.uiPlugins().map((p) => ({
    id: p.id,
    plugin: { requiredPlugins: p.requiredPlugins, optionalPlugins: p.optionalPlugins },
    config:
      p.id === DATA_SOURCE_PLUGIN_ID
        ? { enabled: true, hideLocalCluster: false }
        : (system.get(p.id)?.loaded?.browserConfig ?? {}),
  }));
  server.route({
    method: 'GET',
    path: '/',
    options: { auth: false },
    handler: (_r, h) => h.redirect(config.defaultRoute),
  });
  const bundlesPath = `/${HOST_BUILD_NUMBER}/bundles`;
  const bundledPlugins = uiPlugins.filter((p) => !HOST_UI_PLUGIN_IDS.has(p.id)).map((p) => p.id);
  registerBundles(server, {
    buildNum: HOST_BUILD_NUMBER,
    sharedDeps: join(HOST_BUILD_DIR, 'bundles/osd-ui-shared-deps'),
    core: join(HOST_BUILD_DIR, 'bundles/core'),
    plugins: Object.fromEntries(
      bundledPlugins.map((id) => [id, join(pluginDirById.get(id)!, 'target/public')])
    ),
  });
  const script = (path: string, body: string) =>
    server.route({
      method: 'GET',
      path,
      options: { auth: false },
      handler: (_r, h) => h.response(body).type('application/javascript; charset=utf-8'),
    });
  // As OSD's bootstrap.js route: the theme of a signed-in user's page is `theme:darkMode` as
  // set now (so a change shows on the next load); a page before sign-in is light.
  server.route({
    method: 'GET',
    path: '/startup.js',
    options: { auth: { strategy: AUTH_STRATEGY, mode: 'try' } },
    handler: async (request, h) => {
      const darkMode = requestCredentials(request)
        ? (await uiSettings.get(DARK_MODE)) === true
        : false;
      return h
        .response(startupScript(darkMode))
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'must-revalidate');
    },
  });
  script('/bootstrap.js', bootstrapScript({ bundlesPath, pluginIds: bundledPlugins }));
  server.route({
    method: 'GET',
    path: '/app/{appPath*}',
    options: { auth: { strategy: AUTH_STRATEGY, mode: 'try' } },
    handler: (request, h) => {
      const credentials = requestCredentials(request);
      if (!credentials) {
        return h.redirect(`/login?next=${encodeURIComponent(request.url.pathname)}`);
      }
      // The app id is the first path segment, as OSD's router reads `/app/{id}/…`: apps
      // register their own ids in the browser (`core.application.register({ id })`).
      const appId = String(request.params.appPath ?? '').split('/')[0];
      const nonce = randomBytes(16).toString('base64');
      const response = h
        .response(
          appPage(
            {
              appId,
              basePath: '',
              username: credentials.username,
              version: config.osdVersion,
              locale: i18n.translations.locale,
              i18n: { translationsUrl: `/translations/${i18n.translations.locale}.json` },
              uiPlugins,
            },
            { nonce, strictCsp: config.strictCsp }
          )
        )
        .type('text/html');
      if (config.strictCsp) response.header('content-security-policy', strictCspHeader(nonce));
      return response;
    },
  });

  await server.start();
  logger.info(`listening on ${server.info.uri}`, { opensearch: config.opensearchUrl });

  const stop = async () => {
    await server.stop({ timeout: 5000 });
    // As OSD: stopped in the reverse order of their setup.
    for (const plugin of [...serverPlugins].reverse()) await plugin.loaded!.instance?.stop?.();
    sessions.close();
    await dataSource?.close();
    await clusterClient.close();
  };
  const plugins = new Map(installed.map((p) => [p.manifest.id, p]));
  return { server, url: server.info.uri, plugins, system, sessions, stop };
}

export type Host = Awaited<ReturnType<typeof startHost>>;

if (require.main === module) {
  const fatal = (error: Error) =>
    process.stderr.write(
      `${JSON.stringify({ level: 'fatal', logger: 'host', message: error.message, stack: error.stack })}\n`
    );
  let config: HostConfig;
  try {
    config = loadHostConfig();
  } catch (e) {
    fatal(e as Error);
    process.exit(1);
  }
  startHost(config).then(
    (host) => {
      const shutdown = () => host.stop().then(() => process.exit(0));
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    },
    (error: Error) => {
      fatal(error);
      process.exit(1);
    }
  );
}
