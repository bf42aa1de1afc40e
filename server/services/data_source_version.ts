/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The server's half of `supportedOSDataSourceVersions` (OSD core enforces it nowhere): a
 * request on a data source of another engine or of a version outside the manifest's range is a
 * 400 naming the source, its engine and version and the range, before anything is sent to it.
 * What is checked is what OSD recorded with the data source (its `data-source` saved object:
 * `dataSourceVersion`, `dataSourceEngineType`, `installedPlugins`), the facts the picker filters
 * on. A source saved without them (made through the API, or before OSD recorded them) is asked
 * once per request (`info()`, as OSD's fetchDataSourceMetaData reads it); if it cannot answer,
 * the request goes on and fails as an unreachable source does.
 */
import type { OpenSearchClient, RequestHandlerContext } from 'opensearch-dashboards/server';
import {
  dataSourceIncompatibility,
  OPENSEARCH_ENGINE,
  SUPPORTED_OS_DATA_SOURCE_VERSIONS,
  type DataSourceFacts,
} from '../../common/data_source_compat';
import { LookupError } from '../lib/errors';

async function recordedFacts(
  core: RequestHandlerContext['core'],
  dataSourceId: string
): Promise<DataSourceFacts | undefined> {
  try {
    return (await core.savedObjects.client.get<DataSourceFacts>('data-source', dataSourceId))
      .attributes;
  } catch {
    // An unknown id is answered by the data source client as OSD's is (a 404 naming it).
    return undefined;
  }
}

async function liveFacts(client: OpenSearchClient): Promise<DataSourceFacts | undefined> {
  try {
    const { body } = await client.info();
    const version = (body as { version?: { number?: string; distribution?: string } }).version;
    return {
      dataSourceVersion: version?.number ?? '',
      dataSourceEngineType:
        version?.distribution === 'opensearch' ? OPENSEARCH_ENGINE : 'Elasticsearch',
    };
  } catch {
    return undefined;
  }
}

/** The 400 for a data source the plugin does not support; undefined when it is supported. */
export async function unsupportedDataSource(
  core: RequestHandlerContext['core'],
  dataSourceId: string,
  client: OpenSearchClient
): Promise<LookupError | undefined> {
  const recorded = await recordedFacts(core, dataSourceId);
  if (!recorded) return undefined;
  const facts =
    recorded.dataSourceVersion || recorded.dataSourceEngineType
      ? recorded
      : { ...recorded, ...(await liveFacts(client)) };
  if (!facts.dataSourceVersion && !facts.dataSourceEngineType) return undefined;
  const problem = dataSourceIncompatibility(facts);
  if (!problem) return undefined;
  const named = recorded.title ? `"${recorded.title}" (${dataSourceId})` : `"${dataSourceId}"`;
  const engine = facts.dataSourceEngineType || 'an unknown engine';
  const version = facts.dataSourceVersion || 'no version';
  const what =
    problem.reason === 'plugins'
      ? `lacks the OpenSearch plugins ${problem.missing.join(', ')}`
      : `runs ${engine} ${version}`;
  return new LookupError(
    400,
    `Data source ${named} ${what}; Lookups works with OpenSearch ${SUPPORTED_OS_DATA_SOURCE_VERSIONS} (supportedOSDataSourceVersions). Pick a data source of a supported version, or leave dataSourceId out for the local cluster.`,
    {
      reason: 'data_source_unsupported',
      data_source: dataSourceId,
      engine: facts.dataSourceEngineType ?? null,
      version: facts.dataSourceVersion ?? null,
      supported: SUPPORTED_OS_DATA_SOURCE_VERSIONS,
    }
  );
}
