/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Builds the standalone host into build/host, as an OSD distribution would hold it:
 *
 *   server/main.js                         the host's server (plain node, no loader)
 *   server/opensearch-dashboards-plugin.js the install CLI
 *   node_modules/@osd/{config-schema,i18n} the OSD packages a server plugin may require
 *   bundles/osd-ui-shared-deps/            `window.__osdSharedDeps__` (React 18.2, OUI 1.22.1,
 *                                          rxjs 6, react-router 5, moment, lodash …) and the
 *                                          base and theme stylesheets
 *   bundles/core/core.entry.js             core's browser entry (`entry/core/public`)
 *
 * Core's entry reads React and OUI from `__osdSharedDeps__` like any plugin bundle, so the page
 * has exactly one React. None of the plugin's sources go in: the host runs the installed zip.
 *
 *   npx tsx scripts/build/host.ts
 */
import { build, type Plugin } from 'esbuild';
import { externals as osdSharedDeps } from '@osd/ui-shared-deps';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'zlib';
import { ROOT } from './manifest';

export const HOST_OUT_DIR = resolve(ROOT, 'build/host');
const WORKSPACE_PACKAGES =
  /^(@osd\/ui-shared-deps|@osd\/config-schema|@osd\/i18n|opensearch-dashboards)(\/|$)/;

/** Node code: the workspace stand-ins are compiled in, every other package is required. */
const nodePackagesExternal: Plugin = {
  name: 'node-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      WORKSPACE_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }
    );
  },
};

/** Browser code: each shared dependency is a read of `window.__osdSharedDeps__`. */
const sharedDepsFromWindow: Plugin = {
  name: 'shared-deps-from-window',
  setup(pluginBuild) {
    const filter = new RegExp(
      `^(${Object.keys(osdSharedDeps)
        .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('|')})$`
    );
    pluginBuild.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'osd-shared-dep' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'osd-shared-dep' }, (args) => ({
      contents: `module.exports = window.${osdSharedDeps[args.path]};`,
      loader: 'js',
    }));
  },
};

const browserDefines = { 'process.env.NODE_ENV': '"production"', global: 'globalThis' };

async function buildServer() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'host/src/main.ts',
      'opensearch-dashboards-plugin': 'host/src/cli/plugin_cli.ts',
    },
    outdir: join(HOST_OUT_DIR, 'server'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    plugins: [nodePackagesExternal],
    logLevel: 'warning',
  });
}

/** The OSD packages a server plugin may require, compiled from the host's stand-ins. */
async function buildOsdServerPackages() {
  for (const [name, entry] of [
    ['@osd/config-schema', 'host/packages/osd-config-schema/index.ts'],
    ['@osd/i18n', 'host/packages/osd-i18n/index.ts'],
  ]) {
    const dir = join(HOST_OUT_DIR, 'node_modules', name);
    await build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      outfile: join(dir, 'index.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'warning',
    });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name, version: '1.0.0', main: 'index.js' })
    );
  }
}

async function buildSharedDeps() {
  const outdir = join(HOST_OUT_DIR, 'bundles/osd-ui-shared-deps');
  await build({
    absWorkingDir: ROOT,
    entryPoints: { 'osd-ui-shared-deps': 'host/packages/osd-ui-shared-deps/entry.ts' },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    jsx: 'automatic',
    define: browserDefines,
    // OUI imports `@opensearch/datemath`, one of OSD's own packages; OUI ships the same module.
    alias: { '@opensearch/datemath': '@elastic/eui/packages/opensearch-datemath' },
    logLevel: 'warning',
  });
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      'osd-ui-shared-deps.v8.light': '@elastic/eui/dist/eui_theme_light.min.css',
      'osd-ui-shared-deps.v8.dark': '@elastic/eui/dist/eui_theme_dark.min.css',
    },
    outdir,
    bundle: true,
    assetNames: 'assets/[name]-[hash]',
    loader: {
      '.woff': 'file',
      '.woff2': 'file',
      '.ttf': 'file',
      '.eot': 'file',
      '.svg': 'file',
      '.png': 'file',
    },
    logLevel: 'warning',
  });
  // OSD's base stylesheet styles its own legacy chrome; the host's chrome is OUI only.
  writeFileSync(join(outdir, 'osd-ui-shared-deps.css'), '/* the host has no base styles */\n');
}

async function buildCoreEntry() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { 'core.entry': 'host/public/entry.ts' },
    outdir: join(HOST_OUT_DIR, 'bundles/core'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    jsx: 'automatic',
    define: browserDefines,
    plugins: [sharedDepsFromWindow],
    logLevel: 'warning',
  });
}

/** `.gz` and `.br` twins of each script and stylesheet, which the bundle routes prefer. */
function precompress(dir: string) {
  for (const file of readdirSync(dir).filter((f) => /\.(js|css)$/.test(f))) {
    const content = readFileSync(join(dir, file));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
    writeFileSync(
      join(dir, `${file}.br`),
      brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
    );
  }
}

export async function buildHost(): Promise<void> {
  rmSync(HOST_OUT_DIR, { recursive: true, force: true });
  mkdirSync(HOST_OUT_DIR, { recursive: true });
  await Promise.all([buildServer(), buildOsdServerPackages(), buildSharedDeps(), buildCoreEntry()]);
  precompress(join(HOST_OUT_DIR, 'bundles/osd-ui-shared-deps'));
  precompress(join(HOST_OUT_DIR, 'bundles/core'));
}

if (require.main === module) {
  buildHost().then(
    () => console.log(`host built in ${HOST_OUT_DIR}`),
    (error: Error) => {
      console.error(`build host: ${error.message}`);
      process.exit(1);
    }
  );
}
