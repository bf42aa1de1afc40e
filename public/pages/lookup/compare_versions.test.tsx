/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Comparing two versions on the Versions tab: counts and columns, then by key with samples. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupDetail } from '../../../common/api/codecs';
import type { CompareBody, CompareResponse } from '../../../common/api/compare';
import { apiPaths } from '../../../common/api/paths';
import { fakeHttp, fakeServices, renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';

const OLD = '11111111-aaaa-4bbb-8ccc-000000000001';
const NEW = '22222222-aaaa-4bbb-8ccc-000000000002';
const DETAIL: LookupDetail = {
  name: 'lk_c',
  kind: 'managed',
  backing_index: 'lk_c__lookup',
  current_slice: NEW,
  rows: 3,
  size_bytes: 10,
  slice_count: 2,
  orphan_count: 1,
  orphan_rows: 2,
  last_write: '2026-03-02T00:00:00Z',
  slices: [
    { id: OLD, rows: 2, current: false, state: 'complete', created_at: '2026-03-01T00:00:00Z' },
    { id: NEW, rows: 3, current: true, state: 'complete', created_at: '2026-03-02T00:00:00Z' },
  ],
};

function answer(body: CompareBody): CompareResponse {
  const base: CompareResponse = {
    from: { slice: body.from, rows: 2, columns: ['code', 'n'] },
    to: { slice: body.to, rows: 3, columns: ['code', 'n', 'note'] },
    columns: { added: ['note'], removed: [] },
  };
  return body.key_field
    ? {
        ...base,
        by_key: {
          key_field: body.key_field,
          added: 2,
          removed: 1,
          changed: 1,
          unchanged: 0,
          samples: {
            added: [{ code: 'd' }, { code: 'e' }],
            removed: [{ code: 'c', n: 3 }],
            changed: [{ key: { code: 'b' }, from: { code: 'b', n: 2 }, to: { code: 'b', n: 20 } }],
          },
        },
      }
    : base;
}

describe('comparing versions', () => {
  it('compares the version before the current one with it, then by the key picked', async () => {
    const bodies: CompareBody[] = [];
    const fake = fakeHttp({
      [`GET ${apiPaths.lookup('lk_c')}`]: () => DETAIL,
      [`POST ${apiPaths.compare('lk_c')}`]: ({ body }) => {
        bodies.push(body as CompareBody);
        return answer(body as CompareBody);
      },
    });
    renderWithProviders(<LookupsApp />, {
      route: '/lookups/lk_c/versions',
      services: fakeServices({ http: fake.http }),
    });
    const panel = await screen.findByTestId('lookupsCompare');
    expect((within(panel).getByTestId('lookupsCompareFrom') as HTMLSelectElement).value).toBe(OLD);
    expect((within(panel).getByTestId('lookupsCompareTo') as HTMLSelectElement).value).toBe(NEW);
    // Each version by its id, time and rows, counted in English.
    expect(
      [...(within(panel).getByTestId('lookupsCompareTo') as HTMLSelectElement).options].map(
        (o) => o.textContent
      )
    ).toEqual([
      expect.stringMatching(/^22222222 \(current\) · .* · 3 rows$/),
      expect.stringMatching(/^11111111 · .* · 2 rows$/),
    ]);
    fireEvent.click(within(panel).getByTestId('lookupsCompareRun'));
    const summary = await within(panel).findByTestId('lookupsCompareSummary');
    expect(summary.textContent).toContain('2 → 3');
    expect(summary.textContent).toContain('Columns addednote');
    expect(summary.textContent).toContain('Columns removednone');
    expect(bodies[0]).toEqual({ from: OLD, to: NEW });

    fireEvent.click(within(panel).getByLabelText('code'));
    await waitFor(() => expect(bodies[1]).toEqual({ from: OLD, to: NEW, key_field: ['code'] }));
    expect((await within(panel).findByTestId('lookupsCompareCounts')).textContent).toBe(
      'By code: 2 added, 1 removed, 1 changed, 0 unchanged.'
    );
    expect(within(panel).getByTestId('lookupsCompareChanged').textContent).toContain(
      '{"before":{"code":"b","n":2},"after":{"code":"b","n":20}}'
    );
    expect(within(panel).getByTestId('lookupsCompareRemovedRows').textContent).toContain(
      '{"code":"c","n":3}'
    );
  });

  it('shows at once that a key was taken, shows only the newest answer, and follows the versions picked', async () => {
    const THIRD = '33333333-aaaa-4bbb-8ccc-000000000003';
    const detail: LookupDetail = {
      ...DETAIL,
      slice_count: 3,
      slices: [
        {
          id: THIRD,
          rows: 1,
          current: false,
          state: 'complete',
          created_at: '2026-02-28T00:00:00Z',
        },
        ...DETAIL.slices,
      ],
    };
    const bodies: CompareBody[] = [];
    const pending: Array<() => void> = [];
    const fake = fakeHttp({
      [`GET ${apiPaths.lookup('lk_c')}`]: () => detail,
      [`POST ${apiPaths.compare('lk_c')}`]: ({ body }) => {
        const request = body as CompareBody;
        bodies.push(request);
        // Answered when the test says so, in the order it says.
        return new Promise((resolve) => pending.push(() => resolve(answer(request))));
      },
    });
    renderWithProviders(<LookupsApp />, {
      route: '/lookups/lk_c/versions',
      services: fakeServices({ http: fake.http }),
    });
    const panel = await screen.findByTestId('lookupsCompare');
    fireEvent.click(within(panel).getByTestId('lookupsCompareRun'));
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]();
    await within(panel).findByTestId('lookupsCompareSummary');

    // The first click on a key says what it is doing until the answer is there.
    fireEvent.click(within(panel).getByLabelText('code'));
    expect((await within(panel).findByTestId('lookupsCompareBusy')).textContent).toContain(
      'Comparing the rows by code'
    );
    // Taken back before the answer came: the keyed answer, arriving last, is not shown.
    fireEvent.click(within(panel).getByLabelText('code'));
    await waitFor(() => expect(pending).toHaveLength(3));
    expect(bodies[2]).toEqual({ from: OLD, to: NEW });
    pending[2]();
    pending[1]();
    await waitFor(() => expect(within(panel).queryByTestId('lookupsCompareBusy')).toBeNull());
    expect(within(panel).queryByTestId('lookupsCompareCounts')).toBeNull();

    // Another version picked: compared at once, by the key now picked.
    fireEvent.click(within(panel).getByLabelText('code'));
    await waitFor(() => expect(pending).toHaveLength(4));
    pending[3]();
    await within(panel).findByTestId('lookupsCompareCounts');
    fireEvent.change(within(panel).getByTestId('lookupsCompareFrom'), {
      target: { value: THIRD },
    });
    await waitFor(() => expect(pending).toHaveLength(5));
    expect(bodies[4]).toEqual({ from: THIRD, to: NEW, key_field: ['code'] });
  });

  it('says when the rows shown are a sample of more', async () => {
    const many = (body: CompareBody): CompareResponse => {
      const base = answer(body);
      return base.by_key
        ? {
            ...base,
            by_key: {
              ...base.by_key,
              changed: 12,
              samples: {
                ...base.by_key.samples,
                changed: [1, 2, 3, 4, 5].map((n) => ({
                  key: { code: `k${n}` },
                  from: { code: `k${n}`, n },
                  to: { code: `k${n}`, n: n + 1 },
                })),
              },
            },
          }
        : base;
    };
    const fake = fakeHttp({
      [`GET ${apiPaths.lookup('lk_c')}`]: () => DETAIL,
      [`POST ${apiPaths.compare('lk_c')}`]: ({ body }) => many(body as CompareBody),
    });
    renderWithProviders(<LookupsApp />, {
      route: '/lookups/lk_c/versions',
      services: fakeServices({ http: fake.http }),
    });
    const panel = await screen.findByTestId('lookupsCompare');
    fireEvent.click(within(panel).getByTestId('lookupsCompareRun'));
    await within(panel).findByTestId('lookupsCompareSummary');
    fireEvent.click(within(panel).getByLabelText('code'));
    expect((await within(panel).findByTestId('lookupsCompareChangedSample')).textContent).toBe(
      'A sample: the first 5 of 12.'
    );
    // Two added rows, both shown: no sample note.
    expect(within(panel).queryByTestId('lookupsCompareAddedSample')).toBeNull();
  });
});
