/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A data source that cannot be reached is named as the picker names it, by its title; its id
 * and the connection's own words stay behind Details.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { SavedObjectsStart } from 'opensearch-dashboards/public';
import { apiPaths } from '../../common/api/paths';
import { fakeHttp, fakeServices, httpError, renderWithProviders } from '../../test/support/render';
import { LookupsApp } from '../app';

it('names an unreachable data source by its title, with the server’s words behind Details', async () => {
  const find = jest.fn(() =>
    Promise.resolve({
      page: 1,
      perPage: 10000,
      total: 1,
      savedObjects: [{ id: 'ds-9f3c', type: 'data-source', attributes: { title: 'Nowhere' } }],
    })
  );
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => {
      throw httpError(
        502,
        'Data source "ds-9f3c" cannot be reached (connect ECONNREFUSED 127.0.0.1:9). Check that its cluster is up and its endpoint is right, or pick another data source.',
        { reason: 'data_source_unreachable', data_source: 'ds-9f3c' }
      );
    },
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups?dataSourceId=ds-9f3c',
    services: fakeServices({
      http: fake.http,
      dataSourceId: 'ds-9f3c',
      savedObjects: { client: { find } } as unknown as SavedObjectsStart,
    }),
  });
  const callout = await screen.findByTestId('lookupsCatalogError');
  const message = within(callout).getByTestId('lookupsCatalogError-message');
  await within(callout).findByText(/Data source "Nowhere" cannot be reached/);
  expect(message.textContent).toBe(
    'Data source "Nowhere" cannot be reached. Check that its cluster is up and its endpoint is right, or pick another data source.'
  );
  fireEvent.click(within(callout).getByText('Details'));
  expect(within(callout).getByTestId('lookupsCatalogError-details').textContent).toContain(
    'ECONNREFUSED'
  );
});
