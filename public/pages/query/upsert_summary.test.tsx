/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What an upsert (key_field) says it did: how many stored rows it replaced and how many it
 * added, and, when the version holds rows written without that key (which keep their own ids),
 * that those could not be matched, so a key may now appear twice.
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

const ID = '0b7d6f1c-2a9e-4c53-9a41-2f8e7d6c5b4a';
const UPSERT = 'source=web_logs | stats count() by host | outputlookup key_field=host lk_hosts';

function job(overrides: Partial<Job>): Job {
  return {
    id: ID,
    lookup: 'lk_hosts',
    user: 'ana',
    query: UPSERT,
    state: 'queued',
    progress: { rows_read: 0, rows_written: 0, elapsed_ms: 0 },
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

async function finishWith(done: Partial<Job>) {
  const { http } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }),
    [`POST ${apiPaths.jobs()}`]: () => job({}),
    [`GET ${apiPaths.job(ID)}`]: () =>
      job({
        state: 'finished',
        action: 'upserted',
        slice: 'c1d1c28c-ecc8-471e-9801-ff1fe2369c22',
        progress: { rows_read: 12, rows_written: 12, rows_total: 12, elapsed_ms: 900 },
        updated_at: '2025-05-01T10:00:02.000Z',
        finished_at: '2025-05-01T10:00:02.000Z',
        ...done,
      }),
  });
  const view = renderWithProviders(<QueryPage />, {
    route: '/query',
    services: fakeServices({ http, currentUser: Promise.resolve('ana') }),
  });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  fireEvent.change(screen.getByTestId('pplEditorInput'), { target: { value: UPSERT } });
  fireEvent.click(screen.getByTestId('lookupsQueryRun'));
  return screen.findByTestId('lookupsWriteSummary', {}, { timeout: 4000 });
}

it('says that no stored row was replaced, and why, when the version was written without a key', async () => {
  const summary = await finishWith({ replaced: 0, unmatched: { key_fields: [''], rows: 24 } });
  expect(screen.getByTestId('lookupsWriteOutcome').textContent).toBe(
    'Added 12 rows by key: none replaced a stored row, 12 were new.'
  );
  expect(summary.textContent).not.toContain('replacing stored rows with the same key');
  expect(screen.getByTestId('lookupsWriteUnmatched').textContent).toContain(
    'This version also holds 24 rows written without key_field'
  );
  expect(screen.getByTestId('lookupsWriteUnmatched').textContent).toContain(
    'a key may now appear twice'
  );
});

it('counts the rows it replaced and the rows it added', async () => {
  await finishWith({ replaced: 9 });
  expect(screen.getByTestId('lookupsWriteOutcome').textContent).toBe(
    'Added 12 rows by key: 9 replaced a stored row with the same key, 3 were new.'
  );
  expect(screen.queryByTestId('lookupsWriteUnmatched')).toBeNull();
});
