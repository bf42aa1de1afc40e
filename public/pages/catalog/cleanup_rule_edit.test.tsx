/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The cleanup rule is the user's to set: how many old versions to keep and how old the others
 * must be. The preview follows the rule as it is edited, and Remove runs the rule previewed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { LookupSummary, ReapBody, ReapResponse } from '../../../common/api/codecs';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const LOOKUP: LookupSummary = {
  name: 'lk_a',
  kind: 'managed',
  backing_index: 'lk_a__lookup',
  current_slice: 'cur',
  rows: 1,
  size_bytes: 10,
  slice_count: 5,
  orphan_count: 4,
  orphan_rows: 4,
  last_write: '2026-03-01T10:00:00Z',
};
const slice = (i: number) => `${String(i).padStart(8, '0')}-aaaa-4bbb-8ccc-000000000000`;

/** What the server would answer for a rule: keep the `keep` newest of four old versions. */
function reap(body: ReapBody): ReapResponse {
  const keep = body.keep ?? 3;
  const all = [0, 1, 2, 3];
  return {
    dry_run: body.dry_run ?? false,
    removed: all.slice(keep).map((i) => ({ lookup: 'lk_a', slice: slice(i), rows: 1 })),
    kept: all
      .slice(0, keep)
      .map((i) => ({ lookup: 'lk_a', slice: slice(i), reason: 'newest', rule: 'newest' })),
  };
}

it('previews again as keep and age change, and removes under the rule previewed', async () => {
  const asked: ReapBody[] = [];
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [LOOKUP] }),
    [`POST ${apiPaths.reapAll()}`]: ({ body }) => {
      asked.push(body as ReapBody);
      return reap(body as ReapBody);
    },
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  await screen.findByTestId('lookupsCatalogTable');
  fireEvent.click(screen.getByTestId('lookupsCatalogCleanup'));
  const modal = await screen.findByTestId('lookupsCleanupModal');
  await within(modal).findByTestId('lookupsCleanupPreview');
  expect(asked).toEqual([{ keep: 3, older_than: '1h', dry_run: true }]);
  expect(within(modal).getByTestId('confirmModalConfirmButton').textContent).toBe(
    'Remove 1 version'
  );

  fireEvent.change(within(modal).getByTestId('lookupsCleanupKeep'), { target: { value: '1' } });
  fireEvent.change(within(modal).getByTestId('lookupsCleanupAge'), { target: { value: '2' } });
  fireEvent.change(within(modal).getByTestId('lookupsCleanupAgeUnit'), {
    target: { value: 'd' },
  });
  await waitFor(() =>
    expect(asked[asked.length - 1]).toEqual({ keep: 1, older_than: '2d', dry_run: true })
  );
  await waitFor(() =>
    expect(within(modal).getByTestId('confirmModalConfirmButton').textContent).toBe(
      'Remove 3 versions'
    )
  );
  expect(within(modal).getByTestId('lookupsCleanupRule').textContent).toBe(
    'Cleanup keeps the newest old version of each lookup and any old version younger than 2 days, and removes the rest. The current version is never removed.'
  );

  fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));
  await waitFor(() => expect(asked[asked.length - 1]).toEqual({ keep: 1, older_than: '2d' }));
});

it('refuses a keep that is not a whole number from 0 to 1000, without asking the server', async () => {
  const asked: ReapBody[] = [];
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [LOOKUP] }),
    [`POST ${apiPaths.reapAll()}`]: ({ body }) => {
      asked.push(body as ReapBody);
      return reap(body as ReapBody);
    },
  });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  await screen.findByTestId('lookupsCatalogTable');
  fireEvent.click(screen.getByTestId('lookupsCatalogCleanup'));
  const modal = await screen.findByTestId('lookupsCleanupModal');
  await within(modal).findByTestId('lookupsCleanupPreview');
  fireEvent.change(within(modal).getByTestId('lookupsCleanupKeep'), { target: { value: '-2' } });
  await waitFor(() =>
    expect(within(modal).getByTestId('confirmModalConfirmButton')).toHaveProperty('disabled', true)
  );
  expect(modal.textContent).toContain('Keep a whole number from 0 to 1000');
  await new Promise((r) => setTimeout(r, 700));
  expect(asked).toHaveLength(1);
});
