/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The archive's `node_modules`: the packages the server requires and everything they require in
 * turn, copied from this repository's installed tree (so the versions are package-lock.json's),
 * in the same nested layout npm gave them. What OSD provides is never copied: a second rxjs or
 * React beside OSD's would split state that must be shared.
 */
import { cpSync, existsSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve, sep } from 'path';
import { ROOT } from './manifest';
import { OSD_SERVER_PACKAGES } from './server_code';

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Never shipped: OSD's own packages and the browser libraries it shares with every plugin. */
const PROVIDED_BY_OSD = new Set([
  ...OSD_SERVER_PACKAGES,
  'react',
  'react-dom',
  '@elastic/eui',
  'react-router',
  'react-router-dom',
]);

/** Node's lookup: `<dir>/node_modules/<name>`, then each parent's, up to the repository. */
function resolvePackageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT || dir === dirname(dir)) break;
  }
  throw new Error(`"${name}" (needed from ${relative(ROOT, fromDir) || '.'}) is not installed`);
}

const readPackage = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

function runtimeDependencies(pkg: PackageJson): string[] {
  const optionalPeers = pkg.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
  ];
}

/** Every installed package directory the given packages need, depth first from the root. */
export function productionPackageDirs(packages: readonly string[]): string[] {
  const found = new Set<string>();
  const visit = (name: string, fromDir: string) => {
    if (PROVIDED_BY_OSD.has(name)) return;
    let dir: string;
    try {
      dir = resolvePackageDir(name, fromDir);
    } catch (e) {
      // An optional dependency may be absent from the installed tree (another platform's).
      if (fromDir !== ROOT) return;
      throw e;
    }
    if (found.has(dir)) return;
    found.add(dir);
    for (const dependency of runtimeDependencies(readPackage(dir))) visit(dependency, dir);
  };
  for (const name of packages) visit(name, ROOT);
  return [...found].sort();
}

/** Copies each package into `<buildDir>/node_modules/…`, at its place under the repository's. */
export function copyProductionDependencies(
  packages: readonly string[],
  buildDir: string
): string[] {
  const dirs = productionPackageDirs(packages);
  for (const dir of dirs) {
    const target = resolve(buildDir, relative(ROOT, dir));
    cpSync(dir, target, {
      recursive: true,
      // A nested node_modules is copied as its own packages, only those that are needed.
      filter: (source) => !relative(dir, source).split(sep).includes('node_modules'),
    });
  }
  return dirs.map((dir) => relative(join(ROOT, 'node_modules'), dir));
}
