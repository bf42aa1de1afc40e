/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { SourceFieldsResponse, SourcesResponse } from '../../../common/api/codecs';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  renderWithProviders,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

const SOURCES: SourcesResponse = {
  sources: [
    { name: 'hosts', kind: 'index' },
    { name: 'web_logs', kind: 'index' },
  ],
  truncated: false,
};
const FIELDS: SourceFieldsResponse = {
  fields: [
    { name: '@timestamp', type: 'timestamp' },
    { name: 'host', type: 'string' },
    { name: 'status', type: 'int' },
  ],
};

async function setup() {
  const { http, requests } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    [`GET ${apiPaths.sources()}`]: () => SOURCES,
    [`GET ${apiPaths.sourceFields('web_logs')}`]: () => FIELDS,
  });
  const view = renderWithProviders(<QueryPage />, {
    route: '/query',
    services: fakeServices({ http, currentUser: Promise.resolve('ana') }),
  });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  const input = screen.getByTestId('pplEditorInput') as HTMLTextAreaElement;
  const type = (value: string) =>
    fireEvent.change(input, { target: { value, selectionStart: value.length } });
  const options = () =>
    within(screen.getByTestId('pplCompletions'))
      .getAllByRole('option')
      .map((o) => o.textContent);
  return { input, type, options, requests };
}

describe('completion from the cluster’s sources', () => {
  it('offers the indices the caller may read, and the fields of the one after source=', async () => {
    const { input, type, options, requests } = await setup();
    // Ctrl+Space asks again with what the page knows by then (the answers land asynchronously).
    const suggest = () => fireEvent.keyDown(input, { key: ' ', ctrlKey: true });

    type('source=we');
    await waitFor(() => {
      suggest();
      expect(options()).toEqual(['web_logsindex']);
    });

    type('source=web_logs | where st');
    await waitFor(() => {
      suggest();
      expect(options()).toContain('statusfield');
    });
    expect(requests.filter((r) => r.path === apiPaths.sourceFields('web_logs'))).toHaveLength(1);

    // A name being typed is not a listed source: its fields are not asked for.
    type('source=web_l | where st');
    expect(requests.filter((r) => r.path.endsWith('/_fields'))).toHaveLength(1);
  });
});
