/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The lookup page's Jobs tab (the caller's jobs on the lookup, updating while one runs) and the
 * Versions tab's states of a version: failed, being written, interrupted, a query withheld.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { LookupDetail, SliceInfo } from '../../../common/api/codecs';
import type { Job } from '../../../common/api/jobs';
import {
  fakeHttp,
  fakeServices,
  renderWithProviders,
  type FakeRoute,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

const slice = (id: string, at: string, extra: Partial<SliceInfo>): SliceInfo => ({
  id,
  rows: 5,
  current: false,
  created_at: at,
  written_by: 'ana',
  action: 'overwritten',
  ...extra,
});

const CURRENT = '11111111-aaaa-4bbb-8ccc-000000000001';
const FAILED = '22222222-aaaa-4bbb-8ccc-000000000002';
const WRITING = '33333333-aaaa-4bbb-8ccc-000000000003';
const INTERRUPTED = '44444444-aaaa-4bbb-8ccc-000000000004';
const OLD = '55555555-aaaa-4bbb-8ccc-000000000005';

const DETAIL: LookupDetail = {
  name: 'lk_hosts',
  kind: 'managed',
  backing_index: 'lk_hosts__lookup',
  current_slice: CURRENT,
  rows: 5,
  size_bytes: 1024,
  slice_count: 5,
  orphan_count: 4,
  orphan_rows: 20,
  last_write: '2026-03-01T10:05:00Z',
  slices: [
    slice(CURRENT, '2026-03-01T10:05:00Z', {
      current: true,
      state: 'complete',
      query: 'source=a | outputlookup lk_hosts',
    }),
    slice(FAILED, '2026-03-01T10:04:00Z', { state: 'failed', query_hidden: true }),
    slice(WRITING, '2026-03-01T10:03:00Z', { state: 'writing', in_flight: true }),
    slice(INTERRUPTED, '2026-03-01T10:02:00Z', { state: 'writing' }),
    slice(OLD, '2026-03-01T10:01:00Z', {
      state: 'complete',
      query: 'source=b | outputlookup lk_hosts',
    }),
  ],
};

function render(tab: string, routes: Record<string, FakeRoute> = {}) {
  const fake = fakeHttp({ [`GET ${apiPaths.lookup('lk_hosts')}`]: () => DETAIL, ...routes });
  const view = renderWithProviders(<LookupsApp />, {
    route: `/lookups/lk_hosts/${tab}`,
    services: fakeServices({ http: fake.http }),
  });
  return { ...view, ...fake };
}

describe('the states of a version', () => {
  it('marks failed, being written and interrupted versions, and offers restore only for complete old ones', async () => {
    render('versions');
    const timeline = await screen.findByTestId('lookupsVersionsTimeline');
    const status = (id: string) =>
      within(within(timeline).getByTestId(`lookupsVersion-${id}`)).getByTestId(
        'lookupsVersionStatus'
      ).textContent;
    expect(status(CURRENT)).toBe('Current');
    expect(status(FAILED)).toBe('Failed — incomplete');
    expect(status(WRITING)).toBe('Being written');
    expect(status(INTERRUPTED)).toBe('Interrupted');
    expect(status(OLD)).toBe('Old version');
    for (const id of [CURRENT, FAILED, WRITING, INTERRUPTED]) {
      expect(screen.queryByTestId(`lookupsVersionRestore-${id}`)).toBeNull();
    }
    expect(screen.getByTestId(`lookupsVersionRestore-${OLD}`)).toBeTruthy();
  });

  it("labels a cancelled job's version cancelled, says how it began, and offers no restore", async () => {
    const CANCELLED = '66666666-aaaa-4bbb-8ccc-000000000006';
    const withCancelled: LookupDetail = {
      ...DETAIL,
      slices: [
        ...DETAIL.slices,
        slice(CANCELLED, '2026-03-01T10:06:00Z', { state: 'cancelled', action: 'overwritten' }),
      ],
    };
    render('versions', { [`GET ${apiPaths.lookup('lk_hosts')}`]: () => withCancelled });
    const entry = await screen.findByTestId(`lookupsVersion-${CANCELLED}`);
    expect(within(entry).getByTestId('lookupsVersionStatus').textContent).toBe(
      'Cancelled — incomplete'
    );
    expect(entry.textContent).toContain('(overwrite)');
    expect(entry.textContent).not.toContain('how is not recorded');
    expect(screen.queryByTestId(`lookupsVersionRestore-${CANCELLED}`)).toBeNull();
  });

  it('says the query is withheld when it read indices the caller cannot read', async () => {
    render('versions');
    const entry = await screen.findByTestId(`lookupsVersion-${FAILED}`);
    expect(within(entry).getByTestId('lookupsVersionQueryHidden').textContent).toBe(
      'The query read indices you cannot read'
    );
    expect(within(entry).queryByTestId('lookupsVersionQuery')).toBeNull();
    const old = screen.getByTestId(`lookupsVersion-${OLD}`);
    expect(within(old).getByTestId('lookupsVersionQuery').textContent).toBe(
      'source=b | outputlookup lk_hosts'
    );
  });
});

const job = (id: string, overrides: Partial<Job>): Job => ({
  id,
  lookup: 'lk_hosts',
  user: 'ana',
  query: 'source=web_logs | outputlookup lk_hosts',
  state: 'finished',
  progress: { rows_read: 12, rows_written: 12, elapsed_ms: 800 },
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:01Z',
  started_at: '2026-03-01T10:00:00Z',
  finished_at: '2026-03-01T10:00:01Z',
  ...overrides,
});

const RUNNING = 'aaaaaaaa-0000-4000-8000-000000000001';
const BROKE = 'aaaaaaaa-0000-4000-8000-000000000002';

describe('the Jobs tab', () => {
  it('is a tab with its own deep link', async () => {
    render('jobs', { [`GET ${apiPaths.jobs()}`]: () => ({ jobs: [] }) });
    expect(screen.getByTestId('lookupsLookupTab-jobs').getAttribute('href')).toBe(
      '/app/lookups/lookups/lk_hosts/jobs'
    );
    expect(screen.getByTestId('lookupsLookupTab-jobs').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('You have run no write jobs on this lookup.')).toBeTruthy();
  });

  it('lists the caller’s jobs on the lookup with state, rows, times, user and error, updating a running one', async () => {
    let asked = 0;
    const { requests } = render('jobs', {
      [`GET ${apiPaths.jobs()}`]: () => {
        asked++;
        return {
          jobs: [
            asked === 1
              ? job(RUNNING, {
                  state: 'running',
                  progress: {
                    rows_read: 500,
                    rows_written: 500,
                    rows_total: 2000,
                    elapsed_ms: 100,
                  },
                  finished_at: undefined,
                })
              : job(RUNNING, {
                  progress: { rows_read: 2000, rows_written: 2000, elapsed_ms: 900 },
                }),
            job(BROKE, {
              state: 'failed',
              user: 'ana',
              error: 'The cluster refused the bulk request.',
            }),
          ],
        };
      },
    });
    const row = await screen.findByTestId(`lookupsJobsRow-${RUNNING}`);
    expect(within(row).getByTestId('lookupsJobsState').textContent).toBe('Running');
    expect(within(row).getByTestId('lookupsJobsRows').textContent).toBe('500 of 2,000');
    const broke = screen.getByTestId(`lookupsJobsRow-${BROKE}`);
    expect(within(broke).getByTestId('lookupsJobsState').textContent).toBe('Failed');
    expect(within(broke).getByTestId('lookupsJobsError').textContent).toBe(
      'The cluster refused the bulk request.'
    );
    expect(broke.textContent).toContain('ana');
    expect(requests.find((r) => r.path === apiPaths.jobs())?.options?.query).toEqual({
      lookup: 'lk_hosts',
    });
    await waitFor(
      () =>
        expect(
          within(screen.getByTestId(`lookupsJobsRow-${RUNNING}`)).getByTestId('lookupsJobsState')
            .textContent
        ).toBe('Finished'),
      { timeout: 4000 }
    );
    expect(
      within(screen.getByTestId(`lookupsJobsRow-${RUNNING}`)).getByTestId('lookupsJobsRows')
        .textContent
    ).toBe('2,000');
  });
});
