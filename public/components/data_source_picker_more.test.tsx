/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The standalone picker as the data sources change under it: a source made while the app is
 * open is offered when the picker is next entered, and a single source is listed, not
 * announced as "all selected".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedObjectsStart } from 'opensearch-dashboards/public';
import type { LookupsSetupDeps } from '../services/data_source';
import { fakeServices, renderWithProviders } from '../../test/support/render';
import { DataSourcePicker } from './data_source_picker';

const enabled: LookupsSetupDeps = {
  dataSource: { dataSourceEnabled: true, hideLocalCluster: false },
};

function renderWith(listings: Array<Array<{ id: string; title: string }>>) {
  let call = 0;
  const find = jest.fn(() => {
    const listed = listings[Math.min(call++, listings.length - 1)];
    return Promise.resolve({
      page: 1,
      perPage: 10000,
      total: listed.length,
      savedObjects: listed.map(({ id, title }) => ({
        id,
        type: 'data-source',
        // As OSD's data source management records a 3.x cluster.
        attributes: { title, dataSourceVersion: '3.4.0', dataSourceEngineType: 'OpenSearch' },
      })),
    });
  });
  const savedObjects = { client: { find } } as unknown as SavedObjectsStart;
  renderWithProviders(<DataSourcePicker />, {
    route: '/lookups',
    services: fakeServices({ dataSourcePlugins: enabled, savedObjects }),
  });
  return find;
}

const optionTexts = () =>
  within(document.body)
    .queryAllByRole('option')
    .map((o) => o.textContent);

it('with only the local cluster, lists it instead of saying all options are selected', async () => {
  const find = renderWith([[]]);
  await waitFor(() => expect(find).toHaveBeenCalled());
  fireEvent.click(screen.getByTestId('comboBoxToggleListButton'));
  await waitFor(() => expect(optionTexts()).toEqual(['Local cluster']));
  expect(document.body.textContent).not.toContain('You’ve selected all available options');
  expect(document.body.textContent).not.toContain("You've selected all available options");
});

it('offers a source made while the app is open when the picker is entered again', async () => {
  const find = renderWith([[], [{ id: 'new-1', title: 'Cluster New' }]]);
  await waitFor(() => expect(find).toHaveBeenCalledTimes(1));
  // Entering the picker (focusing its input opens its list) asks again.
  fireEvent.focus(screen.getByTestId('comboBoxSearchInput'));
  await waitFor(() => expect(find).toHaveBeenCalledTimes(2));
  if (optionTexts().length === 0) fireEvent.click(screen.getByTestId('comboBoxToggleListButton'));
  await waitFor(() => expect(optionTexts()).toEqual(['Local cluster', 'Cluster New']));
});
