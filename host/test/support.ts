/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Starts the host in this process on a free port, with a plugin folder (OSD's `plugins.paths`)
 * and config of the test's, and a home of its own outside the repository.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { loadHostConfig, HostConfig } from '../src/config';
import { startHost } from '../src/main';

export const FIXTURE_PLUGIN = resolve(__dirname, 'fixtures/fixture_plugin');
export const NO_ENABLED_PLUGIN = resolve(__dirname, 'fixtures/no_enabled_plugin');

let home: string | undefined;
/** One empty home per test process: the plugin comes from `pluginDir`. */
export function testHome(): string {
  home ??= mkdtempSync(join(tmpdir(), 'lookups-host-test-'));
  return home;
}

export async function startInProcessHost(
  overrides: Partial<HostConfig> & { pluginDir?: string } = {}
) {
  const { pluginDir = FIXTURE_PLUGIN, ...config } = overrides;
  const base = loadHostConfig([]);
  return startHost({
    ...base,
    port: 0,
    logLevel: 'error',
    cookieSecret: 'a-test-cookie-secret-of-32-characters-at-least',
    home: testHome(),
    pluginPaths: [pluginDir],
    plugins: {},
    ...config,
  });
}
