/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Where the tests find what `scripts/build/stage.ts` made: the compiled host, its home, and
 * the plugin installed there from the zip. The integration and browser projects stage before
 * their first test (test/support/global_setup.ts), so every test runs the installed zip.
 */
import { join } from 'path';
import { defaultHome } from '../../host/src/home';
import { HOST_OUT_DIR } from '../../scripts/build/host';
import { readSourceManifest } from '../../scripts/build/manifest';

export const HOST_MAIN = join(HOST_OUT_DIR, 'server/main.js');
export const PLUGIN_CLI = join(HOST_OUT_DIR, 'server/opensearch-dashboards-plugin.js');

export const hostHome = () => process.env.LOOKUPS_HOST_HOME || defaultHome(HOST_OUT_DIR);

/** The plugin as the install CLI left it in the host's home. */
export const installedPlugin = () => join(hostHome(), 'plugins', readSourceManifest().id);
