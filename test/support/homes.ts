/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A host home of a test's own: a fresh OSD installation (a temporary folder outside any
 * project) into which zips are installed with the host's install CLI, as a user installs them
 * into OSD. Tests that change an installed plugin (a swapped locale) or add another plugin (the
 * consumer) use one, so the shared home stays as staged.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { pathToFileURL } from 'url';
import { PLUGIN_CLI } from './staged';

export interface TestHome {
  home: string;
  plugin(id: string): string;
  remove(): void;
}

export function homeWith(zips: string[]): TestHome {
  const home = mkdtempSync(join(tmpdir(), 'lookups-home-'));
  for (const zip of zips) {
    const result = spawnSync(process.execPath, [PLUGIN_CLI, 'install', pathToFileURL(zip).href], {
      env: { ...process.env, LOOKUPS_HOST_HOME: home },
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`installing ${zip} failed:\n${result.stdout}${result.stderr}`);
    }
  }
  return {
    home,
    plugin: (id) => join(home, 'plugins', id),
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}
