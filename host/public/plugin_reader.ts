/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's plugin reader (src/core/public/plugins/plugin_reader.ts): a plugin's browser code is
 * the `plugin/<id>/public` module its bundle registered with `window.__osdBundles__`, and that
 * module's `plugin` export must be a function. Same checks, same messages.
 */
import type { PluginInitializerContext } from 'opensearch-dashboards/public';

export type PluginInitializer = (context: PluginInitializerContext) => {
  setup: (core: unknown, plugins: unknown) => unknown;
  start: (core: unknown, plugins: unknown) => unknown;
  stop?: () => void;
};

interface OsdBundles {
  has(key: string): boolean;
  get(key: string): { plugin?: unknown } | undefined;
}

export function readPlugin(id: string): PluginInitializer {
  const bundles = (window as unknown as { __osdBundles__: OsdBundles }).__osdBundles__;
  const exportId = `plugin/${id}/public`;
  if (!bundles.has(exportId)) {
    throw new Error(`Definition of plugin "${id}" not found and may have failed to load.`);
  }
  const pluginExport = bundles.get(exportId);
  if (typeof pluginExport?.plugin !== 'function') {
    throw new Error(`Definition of plugin "${id}" should be a function.`);
  }
  return pluginExport.plugin as PluginInitializer;
}
