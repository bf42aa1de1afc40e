/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's `opensearch-dashboards-plugin install` refuses what OSD's install CLI refuses, with
 * its messages: an archive without `opensearch-dashboards/<folder>/opensearch_dashboards.json`,
 * an id that is not camelCase, a plugin that is already installed, a version the
 * `--single-version` mode does not allow, an entry that would be written outside the plugin.
 * Each failure leaves nothing behind in `plugins/`.
 */
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { pathToFileURL } from 'url';
import { ZipFile } from 'yazl';
import { installPlugin, removePlugin } from '../src/cli/install';
import { checkVersion } from '../src/cli/version';

const work = mkdtempSync(join(tmpdir(), 'plugin-install-test-'));
let n = 0;

/** A zip of these entries; `rename` rewrites names in the finished bytes (yazl refuses `..`). */
async function zipOf(entries: Record<string, string>, rename?: [string, string]): Promise<string> {
  const path = join(work, `archive-${++n}.zip`);
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  await new Promise<void>((done) =>
    zip.outputStream.pipe(createWriteStream(path)).on('close', () => done())
  );
  if (rename) {
    const [from, to] = rename.map((s) => Buffer.from(s));
    const bytes = readFileSync(path);
    for (let i = bytes.indexOf(from); i >= 0; i = bytes.indexOf(from, i + 1)) to.copy(bytes, i);
    writeFileSync(path, bytes);
  }
  return pathToFileURL(path).href;
}

const manifest = (fields: Record<string, unknown>) =>
  JSON.stringify({ id: 'demoPlugin', version: '3.6.0.0', server: true, ...fields });

function install(url: string, singleVersion = 'ignore') {
  const home = mkdtempSync(join(tmpdir(), 'plugin-home-'));
  const lines: string[] = [];
  const done = installPlugin(url, {
    home,
    osdVersion: '3.6.0',
    singleVersion,
    log: (l) => lines.push(l),
  });
  return { home, lines, done };
}

it('installs a plugin into plugins/<id>, the archive prefix stripped, and says so', async () => {
  const url = await zipOf({
    'opensearch-dashboards/demo-folder/opensearch_dashboards.json': manifest({
      opensearchDashboardsVersion: '3.6.0',
    }),
    'opensearch-dashboards/demo-folder/server/index.js': 'exports.plugin = () => ({});',
    'other/ignored.txt': 'not part of the plugin',
  });
  const { home, lines, done } = install(url);
  const target = await done;
  expect(target).toBe(join(home, 'plugins', 'demoPlugin'));
  expect(readFileSync(join(target, 'server/index.js'), 'utf8')).toContain('exports.plugin');
  expect(existsSync(join(target, 'other'))).toBe(false);
  expect(readdirSync(join(home, 'plugins'))).toEqual(['demoPlugin']);
  expect(lines).toContain('Plugin installation complete');
});

it('refuses an archive without a plugin manifest under opensearch-dashboards/<folder>/', async () => {
  const url = await zipOf({ 'demoPlugin/opensearch_dashboards.json': manifest({}) });
  const { home, done } = install(url);
  await expect(done).rejects.toMatchObject({
    message:
      'Plugin installation was unsuccessful due to error "No opensearch-dashboards plugins found in archive"',
    exitCode: 70,
  });
  expect(readdirSync(join(home, 'plugins'))).toEqual([]);
});

it.each(['demo_plugin', 'DemoPlugin', 'd', 'demo-plugin'])(
  'refuses the id %s, which is not camelCase',
  async (id) => {
    const url = await zipOf({
      'opensearch-dashboards/x/opensearch_dashboards.json': manifest({ id }),
    });
    const { home, done } = install(url);
    await expect(done).rejects.toThrow(
      `Invalid plugin name [${id}] in opensearch_dashboards.json, expected it to be valid camelCase`
    );
    expect(readdirSync(join(home, 'plugins'))).toEqual([]);
  }
);

it('refuses a plugin that is already installed, and installs again once it is removed', async () => {
  const url = await zipOf({
    'opensearch-dashboards/demoPlugin/opensearch_dashboards.json': manifest({}),
  });
  const { home, done } = install(url);
  await done;
  const again = installPlugin(url, {
    home,
    osdVersion: '3.6.0',
    singleVersion: 'ignore',
    log: () => {},
  });
  await expect(again).rejects.toMatchObject({
    message: 'Plugin demoPlugin already exists, please remove before installing a new version',
    exitCode: 70,
  });
  expect(readdirSync(join(home, 'plugins'))).toEqual(['demoPlugin']);
  removePlugin('demoPlugin', home, () => {});
  await installPlugin(url, { home, osdVersion: '3.6.0', singleVersion: 'ignore', log: () => {} });
  expect(readdirSync(join(home, 'plugins'))).toEqual(['demoPlugin']);
});

it('refuses an entry that would be written outside the plugin folder', async () => {
  const url = await zipOf(
    {
      'opensearch-dashboards/demoPlugin/opensearch_dashboards.json': manifest({}),
      'opensearch-dashboards/demoPlugin/xx/xx/escaped.js': 'x',
    },
    ['demoPlugin/xx/xx/', 'demoPlugin/../../']
  );
  const { home, done } = install(url);
  // yauzl, which OSD's CLI reads archives with too, refuses the name while listing entries.
  await expect(done).rejects.toThrow('Error retrieving metadata from plugin archive');
  expect(existsSync(join(home, 'escaped.js'))).toBe(false);
  expect(readdirSync(join(home, 'plugins'))).toEqual([]);
});

describe('--single-version', () => {
  const zipFor = (opensearchDashboardsVersion: string) =>
    zipOf({
      'opensearch-dashboards/demoPlugin/opensearch_dashboards.json': manifest({
        opensearchDashboardsVersion,
      }),
    });

  it('strict: only the exact OSD version', async () => {
    await expect(install(await zipFor('3.6.0'), 'strict').done).resolves.toBeDefined();
    await expect(install(await zipFor('3.7.0'), 'strict').done).rejects.toThrow(
      'Plugin demoPlugin [3.7.0] is incompatible with OpenSearch Dashboards [3.6.0]. Strict mode requires exact version match.'
    );
  });

  it('ignore (the default): any version, with a warning when the major differs', async () => {
    const minor = install(await zipFor('3.9.0'));
    await minor.done;
    expect(minor.lines.some((l) => l.startsWith('WARNING'))).toBe(false);
    const major = install(await zipFor('4.0.0'));
    await major.done;
    expect(major.lines).toContain(
      'WARNING: Plugin demoPlugin [4.0.0] major version differs from OpenSearch Dashboards [3.6.0]. Plugin may not function correctly.'
    );
  });

  it('refuses another mode and an unparsable version', () => {
    expect(checkVersion('p', '3.6.0', '3.6.0', 'loose').error).toBe(
      "Invalid single-version mode: loose. Use 'strict' or 'ignore'."
    );
    expect(checkVersion('p', 'three', '3.6.0', 'ignore').error).toBe(
      'Invalid version format. Plugin: three, OpenSearch Dashboards: 3.6.0'
    );
    expect(checkVersion('p', 'opensearchDashboards', '3.6.0', 'strict')).toEqual({});
  });
});
