/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Bulk delete from the catalog: "select all" says when it took only the page and offers every
 * lookup that matches; the deletes run a few at a time, each lookup's progress shown in the
 * dialog, and the list stays as it was (the catalog is not asked again) until all are done.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupSummary } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import {
  LOOKUP_ACTIONS,
  type ActionGrant,
  type LookupAction,
  type PermissionsResponse,
} from '../../../common/api/permissions';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const names = Array.from({ length: 25 }, (_, i) => `lk_bulk_${String(i).padStart(2, '0')}`);
const LOOKUPS: LookupSummary[] = names.map((name) => ({
  name,
  kind: 'managed',
  backing_index: `${name}__lookup`,
  current_slice: 's1',
  rows: 2,
  size_bytes: 100,
  slice_count: 1,
  orphan_count: 0,
  orphan_rows: 0,
  last_write: '2026-03-01T10:00:00Z',
}));

const allowed = (asked: string[]): PermissionsResponse => ({
  can_manage_security: false,
  lookups: asked.map((name) => ({
    name,
    actions: Object.fromEntries(LOOKUP_ACTIONS.map((a) => [a, { allowed: true }])) as Record<
      LookupAction,
      ActionGrant
    >,
  })),
});

/** Deletes that answer only when the test lets them, so what is in flight can be seen. */
function heldDeletes() {
  const waiting: Array<{ name: string; answer: () => void }> = [];
  let inFlight = 0;
  let most = 0;
  const routes = Object.fromEntries(
    names.map((name) => [
      `DELETE ${apiPaths.lookup(name)}`,
      () =>
        new Promise((resolve) => {
          inFlight++;
          most = Math.max(most, inFlight);
          waiting.push({
            name,
            answer: () => {
              inFlight--;
              resolve({
                name,
                removed_alias: name,
                removed_index: `${name}__lookup`,
                rows: 2,
              });
            },
          });
        }),
    ])
  );
  return {
    routes,
    waiting,
    most: () => most,
    /** Answers every delete in flight now. */
    answerAll: async () => {
      await act(async () => {
        for (const held of waiting.splice(0)) held.answer();
        await new Promise((r) => setTimeout(r, 0));
      });
    },
  };
}

it('selects the page, says so, selects all 25, and deletes them a few at a time', async () => {
  const deletes = heldDeletes();
  let listed = 0;
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => {
      listed++;
      return { lookups: LOOKUPS, total: LOOKUPS.length };
    },
    [`GET ${apiPaths.permissions()}`]: (request) =>
      allowed(
        String((request.options?.query as { names?: string } | undefined)?.names ?? '')
          .split(',')
          .filter(Boolean)
      ),
    ...deletes.routes,
  });
  const { store } = renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  const table = await screen.findByTestId('lookupsCatalogTable');
  // The header checkbox takes the page only (20 of 25), and the page says so.
  fireEvent.click(within(table).getAllByRole('checkbox')[0]);
  const note = await screen.findByTestId('lookupsCatalogPageSelected');
  expect(note.textContent).toContain('All 20 lookups on this page are selected');
  expect(note.textContent).toContain('5 more');
  expect(screen.getByTestId('lookupsCatalogDeleteSelected').textContent).toBe(
    'Delete (20 selected)'
  );
  fireEvent.click(within(note).getByTestId('lookupsCatalogSelectAll'));
  expect(screen.getByTestId('lookupsCatalogPageSelected').textContent).toContain(
    'All 25 lookups are selected'
  );
  expect(screen.getByTestId('lookupsCatalogDeleteSelected').textContent).toBe(
    'Delete (25 selected)'
  );

  fireEvent.click(screen.getByTestId('lookupsCatalogDeleteSelected'));
  const modal = await screen.findByTestId('lookupsDeleteModal');
  expect(within(modal).getAllByRole('listitem')).toHaveLength(25);
  fireEvent.change(within(modal).getByTestId('lookupsDeleteConfirmName'), {
    target: { value: '25' },
  });
  const listedBefore = listed;
  fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));

  // A few at a time: four in flight, the rest waiting, each one's state in the list.
  await waitFor(() => expect(deletes.waiting).toHaveLength(4));
  const state = (name: string) =>
    within(modal).getByTestId(`lookupsDeleteItem-${name}`).getAttribute('data-state');
  expect(state(names[0])).toBe('deleting');
  expect(state(names[4])).toBe('waiting');
  expect(within(modal).getByTestId(`lookupsDeleteItem-${names[0]}`).textContent).toContain(
    'deleting…'
  );
  expect(within(modal).getByTestId('lookupsDeleteProgressText').textContent).toBe('0 of 25 done');
  await deletes.answerAll();
  await waitFor(() => expect(state(names[0])).toBe('deleted'));
  expect(within(modal).getByTestId('lookupsDeleteProgressText').textContent).toBe('4 of 25 done');
  // The list does not change under the dialog: the catalog is not asked again meanwhile.
  expect(listed).toBe(listedBefore);
  expect(screen.getByTestId(`lookupsCatalogRow-${names[0]}`)).toBeTruthy();

  while (deletes.waiting.length > 0 || screen.queryByTestId('lookupsDeleteModal')) {
    await waitFor(() =>
      expect(
        deletes.waiting.length > 0 || screen.queryByTestId('lookupsDeleteModal') === null
      ).toBe(true)
    );
    await deletes.answerAll();
  }
  expect(deletes.most()).toBe(4);
  expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(25);
  // Asked once, at the end.
  await waitFor(() => expect(listed).toBe(listedBefore + 1));
  expect(store.getState()).toBeTruthy();
});
