/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { SavedObjectsClientContract } from 'opensearch-dashboards/public';
import { appHistory } from '../../test/support/render';
import {
  choosingDataSource,
  keepDataSource,
  listDataSources,
  pathOnDataSource,
  readDataSourceId,
  withDataSourceId,
} from './data_source';

describe('the data source in the URL', () => {
  it.each([
    ['', undefined],
    ['?dataSourceId=', undefined],
    ['?dataSourceId=abc-1', 'abc-1'],
    ['?q=source%3Dx&dataSourceId=b%2F2', 'b/2'],
  ])('%j names %j', (search, id) => {
    expect(readDataSourceId(search)).toBe(id);
  });

  it('sets and removes the id, keeping the other keys', () => {
    expect(withDataSourceId('?q=1', 'b')).toBe('?q=1&dataSourceId=b');
    expect(withDataSourceId('?q=1&dataSourceId=b', undefined)).toBe('?q=1');
    expect(withDataSourceId('?dataSourceId=b', undefined)).toBe('');
    expect(pathOnDataSource('/lookups/x/rows', 'b')).toBe('/lookups/x/rows?dataSourceId=b');
    expect(pathOnDataSource('/query?q=a', undefined)).toBe('/query?q=a');
  });
});

describe('keepDataSource', () => {
  const at = (route: string) => {
    const scoped = appHistory(route);
    return { scoped, history: keepDataSource(scoped) };
  };

  it('keeps the current source on push, replace and hrefs that do not name one', () => {
    const { history } = at('/lookups?dataSourceId=b1');
    expect(history.createHref({ pathname: '/lookups/x/rows' })).toBe(
      '/app/lookups/lookups/x/rows?dataSourceId=b1'
    );
    history.push('/lookups/x/rows');
    expect(history.location.pathname).toBe('/lookups/x/rows');
    expect(history.location.search).toBe('?dataSourceId=b1');
    history.replace({ pathname: '/query', search: '?q=source%3Dx' });
    expect(history.location.search).toBe('?q=source%3Dx&dataSourceId=b1');
    history.push('/schedules');
    expect(history.location.search).toBe('?dataSourceId=b1');
  });

  it('adds nothing on the local cluster', () => {
    const { history } = at('/lookups');
    history.push('/lookups/x/rows');
    expect(history.location.search).toBe('');
    expect(history.createHref({ pathname: '/query' })).toBe('/app/lookups/query');
  });

  it('lets a target choose another source, or the local cluster', () => {
    const { history } = at('/lookups?dataSourceId=b1');
    history.push({ pathname: '/lookups', search: choosingDataSource('', 'c2') });
    expect(history.location.search).toBe('?dataSourceId=c2');
    history.push({ pathname: '/lookups', search: choosingDataSource('?x=1', undefined) });
    expect(history.location.search).toBe('?x=1');
    // Listeners, `location` and the rest are the history's own.
    expect(history.location.pathname).toBe('/lookups');
  });
});

describe('listDataSources', () => {
  it('asks for data-source saved objects as OSD lists them and names each by its title', async () => {
    const find = jest.fn().mockResolvedValue({
      page: 1,
      perPage: 10000,
      total: 2,
      savedObjects: [
        { id: 'b1', type: 'data-source', attributes: { title: 'Cluster B' } },
        { id: 'c2', type: 'data-source', attributes: {} },
      ],
    });
    const client = { find } as unknown as SavedObjectsClientContract;
    expect(await listDataSources(client)).toEqual([
      { id: 'b1', label: 'Cluster B' },
      { id: 'c2', label: 'c2' },
    ]);
    expect(find).toHaveBeenCalledWith({
      type: 'data-source',
      fields: [
        'id',
        'title',
        'auth.type',
        'dataSourceVersion',
        'dataSourceEngineType',
        'installedPlugins',
      ],
      perPage: 10000,
    });
    // The picker's list: only the sources the manifest supports (none recorded here).
    expect(await listDataSources(client, { compatibleOnly: true })).toEqual([]);
  });
});
