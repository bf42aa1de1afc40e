/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The plugins of one host, with the rules of OSD's plugins service and system
 * (src/core/server/plugins/plugins_service.ts, plugins_system.ts):
 * - every plugin discovered in the home and `plugins.paths`, beside the host's own (OSD's
 *   `dataSource`, `dataSourceManagement`, `navigation`); two with one id stop the start
 *   ("Plugin with id "<id>" is already registered!");
 * - a plugin whose required plugins (directly or transitively) are missing or disabled is left
 *   out, saying so ("Plugin "<id>" has been disabled since the following direct or transitive
 *   dependencies are missing or disabled: [<ids>]"); a missing optional plugin is dropped;
 * - the rest in dependency order (Kahn's algorithm, as OSD's getTopologicallySortedPluginNames,
 *   so the order is OSD's; a cycle stops the start with OSD's message);
 * - each plugin's dependencies are its required plugins and its optional plugins that are there;
 *   only those contracts (setup, start) and route handler contexts reach it;
 * - the UI plugins the page gets, in that order, each with its dependencies among UI plugins.
 */
import type { Logger } from 'opensearch-dashboards/server';
import type { LoadedPlugin } from './server_plugin';

/** One plugin the host runs: installed (its folder loaded) or one of the host's own. */
export interface SystemPlugin {
  id: string;
  opaqueId: symbol;
  requiredPlugins: string[];
  optionalPlugins: string[];
  server: boolean;
  ui: boolean;
  /** From its config (`<configPath>.enabled`, or the host's own config). */
  enabled: boolean;
  /** Set for an installed plugin. */
  loaded?: LoadedPlugin;
}

export class PluginsSystem {
  private readonly all = new Map<string, SystemPlugin>();
  /** The enabled plugins whose required plugins are all there, in dependency order. */
  readonly sorted: SystemPlugin[];

  constructor(plugins: SystemPlugin[], log: Logger) {
    for (const plugin of plugins) {
      if (this.all.has(plugin.id)) {
        throw new Error(`Plugin with id "${plugin.id}" is already registered!`);
      }
      this.all.set(plugin.id, plugin);
    }
    const enabled = new Map<string, SystemPlugin>();
    for (const plugin of this.all.values()) {
      const enablement = this.shouldEnable(plugin.id);
      if (enablement.enabled) enabled.set(plugin.id, plugin);
      else if (plugin.enabled) {
        log.info(
          `Plugin "${plugin.id}" has been disabled since the following direct or transitive dependencies are missing or disabled: [${enablement.missing.join(', ')}]`
        );
      } else log.info(`Plugin "${plugin.id}" is disabled.`);
    }
    this.sorted = topologicalOrder(enabled).map((id) => enabled.get(id)!);
  }

  private shouldEnable(
    id: string,
    parents: string[] = []
  ): { enabled: true } | { enabled: false; missing: string[] } {
    const plugin = this.all.get(id);
    if (!plugin || !plugin.enabled) return { enabled: false, missing: [] };
    const missing = plugin.requiredPlugins
      .filter((dep) => !parents.includes(dep))
      .filter((dep) => !this.shouldEnable(dep, [...parents, id]).enabled);
    return missing.length === 0 ? { enabled: true } : { enabled: false, missing };
  }

  get(id: string): SystemPlugin | undefined {
    return this.sorted.find((p) => p.id === id);
  }

  /** A running plugin's dependencies: its required plugins and the optional ones running. */
  dependencies(plugin: SystemPlugin): string[] {
    return [
      ...new Set([
        ...plugin.requiredPlugins,
        ...plugin.optionalPlugins.filter((dep) => this.get(dep) !== undefined),
      ]),
    ];
  }

  /** Opaque id → its dependencies' opaque ids, for the route handler context container. */
  opaqueDependencies(): Map<symbol, symbol[]> {
    return new Map(
      this.sorted.map((p) => [p.opaqueId, this.dependencies(p).map((d) => this.get(d)!.opaqueId)])
    );
  }

  /** Of `contracts`, those of the plugin's declared dependencies that have one. */
  contractsFor(plugin: SystemPlugin, contracts: ReadonlyMap<string, unknown>) {
    const picked: Record<string, unknown> = {};
    for (const dep of new Set([...plugin.requiredPlugins, ...plugin.optionalPlugins])) {
      if (contracts.has(dep)) picked[dep] = contracts.get(dep);
    }
    return picked;
  }

  /** OSD's `uiPlugins()`: the UI plugins in order, each with its dependencies among them. */
  uiPlugins() {
    const ui = this.sorted.filter((p) => p.ui).map((p) => p.id);
    return this.sorted
      .filter((p) => p.ui)
      .map((p) => ({
        id: p.id,
        requiredPlugins: p.requiredPlugins.filter((d) => ui.includes(d)),
        optionalPlugins: p.optionalPlugins.filter((d) => ui.includes(d)),
      }));
  }
}

/** OSD's getTopologicallySortedPluginNames, over the enabled plugins. */
function topologicalOrder(plugins: ReadonlyMap<string, SystemPlugin>): string[] {
  const graph = new Map(
    [...plugins.values()].map((p) => [
      p.id,
      new Set([...p.requiredPlugins, ...p.optionalPlugins.filter((d) => plugins.has(d))]),
    ])
  );
  const ready = [...graph.keys()].filter((id) => graph.get(id)!.size === 0);
  const sorted: string[] = [];
  while (ready.length > 0) {
    const id = ready.pop()!;
    graph.delete(id);
    sorted.push(id);
    for (const [other, deps] of graph) {
      if (deps.delete(id) && deps.size === 0) ready.push(other);
    }
  }
  if (graph.size > 0) {
    throw new Error(
      `Topological ordering of plugins did not complete, these plugins have cyclic or missing dependencies: ${JSON.stringify([...graph.keys()])}`
    );
  }
  return sorted;
}
