/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host loads a plugin as OSD's plugin service does: the server initializer context has
 * config observables and no synchronous get(); an async setup is awaited; `enabled` is checked
 * against the plugin's schema; a disabled plugin is not set up and ships no UI; the manifest is
 * checked with OSD's rules and the app URL does not come from the plugin id.
 */
import { resolve } from 'path';
import { first } from 'rxjs/operators';
import { readManifest } from '../src/plugin_loader';
import { FIXTURE_PLUGIN, NO_ENABLED_PLUGIN, startInProcessHost } from './support';
import { seen } from './fixtures/fixture_plugin/server';
import type { Host } from '../src/main';

const AUTH = { authorization: `Basic ${Buffer.from('someone:pw').toString('base64')}` };
let host: Host | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

function injectedMetadata(html: string) {
  const json = /<script id="osd-injected-metadata" type="application\/json">(.*?)<\/script>/s.exec(
    html
  )?.[1];
  return JSON.parse(json ?? 'null');
}

it('gives the server plugin config observables and no synchronous get(), as OSD does', async () => {
  host = await startInProcessHost({ plugins: { fixture: { delay_ms: 5 } } });
  const config = seen.context!.config as unknown as Record<string, unknown>;
  expect('get' in config).toBe(false);
  expect(config.get).toBeUndefined();
  expect(await seen.context!.config.create().pipe(first()).toPromise()).toEqual({
    enabled: true,
    delay_ms: 5,
  });
  expect(await seen.context!.config.createIfExists().pipe(first()).toPromise()).toEqual({
    enabled: true,
    delay_ms: 5,
  });
  const global = await seen.context!.config.legacy.globalConfig$.pipe(first()).toPromise();
  expect(global?.opensearchDashboards.index).toBe('.kibana');
  // The routes the async setup registered after its await are served.
  const res = await host.server.inject({ url: '/api/fixture/ping', headers: AUTH });
  expect(res.statusCode).toBe(200);
});

it('leaves a plugin with `enabled: false` out: not set up, no routes, no UI', async () => {
  seen.configAtSetup = undefined;
  host = await startInProcessHost({ plugins: { fixture: { enabled: false } } });
  expect(host.plugin.enabled).toBe(false);
  expect(seen.configAtSetup).toBeUndefined();
  const api = await host.server.inject({ url: '/api/fixture/ping', headers: AUTH });
  expect(api.statusCode).toBe(404);
  const page = await host.server.inject({ url: '/app/lookups', headers: AUTH });
  expect(page.statusCode).toBe(200);
  expect(injectedMetadata(page.payload).uiPlugins).toEqual([]);
});

it("refuses to start when `enabled` is set and the schema has no `enabled`, with OSD's message", async () => {
  await expect(
    startInProcessHost({ pluginDir: NO_ENABLED_PLUGIN, plugins: { fixture: { enabled: false } } })
  ).rejects.toThrow('[config validation of [fixture].enabled]: definition for this key is missing');
});

it('reads the lookups manifest as OSD does: id lookupsDashboards, config under lookups', () => {
  const manifest = readManifest(resolve(__dirname, '../..'));
  expect(manifest.id).toBe('lookupsDashboards');
  expect(manifest.configPath).toEqual(['lookups']);
  expect(manifest.ui).toBe(true);
  expect(manifest.server).toBe(true);
  // OSD's default configPath is the snake-cased id.
  expect(readManifest(FIXTURE_PLUGIN).configPath).toEqual(['fixture']);
});

it('keys the browser config and UI plugin by manifest id, and keeps the app URL /app/lookups', async () => {
  host = await startInProcessHost({ pluginDir: resolve(__dirname, '../..') });
  expect(host.plugin.manifest.id).toBe('lookupsDashboards');
  const root = await host.server.inject({ url: '/' });
  expect(root.headers.location).toBe('/app/lookups');
  const page = await host.server.inject({ url: '/app/lookups/lookups/x/versions', headers: AUTH });
  const metadata = injectedMetadata(page.payload);
  expect(metadata.appId).toBe('lookups');
  expect(metadata.uiPlugins.map((p: { id: string }) => p.id)).toEqual(['lookupsDashboards']);
  expect(Object.keys(metadata.pluginConfig)).toEqual(['lookupsDashboards']);
});

it('ships the Data Source plugin’s browser config before the plugin that depends on it', async () => {
  host = await startInProcessHost({
    pluginDir: resolve(__dirname, '../..'),
    dataSource: { enabled: true, wrappingKey: new Array(32).fill(5) },
  });
  const page = await host.server.inject({ url: '/app/lookups/lookups', headers: AUTH });
  const metadata = injectedMetadata(page.payload);
  expect(metadata.uiPlugins.map((p: { id: string }) => p.id)).toEqual([
    'dataSource',
    'lookupsDashboards',
  ]);
  expect(metadata.pluginConfig.dataSource).toEqual({ enabled: true, hideLocalCluster: false });
});
