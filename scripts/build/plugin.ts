/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Builds the installable plugin for one OpenSearch Dashboards version:
 *
 *   npm run build [-- --osd-version 3.x.y]      → build/lookupsDashboards-<osdVersion>.zip
 *
 * then `bin/opensearch-dashboards-plugin install file:///…/lookupsDashboards-<v>.zip`. The zip
 * has the layout of OSD's plugin helpers: `opensearch-dashboards/<id>/` holding the stamped
 * manifest, a production package.json, `server/` and `common/` as CommonJS, `.i18nrc.json` and
 * the `translations/` it lists,
 * `target/public/<id>.plugin.js` (+ .gz, .br, and the app's chunks) and the server's
 * production `node_modules`. Nothing of host/, test/, bench/ or scripts/ goes in.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { join, relative, resolve } from 'path';
import { writeArchive } from './archive';
import { buildBrowserBundle, type BrowserBundle, type BundleFile } from './browser_bundle';
import {
  ROOT,
  readSourceManifest,
  readSourcePackage,
  shippedPackage,
  stampedManifest,
} from './manifest';
import { DEFAULT_OSD_VERSION, OsdVersionError, parseOsdVersion } from './osd_version';
import { copyProductionDependencies } from './production_deps';
import { compileServerCode } from './server_code';
import { translationsFileContent, TRANSLATIONS_FILE } from '../i18n_extract';

export const BUILD_DIR = resolve(ROOT, 'build');

export interface PluginBuild {
  pluginId: string;
  osdVersion: string;
  zipPath: string;
  /** The unpacked plugin folder the zip was made from. */
  pluginDir: string;
  bundle: BrowserBundle;
  nodeModules: string[];
  zipBytes: number;
}

/** What the last build's browser bundle held (not shipped: for the size report and tests). */
const BUNDLE_REPORT = join(BUILD_DIR, 'bundle-report.json');
export const readBundleReport = (): BrowserBundle =>
  JSON.parse(readFileSync(BUNDLE_REPORT, 'utf8')) as BrowserBundle;

export function archiveName(pluginId: string, osdVersion: string) {
  return `${pluginId}-${osdVersion}.zip`;
}

/** Builds into `buildDir` (default `build/`): the zip, and the staged folder it is made from. */
export async function buildPlugin(
  osdVersion = DEFAULT_OSD_VERSION,
  buildDir = BUILD_DIR
): Promise<PluginBuild> {
  const version = parseOsdVersion(osdVersion);
  const manifest = stampedManifest(readSourceManifest(), version);
  if (readFileSync(TRANSLATIONS_FILE, 'utf8') !== translationsFileContent()) {
    throw new Error('translations/en.json is not current: run npx tsx scripts/i18n_extract.ts');
  }
  const stagedDir = join(buildDir, 'opensearch-dashboards');
  const pluginDir = join(stagedDir, manifest.id);
  rmSync(stagedDir, { recursive: true, force: true });
  mkdirSync(pluginDir, { recursive: true });

  // The manifest first: common/ reads it (its supportedOSDataSourceVersions), as OSD plugins do.
  writeFileSync(
    join(pluginDir, 'opensearch_dashboards.json'),
    `${JSON.stringify(manifest, null, 2)}\n`
  );
  const server = await compileServerCode(pluginDir);
  writeFileSync(
    join(pluginDir, 'package.json'),
    `${JSON.stringify(shippedPackage(readSourcePackage(), version, server.shippedPackages), null, 2)}\n`
  );
  cpSync(resolve(ROOT, 'translations'), join(pluginDir, 'translations'), { recursive: true });
  // As OSD's plugin helpers (write_server_files.ts): the plugin's `.i18nrc.json`, which OSD's
  // i18n service reads from the installed folder to register `translations/*.json`.
  cpSync(resolve(ROOT, '.i18nrc.json'), join(pluginDir, '.i18nrc.json'));
  const bundle = await buildBrowserBundle(
    manifest.id,
    join(pluginDir, 'target/public'),
    join(buildDir, '.work')
  );
  if (buildDir === BUILD_DIR) writeFileSync(BUNDLE_REPORT, `${JSON.stringify(bundle, null, 2)}\n`);
  const nodeModules = copyProductionDependencies(server.shippedPackages, pluginDir);

  const zipPath = join(buildDir, archiveName(manifest.id, version));
  rmSync(zipPath, { force: true });
  await writeArchive(stagedDir, zipPath);
  return {
    pluginId: manifest.id,
    osdVersion: version,
    zipPath,
    pluginDir,
    bundle,
    nodeModules,
    zipBytes: statSync(zipPath).size,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function describeBuild(result: PluginBuild): string {
  const line = (label: string, f: BundleFile) =>
    `  ${label.padEnd(16)} ${f.file.padEnd(36)} ${kb(f.bytes).padStart(9)}  ` +
    `(${kb(f.gzipBytes)} gzip, ${kb(f.brotliBytes)} br)`;
  const chunkTotal = (key: 'bytes' | 'gzipBytes') =>
    result.bundle.chunks.reduce((sum, c) => sum + c[key], 0);
  return [
    `${relative(ROOT, result.zipPath)} (${kb(result.zipBytes)}) for OpenSearch Dashboards ${result.osdVersion}`,
    `browser bundle (target/public):`,
    line('first load', result.bundle.entry),
    ...result.bundle.chunks.map((c) => line('on mount', c)),
    `  every OSD page loads ${kb(result.bundle.entry.bytes)} (${kb(result.bundle.entry.gzipBytes)} gzip); ` +
      `the app adds ${kb(chunkTotal('bytes'))} (${kb(chunkTotal('gzipBytes'))} gzip) when it opens`,
    `node_modules: ${result.nodeModules.join(', ')}`,
    `install: bin/opensearch-dashboards-plugin install file://${result.zipPath}`,
  ].join('\n');
}

function osdVersionArgument(argv: string[]): string {
  const index = argv.indexOf('--osd-version');
  if (index < 0) return DEFAULT_OSD_VERSION;
  const value = argv[index + 1];
  if (!value) throw new OsdVersionError('--osd-version needs a version, e.g. --osd-version 3.6.0');
  return value;
}

if (require.main === module) {
  Promise.resolve()
    .then(() => buildPlugin(osdVersionArgument(process.argv.slice(2))))
    .then(
      (result) => console.log(describeBuild(result)),
      (error: Error) => {
        console.error(`build: ${error.message}`);
        process.exit(1);
      }
    );
}
