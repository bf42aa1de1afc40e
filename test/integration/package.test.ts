/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The artifact a user installs, `build/lookupsDashboards-<osdVersion>.zip` (npm run build), as
 * OSD's install CLI and plugin loader take it:
 * - its layout and manifest;
 * - its server code loaded by plain node from the unpacked zip, with nothing else on the module
 *   path but what OSD provides;
 * - its browser bundle reading React, ReactDom and OUI from `__osdSharedDeps__`, and no global
 *   OSD lacks;
 * - the host's install CLI taking it, and refusing it a second time with OSD's message;
 * - the page the host serves it on, bootstrapped as OSD's.
 */
import { spawnSync } from 'child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { pathToFileURL } from 'url';
import yauzl from 'yauzl';
import { sharedGlobalNames } from '@osd/ui-shared-deps';
import { KNOWN_MANIFEST_FIELDS, ROOT } from '../../scripts/build/manifest';
import { BUILD_DIR, archiveName, buildPlugin, readBundleReport } from '../../scripts/build/plugin';
import { DEFAULT_OSD_VERSION } from '../../scripts/build/osd_version';
import { startInProcessHost } from '../../host/test/support';
import { basicAuthorization } from '../../host/src/auth/session';
import { users } from '../support/users';
import { HOST_MAIN, PLUGIN_CLI, hostHome, installedPlugin } from '../support/staged';

const ID = 'lookupsDashboards';
const ZIP = join(BUILD_DIR, archiveName(ID, DEFAULT_OSD_VERSION));
const PREFIX = `opensearch-dashboards/${ID}/`;

function zipEntries(path: string): Promise<string[]> {
  return new Promise((done, fail) =>
    yauzl.open(path, (error, zip) => {
      if (error) return fail(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
      zip.on('end', () => done(names));
      zip.on('error', fail);
    })
  );
}

describe('the zip', () => {
  let entries: string[];
  beforeAll(async () => {
    entries = await zipEntries(ZIP);
  });
  const own = () => entries.map((e) => e.slice(PREFIX.length));

  it('holds one plugin folder, opensearch-dashboards/lookupsDashboards/, as the install CLI wants', () => {
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter((e) => !e.startsWith(PREFIX))).toEqual([]);
  });

  it('has the stamped manifest, with only keys OSD knows, and a production package.json', () => {
    const dir = installedPlugin();
    const manifest = JSON.parse(readFileSync(join(dir, 'opensearch_dashboards.json'), 'utf8'));
    expect(manifest).toMatchObject({
      id: ID,
      opensearchDashboardsVersion: DEFAULT_OSD_VERSION,
      version: `${DEFAULT_OSD_VERSION}.0`,
      server: true,
      ui: true,
      configPath: ['lookups'],
    });
    expect(Object.keys(manifest).filter((k) => !KNOWN_MANIFEST_FIELDS.has(k))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const key of ['workspaces', 'devDependencies', 'scripts', 'peerDependencies']) {
      expect(pkg).not.toHaveProperty(key);
    }
    expect(Object.keys(pkg.dependencies).sort()).toEqual(
      [
        '@fastify/busboy',
        'croner',
        'csv-parse',
        'fp-ts',
        'io-ts',
        'ipaddr.js',
        'lossless-json',
        're2js',
        'semver',
      ].sort()
    );
  });

  it('ships server/ and common/ as JavaScript only, translations/, and the browser bundle with .gz and .br', () => {
    const files = own();
    expect(files).toContain('server/index.js');
    expect(files).toContain('common/index.js');
    expect(files).toContain('translations/en.json');
    const code = files.filter((f) => /^(server|common)\//.test(f));
    expect(code.filter((f) => !f.endsWith('.js'))).toEqual([]);
    expect(code.filter((f) => /\.test\.js$/.test(f))).toEqual([]);
    for (const suffix of ['', '.gz', '.br']) {
      expect(files).toContain(`target/public/${ID}.plugin.js${suffix}`);
    }
  });

  it('ships the production dependencies and nothing OSD provides, nor the host, tests, benches or scripts', () => {
    const packages = new Set(
      own()
        .filter((f) => f.startsWith('node_modules/'))
        .map((f) =>
          f
            .split('/')
            .slice(1, f.split('/')[1].startsWith('@') ? 3 : 2)
            .join('/')
        )
    );
    for (const name of [
      'io-ts',
      'fp-ts',
      'lossless-json',
      'croner',
      'csv-parse',
      '@fastify/busboy',
      're2js',
    ]) {
      expect(packages).toContain(name);
    }
    for (const name of [
      'react',
      'react-dom',
      '@elastic/eui',
      '@opensearch-project/oui',
      'rxjs',
      'moment',
      'lodash',
      '@osd/i18n',
      '@osd/config-schema',
      '@reduxjs/toolkit',
      '@hapi/hapi',
    ]) {
      expect(packages).not.toContain(name);
    }
    const topLevel = new Set(own().map((f) => f.split('/')[0]));
    for (const folder of ['host', 'test', 'bench', 'scripts', 'public', 'tools']) {
      expect(topLevel).not.toContain(folder);
    }
  });
});

describe('the server code', () => {
  it('loads with plain node from the installed zip, resolving nothing but the zip and what OSD provides', () => {
    const pluginDir = installedPlugin();
    const home = hostHome();
    const script = `
      const { plugin, config } = require(${JSON.stringify(join(pluginDir, 'server'))});
      const validated = config.schema.validate({}, {}, 'config validation of [lookups]');
      process.stdout.write(JSON.stringify({
        plugin: typeof plugin,
        exposed: Object.keys(config.exposeToBrowser).sort(),
        enabled: validated.enabled,
        modules: Object.keys(require.cache),
      }));`;
    // No loader, no NODE_PATH, run from outside any project.
    const result = spawnSync(process.execPath, ['-e', script], {
      cwd: tmpdir(),
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    const loaded = JSON.parse(result.stdout);
    expect(loaded.plugin).toBe('function');
    // `schedules` for its min_interval_ms: the schedule form refuses a too short period as typed.
    expect(loaded.exposed).toEqual([
      'editor',
      'max_body_bytes',
      'max_import_bytes',
      'max_rows',
      'schedules',
    ]);
    expect(loaded.enabled).toBe(true);
    const provided = readdirSync(join(home, 'node_modules'), { withFileTypes: true }).flatMap(
      (entry) =>
        entry.name.startsWith('@')
          ? readdirSync(join(home, 'node_modules', entry.name)).map((n) =>
              join(home, 'node_modules', entry.name, n)
            )
          : [join(home, 'node_modules', entry.name)]
    );
    const allowed = [realpathSync(pluginDir), ...provided.map((p) => realpathSync(p))];
    const outside = (loaded.modules as string[]).filter(
      (file) => !allowed.some((dir) => file.startsWith(`${dir}/`))
    );
    expect(outside).toEqual([]);
    expect((loaded.modules as string[]).filter((f) => /\.tsx?$/.test(f))).toEqual([]);
  });

  it('gives the host only those packages in its home: @osd/config-schema, @osd/i18n, rxjs, moment, lodash, @opensearch-project/opensearch', () => {
    const names = readdirSync(join(hostHome(), 'node_modules')).flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(hostHome(), 'node_modules', name)).map((n) => `${name}/${n}`)
        : [name]
    );
    expect(names.sort()).toEqual([
      '@opensearch-project/opensearch',
      '@osd/config-schema',
      '@osd/i18n',
      'lodash',
      'moment',
      'rxjs',
    ]);
  });
});

describe('the browser bundle', () => {
  const scripts = () => {
    const dir = join(installedPlugin(), 'target/public');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  };

  it('reads React, ReactDom and OUI from __osdSharedDeps__, and only names OSD shares there', () => {
    const read = new Set(
      scripts().flatMap((code) =>
        [...code.matchAll(/__osdSharedDeps__\.([A-Za-z0-9]+)/g)].map((m) => m[1])
      )
    );
    expect([...read]).toEqual(
      expect.arrayContaining([
        'React',
        'ReactDom',
        'ElasticEui',
        'OsdI18n',
        'ElasticCharts',
        'ElasticEuiChartsTheme',
      ])
    );
    expect([...read].filter((name) => !sharedGlobalNames.includes(name))).toEqual([]);
  });

  it('bundles no second React, OUI or charts library, and registers plugin/lookupsDashboards/public', () => {
    const bundled = Object.values(readBundleReport().chunkModules).flat();
    // react/jsx-runtime and react-dom/client are bundled: they delegate to the shared copies.
    expect(bundled).toEqual(expect.arrayContaining(['node_modules/react/jsx-runtime.js']));
    // Of @elastic/charts, only its theme stylesheets (text OSD does not share) are in the bundle.
    const copies = bundled.filter((source) =>
      /^node_modules\/(react\/cjs\/react\.|react-dom\/cjs\/react-dom\.|@elastic\/eui\/|@opensearch-project\/oui\/|@elastic\/charts\/(?!dist\/theme_only_(light|dark)\.css$)|d3-|rxjs\/|moment\/|moment-timezone\/|lodash\/)/.test(
        source
      )
    );
    expect(copies).toEqual([]);
    const entry = readFileSync(join(installedPlugin(), `target/public/${ID}.plugin.js`), 'utf8');
    const has = (text: string) => entry.includes(text);
    expect(has(`__osdBundles__.define("plugin/${ID}/public"`)).toBe(true);
    expect(has(`__osdBundles__.get("entry/core/public")`)).toBe(true);
    expect(has(`window.__osdPublicPath__.${ID}`)).toBe(true);
    expect(has('window.__webpack_nonce__')).toBe(true);
    // A classic script: no module syntax the page's <script> could not run.
    expect(/^\s*(import|export)\s/m.test(entry)).toBe(false);
  });
});

describe('the install CLI and the zip', () => {
  const cli = (home: string, ...args: string[]) =>
    spawnSync(process.execPath, [PLUGIN_CLI, ...args], {
      env: { PATH: process.env.PATH, LOOKUPS_HOST_HOME: home },
      encoding: 'utf8',
    });

  it('installs the zip, and refuses it again while it is installed, with OSD’s message and exit code', () => {
    const home = join(mkdtempSync(join(tmpdir(), 'lookups-cli-')), 'osd');
    const first = cli(home, 'install', pathToFileURL(ZIP).href);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('Plugin installation complete');
    expect(existsSync(join(home, 'plugins', ID, 'server/index.js'))).toBe(true);
    const second = cli(home, 'install', pathToFileURL(ZIP).href);
    expect(second.status).toBe(70);
    expect(second.stderr).toContain(
      `Plugin ${ID} already exists, please remove before installing a new version`
    );
    expect(cli(home, 'install', pathToFileURL(ZIP).href, '--single-version', 'exact').status).toBe(
      70
    );
    expect(cli(home, 'install').status).toBe(64);
  });

  it('builds for another 3.x release on request, and names the zip after it', async () => {
    const out = mkdtempSync(join(tmpdir(), 'lookups-build-'));
    const built = await buildPlugin('3.7.1', out);
    expect(built.zipPath).toBe(join(out, `${ID}-3.7.1.zip`));
    const manifest = JSON.parse(
      readFileSync(join(built.pluginDir, 'opensearch_dashboards.json'), 'utf8')
    );
    expect(manifest.opensearchDashboardsVersion).toBe('3.7.1');
    const refused = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/.bin/tsx'),
        join(ROOT, 'scripts/build/plugin.ts'),
        '--osd-version',
        '3.4.0',
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
      }
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('OpenSearch Dashboards 3.4.0 is not supported');
  }, 180_000);
});

describe('the page the host serves it on', () => {
  const AUTH = { authorization: basicAuthorization(users.writer.username, users.writer.password) };
  let host: Awaited<ReturnType<typeof startInProcessHost>> | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });
  const metadataOf = (html: string) =>
    JSON.parse(
      (/<osd-injected-metadata data="([^"]*)">/.exec(html)?.[1] ?? 'null')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    );

  it('keys the UI plugin and its browser config by manifest id, and keeps the app URL /app/lookups', async () => {
    host = await startInProcessHost({ pluginDir: installedPlugin() });
    expect(host.plugins.get(ID)!.manifest.id).toBe(ID);
    expect((await host.server.inject({ url: '/' })).headers.location).toBe('/app/lookups');
    const page = await host.server.inject({
      url: '/app/lookups/lookups/x/versions',
      headers: AUTH,
    });
    const metadata = metadataOf(page.payload);
    expect(metadata.appId).toBe('lookups');
    // Ours and the host's own UI plugins (OSD's navigation and data source management), whose
    // contracts the host's core gives.
    const ids = metadata.uiPlugins.map((p: { id: string }) => p.id);
    expect(ids.filter((id: string) => id === ID)).toEqual([ID]);
    const own = metadata.uiPlugins.find((p: { id: string }) => p.id === ID);
    expect(Object.keys(own.config).sort()).toEqual([
      'editor',
      'max_body_bytes',
      'max_import_bytes',
      'max_rows',
      'schedules',
    ]);
    expect(own.config.schedules.min_interval_ms).toBe(60_000);
  });

  it('lists the Data Source plugin before the plugin that depends on it', async () => {
    host = await startInProcessHost({
      pluginDir: installedPlugin(),
      dataSource: { enabled: true, wrappingKey: new Array(32).fill(5) },
    });
    const page = await host.server.inject({ url: '/app/lookups/lookups', headers: AUTH });
    const metadata = metadataOf(page.payload);
    const ids: string[] = metadata.uiPlugins.map((p: { id: string }) => p.id);
    expect(ids.indexOf('dataSource')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('dataSource')).toBeLessThan(ids.indexOf(ID));
    expect(ids.indexOf('dataSourceManagement')).toBeLessThan(ids.indexOf(ID));
    const dataSource = metadata.uiPlugins.find((p: { id: string }) => p.id === 'dataSource');
    expect(dataSource.config).toEqual({ enabled: true, hideLocalCluster: false });
    const own = metadata.uiPlugins.find((p: { id: string }) => p.id === ID);
    expect(own.plugin.optionalPlugins).toEqual(['dataSource', 'dataSourceManagement']);
  });

  it('runs only external scripts, which load shared deps, core and the plugin in that order', async () => {
    host = await startInProcessHost({ pluginDir: installedPlugin() });
    const page = await host.server.inject({ url: '/app/lookups', headers: AUTH });
    expect(page.payload).not.toMatch(/<script>/);
    expect([...page.payload.matchAll(/<script src="([^"]+)">/g)].map((m) => m[1])).toEqual([
      '/startup.js',
      '/bootstrap.js',
    ]);
    const bootstrap = (await host.server.inject({ url: '/bootstrap.js' })).payload;
    const order = [
      'osd-ui-shared-deps/osd-ui-shared-deps.js',
      'core/core.entry.js',
      `plugin/${ID}/${ID}.plugin.js`,
    ].map((path) => bootstrap.indexOf(`/bundles/${path}`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(bootstrap).toContain(`__osdBundles__.get('entry/core/public').__osdBootstrap__()`);
    expect((await host.server.inject({ url: '/startup.js' })).payload).toContain('__osdThemeTag__');
  });

  it('serves the precompressed bundle the browser asks for, long cached, and nothing outside target/public', async () => {
    host = await startInProcessHost({ pluginDir: installedPlugin() });
    const bundlePath = /"(\/\d+\/bundles\/plugin\/[^"]+\.plugin\.js)"/.exec(
      (await host.server.inject({ url: '/bootstrap.js' })).payload
    )![1];
    const br = await host.server.inject({
      url: bundlePath,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('max-age=31536000');
    const gz = await host.server.inject({
      url: bundlePath,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await host.server.inject({ url: bundlePath });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toContain('__osdBundles__');
    const outside = bundlePath.replace(/[^/]+$/, '..%2F..%2Fopensearch_dashboards.json');
    expect((await host.server.inject({ url: outside })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('is what the compiled host runs: plain node, no loader', () => {
    expect(HOST_MAIN.endsWith('.js')).toBe(true);
    expect(readFileSync(HOST_MAIN, 'utf8')).not.toMatch(/require\(["']tsx/);
  });
});
