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
import { readManifest } from '../src/plugins/manifest';
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
  const data = /<osd-injected-metadata data="([^"]*)">/.exec(html)?.[1] ?? 'null';
  return JSON.parse(
    data
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  );
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
  expect(host.plugins.get('hostFixture')!.enabled).toBe(false);
  expect(seen.configAtSetup).toBeUndefined();
  const api = await host.server.inject({ url: '/api/fixture/ping', headers: AUTH });
  expect(api.statusCode).toBe(404);
  const page = await host.server.inject({ url: '/app/lookups', headers: AUTH });
  expect(page.statusCode).toBe(200);
  // Only the host's own UI plugins (OSD's navigation and data source management) remain.
  expect(injectedMetadata(page.payload).uiPlugins.map((p: { id: string }) => p.id)).toEqual([
    'navigation',
    'dataSourceManagement',
  ]);
});

it("refuses to start when `enabled` is set and the schema has no `enabled`, with OSD's message", async () => {
  await expect(
    startInProcessHost({ pluginDir: NO_ENABLED_PLUGIN, plugins: { fixture: { enabled: false } } })
  ).rejects.toThrow('[config validation of [fixture].enabled]: definition for this key is missing');
});

it('reads the lookups manifest as OSD does: id lookupsDashboards, config under lookups', () => {
  const manifest = readManifest(resolve(__dirname, '../..'), { osdVersion: '3.6.0' });
  expect(manifest.id).toBe('lookupsDashboards');
  expect(manifest.configPath).toEqual(['lookups']);
  expect(manifest.ui).toBe(true);
  expect(manifest.server).toBe(true);
  // OSD's default configPath is the snake-cased id.
  expect(readManifest(FIXTURE_PLUGIN, { osdVersion: '3.6.0' }).configPath).toEqual(['fixture']);
});
