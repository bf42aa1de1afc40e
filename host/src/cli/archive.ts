/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reading a plugin archive as OSD's install CLI does (src/cli_plugin/install/zip.js, pack.js):
 * a plugin is an entry `opensearch-dashboards/<folder>/opensearch_dashboards.json` (any case);
 * its manifest gives the id, which must be camelCase; only the entries under that folder are
 * extracted, with the `opensearch-dashboards/<folder>/` prefix removed. An entry whose path
 * would leave the target folder is refused (zip-slip).
 */
import { createWriteStream, mkdirSync } from 'fs';
import { dirname, resolve, sep } from 'path';
import type { Readable } from 'stream';
import { pipeline } from 'stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

const MANIFEST_ENTRY = /(opensearch-dashboards[\\/][^\\/]+)[\\/]opensearch_dashboards\.json/i;
const CAMEL_CASE_ID = /^[a-z]{1}([a-zA-Z0-9]{1,})$/;

export interface PackedPlugin {
  id: string;
  /** `opensearchDashboardsVersion`, or `version` when the manifest has none. */
  opensearchDashboardsVersion: string;
  /** `opensearch-dashboards/<folder>/` */
  stripPrefix: string;
}

const open = (path: string) =>
  new Promise<ZipFile>((done, fail) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (e, zip) => (e ? fail(e) : done(zip)))
  );

async function eachEntry(zip: ZipFile, visit: (entry: Entry) => Promise<void>): Promise<void> {
  await new Promise<void>((done, fail) => {
    zip.on('entry', (entry: Entry) => visit(entry).then(() => zip.readEntry(), fail));
    zip.on('end', done);
    zip.on('error', fail);
    zip.readEntry();
  });
}

const readStream = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((done, fail) =>
    zip.openReadStream(entry, (e, s) => (e ? fail(e) : done(s)))
  );

async function readText(zip: ZipFile, entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await readStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** OSD's getPackData: the plugins in the archive, each id checked. */
export async function readPackData(archivePath: string): Promise<PackedPlugin[]> {
  let zip: ZipFile;
  try {
    zip = await open(archivePath);
  } catch {
    throw new Error('Error retrieving metadata from plugin archive');
  }
  const plugins: PackedPlugin[] = [];
  try {
    await eachEntry(zip, async (entry) => {
      const match = MANIFEST_ENTRY.exec(entry.fileName);
      if (!match) return;
      const manifest = JSON.parse(await readText(zip, entry)) as {
        id?: string;
        version?: string;
        opensearchDashboardsVersion?: string;
      };
      plugins.push({
        id: String(manifest.id),
        opensearchDashboardsVersion:
          manifest.opensearchDashboardsVersion || String(manifest.version),
        stripPrefix: `${match[1]}/`,
      });
    });
  } catch {
    throw new Error('Error retrieving metadata from plugin archive');
  } finally {
    zip.close();
  }
  if (plugins.length === 0) throw new Error('No opensearch-dashboards plugins found in archive');
  for (const plugin of plugins) {
    if (!CAMEL_CASE_ID.test(plugin.id)) {
      throw new Error(
        `Invalid plugin name [${plugin.id}] in opensearch_dashboards.json, expected it to be valid camelCase`
      );
    }
  }
  return plugins;
}

/** Extracts the entries under `stripPrefix` into `targetDir`. */
export async function extractPlugin(
  archivePath: string,
  stripPrefix: string,
  targetDir: string
): Promise<void> {
  const zip = await open(archivePath);
  const root = resolve(targetDir);
  try {
    await eachEntry(zip, async (entry) => {
      const name = entry.fileName.replace(/\\/g, '/');
      if (!name.toLowerCase().startsWith(stripPrefix.toLowerCase())) return;
      const relativeName = name.slice(stripPrefix.length);
      if (relativeName === '') return;
      const target = resolve(root, relativeName);
      if (target !== root && !target.startsWith(root + sep)) {
        throw new Error(
          `archive entry ${entry.fileName} would be written outside the plugin folder`
        );
      }
      if (name.endsWith('/')) {
        mkdirSync(target, { recursive: true });
        return;
      }
      mkdirSync(dirname(target), { recursive: true });
      await pipeline(await readStream(zip, entry), createWriteStream(target));
    });
  } catch (e) {
    throw new Error('Error extracting plugin archive', { cause: e });
  } finally {
    zip.close();
  }
}
