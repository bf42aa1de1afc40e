/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Cleanup explains itself: the rule is said before the preview, and the preview accounts for
 * every old version the catalog counted, or says why its count differs.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { LookupSummary, ReapResponse } from '../../../common/api/codecs';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const RULE_TEXT =
  'Cleanup keeps the 3 newest old versions of each lookup and any old version younger than 1 hour, and removes the rest. The current version is never removed.';

const lookup = (name: string, orphans: number): LookupSummary => ({
  name,
  kind: 'managed',
  backing_index: `${name}__lookup`,
  current_slice: 'cur',
  rows: 1,
  size_bytes: 10,
  slice_count: orphans + 1,
  orphan_count: orphans,
  orphan_rows: orphans,
  last_write: '2026-03-01T10:00:00Z',
});

const slice = (i: number) => `${String(i).padStart(8, '0')}-aaaa-4bbb-8ccc-000000000000`;
const removed = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ lookup: name, slice: slice(i), rows: 1 }));
const kept = (name: string, rule: 'newest' | 'younger' | 'in_flight', n: number, from = 100) =>
  Array.from({ length: n }, (_, i) => ({
    lookup: name,
    slice: slice(from + i),
    reason: rule,
    rule,
  }));

async function openCleanup(
  lookups: LookupSummary[],
  routes: Parameters<typeof fakeHttp>[0],
  select?: string
) {
  const fake = fakeHttp({ [`GET ${apiPaths.list()}`]: () => ({ lookups }), ...routes });
  renderWithProviders(<LookupsApp />, {
    route: '/lookups',
    services: fakeServices({ http: fake.http }),
  });
  await screen.findByTestId('lookupsCatalogTable');
  if (select) {
    fireEvent.click(
      within(screen.getByTestId(`lookupsCatalogRow-${select}`)).getByRole('checkbox')
    );
  }
  fireEvent.click(screen.getByTestId('lookupsCatalogCleanup'));
  return screen.findByTestId('lookupsCleanupModal');
}

describe('cleanup that explains itself', () => {
  it('says the rule while the preview is still being asked for, and on the button', async () => {
    let answer: (r: ReapResponse) => void = () => undefined;
    const modal = await openCleanup([lookup('lk_a', 2)], {
      [`POST ${apiPaths.reapAll()}`]: () => new Promise<ReapResponse>((r) => (answer = r)),
    });
    expect(within(modal).getByTestId('lookupsCleanupRule').textContent).toBe(RULE_TEXT);
    expect(within(modal).queryByTestId('lookupsCleanupPreview')).toBeNull();
    answer({ dry_run: true, removed: [], kept: kept('lk_a', 'newest', 2) });
    await within(modal).findByTestId('lookupsCleanupPreview');

    fireEvent.click(within(modal).getByTestId('confirmModalCancelButton'));
    await waitFor(() => expect(screen.queryByTestId('lookupsCleanupModal')).toBeNull());
    fireEvent.focus(screen.getByTestId('lookupsCatalogCleanup'));
    expect(await screen.findByText(RULE_TEXT)).toBeTruthy();
  });

  it('accounts for every old version the catalog counted, by the part of the rule that keeps it', async () => {
    const modal = await openCleanup(
      [lookup('lk_a', 6)],
      {
        [`POST ${apiPaths.reap('lk_a')}`]: (): ReapResponse => ({
          dry_run: true,
          removed: removed('lk_a', 2),
          kept: [...kept('lk_a', 'newest', 3), ...kept('lk_a', 'younger', 1, 200)],
        }),
      },
      'lk_a'
    );
    const account = await within(modal).findByTestId('lookupsCleanupAccount');
    expect(account.textContent).toBe(
      '6 old versions: 2 removed, 3 kept as one of the 3 newest, 1 kept for being younger than 1 hour.'
    );
    // Six counted, six accounted for: nothing to explain.
    expect(within(modal).queryByTestId('lookupsCleanupCountNote')).toBeNull();
    expect(within(modal).getByText('Remove 2 versions')).toBeTruthy();
  });

  it('says why when nothing goes although the catalog shows old versions', async () => {
    const modal = await openCleanup([lookup('lk_a', 2)], {
      [`POST ${apiPaths.reapAll()}`]: (): ReapResponse => ({
        dry_run: true,
        removed: [],
        kept: kept('lk_a', 'newest', 2),
      }),
    });
    const preview = await within(modal).findByTestId('lookupsCleanupPreview');
    expect(within(preview).getByTestId('lookupsCleanupAccount').textContent).toBe(
      '2 old versions: 0 removed, 2 kept as one of the 3 newest, 0 kept for being younger than 1 hour.'
    );
    expect(preview.textContent).toContain('Nothing is removed under this rule.');
  });

  it('says so when the lookups changed since the catalog counted them', async () => {
    const modal = await openCleanup([lookup('lk_a', 2)], {
      [`POST ${apiPaths.reapAll()}`]: (): ReapResponse => ({
        dry_run: true,
        removed: removed('lk_a', 1),
        kept: kept('lk_a', 'newest', 3),
      }),
    });
    const note = await within(modal).findByTestId('lookupsCleanupCountNote');
    expect(note.textContent).toBe(
      'The list counted 2 old versions when it was loaded; the lookups have changed since, and this preview is what they hold now.'
    );
  });

  it('leaves out, and says so, the old versions of lookups it had to leave alone', async () => {
    const modal = await openCleanup([lookup('lk_a', 2), lookup('lk_b', 4)], {
      [`POST ${apiPaths.reapAll()}`]: (): ReapResponse => ({
        dry_run: true,
        removed: [],
        kept: kept('lk_a', 'newest', 2),
        skipped: [
          { lookup: 'lk_b', reason: 'no permissions for [indices:data/write/delete/byquery]' },
        ],
      }),
    });
    const note = await within(modal).findByTestId('lookupsCleanupCountNote');
    expect(note.textContent).toBe(
      '4 old versions of lookups left alone (listed below) are not counted here.'
    );
    await waitFor(() =>
      expect(within(modal).getByTestId('lookupsCleanupSkipped').textContent).toContain('lk_b')
    );
  });
});
