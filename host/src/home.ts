/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's stand-in for an OSD installation folder ("home"):
 *
 *   <home>/plugins/<id>/   plugins, as `opensearch-dashboards-plugin install` leaves them
 *   <home>/node_modules/   what OSD's own node_modules give a server plugin: @osd/config-schema,
 *                          @osd/i18n, rxjs, moment, lodash; nothing else
 *   <home>/data/           OSD's `path.data`
 *
 * A plugin's `require` resolves through its own node_modules, then these, then every parent
 * folder's. So the home lives outside this repository (whose node_modules hold every dev
 * dependency), and the host refuses a home with a node_modules above it: a package found there
 * would let a plugin load in the host that OSD could not load.
 */
import { createHash } from 'crypto';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join, resolve } from 'path';

/** The OSD version the host stands in for, unless `LOOKUPS_HOST_OSD_VERSION` says another. */
export const HOST_OSD_VERSION = '3.6.0';
/** `package.json` `build.number` of the OSD distribution: the bundles' URL segment. */
export const HOST_BUILD_NUMBER = 8467;

/** The compiled host (build/host): its server code is in `server/`, bundles in `bundles/`. */
export const HOST_BUILD_DIR = resolve(__dirname, '..');

/** One home per host build, outside it: `<tmp>/dashboards-lookups-osd/<hash of the build's path>`. */
export function defaultHome(hostBuildDir = HOST_BUILD_DIR): string {
  const id = createHash('sha256').update(hostBuildDir).digest('hex').slice(0, 12);
  return join(tmpdir(), 'dashboards-lookups-osd', id);
}

export const pluginsDir = (home: string) => join(home, 'plugins');

/** The packages OSD provides to server plugins, and where the host's copy of each is. */
function providedPackages(): Record<string, string> {
  const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
  return {
    '@osd/config-schema': join(HOST_BUILD_DIR, 'node_modules/@osd/config-schema'),
    '@osd/i18n': join(HOST_BUILD_DIR, 'node_modules/@osd/i18n'),
    rxjs: packageDir('rxjs'),
    moment: packageDir('moment'),
    lodash: packageDir('lodash'),
    '@opensearch-project/opensearch': packageDir('@opensearch-project/opensearch'),
  };
}

/** Creates the home's folders and links; refuses a home that would resolve more than OSD. */
export function prepareHome(home: string): void {
  for (let dir = dirname(resolve(home)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) {
      throw new Error(
        `${dir}/node_modules is above the host's home ${home}: plugins there would resolve packages ` +
          'OSD does not give them. Choose a home outside any project (LOOKUPS_HOST_HOME)'
      );
    }
    if (dir === dirname(dir)) break;
  }
  mkdirSync(pluginsDir(home), { recursive: true });
  mkdirSync(join(home, 'data'), { recursive: true });
  for (const [name, target] of Object.entries(providedPackages())) {
    const link = join(home, 'node_modules', name);
    if (
      lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() &&
      readlinkSync(link) === target
    ) {
      continue;
    }
    rmSync(link, { force: true, recursive: true });
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link, 'dir');
  }
}
