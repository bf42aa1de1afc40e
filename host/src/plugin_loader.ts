/*
 * Loads a plugin the way OSD's plugin service does: read `opensearch_dashboards.json`, validate
 * the plugin's config under its `configPath` with the schema the plugin exports, build its
 * initializer context, and run `setup` then `start` with the core contracts.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { BehaviorSubject } from 'rxjs';
import type {
  CoreSetup,
  CoreStart,
  LoggerFactory,
  Plugin,
  PluginConfigDescriptor,
  PluginInitializerContext,
} from 'opensearch-dashboards/server';

export interface PluginManifest {
  id: string;
  version: string;
  opensearchDashboardsVersion: string;
  server: boolean;
  ui: boolean;
  requiredPlugins: string[];
  optionalPlugins: string[];
  configPath?: string | string[];
}

export interface LoadedPlugin {
  manifest: PluginManifest;
  /** The plugin's `PluginOpaqueId`, as its initializer context carries it. */
  opaqueId: symbol;
  instance: Plugin<unknown, unknown>;
  config: Record<string, unknown>;
  browserConfig: Record<string, unknown>;
}

interface ServerEntry {
  plugin: (context: PluginInitializerContext) => Plugin<unknown, unknown>;
  config?: PluginConfigDescriptor<Record<string, unknown>>;
}

export function readManifest(pluginDir: string): PluginManifest {
  return JSON.parse(readFileSync(join(pluginDir, 'opensearch_dashboards.json'), 'utf8'));
}

export function loadServerPlugin(
  pluginDir: string,
  rawConfig: Record<string, Record<string, unknown>>,
  loggerFactory: LoggerFactory
): LoadedPlugin {
  const manifest = readManifest(pluginDir);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entry: ServerEntry = require(join(pluginDir, 'server'));
  const configKey = Array.isArray(manifest.configPath)
    ? manifest.configPath.join('.')
    : (manifest.configPath ?? manifest.id);
  const config = entry.config ? entry.config.schema.validate(rawConfig[configKey] ?? {}) : {};
  const exposed = entry.config?.exposeToBrowser ?? {};
  const browserConfig = Object.fromEntries(
    Object.entries(config).filter(([key]) => exposed[key] === true)
  );
  const config$ = new BehaviorSubject(config);
  const opaqueId = Symbol(manifest.id);
  const context: PluginInitializerContext = {
    opaqueId,
    env: {
      mode: { dev: false, prod: true },
      packageInfo: { version: manifest.opensearchDashboardsVersion },
    },
    logger: { get: (...parts) => loggerFactory.get('plugins', manifest.id, ...parts) },
    config: {
      create: <T>() => config$.asObservable() as unknown as import('rxjs').Observable<T>,
      get: <T>() => config as unknown as T,
    },
  };
  return { manifest, opaqueId, instance: entry.plugin(context), config, browserConfig };
}

export async function runLifecycle(
  plugin: LoadedPlugin,
  coreSetup: Omit<CoreSetup, 'getStartServices'>,
  coreStart: CoreStart
) {
  let resolveStart: (value: [CoreStart, object, unknown]) => void = () => undefined;
  const startServices = new Promise<[CoreStart, object, unknown]>((r) => (resolveStart = r));
  await plugin.instance.setup({ ...coreSetup, getStartServices: () => startServices }, {});
  const contract = await plugin.instance.start(coreStart, {});
  resolveStart([coreStart, {}, contract]);
  return contract;
}
