/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Loads a plugin the way OSD's plugin service does (plugins_service.ts, plugin_context.ts,
 * config_service.ts): read its manifest (./manifest.ts); `require` its compiled `server/` with
 * plain Node; validate the plugin's config under its `configPath`
 * with the schema it exports (`config validation of [<path>]`); decide from the validated
 * `enabled` whether it runs at all; build its initializer context (config as observables, no
 * synchronous get on the server; loggers under `plugins.<id>`); await `setup`, then `start`.
 */
import { join } from 'path';
import { BehaviorSubject, Observable } from 'rxjs';
import type {
  LoggerFactory,
  Plugin,
  PluginConfigDescriptor,
  PluginInitializerContext,
  SharedGlobalConfig,
} from 'opensearch-dashboards/server';
import { configPathKey, readManifest, type PluginManifest } from './manifest';

export interface LoadedPlugin {
  manifest: PluginManifest;
  /** The plugin's `PluginOpaqueId`, as its initializer context carries it. */
  opaqueId: symbol;
  /** `false` when `<configPath>.enabled` is false: OSD neither sets it up nor ships its UI. */
  enabled: boolean;
  /** Set by `initialize`, which the host calls only for a plugin it runs (OSD creates no other). */
  instance?: Plugin<unknown, unknown>;
  initialize(): void;
  config: Record<string, unknown>;
  browserConfig: Record<string, unknown>;
}

interface ServerEntry {
  plugin: (context: PluginInitializerContext) => Plugin<unknown, unknown>;
  config?: PluginConfigDescriptor<Record<string, unknown>>;
}

export interface LoadOptions {
  /** The host's stand-in for OSD's global config (`config.legacy.globalConfig$`). */
  globalConfig: SharedGlobalConfig;
  /** The OSD version and build the host stands in for (`env.packageInfo`). */
  osdVersion: string;
  buildNum: number;
}

export function loadServerPlugin(
  pluginDir: string,
  rawConfig: Record<string, Record<string, unknown>>,
  loggerFactory: LoggerFactory,
  options: LoadOptions
): LoadedPlugin {
  const manifest = readManifest(pluginDir, {
    osdVersion: options.osdVersion,
    log: loggerFactory.get('plugins-discovery'),
  });
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
    return { manifest, opaqueId, enabled, config, browserConfig: {}, initialize: () => undefined };
  }
  const config$ = new BehaviorSubject(config);
  const globalConfig$ = new BehaviorSubject(options.globalConfig);
  const context: PluginInitializerContext = {
    opaqueId,
    env: {
      mode: { dev: false, prod: true, name: 'production' },
      packageInfo: {
        version: options.osdVersion,
        branch: 'main',
        buildNum: options.buildNum,
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
  const loaded: LoadedPlugin = {
    manifest,
    opaqueId,
    enabled,
    config,
    browserConfig,
    initialize: () => {
      if (manifest.server) loaded.instance ??= entry.plugin(context);
    },
  };
  return loaded;
}

/** A plugin's lifecycle step under OSD's 30 s limit (plugins_system.ts withTimeout). */
export async function withLifecycleTimeout<T>(
  step: 'Setup' | 'Start',
  pluginName: string,
  run: () => T | Promise<T>
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () =>
        fail(
          new Error(
            `${step} lifecycle of "${pluginName}" plugin wasn't completed in 30sec. Consider disabling the plugin and re-start.`
          )
        ),
      30_000
    );
  });
  try {
    return await Promise.race([Promise.resolve().then(run), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
