/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedObjectsStart } from 'opensearch-dashboards/public';
import type {
  DataSourceMenuProps,
  DataSourceSelectableConfig,
  LookupsSetupDeps,
} from '../services/data_source';
import { fakeServices, renderWithProviders } from '../../test/support/render';
import { DataSourcePicker } from './data_source_picker';

const RECORDED = { dataSourceVersion: '3.4.0', dataSourceEngineType: 'OpenSearch' };
const SOURCES = [
  { id: 'b-1', type: 'data-source', attributes: { title: 'Cluster B', ...RECORDED } },
  { id: 'c-2', type: 'data-source', attributes: { title: 'Cluster C', ...RECORDED } },
];

function savedObjectsListing(objects = SOURCES) {
  const find = jest.fn(() =>
    Promise.resolve({ page: 1, perPage: 10000, total: objects.length, savedObjects: objects })
  );
  return { find, savedObjects: { client: { find } } as unknown as SavedObjectsStart };
}

const enabled: LookupsSetupDeps = {
  dataSource: { dataSourceEnabled: true, hideLocalCluster: false },
};

function renderPicker({
  route = '/lookups',
  plugins = enabled,
  dataSourceId,
  savedObjects = savedObjectsListing().savedObjects,
  setHeaderActionMenu,
}: {
  route?: string;
  plugins?: LookupsSetupDeps;
  dataSourceId?: string;
  savedObjects?: SavedObjectsStart;
  setHeaderActionMenu?: jest.Mock;
} = {}) {
  const services = fakeServices({
    dataSourcePlugins: plugins,
    savedObjects,
    dataSourceId,
    setHeaderActionMenu,
  });
  return renderWithProviders(<DataSourcePicker />, { route, services });
}

/** The combo box's text input, found by its label (as a screen reader names it). */
const input = () => screen.getByLabelText('Data source');

/** Opens the list; its options render in a portal, so they are looked up in the document. */
async function openOptions() {
  fireEvent.click(screen.getByTestId('comboBoxToggleListButton'));
  await screen.findAllByRole('option');
  return within(document.body);
}

describe('DataSourcePicker', () => {
  it('is not there without the Data Source plugin, or with it disabled', () => {
    const { container } = renderPicker({ plugins: {} });
    expect(container.textContent).toBe('');
    const off = renderPicker({
      plugins: { dataSource: { dataSourceEnabled: false, hideLocalCluster: false } },
    });
    expect(off.container.textContent).toBe('');
  });

  it('offers the local cluster first, then each data-source saved object by its title', async () => {
    const { find, savedObjects } = savedObjectsListing();
    renderPicker({ savedObjects });
    expect(screen.getByTestId('dataSourceSelectorComboBox').textContent).toContain('Data source');
    expect(screen.getByTestId('dataSourceSelectorComboBox').textContent).toContain('Local cluster');
    const list = await openOptions();
    await waitFor(() =>
      expect(list.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Local cluster',
        'Cluster B',
        'Cluster C',
      ])
    );
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
    expect(input().tagName).toBe('INPUT');
    expect(input().getAttribute('data-test-subj')).toBe('comboBoxSearchInput');
  });

  it('shows the source the URL names as chosen', async () => {
    renderPicker({ route: '/lookups?dataSourceId=c-2', dataSourceId: 'c-2' });
    await waitFor(() =>
      expect(screen.getByTestId('dataSourceSelectorComboBox').textContent).toContain('Cluster C')
    );
  });

  it('puts the chosen source in the URL, keeping the page and its other keys', async () => {
    const { history } = renderPicker({ route: '/lookups/hosts/rows?x=1' });
    const list = await openOptions();
    fireEvent.click(await list.findByRole('option', { name: 'Cluster B' }));
    expect(history.location.pathname).toBe('/lookups/hosts/rows');
    expect(new URLSearchParams(history.location.search).get('dataSourceId')).toBe('b-1');
    expect(new URLSearchParams(history.location.search).get('x')).toBe('1');
  });

  it('goes back to the local cluster by dropping the id from the URL', async () => {
    const { history } = renderPicker({ route: '/query?dataSourceId=b-1', dataSourceId: 'b-1' });
    const list = await openOptions();
    fireEvent.click(await list.findByRole('option', { name: 'Local cluster' }));
    expect(history.location.pathname).toBe('/query');
    expect(history.location.search).toBe('');
  });

  it('hides the local cluster where the Data Source plugin hides it', async () => {
    renderPicker({
      route: '/lookups?dataSourceId=b-1',
      dataSourceId: 'b-1',
      plugins: { dataSource: { dataSourceEnabled: true, hideLocalCluster: true } },
    });
    const list = await openOptions();
    await waitFor(() =>
      expect(list.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Cluster B',
        'Cluster C',
      ])
    );
  });

  it('warns when the data sources cannot be listed, and keeps the choice by its id', async () => {
    const find = jest.fn(() => Promise.reject(new Error('403')));
    const savedObjects = { client: { find } } as unknown as SavedObjectsStart;
    const services = fakeServices({
      dataSourcePlugins: enabled,
      savedObjects,
      dataSourceId: 'b-1',
    });
    renderWithProviders(<DataSourcePicker />, { route: '/lookups?dataSourceId=b-1', services });
    await waitFor(() =>
      expect(services.notifications.toasts.addWarning).toHaveBeenCalledWith(
        'Unable to fetch existing data sources'
      )
    );
    expect(screen.getByTestId('dataSourceSelectorComboBox').textContent).toContain('b-1');
  });

  it('mounts Data Source Management’s menu in the header, with the manifest’s filter', () => {
    const seen: Array<DataSourceMenuProps<DataSourceSelectableConfig>> = [];
    const DataSourceMenu = (props: DataSourceMenuProps<DataSourceSelectableConfig>) => {
      seen.push(props);
      return (
        <button
          onClick={() =>
            props.componentConfig.onSelectedDataSources([{ id: 'c-2', label: 'Cluster C' }])
          }
        >
          osd menu
        </button>
      );
    };
    const getDataSourceMenu = jest.fn(() => DataSourceMenu) as never;
    const setHeaderActionMenu = jest.fn();
    const { savedObjects } = savedObjectsListing();
    const { history } = renderPicker({
      route: '/lookups?dataSourceId=b-1',
      dataSourceId: 'b-1',
      savedObjects,
      setHeaderActionMenu,
      plugins: { ...enabled, dataSourceManagement: { ui: { getDataSourceMenu } } },
    });
    expect(seen[0]).toMatchObject({
      componentType: 'DataSourceSelectable',
      setMenuMountPoint: setHeaderActionMenu,
      componentConfig: {
        savedObjects: savedObjects.client,
        fullWidth: false,
        activeOption: [{ id: 'b-1' }],
      },
    });
    const filter = seen[0].componentConfig.dataSourceFilter!;
    const source = (attributes: Record<string, unknown>) => ({ attributes });
    expect(filter(source({ dataSourceVersion: '3.4.0', dataSourceEngineType: 'OpenSearch' }))).toBe(
      true
    );
    expect(filter(source({ dataSourceVersion: '3.0.0' }))).toBe(true);
    expect(
      filter(source({ dataSourceVersion: '2.19.1', dataSourceEngineType: 'OpenSearch' }))
    ).toBe(false);
    expect(
      filter(source({ dataSourceVersion: '8.12.0', dataSourceEngineType: 'Elasticsearch' }))
    ).toBe(false);
    expect(
      filter(source({ dataSourceVersion: '', dataSourceEngineType: 'OpenSearch Serverless' }))
    ).toBe(false);
    expect(filter(source({}))).toBe(false);
    fireEvent.click(screen.getByText('osd menu'));
    expect(history.location.search).toBe('?dataSourceId=c-2');
    // The menu component is made once, not per render (OSD's getDataSourceMenu makes a new one),
    // though the choice re-rendered the picker.
    expect(seen.length).toBeGreaterThan(1);
    expect(getDataSourceMenu).toHaveBeenCalledTimes(1);
  });

  it('gives OSD’s menu the local cluster as chosen, so it does not pick the default', () => {
    const seen: Array<DataSourceMenuProps<DataSourceSelectableConfig>> = [];
    const DataSourceMenu = (props: DataSourceMenuProps<DataSourceSelectableConfig>) => {
      seen.push(props);
      return null;
    };
    const withMenu = (hideLocalCluster: boolean): LookupsSetupDeps => ({
      dataSource: { dataSourceEnabled: true, hideLocalCluster },
      dataSourceManagement: { ui: { getDataSourceMenu: (() => DataSourceMenu) as never } },
    });
    const setHeaderActionMenu = jest.fn();
    renderPicker({ route: '/lookups', plugins: withMenu(false), setHeaderActionMenu });
    expect(seen.at(-1)?.componentConfig.activeOption).toEqual([{ id: '' }]);
    // With no local cluster to show, OSD's menu picks the default data source itself, and
    // what it picks goes to the URL.
    const { history } = renderPicker({
      route: '/lookups',
      plugins: withMenu(true),
      setHeaderActionMenu,
    });
    expect(seen.at(-1)?.componentConfig.activeOption).toBeUndefined();
    act(() =>
      seen.at(-1)!.componentConfig.onSelectedDataSources([{ id: 'b-1', label: 'Cluster B' }])
    );
    expect(history.location.search).toBe('?dataSourceId=b-1');
  });

  it('offers in its own combo box only the sources the manifest supports', async () => {
    const { savedObjects } = savedObjectsListing([
      {
        id: 'b-1',
        type: 'data-source',
        attributes: {
          title: 'Cluster B',
          dataSourceVersion: '3.4.0',
          dataSourceEngineType: 'OpenSearch',
        } as never,
      },
      {
        id: 'o-1',
        type: 'data-source',
        attributes: {
          title: 'Old',
          dataSourceVersion: '2.11.0',
          dataSourceEngineType: 'OpenSearch',
        } as never,
      },
    ]);
    renderPicker({ savedObjects });
    const list = await openOptions();
    await waitFor(() =>
      expect(list.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Local cluster',
        'Cluster B',
      ])
    );
  });
});
