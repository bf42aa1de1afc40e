/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The two descriptors the archive carries: `opensearch_dashboards.json` with the build's OSD
 * version stamped in (and only the keys OSD's manifest parser knows: any other key stops OSD
 * from starting), and a `package.json` naming the server's production dependencies, with no
 * workspaces, scripts or dev dependencies.
 */
import { readFileSync } from 'fs';
import { resolve } from 'path';
import { KNOWN_MANIFEST_FIELDS } from '../../host/src/plugins/manifest';
import { pluginVersionFor } from './osd_version';

export const ROOT = resolve(__dirname, '../..');

// The keys OSD's manifest parser accepts: one list, the host's, which refuses any other as OSD does.
export { KNOWN_MANIFEST_FIELDS } from '../../host/src/plugins/manifest';

export interface Manifest {
  id: string;
  version: string;
  opensearchDashboardsVersion: string;
  server: boolean;
  ui: boolean;
  [key: string]: unknown;
}

export function readSourceManifest(): Manifest {
  return JSON.parse(readFileSync(resolve(ROOT, 'opensearch_dashboards.json'), 'utf8')) as Manifest;
}

export function stampedManifest(source: Manifest, osdVersion: string): Manifest {
  const unknown = Object.keys(source).filter((key) => !KNOWN_MANIFEST_FIELDS.has(key));
  if (unknown.length > 0) {
    throw new Error(
      `opensearch_dashboards.json has keys OSD does not know (${unknown.join(', ')}): OSD would refuse to start with it`
    );
  }
  return {
    ...source,
    version: pluginVersionFor(osdVersion),
    opensearchDashboardsVersion: osdVersion,
  };
}

interface SourcePackage {
  name: string;
  description?: string;
  license?: string;
  dependencies?: Record<string, string>;
}

export function readSourcePackage(): SourcePackage {
  return JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as SourcePackage;
}

/** The shipped package.json: the packages the server requires, at the ranges the repo declares. */
export function shippedPackage(
  source: SourcePackage,
  osdVersion: string,
  serverPackages: readonly string[]
): Record<string, unknown> {
  const declared = source.dependencies ?? {};
  const dependencies = Object.fromEntries(
    [...serverPackages].sort().map((name) => {
      const range = declared[name];
      if (!range) {
        throw new Error(
          `server code requires "${name}", which package.json does not list in "dependencies"`
        );
      }
      return [name, range];
    })
  );
  return {
    name: source.name,
    version: pluginVersionFor(osdVersion),
    description: source.description,
    license: source.license,
    private: true,
    main: 'server/index.js',
    opensearchDashboards: { version: osdVersion, templateVersion: osdVersion },
    dependencies,
  };
}
