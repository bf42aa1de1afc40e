/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The browser bundle, built with Rspack (the bundler OSD's own optimizer uses from 3.5) to OSD's
 * plugin-bundle contract:
 * - one classic script, `target/public/<id>.plugin.js`, whose entry registers
 *   `plugin/<id>/public` with `__osdBundles__.define`; that module exports `plugin`;
 * - later-loaded chunks (`<id>.chunk.<n>.js`, the app behind its dynamic import) resolve
 *   against `window.__osdPublicPath__[<id>]` and carry `window.__webpack_nonce__`;
 * - every shared dependency OSD lists is read from `window.__osdSharedDeps__`, never bundled
 *   (two Reacts break hooks), and `opensearch-dashboards/public` is core's registered entry;
 * - `.gz` and `.br` copies beside every script, as OSD's dist build writes them.
 */
import { rspack, type Configuration, type ExternalItemFunctionData } from '@rspack/core';
import { externals as osdSharedDeps } from '@osd/ui-shared-deps';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'zlib';
import { ROOT } from './manifest';

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface BrowserBundle {
  /** `<id>.plugin.js`: what every OSD page loads. */
  entry: BundleFile;
  /** The chunks the app loads when it mounts. */
  chunks: BundleFile[];
  /** Which chunk holds which source files (paths relative to the repository). */
  chunkModules: Record<string, string[]>;
}

/**
 * Imports that would put a second copy of something OSD shares into the bundle: OUI under its
 * own name, or a deep path into OUI or `@elastic/charts` that OSD does not map.
 */
function refuseUnsharedCopies(
  data: ExternalItemFunctionData,
  callback: (error?: Error, result?: string) => void
) {
  const request = data.request ?? '';
  if (request in osdSharedDeps) return callback();
  if (/^@opensearch-project\/oui(\/|$)/.test(request) || /^@elastic\/eui\//.test(request)) {
    return callback(
      new Error(
        `"${request}" (in ${data.contextInfo?.issuer ?? '?'}) would bundle a second copy of OUI: ` +
          'import from "@elastic/eui", which OSD shares'
      )
    );
  }
  // The library's theme stylesheets are no code: OSD does not share them, and a chart needs one.
  if (/^@elastic\/charts\/(?!dist\/theme_only_(light|dark)\.css$)/.test(request)) {
    return callback(
      new Error(
        `"${request}" (in ${data.contextInfo?.issuer ?? '?'}) would bundle a second copy of @elastic/charts: ` +
          'import from "@elastic/charts", which OSD shares as ElasticCharts'
      )
    );
  }
  return callback();
}

function entrySource(pluginId: string, publicDirPath: string): string {
  const publicDir = JSON.stringify(publicDirPath);
  const id = JSON.stringify(pluginId);
  // OSD's public-path prologue, then its entry: the public dir registered for core to read.
  return [
    `__webpack_public_path__ = window.__osdPublicPath__[${id}];`,
    `__webpack_nonce__ = window.__webpack_nonce__ || '';`,
    `__osdBundles__.define(${JSON.stringify(`plugin/${pluginId}/public`)}, function () {`,
    `  return require(${publicDir});`,
    `});`,
    '',
  ].join('\n');
}

function sizeOf(dir: string, file: string): BundleFile {
  const content = readFileSync(join(dir, file));
  return {
    file,
    bytes: content.length,
    gzipBytes: readFileSync(join(dir, `${file}.gz`)).length,
    brotliBytes: readFileSync(join(dir, `${file}.br`)).length,
  };
}

export async function buildBrowserBundle(
  pluginId: string,
  outDir: string,
  workDir: string,
  /** The plugin's `public/` (another plugin's, for a test's consumer plugin). */
  publicDir = resolve(ROOT, 'public')
): Promise<BrowserBundle> {
  mkdirSync(workDir, { recursive: true });
  const entryFile = join(workDir, `${pluginId}.entry.js`);
  writeFileSync(entryFile, entrySource(pluginId, publicDir));

  const config: Configuration = {
    mode: 'production',
    context: ROOT,
    entry: { [pluginId]: entryFile },
    target: ['web', 'es2020'],
    devtool: false,
    output: {
      path: outDir,
      filename: `${pluginId}.plugin.js`,
      chunkFilename: `${pluginId}.chunk.[id].js`,
      chunkLoadingGlobal: `${pluginId}_bundle_jsonpfunction`,
      uniqueName: pluginId,
      publicPath: '',
      clean: true,
    },
    optimization: { chunkIds: 'natural', minimize: true },
    externalsType: 'var',
    externals: [{ ...osdSharedDeps }, refuseUnsharedCopies],
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      mainFields: ['browser', 'module', 'main'],
      alias: {
        'opensearch-dashboards/public$': resolve(__dirname, 'runtime/core_public.js'),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        // A library's stylesheet as its text, which the app adds as a <style> (chart_styles.ts).
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.IS_OPENSEARCH_DASHBOARDS_DISTRIBUTABLE': JSON.stringify('true'),
      }),
    ],
    performance: false,
    stats: 'errors-warnings',
  };

  const stats = await new Promise<import('@rspack/core').Stats>((done, fail) =>
    rspack(config, (error, result) => (error || !result ? fail(error) : done(result)))
  );
  const json = stats.toJson({
    all: false,
    errors: true,
    warnings: true,
    chunks: true,
    chunkModules: true,
    chunkModulesSpace: Infinity,
    nestedModules: true,
    nestedModulesSpace: Infinity,
    dependentModules: true,
    orphanModules: true,
    groupModulesByAttributes: false,
    groupModulesByPath: false,
    groupModulesByType: false,
    groupModulesByExtension: false,
  });
  if (stats.hasErrors()) {
    throw new Error(`browser bundle:\n${(json.errors ?? []).map((e) => e.message).join('\n')}`);
  }

  const scripts = readdirSync(outDir).filter((file) => file.endsWith('.js'));
  for (const file of scripts) {
    const content = readFileSync(join(outDir, file));
    writeFileSync(join(outDir, `${file}.gz`), gzipSync(content, { level: 9 }));
    writeFileSync(
      join(outDir, `${file}.br`),
      brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
    );
  }
  // A concatenated module lists the sources it holds as its own `modules`.
  type StatsModule = { nameForCondition?: string; modules?: StatsModule[] };
  const sources = (modules: StatsModule[] = []): string[] =>
    modules.flatMap((m) => [
      ...(m.nameForCondition ? [m.nameForCondition.replace(`${ROOT}/`, '')] : []),
      ...sources(m.modules),
    ]);
  const chunkModules: Record<string, string[]> = {};
  for (const chunk of json.chunks ?? []) {
    for (const file of chunk.files ?? []) {
      chunkModules[file] = [...new Set(sources(chunk.modules as StatsModule[]))].sort();
    }
  }
  const entryName = `${pluginId}.plugin.js`;
  return {
    entry: sizeOf(outDir, entryName),
    chunks: scripts.filter((f) => f !== entryName).map((f) => sizeOf(outDir, f)),
    chunkModules,
  };
}
