/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The data source a request is for: OSD's multiple data sources ("MDS") name a connected
 * cluster by the id of its `data-source` saved object, sent as the `dataSourceId` query
 * parameter. Without it, a request is for the local cluster.
 */
import * as t from 'io-ts';
import { refined, strictObject } from './decode';

export const DATA_SOURCE_PARAM = 'dataSourceId';

/** Saved object ids are free text in OSD; only blank or absurdly long ones are refused here. */
export const DataSourceId = refined(
  'data source id',
  t.string,
  (id) => id.trim().length > 0 && id.length <= 512,
  'expected the id of a data source (1 to 512 characters)'
);

export const DataSourceQuery = strictObject(
  'data source query',
  {},
  { [DATA_SOURCE_PARAM]: DataSourceId }
);
export type DataSourceQuery = t.TypeOf<typeof DataSourceQuery>;
