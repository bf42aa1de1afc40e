/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What `npm start` and `npm test` run before the host: the plugin zip and the host built when
 * their sources changed since the last build, and that zip installed into the host's home with
 * the host's install CLI, as a user installs it into OSD (a previous install is removed first:
 * the CLI, as OSD's, refuses to install over one).
 *
 *   npx tsx scripts/build/stage.ts [--force]
 */
import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'fs';
import { join, relative, resolve } from 'path';
import { pathToFileURL } from 'url';
import { defaultHome } from '../../host/src/home';
import { buildHost, HOST_OUT_DIR } from './host';
import { ROOT, readSourceManifest } from './manifest';
import { DEFAULT_OSD_VERSION } from './osd_version';
import { BUILD_DIR, archiveName, buildPlugin, describeBuild } from './plugin';

const PLUGIN_INPUTS = [
  'server',
  'common',
  'public',
  'translations',
  'scripts/build',
  'scripts/i18n_extract.ts',
  'host/packages/osd-ui-shared-deps',
  'opensearch_dashboards.json',
  '.i18nrc.json',
  'package.json',
  'package-lock.json',
];
const HOST_INPUTS = ['host', 'scripts/build/host.ts', 'package-lock.json'];

function filesOf(path: string): string[] {
  const full = resolve(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules')
    .sort()
    .flatMap((name) => filesOf(join(path, name)));
}

/** A digest of the inputs' paths and contents (tests excluded: they do not ship). */
function digest(inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function isCurrent(stampFile: string, hash: string, output: string) {
  return existsSync(output) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
}

export interface Staged {
  home: string;
  zipPath: string;
  rebuiltPlugin: boolean;
  rebuiltHost: boolean;
}

export async function stage({ force = false, log = (_: string) => {} } = {}): Promise<Staged> {
  const pluginId = readSourceManifest().id;
  const zipPath = join(BUILD_DIR, archiveName(pluginId, DEFAULT_OSD_VERSION));
  const pluginHash = digest(PLUGIN_INPUTS);
  const pluginStamp = join(BUILD_DIR, '.plugin-inputs');
  const rebuiltPlugin = force || !isCurrent(pluginStamp, pluginHash, zipPath);
  if (rebuiltPlugin) {
    log(describeBuild(await buildPlugin(DEFAULT_OSD_VERSION)));
    writeFileSync(pluginStamp, pluginHash);
  }
  const hostHash = digest(HOST_INPUTS);
  const hostStamp = join(BUILD_DIR, '.host-inputs');
  const rebuiltHost =
    force || !isCurrent(hostStamp, hostHash, join(HOST_OUT_DIR, 'server/main.js'));
  if (rebuiltHost) {
    await buildHost();
    writeFileSync(hostStamp, hostHash);
    log(`host built in ${relative(ROOT, HOST_OUT_DIR)}`);
  }

  const home = process.env.LOOKUPS_HOST_HOME || defaultHome(HOST_OUT_DIR);
  const installedStamp = join(home, `.installed-${pluginId}`);
  const zipHash = createHash('sha256').update(readFileSync(zipPath)).digest('hex');
  const installed = join(home, 'plugins', pluginId);
  if (force || rebuiltHost || !isCurrent(installedStamp, zipHash, installed)) {
    const cli = join(HOST_OUT_DIR, 'server/opensearch-dashboards-plugin.js');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], {
        env: { ...process.env, LOOKUPS_HOST_HOME: home },
        encoding: 'utf8',
      });
    if (existsSync(installed)) run('remove', pluginId);
    const result = run('install', pathToFileURL(zipPath).href);
    if (result.status !== 0) {
      throw new Error(
        `installing ${relative(ROOT, zipPath)} failed:\n${result.stdout}${result.stderr}`
      );
    }
    writeFileSync(installedStamp, zipHash);
    log(`installed ${relative(ROOT, zipPath)} into ${home}/plugins`);
  }
  return { home, zipPath, rebuiltPlugin, rebuiltHost };
}

if (require.main === module) {
  stage({ force: process.argv.includes('--force'), log: (line) => console.log(line) }).then(
    () => undefined,
    (error: Error) => {
      console.error(`stage: ${error.message}`);
      process.exit(1);
    }
  );
}
