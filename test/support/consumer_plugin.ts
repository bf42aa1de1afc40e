/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The consumer plugin's zip (test/fixtures/consumer_plugin), built as ours is: its browser code
 * bundled by the same build (one `target/public/<id>.plugin.js` registering
 * `plugin/<id>/public`, OSD's shared deps as externals), its manifest beside it, all under
 * `opensearch-dashboards/<id>/`, so the host's install CLI installs it as it installs ours.
 */
import { copyFileSync, mkdirSync, rmSync } from 'fs';
import { join, resolve } from 'path';
import { writeArchive } from '../../scripts/build/archive';
import { buildBrowserBundle } from '../../scripts/build/browser_bundle';
import { BUILD_DIR } from '../../scripts/build/plugin';

export const CONSUMER_ID = 'lookupsConsumer';
const SOURCE = resolve(__dirname, '../fixtures/consumer_plugin');

export async function buildConsumerZip(): Promise<string> {
  const buildDir = join(BUILD_DIR, 'consumer');
  const staged = join(buildDir, 'opensearch-dashboards');
  const pluginDir = join(staged, CONSUMER_ID);
  rmSync(buildDir, { recursive: true, force: true });
  mkdirSync(pluginDir, { recursive: true });
  copyFileSync(
    join(SOURCE, 'opensearch_dashboards.json'),
    join(pluginDir, 'opensearch_dashboards.json')
  );
  await buildBrowserBundle(
    CONSUMER_ID,
    join(pluginDir, 'target/public'),
    join(buildDir, '.work'),
    join(SOURCE, 'public')
  );
  const zip = join(buildDir, `${CONSUMER_ID}-3.6.0.zip`);
  await writeArchive(staged, zip);
  return zip;
}
