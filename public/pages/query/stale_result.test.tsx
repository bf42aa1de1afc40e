/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What shows under the editor belongs to the query in it: once a new query is refused by the
 * parser (and so not sent), the outcome of an earlier write must not sit under its error as if
 * it were this query's.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { Job } from '../../../common/api/jobs';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  renderWithProviders,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

const ID = '6f1c2a9e-0b7d-4c53-9a41-2f8e7d6c5b4a';
const WRITE = 'source=web_logs | stats count() by host | outputlookup lk_hosts';

const job = (overrides: Partial<Job>): Job => ({
  id: ID,
  lookup: 'lk_hosts',
  user: 'ana',
  query: WRITE,
  state: 'queued',
  progress: { rows_read: 0, rows_written: 0, elapsed_ms: 0 },
  created_at: '2025-05-01T10:00:00.000Z',
  updated_at: '2025-05-01T10:00:00.000Z',
  ...overrides,
});

async function afterFailedWrite() {
  const { http, requests } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }),
    [`POST ${apiPaths.jobs()}`]: () => job({}),
    [`GET ${apiPaths.job(ID)}`]: () =>
      job({
        state: 'failed',
        error: 'OpenSearch refused 2 rows: row 1: field "n" has type long in this lookup.',
        updated_at: '2025-05-01T10:00:05.000Z',
        finished_at: '2025-05-01T10:00:05.000Z',
      }),
  });
  const view = renderWithProviders(<QueryPage />, {
    route: '/query',
    services: fakeServices({ http, currentUser: Promise.resolve('ana') }),
  });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  const input = screen.getByTestId('pplEditorInput') as HTMLTextAreaElement;
  fireEvent.change(input, { target: { value: WRITE } });
  fireEvent.click(screen.getByTestId('lookupsQueryRun'));
  await screen.findByTestId('lookupsJobFailed', {}, { timeout: 4000 });
  return { input, requests };
}

it('a failed write does not stay under the syntax error of a different query', async () => {
  const { input, requests } = await afterFailedWrite();
  fireEvent.change(input, { target: { value: 'source=web_logs | where (' } });
  fireEvent.click(screen.getByTestId('lookupsQueryRun'));
  await screen.findByTestId('lookupsQuerySyntaxError-parser');
  expect(screen.queryByTestId('lookupsJobFailed')).toBeNull();
  // Not sent: the only job is the first one.
  expect(requests.filter((r) => r.path === apiPaths.jobs())).toHaveLength(1);
});

it('the failed write shows again once its own query is back in the editor', async () => {
  const { input } = await afterFailedWrite();
  fireEvent.change(input, { target: { value: 'source=web_logs | where (' } });
  fireEvent.click(screen.getByTestId('lookupsQueryRun'));
  await screen.findByTestId('lookupsQuerySyntaxError-parser');
  fireEvent.change(input, { target: { value: WRITE } });
  await waitFor(() => expect(screen.queryByTestId('lookupsQuerySyntaxError-parser')).toBeNull());
  expect(screen.getByTestId('lookupsJobFailed')).toBeTruthy();
});
