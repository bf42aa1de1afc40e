/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* OSD's plugins service and system rules (plugins_service.ts, plugins_system.ts). */
import type { Logger } from 'opensearch-dashboards/server';
import { PluginsSystem, type SystemPlugin } from '../src/plugins/plugins_system';

function plugin(id: string, deps: Partial<SystemPlugin> = {}): SystemPlugin {
  return {
    id,
    opaqueId: Symbol(id),
    requiredPlugins: [],
    optionalPlugins: [],
    server: true,
    ui: true,
    enabled: true,
    ...deps,
  };
}

function recordingLog() {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(m) } as unknown as Logger;
  return { log, lines };
}

it('orders plugins after their dependencies, required and present optional ones', () => {
  const { log } = recordingLog();
  const system = new PluginsSystem(
    [
      plugin('consumer', { optionalPlugins: ['lookupsDashboards', 'absent'] }),
      plugin('lookupsDashboards', {
        requiredPlugins: ['navigation'],
        optionalPlugins: ['dataSource'],
      }),
      plugin('navigation', { server: false }),
      plugin('dataSource'),
    ],
    log
  );
  const order = system.sorted.map((p) => p.id);
  expect(order.indexOf('navigation')).toBeLessThan(order.indexOf('lookupsDashboards'));
  expect(order.indexOf('dataSource')).toBeLessThan(order.indexOf('lookupsDashboards'));
  expect(order.indexOf('lookupsDashboards')).toBeLessThan(order.indexOf('consumer'));
  expect(system.dependencies(system.get('consumer')!)).toEqual(['lookupsDashboards']);
});

it('hands a plugin only the contracts of the plugins it declares', () => {
  const { log } = recordingLog();
  const system = new PluginsSystem(
    [plugin('a'), plugin('b'), plugin('c', { optionalPlugins: ['a', 'missing'] })],
    log
  );
  const contracts = new Map<string, unknown>([
    ['a', 'A'],
    ['b', 'B'],
  ]);
  expect(system.contractsFor(system.get('c')!, contracts)).toEqual({ a: 'A' });
  expect(system.contractsFor(system.get('b')!, contracts)).toEqual({});
});

it('drops a plugin whose required dependency is missing or disabled, with OSD’s message', () => {
  const { log, lines } = recordingLog();
  const system = new PluginsSystem(
    [
      plugin('needsNav', { requiredPlugins: ['navigation'] }),
      plugin('needsOff', { requiredPlugins: ['off'] }),
      plugin('off', { enabled: false }),
      plugin('transitive', { requiredPlugins: ['needsNav'] }),
      plugin('optional', { optionalPlugins: ['navigation'] }),
    ],
    log
  );
  expect(system.sorted.map((p) => p.id)).toEqual(['optional']);
  expect(lines).toEqual([
    'Plugin "needsNav" has been disabled since the following direct or transitive dependencies are missing or disabled: [navigation]',
    'Plugin "needsOff" has been disabled since the following direct or transitive dependencies are missing or disabled: [off]',
    'Plugin "off" is disabled.',
    'Plugin "transitive" has been disabled since the following direct or transitive dependencies are missing or disabled: [needsNav]',
  ]);
});

it('refuses two plugins with one id, and a cycle, with OSD’s messages', () => {
  const { log } = recordingLog();
  expect(() => new PluginsSystem([plugin('a'), plugin('a')], log)).toThrow(
    'Plugin with id "a" is already registered!'
  );
  expect(
    () =>
      new PluginsSystem(
        [plugin('a', { optionalPlugins: ['b'] }), plugin('b', { optionalPlugins: ['a'] })],
        log
      )
  ).toThrow(
    'Topological ordering of plugins did not complete, these plugins have cyclic or missing dependencies: ["a","b"]'
  );
});

it('lists UI plugins with their dependencies among UI plugins only', () => {
  const { log } = recordingLog();
  const system = new PluginsSystem(
    [plugin('serverOnly', { ui: false }), plugin('x', { requiredPlugins: ['serverOnly'] })],
    log
  );
  expect(system.uiPlugins()).toEqual([{ id: 'x', requiredPlugins: [], optionalPlugins: [] }]);
});
