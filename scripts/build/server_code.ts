/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `server/` and `common/` as OSD's plugin helpers ship them: every TypeScript source compiled
 * on its own to a CommonJS `.js` beside the others (tests and declarations left out), so that
 * plain `node` can `require('<plugin>/server')` with no loader. Then every `require` in the output
 * is checked: a relative one must name a compiled file, and a package must be one the archive
 * ships, one OSD itself provides to server plugins, or a Node built-in. What fails that check
 * would fail in OSD, so it fails the build here.
 */
import { build } from 'esbuild';
import { readdirSync, readFileSync, statSync } from 'fs';
import { builtinModules } from 'module';
import { dirname, join, relative, resolve } from 'path';
import { ROOT } from './manifest';

export const SERVER_SOURCE_DIRS = ['server', 'common'];

/**
 * Packages an OSD distribution's own node_modules hold and a server plugin may require without
 * shipping them (OSD's root package.json dependencies). The host provides the same set.
 */
export const OSD_SERVER_PACKAGES = [
  '@osd/config-schema',
  '@osd/i18n',
  'rxjs',
  'moment',
  'lodash',
  // OSD's own OpenSearch client (its root package.json: ^2.13.0); the query workers' client.
  '@opensearch-project/opensearch',
];

const isSource = (file: string) =>
  /\.tsx?$/.test(file) &&
  !/\.d\.ts$/.test(file) &&
  !/\.(test|mock|mocks|test\.mocks)\.tsx?$/.test(file);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : sourcesUnder(path);
    return isSource(name) ? [path] : [];
  });
}

/** The package a bare specifier names: `fp-ts/lib/Either` → `fp-ts`, `@a/b/c` → `@a/b`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const REQUIRE = /\brequire\("([^"]+)"\)/g;

export interface ServerCode {
  files: string[];
  /** Packages the compiled code requires that the archive must ship. */
  shippedPackages: string[];
}

export async function compileServerCode(outDir: string): Promise<ServerCode> {
  const entryPoints = SERVER_SOURCE_DIRS.flatMap((dir) => sourcesUnder(resolve(ROOT, dir)));
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: outDir,
    outbase: ROOT,
    bundle: false,
    format: 'cjs',
    platform: 'node',
    // OSD 3.x runs on Node 20 (and 22).
    target: 'node20',
    logLevel: 'warning',
  });
  const files = entryPoints.map((source) =>
    join(outDir, relative(ROOT, source)).replace(/\.tsx?$/, '.js')
  );
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  const shipped = new Set<string>();
  const problems: string[] = [];
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(REQUIRE)) {
      const where = relative(outDir, file);
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        const found = [target, `${target}.js`, join(target, 'index.js')].some((candidate) =>
          statSync(candidate, { throwIfNoEntry: false })?.isFile()
        );
        if (!found)
          problems.push(`${where} requires ${specifier}, which the build did not produce`);
      } else if (builtins.has(specifier)) {
        continue;
      } else if (OSD_SERVER_PACKAGES.includes(packageOf(specifier))) {
        continue;
      } else if (specifier.startsWith('opensearch-dashboards/')) {
        problems.push(
          `${where} requires ${specifier} at run time; OSD has no such package (import only types from it)`
        );
      } else {
        shipped.add(packageOf(specifier));
      }
    }
  }
  if (problems.length > 0) throw new Error(`server code:\n  ${problems.join('\n  ')}`);
  return { files, shippedPackages: [...shipped].sort() };
}
