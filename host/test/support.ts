/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Starts the host in this process on a free port, with a plugin folder and config of the test's. */
import { resolve } from 'path';
import { loadHostConfig, HostConfig } from '../src/config';
import { startHost } from '../src/main';

export const FIXTURE_PLUGIN = resolve(__dirname, 'fixtures/fixture_plugin');
export const NO_ENABLED_PLUGIN = resolve(__dirname, 'fixtures/no_enabled_plugin');

export async function startInProcessHost(overrides: Partial<HostConfig> = {}) {
  const base = loadHostConfig([]);
  return startHost({
    ...base,
    port: 0,
    logLevel: 'error',
    cookieSecret: 'a-test-cookie-secret-of-32-characters-at-least',
    pluginDir: FIXTURE_PLUGIN,
    plugins: {},
    ...overrides,
  });
}
