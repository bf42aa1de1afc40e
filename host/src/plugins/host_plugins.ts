/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's own plugins, standing in for OSD's plugins of the same ids, with their manifests'
 * shape: `dataSource` (src/plugins/data_source: server and UI, enabled by `data_source.enabled`,
 * off by default), `dataSourceManagement` (its UI: the data source menu; in OSD it is enabled
 * without the Data Source plugin too) and `navigation` (UI only, always there). Their browser
 * contracts come from the host's core (host/public/host_plugins.tsx), not from a bundle.
 */
import type { SystemPlugin } from './plugins_system';

export const HOST_UI_PLUGIN_IDS: ReadonlySet<string> = new Set([
  'dataSource',
  'dataSourceManagement',
  'navigation',
]);

export function hostPlugins({ dataSourceEnabled }: { dataSourceEnabled: boolean }): SystemPlugin[] {
  const own = (
    id: string,
    plugin: Pick<SystemPlugin, 'server' | 'ui' | 'enabled' | 'optionalPlugins'>
  ): SystemPlugin => ({ id, opaqueId: Symbol(id), requiredPlugins: [], ...plugin });
  return [
    own('dataSource', { server: true, ui: true, enabled: dataSourceEnabled, optionalPlugins: [] }),
    own('dataSourceManagement', {
      server: false,
      ui: true,
      enabled: true,
      optionalPlugins: ['dataSource'],
    }),
    own('navigation', { server: false, ui: true, enabled: true, optionalPlugins: [] }),
  ];
}
