/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A plugin's `opensearch_dashboards.json`, read with the rules and messages of OSD's manifest
 * parser (src/core/server/plugins/discovery/plugin_manifest_parser.ts). One 3.5+ change is
 * kept: a manifest made for another OSD version is logged as a warning, and the plugin loads
 * (PR #11179, "Make Plugin Version incompatibility log a warning instead of throwing").
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { Logger } from 'opensearch-dashboards/server';

export interface PluginManifest {
  id: string;
  version: string;
  opensearchDashboardsVersion: string;
  server: boolean;
  ui: boolean;
  requiredPlugins: string[];
  optionalPlugins: string[];
  requiredBundles: string[];
  supportedOSDataSourceVersions?: string;
  requiredOSDataSourcePlugins?: string[];
  configPath: string | string[];
  extraPublicDirs?: string[];
}

/** The keys OSD 3.x's manifest parser accepts at the top level (any other stops OSD). */
export const KNOWN_MANIFEST_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'opensearchDashboardsVersion',
  'version',
  'configPath',
  'requiredPlugins',
  'requiredEnginePlugins',
  'optionalPlugins',
  'ui',
  'server',
  'extraPublicDirs',
  'requiredBundles',
  // OSD 3.x: which OpenSearch versions and engine plugins a data source must have for it.
  'supportedOSDataSourceVersions',
  'requiredOSDataSourcePlugins',
]);

const snakeCase = (id: string) =>
  id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
const isCamelCase = (id: string) => /^[a-z][a-zA-Z0-9]*$/.test(id);
/** semver.coerce, as OSD compares: `7.0.0-alpha1` → `7.0.0`. */
const coerce = (v: string) => /(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1, 4).map(Number).join('.');

export interface ManifestContext {
  /** The OSD version the host stands in for. */
  osdVersion: string;
  /** OSD's `env.mode.dev`: a non-camelCase id is only reported in development. */
  dev?: boolean;
  log?: Logger;
}

/** OSD's parseManifest: the same checks and messages. */
export function readManifest(pluginDir: string, context: ManifestContext): PluginManifest {
  const path = join(pluginDir, 'opensearch_dashboards.json');
  const invalid = (message: string) =>
    new Error(`Invalid manifest: ${message} (invalid-manifest, ${path})`);
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw invalid(`Unexpected token in JSON: ${(e as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid('Plugin manifest must contain a JSON encoded object.');
  }
  const id = raw.id;
  if (!id || typeof id !== 'string')
    throw invalid('Plugin manifest must contain an "id" property.');
  if (id.includes('.')) throw invalid('Plugin "id" must not include `.` characters.');
  if (context.dev && !isCamelCase(id)) {
    context.log?.warn(`Expect plugin "id" in camelCase, but found: ${id}`);
  }
  if (!raw.version || typeof raw.version !== 'string') {
    throw invalid(`Plugin manifest for "${id}" must contain a "version" property.`);
  }
  const configPath = raw.configPath;
  if (
    configPath !== undefined &&
    typeof configPath !== 'string' &&
    !(Array.isArray(configPath) && configPath.every((p) => typeof p === 'string'))
  ) {
    throw invalid(
      `The "configPath" in plugin manifest for "${id}" should either be a string or an array of strings.`
    );
  }
  const expected =
    typeof raw.opensearchDashboardsVersion === 'string' && raw.opensearchDashboardsVersion
      ? raw.opensearchDashboardsVersion
      : raw.version;
  if (expected !== 'opensearchDashboards' && coerce(expected) !== coerce(context.osdVersion)) {
    context.log?.warn(
      `Plugin "${id}" is only compatible with OpenSearch Dashboards version "${expected}", but used OpenSearch Dashboards version is "${context.osdVersion}".`
    );
  }
  const server = typeof raw.server === 'boolean' ? raw.server : false;
  const ui = typeof raw.ui === 'boolean' ? raw.ui : false;
  if (!server && !ui) {
    throw invalid(
      `Both "server" and "ui" are missing or set to "false" in plugin manifest for "${id}", but at least one of these must be set to "true".`
    );
  }
  if (
    raw.supportedOSDataSourceVersions !== undefined &&
    typeof raw.supportedOSDataSourceVersions !== 'string'
  ) {
    throw invalid(
      `The "supportedOSDataSourceVersions" in plugin manifest for "${id}" should be a version range string.`
    );
  }
  if (
    raw.requiredOSDataSourcePlugins !== undefined &&
    !(
      Array.isArray(raw.requiredOSDataSourcePlugins) &&
      raw.requiredOSDataSourcePlugins.every((p) => typeof p === 'string')
    )
  ) {
    throw invalid(
      `The "requiredOSDataSourcePlugins" in plugin manifest for "${id}" should be an array of strings.`
    );
  }
  const unknown = Object.keys(raw).filter((key) => !KNOWN_MANIFEST_FIELDS.has(key));
  if (unknown.length > 0) {
    throw invalid(
      `Manifest for plugin "${id}" contains the following unrecognized properties: ${unknown}.`
    );
  }
  const strings = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
  return {
    id,
    version: raw.version,
    opensearchDashboardsVersion: expected,
    configPath: (configPath as string | string[] | undefined) || snakeCase(id),
    requiredPlugins: strings(raw.requiredPlugins),
    optionalPlugins: strings(raw.optionalPlugins),
    requiredBundles: strings(raw.requiredBundles),
    ui,
    server,
    extraPublicDirs: raw.extraPublicDirs as string[] | undefined,
    supportedOSDataSourceVersions: raw.supportedOSDataSourceVersions as string | undefined,
    requiredOSDataSourcePlugins: raw.requiredOSDataSourcePlugins as string[] | undefined,
  };
}

export function configPathKey(manifest: PluginManifest): string {
  return Array.isArray(manifest.configPath) ? manifest.configPath.join('.') : manifest.configPath;
}
