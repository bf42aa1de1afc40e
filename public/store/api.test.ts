/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Writes invalidate what they change: whatever a view shows of the written lookup (detail,
 * rows, search, fields) and the catalog is asked again, with no refresh call of its own; other
 * lookups, dry runs and refused writes ask nothing again.
 */
import { waitFor } from '@testing-library/react';
import { apiPaths } from '../../common/api/paths';
import { fakeHttp, httpError } from '../../test/support/render';
import { createLookupsApi } from '../services/api_client';
import { lookupsApi } from './api';
import { createLookupsStore } from './index';
import {
  deleteLookup,
  deleteVersion,
  importIntoLookup,
  migrateLookup,
  reapVersions,
  rollbackLookup,
} from './operations';

const A = 'lk_alpha';
const B = 'lk_beta';

function setup() {
  let versions = 3;
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [{ name: A }, { name: B }], total: 2 }),
    [`GET ${apiPaths.lookup(A)}`]: () => ({ name: A, slice_count: versions }),
    [`GET ${apiPaths.lookup(B)}`]: () => ({ name: B, slice_count: 1 }),
    [`GET ${apiPaths.rows(A)}`]: () => ({ schema: [], datarows: [], total: 0 }),
    [`GET ${apiPaths.rows(B)}`]: () => ({ schema: [], datarows: [], total: 0 }),
    [`GET ${apiPaths.fieldCaps(A)}`]: () => ({ indices: [], fields: {} }),
    [`POST ${apiPaths.search(A)}`]: () => ({ hits: [], total: 0, complete: true }),
    [`DELETE ${apiPaths.version(A, 'old')}`]: () => {
      versions -= 1;
      return { name: A, slice: 'old', rows: 1 };
    },
    [`DELETE ${apiPaths.version(A, 'current')}`]: () => {
      throw httpError(409, 'The current version cannot be deleted.');
    },
    [`POST ${apiPaths.migrate(B)}`]: () => ({ name: B, dry_run: true }),
    [`POST ${apiPaths.rollback(A)}`]: () => ({ name: A, slice: 'old' }),
    [`POST ${apiPaths.reap(A)}`]: () => ({ dry_run: false, removed: [], kept: [] }),
    [`POST ${apiPaths.import(A)}`]: () => ({ name: A, rows: 2 }),
    [`DELETE ${apiPaths.lookup(B)}`]: () => ({ name: B }),
  });
  const store = createLookupsStore(createLookupsApi(fake.http));
  // What open views would hold: the catalog, both lookups, A's rows, fields and a search.
  const { endpoints } = lookupsApi;
  const subscriptions = [
    store.dispatch(endpoints.getCatalog.initiate()),
    store.dispatch(endpoints.getLookup.initiate(A)),
    store.dispatch(endpoints.getLookup.initiate(B)),
    store.dispatch(endpoints.getRows.initiate({ name: A, query: { from: 0, size: 20 } })),
    store.dispatch(endpoints.getRows.initiate({ name: B, query: { from: 0, size: 20 } })),
    store.dispatch(endpoints.getFieldCaps.initiate(A)),
    store.dispatch(
      endpoints.searchRows.initiate({
        name: A,
        body: { mode: 'all', size: 20, query: { match_all: {} } },
      })
    ),
  ];
  const asked = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && r.path === path).length;
  const gets = () => ({
    catalog: asked('GET', apiPaths.list()),
    a: asked('GET', apiPaths.lookup(A)),
    b: asked('GET', apiPaths.lookup(B)),
    rowsA: asked('GET', apiPaths.rows(A)),
    rowsB: asked('GET', apiPaths.rows(B)),
    fieldsA: asked('GET', apiPaths.fieldCaps(A)),
    searchA: asked('POST', apiPaths.search(A)),
  });
  const once = { catalog: 1, a: 1, b: 1, rowsA: 1, rowsB: 1, fieldsA: 1, searchA: 1 };
  const settled = () => waitFor(() => expect(gets()).toEqual(once));
  return { store, fake, gets, once, settled, subscriptions };
}

/** Lets any refetch a write started go out. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('writes invalidate what they change', () => {
  it('deleting a version asks again for the catalog and everything of that lookup, and nothing else', async () => {
    const { store, gets, once, settled } = setup();
    await settled();
    await store.dispatch(deleteVersion({ name: A, slice: 'old' })).unwrap();
    await waitFor(() =>
      expect(gets()).toEqual({ ...once, catalog: 2, a: 2, rowsA: 2, fieldsA: 2, searchA: 2 })
    );
    // The versions list the detail view reads is the new one.
    await waitFor(() =>
      expect(lookupsApi.endpoints.getLookup.select(A)(store.getState()).data).toEqual({
        name: A,
        slice_count: 2,
      })
    );
  });

  it('restore, cleanup and import refresh the written lookup', async () => {
    const { store, gets, once, settled } = setup();
    await settled();
    await store.dispatch(rollbackLookup({ name: A, slice: 'old' })).unwrap();
    await waitFor(() => expect(gets()).toMatchObject({ catalog: 2, a: 2, rowsA: 2 }));
    await store.dispatch(reapVersions({ names: [A], body: {} })).unwrap();
    await waitFor(() => expect(gets()).toMatchObject({ catalog: 3, a: 3, fieldsA: 3 }));
    const file = new File(['k\n1\n'], 'rows.csv', { type: 'text/csv' });
    await store.dispatch(importIntoLookup({ name: A, file, options: {} })).unwrap();
    await waitFor(() =>
      expect(gets()).toEqual({ ...once, catalog: 4, a: 4, rowsA: 4, fieldsA: 4, searchA: 4 })
    );
  });

  it('deleting a lookup asks again only for the catalog', async () => {
    const { store, gets, once, settled } = setup();
    await settled();
    await store.dispatch(deleteLookup(B)).unwrap();
    await waitFor(() => expect(gets()).toEqual({ ...once, catalog: 2 }));
  });

  it('deleting a lookup refreshes a page of a long catalog too', async () => {
    const { store, fake, settled } = setup();
    await settled();
    const pageQuery = { search: 'lk_', from: 20, size: 20 };
    store.dispatch(lookupsApi.endpoints.getCatalogPage.initiate(pageQuery));
    const pageAsked = () =>
      fake.requests.filter(
        (r) => r.path === apiPaths.list() && r.options?.query?.search === pageQuery.search
      );
    await waitFor(() => expect(pageAsked()).toHaveLength(1));
    await store.dispatch(deleteLookup(B)).unwrap();
    await waitFor(() => expect(pageAsked()).toHaveLength(2));
    expect(pageAsked()[1].options?.query).toEqual(pageQuery);
  });

  it('a dry run and a refused write ask nothing again', async () => {
    const { store, gets, once, settled } = setup();
    await settled();
    await store.dispatch(migrateLookup({ name: B, dryRun: true })).unwrap();
    await expect(
      store.dispatch(deleteVersion({ name: A, slice: 'current' })).unwrap()
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'The current version cannot be deleted.',
    });
    await idle();
    expect(gets()).toEqual(once);
  });

  it('a view no longer open is not asked again', async () => {
    const { store, gets, once, settled, subscriptions } = setup();
    await settled();
    // A's search view closes.
    subscriptions[6].unsubscribe();
    await store.dispatch(deleteVersion({ name: A, slice: 'old' })).unwrap();
    await waitFor(() => expect(gets()).toMatchObject({ a: 2, rowsA: 2, fieldsA: 2 }));
    await idle();
    expect(gets().searchA).toBe(once.searchA);
  });
});
