/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'react-router-dom';
import type { SavedObjectsStart } from 'opensearch-dashboards/public';
import { apiPaths } from '../common/api/paths';
import type { LookupSummary } from '../common/api/codecs';
import { appHistory, fakeHttp, fakeServices, httpError } from '../test/support/render';
import { LookupsApp } from './app';
import { DataSourceScope } from './application';
import { keepDataSource } from './services/data_source';

const lookup = (name: string): LookupSummary => ({
  name,
  kind: 'managed',
  backing_index: `${name}__lookup`,
  current_slice: 's1',
  rows: 3,
  size_bytes: 100,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: null,
});

/** Each source has its own lookups; "down" cannot be reached, as the server answers it. */
const LOOKUPS_ON: Record<string, LookupSummary[]> = {
  local: [lookup('local_hosts')],
  'b-1': [lookup('b_hosts'), lookup('b_users')],
};
const UNREACHABLE = 'Data source "down" cannot be reached: connect ECONNREFUSED 127.0.0.1:1.';

const savedObjects = {
  client: {
    find: () =>
      Promise.resolve({
        page: 1,
        perPage: 10000,
        total: 2,
        savedObjects: [
          // As OSD's data source management records 3.x clusters.
          {
            id: 'b-1',
            type: 'data-source',
            attributes: {
              title: 'Cluster B',
              dataSourceVersion: '3.4.0',
              dataSourceEngineType: 'OpenSearch',
            },
          },
          {
            id: 'down',
            type: 'data-source',
            attributes: {
              title: 'Down',
              dataSourceVersion: '3.4.0',
              dataSourceEngineType: 'OpenSearch',
            },
          },
        ],
      }),
  },
} as unknown as SavedObjectsStart;

function renderApp(route: string, { localAnswer }: { localAnswer?: Promise<void> } = {}) {
  const { http, requests } = fakeHttp({
    [`GET ${apiPaths.list()}`]: async ({ options }) => {
      const id = String(options?.query?.dataSourceId ?? 'local');
      if (id === 'down') throw httpError(502, UNREACHABLE, { data_source: 'down' });
      if (id === 'local') await localAnswer;
      const lookups = LOOKUPS_ON[id] ?? [];
      return { lookups, total: lookups.length };
    },
    [`GET ${apiPaths.permissions()}`]: () => ({ can_manage_security: false, lookups: [] }),
  });
  const services = fakeServices({
    http,
    savedObjects,
    dataSourcePlugins: { dataSource: { dataSourceEnabled: true, hideLocalCluster: false } },
  });
  const history = keepDataSource(appHistory(route));
  render(
    <Router history={history}>
      <DataSourceScope services={services}>
        <LookupsApp />
      </DataSourceScope>
    </Router>
  );
  return { history, requests, services };
}

const catalogNames = () =>
  screen
    .queryAllByTestId(/^lookupsCatalogRow-/)
    .map((row) => row.getAttribute('data-test-subj')!.replace('lookupsCatalogRow-', ''));

async function pick(label: string) {
  fireEvent.click(screen.getByTestId('comboBoxToggleListButton'));
  fireEvent.click(await within(document.body).findByRole('option', { name: label }));
}

describe('the app on a data source', () => {
  it('lists the chosen source’s lookups only, and links keep the source', async () => {
    const { requests } = renderApp('/lookups?dataSourceId=b-1');
    await waitFor(() => expect(catalogNames()).toEqual(['b_hosts', 'b_users']));
    const listCalls = requests.filter((r) => r.path === apiPaths.list());
    expect(listCalls.map((r) => r.options?.query?.dataSourceId)).toEqual(['b-1']);
    expect(screen.getByTestId('lookupsCatalogLink-b_hosts').getAttribute('href')).toBe(
      '/app/lookups/lookups/b_hosts?dataSourceId=b-1'
    );
    expect(screen.getByTestId('lookupsTab-query').getAttribute('href')).toBe(
      '/app/lookups/query?dataSourceId=b-1'
    );
  });

  it('keeps the source in the breadcrumbs’ links', async () => {
    const { services } = renderApp('/lookups?dataSourceId=b-1');
    await waitFor(() =>
      expect(services.chrome.setBreadcrumbs).toHaveBeenLastCalledWith([
        expect.objectContaining({ text: 'Lookups', href: '/app/lookups/?dataSourceId=b-1' }),
        { text: 'Catalog' },
      ])
    );
  });

  it('switching source drops the previous source’s catalog and loads the new one', async () => {
    let answerLocal!: () => void;
    const localAnswer = new Promise<void>((resolve) => (answerLocal = resolve));
    const { history } = renderApp('/lookups?dataSourceId=b-1', { localAnswer });
    await waitFor(() => expect(catalogNames()).toEqual(['b_hosts', 'b_users']));
    await pick('Local cluster');
    expect(history.location.search).toBe('');
    // While the local cluster has not answered, nothing of B's is shown.
    expect(await screen.findByTestId('lookupsCatalogLoading')).toBeTruthy();
    expect(catalogNames()).toEqual([]);
    answerLocal();
    await waitFor(() => expect(catalogNames()).toEqual(['local_hosts']));
    await pick('Cluster B');
    expect(history.location.search).toBe('?dataSourceId=b-1');
    await waitFor(() => expect(catalogNames()).toEqual(['b_hosts', 'b_users']));
  });

  it('keeps the source when a catalog link opens a lookup', async () => {
    const { history } = renderApp('/lookups?dataSourceId=b-1');
    fireEvent.click(await screen.findByTestId('lookupsCatalogLink-b_users'));
    expect(history.location.pathname).toBe('/lookups/b_users/rows');
    expect(history.location.search).toBe('?dataSourceId=b-1');
  });

  it('keeps the query being written when the source changes', async () => {
    renderApp('/query?dataSourceId=b-1');
    const input = (await screen.findByTestId('pplEditorInput')) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'source=hosts | head 3' } });
    await pick('Local cluster');
    await waitFor(() =>
      expect((screen.getByTestId('pplEditorInput') as HTMLTextAreaElement).value).toBe(
        'source=hosts | head 3'
      )
    );
    // A new editor: the app was mounted afresh on the local cluster.
    expect(screen.getByTestId('pplEditorInput')).not.toBe(input);
  });

  it('shows the server’s message naming a source that cannot be reached', async () => {
    renderApp('/lookups?dataSourceId=down');
    expect((await screen.findByText(UNREACHABLE, { exact: false })).textContent).toContain(
      'Data source "down" cannot be reached'
    );
    expect(catalogNames()).toEqual([]);
  });
});
