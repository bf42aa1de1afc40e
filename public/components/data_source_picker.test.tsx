/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedObjectsStart } from 'opensearch-dashboards/public';
import type { DataSourceSelectorProps, LookupsSetupDeps } from '../services/data_source';
import { fakeServices, renderWithProviders } from '../../test/support/render';
import { DataSourcePicker } from './data_source_picker';

const SOURCES = [
  { id: 'b-1', type: 'data-source', attributes: { title: 'Cluster B' } },
  { id: 'c-2', type: 'data-source', attributes: { title: 'Cluster C' } },
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
}: {
  route?: string;
  plugins?: LookupsSetupDeps;
  dataSourceId?: string;
  savedObjects?: SavedObjectsStart;
} = {}) {
  const services = fakeServices({ dataSourcePlugins: plugins, savedObjects, dataSourceId });
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
      fields: ['id', 'title', 'auth.type'],
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

  it('renders OSD’s DataSourceSelector when Data Source Management gives one', () => {
    const seen: DataSourceSelectorProps[] = [];
    const DataSourceSelector = (props: DataSourceSelectorProps) => {
      seen.push(props);
      return (
        <button onClick={() => props.onSelectedDataSource([{ id: 'c-2', label: 'Cluster C' }])}>
          osd selector
        </button>
      );
    };
    const { savedObjects } = savedObjectsListing();
    const { history } = renderPicker({
      route: '/lookups?dataSourceId=b-1',
      dataSourceId: 'b-1',
      savedObjects,
      plugins: { ...enabled, dataSourceManagement: { ui: { DataSourceSelector } } },
    });
    expect(seen[0]).toMatchObject({
      savedObjectsClient: savedObjects.client,
      hideLocalCluster: false,
      disabled: false,
      defaultOption: [{ id: 'b-1' }],
    });
    fireEvent.click(screen.getByText('osd selector'));
    expect(history.location.search).toBe('?dataSourceId=c-2');
  });

  it('gives OSD’s selector the local cluster as chosen, so it does not pick the default', () => {
    const seen: DataSourceSelectorProps[] = [];
    const DataSourceSelector = (props: DataSourceSelectorProps) => {
      seen.push(props);
      return null;
    };
    const withSelector = (hideLocalCluster: boolean): LookupsSetupDeps => ({
      dataSource: { dataSourceEnabled: true, hideLocalCluster },
      dataSourceManagement: { ui: { DataSourceSelector } },
    });
    renderPicker({ route: '/lookups', plugins: withSelector(false) });
    expect(seen.at(-1)?.defaultOption).toEqual([{ id: '' }]);
    // With no local cluster to show, OSD's selector picks the default data source itself, and
    // what it picks goes to the URL.
    const { history } = renderPicker({ route: '/lookups', plugins: withSelector(true) });
    expect(seen.at(-1)?.defaultOption).toBeUndefined();
    act(() => seen.at(-1)!.onSelectedDataSource([{ id: 'b-1', label: 'Cluster B' }]));
    expect(history.location.search).toBe('?dataSourceId=b-1');
  });
});
