/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Loads a plugin the way OSD's plugin service does (src/core/server/plugins/discovery/
 * plugin_manifest_parser.ts, plugins_service.ts, plugin_context.ts, config_service.ts): parse
 * and check `opensearch_dashboards.json`; validate the plugin's config under its `configPath`
 * with the schema it exports (`config validation of [<path>]`); decide from the validated
 * `enabled` whether it runs at all; build its initializer context (config as observables, no
 * synchronous get on the server; loggers under `plugins.<id>`); await `setup`, then `start`.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { BehaviorSubject, Observable } from 'rxjs';
import type {
  CoreSetup,
  CoreStart,
  Logger,
  LoggerFactory,
  Plugin,
  PluginConfigDescriptor,
  PluginInitializerContext,
  SharedGlobalConfig,
} from 'opensearch-dashboards/server';

/** The OSD version the host stands in for (package.json `opensearchDashboards.version`). */
export const HOST_OSD_VERSION = '3.4.0';

export interface PluginManifest {
  id: string;
  version: string;
  opensearchDashboardsVersion: string;
  server: boolean;
  ui: boolean;
  requiredPlugins: string[];
  optionalPlugins: string[];
  requiredBundles: string[];
  supportedOSDataSourceVersions?: string;
  requiredOSDataSourcePlugins?: string[];
  configPath: string | string[];
  extraPublicDirs?: string[];
}

export interface LoadedPlugin {
  manifest: PluginManifest;
  /** The plugin's `PluginOpaqueId`, as its initializer context carries it. */
  opaqueId: symbol;
  /** `false` when `<configPath>.enabled` is false: OSD neither sets it up nor ships its UI. */
  enabled: boolean;
  /** Absent for a disabled plugin. */
  instance?: Plugin<unknown, unknown>;
  config: Record<string, unknown>;
  browserConfig: Record<string, unknown>;
}

interface ServerEntry {
  plugin: (context: PluginInitializerContext) => Plugin<unknown, unknown>;
  config?: PluginConfigDescriptor<Record<string, unknown>>;
}

const KNOWN_MANIFEST_FIELDS = new Set([
  'id',
  'opensearchDashboardsVersion',
  'version',
  'configPath',
  'requiredPlugins',
  'optionalPlugins',
  'ui',
  'server',
  'extraPublicDirs',
  'requiredBundles',
  // OSD 3.x: which OpenSearch versions and engine plugins a data source must have for it.
  'supportedOSDataSourceVersions',
  'requiredOSDataSourcePlugins',
]);

const snakeCase = (id: string) =>
  id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
const isCamelCase = (id: string) => /^[a-z][a-zA-Z0-9]*$/.test(id);
const major = (v: string) => /^(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1, 4).join('.');

/** OSD's parseManifest: the same checks and messages. */
export function readManifest(pluginDir: string, log?: Logger): PluginManifest {
  const path = join(pluginDir, 'opensearch_dashboards.json');
  const invalid = (message: string) =>
    new Error(`Invalid manifest: ${message} (invalid-manifest, ${path})`);
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  if (!raw || typeof raw !== 'object') {
    throw invalid('Plugin manifest must contain a JSON encoded object.');
  }
  const id = raw.id;
  if (!id || typeof id !== 'string')
    throw invalid('Plugin manifest must contain an "id" property.');
  if (id.includes('.')) throw invalid('Plugin "id" must not include `.` characters.');
  if (!isCamelCase(id)) log?.warn(`Expect plugin "id" in camelCase, but found: ${id}`);
  if (!raw.version || typeof raw.version !== 'string') {
    throw invalid(`Plugin manifest for "${id}" must contain a "version" property.`);
  }
  const configPath = raw.configPath;
  if (
    configPath !== undefined &&
    typeof configPath !== 'string' &&
    !(Array.isArray(configPath) && configPath.every((p) => typeof p === 'string'))
  ) {
    throw invalid(
      `The "configPath" in plugin manifest for "${id}" should either be a string or an array of strings.`
    );
  }
  const expected =
    typeof raw.opensearchDashboardsVersion === 'string' && raw.opensearchDashboardsVersion
      ? raw.opensearchDashboardsVersion
      : raw.version;
  if (expected !== 'opensearchDashboards' && major(expected) !== major(HOST_OSD_VERSION)) {
    throw new Error(
      `Plugin "${id}" is only compatible with OpenSearch Dashboards version "${expected}", but used OpenSearch Dashboards version is "${HOST_OSD_VERSION}".`
    );
  }
  const server = typeof raw.server === 'boolean' ? raw.server : false;
  const ui = typeof raw.ui === 'boolean' ? raw.ui : false;
  if (!server && !ui) {
    throw invalid(
      `Both "server" and "ui" are missing or set to "false" in plugin manifest for "${id}", but at least one of these must be set to "true".`
    );
  }
  if (
    raw.supportedOSDataSourceVersions !== undefined &&
    typeof raw.supportedOSDataSourceVersions !== 'string'
  ) {
    throw invalid(
      `The "supportedOSDataSourceVersions" in plugin manifest for "${id}" should be a version range string.`
    );
  }
  if (
    raw.requiredOSDataSourcePlugins !== undefined &&
    !(
      Array.isArray(raw.requiredOSDataSourcePlugins) &&
      raw.requiredOSDataSourcePlugins.every((p) => typeof p === 'string')
    )
  ) {
    throw invalid(
      `The "requiredOSDataSourcePlugins" in plugin manifest for "${id}" should be an array of strings.`
    );
  }
  const unknown = Object.keys(raw).filter((key) => !KNOWN_MANIFEST_FIELDS.has(key));
  if (unknown.length > 0) {
    throw invalid(
      `Manifest for plugin "${id}" contains the following unrecognized properties: ${unknown}.`
    );
  }
  const strings = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
  return {
    id,
    version: raw.version,
    opensearchDashboardsVersion: expected,
    configPath: (configPath as string | string[] | undefined) || snakeCase(id),
    requiredPlugins: strings(raw.requiredPlugins),
    optionalPlugins: strings(raw.optionalPlugins),
    requiredBundles: strings(raw.requiredBundles),
    ui,
    server,
    extraPublicDirs: raw.extraPublicDirs as string[] | undefined,
    supportedOSDataSourceVersions: raw.supportedOSDataSourceVersions as string | undefined,
    requiredOSDataSourcePlugins: raw.requiredOSDataSourcePlugins as string[] | undefined,
  };
}

export function configPathKey(manifest: PluginManifest): string {
  return Array.isArray(manifest.configPath) ? manifest.configPath.join('.') : manifest.configPath;
}

export interface LoadOptions {
  /** The host's stand-in for OSD's global config (`config.legacy.globalConfig$`). */
  globalConfig: SharedGlobalConfig;
}

export function loadServerPlugin(
  pluginDir: string,
  rawConfig: Record<string, Record<string, unknown>>,
  loggerFactory: LoggerFactory,
  options: LoadOptions
): LoadedPlugin {
  const manifest = readManifest(pluginDir, loggerFactory.get('plugins-discovery'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entry: ServerEntry = manifest.server ? require(join(pluginDir, 'server')) : {};
  const configKey = configPathKey(manifest);
  const raw = rawConfig[configKey] ?? {};
  // OSD's config service: the schema validates the whole `<configPath>` object, `enabled`
  // included, so a schema without `enabled` refuses `enabled: …` ("definition for this key
  // is missing") and the server does not start.
  const config = entry.config
    ? entry.config.schema.validate(raw, {}, `config validation of [${configKey}]`)
    : {};
  const validatedEnabled = (config as { enabled?: unknown }).enabled;
  const enabled =
    (typeof validatedEnabled === 'boolean' ? validatedEnabled : undefined) ??
    (entry.config
      ? undefined
      : (raw as { enabled?: unknown }).enabled === false
        ? false
        : undefined) ??
    true;
  const exposed = entry.config?.exposeToBrowser ?? {};
  const browserConfig = Object.fromEntries(
    Object.entries(config).filter(([key]) => exposed[key] === true)
  );
  const opaqueId = Symbol(manifest.id);
  if (!enabled) {
    loggerFactory.get('plugins-service').info(`Plugin "${manifest.id}" is disabled.`);
    return { manifest, opaqueId, enabled, config, browserConfig: {} };
  }
  const config$ = new BehaviorSubject(config);
  const globalConfig$ = new BehaviorSubject(options.globalConfig);
  const context: PluginInitializerContext = {
    opaqueId,
    env: {
      mode: { dev: false, prod: true, name: 'production' },
      packageInfo: {
        version: HOST_OSD_VERSION,
        branch: 'main',
        buildNum: 0,
        buildSha: '',
        dist: true,
      },
      instanceUuid: '00000000-0000-4000-8000-000000000000',
    },
    logger: { get: (...parts) => loggerFactory.get('plugins', manifest.id, ...parts) },
    config: {
      legacy: { globalConfig$: globalConfig$.asObservable() },
      create: <T>() => config$.asObservable() as unknown as Observable<T>,
      createIfExists: <T>() => config$.asObservable() as unknown as Observable<T | undefined>,
    },
  };
  const instance = manifest.server ? entry.plugin(context) : undefined;
  return { manifest, opaqueId, enabled, instance, config, browserConfig };
}

/**
 * The plugin's dependencies that the host provides, as OSD resolves them: a required one that
 * is missing stops the start; an optional one that is missing is left out.
 */
export function resolveDependencies(manifest: PluginManifest, available: ReadonlySet<string>) {
  const missing = manifest.requiredPlugins.filter((id) => !available.has(id));
  if (missing.length > 0) {
    throw new Error(
      `Plugin "${manifest.id}" has missing required dependencies: [${missing.join(', ')}]`
    );
  }
  return [...manifest.requiredPlugins, ...manifest.optionalPlugins].filter((id) =>
    available.has(id)
  );
}

export async function runLifecycle(
  plugin: LoadedPlugin,
  coreSetup: Omit<CoreSetup, 'getStartServices'>,
  coreStart: CoreStart,
  setupDeps: Record<string, unknown> = {}
) {
  if (!plugin.enabled || !plugin.instance) return undefined;
  let resolveStart: (value: [CoreStart, object, unknown]) => void = () => undefined;
  const startServices = new Promise<[CoreStart, object, unknown]>((r) => (resolveStart = r));
  // OSD awaits a plugin's setup (an async setup is allowed), then its start.
  await plugin.instance.setup({ ...coreSetup, getStartServices: () => startServices }, setupDeps);
  const contract = await plugin.instance.start(coreStart, {});
  resolveStart([coreStart, {}, contract]);
  return contract;
}
