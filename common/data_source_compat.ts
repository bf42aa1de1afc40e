/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which data sources the plugin works with, from its manifest, as OSD's MDS plugins decide it
 * (their `isDataSourceCompatible`, e.g. index management's and the query workbench's): a data
 * source's recorded `dataSourceVersion` must satisfy the manifest's
 * `supportedOSDataSourceVersions`, and it must have every plugin of
 * `requiredOSDataSourcePlugins` among its `installedPlugins`. One rule more than theirs: the
 * recorded engine, where there is one, must be OpenSearch (an Elasticsearch 8 would satisfy the
 * range). The picker keeps only compatible sources (`dataSourceFilter`); the server refuses the
 * rest (server/request_context.ts). OSD's data source plugin records the three attributes when a
 * source is created (fetchDataSourceMetaData: `info()` and `_cat/plugins`).
 */
import satisfies from 'semver/functions/satisfies';
import manifest from '../opensearch_dashboards.json';

/** The manifest's range of OpenSearch versions, e.g. `>=3.0.0`. */
export const SUPPORTED_OS_DATA_SOURCE_VERSIONS: string = manifest.supportedOSDataSourceVersions;
const REQUIRED_OS_DATA_SOURCE_PLUGINS: string[] =
  (manifest as { requiredOSDataSourcePlugins?: string[] }).requiredOSDataSourcePlugins ?? [];

/** OSD's DataSourceEngineType values (src/plugins/data_source/common/data_sources). */
export const OPENSEARCH_ENGINE = 'OpenSearch';

/** What OSD records about a data source (`data-source` saved object attributes). */
export interface DataSourceFacts {
  title?: string;
  dataSourceVersion?: string;
  dataSourceEngineType?: string;
  installedPlugins?: string[];
}

export type Incompatibility =
  | { reason: 'engine'; engine: string }
  | { reason: 'version'; version: string }
  | { reason: 'plugins'; missing: string[] };

/** Why the plugin cannot work with this data source; undefined when it can. */
export function dataSourceIncompatibility(facts: DataSourceFacts): Incompatibility | undefined {
  const engine = facts.dataSourceEngineType;
  if (engine && engine !== OPENSEARCH_ENGINE) return { reason: 'engine', engine };
  const missing = REQUIRED_OS_DATA_SOURCE_PLUGINS.filter(
    (plugin) => !facts.installedPlugins?.includes(plugin)
  );
  if (missing.length > 0) return { reason: 'plugins', missing };
  const version = facts.dataSourceVersion ?? '';
  if (!satisfies(version, SUPPORTED_OS_DATA_SOURCE_VERSIONS)) return { reason: 'version', version };
  return undefined;
}

/** The picker's `dataSourceFilter`, over `data-source` saved objects. */
export const isDataSourceCompatible = (dataSource: { attributes?: DataSourceFacts }) =>
  dataSourceIncompatibility(dataSource.attributes ?? {}) === undefined;
