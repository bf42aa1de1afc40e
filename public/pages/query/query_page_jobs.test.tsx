/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Writes on the Query page run as jobs: submitted to `POST /_jobs`, followed by polling
 * `GET /_jobs/{id}`, shown as a progress panel with Cancel, then how the job ended. A busy lookup
 * says who holds it; the server's own permission problems show as a callout.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { Job } from '../../../common/api/jobs';
import type { StatusResponse } from '../../../common/api/codecs';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
  type FakeRoute,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

const ID = '6f1c2a9e-0b7d-4c53-9a41-2f8e7d6c5b4a';
const WRITE = 'source=web_logs | eval k = 1 | fields host, k | outputlookup lk_hosts';

let clock = Date.parse('2025-05-01T10:00:00Z');
function job(overrides: Partial<Job> = {}): Job {
  clock += 1000;
  return {
    id: ID,
    lookup: 'lk_hosts',
    user: 'ana',
    query: WRITE,
    state: 'queued',
    progress: { rows_read: 0, rows_written: 0, elapsed_ms: 0 },
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: new Date(clock).toISOString(),
    ...overrides,
  };
}

const running = (written: number, total?: number) =>
  job({
    state: 'running',
    phase: 'writing',
    progress: {
      rows_read: written,
      rows_written: written,
      ...(total !== undefined ? { rows_total: total } : {}),
      rate: 2000,
      elapsed_ms: 2000,
    },
    started_at: '2025-05-01T10:00:01.000Z',
  });

const finished = () =>
  job({
    state: 'finished',
    progress: { rows_read: 20000, rows_written: 20000, rows_total: 20000, elapsed_ms: 10000 },
    slice: 'c1d1c28c-ecc8-471e-9801-ff1fe2369c22',
    action: 'overwritten',
    finished_at: '2025-05-01T10:00:11.000Z',
  });

/** Answers the polls from `answers` in turn, then keeps giving the last. */
function polls(answers: Job[]): FakeRoute {
  let i = 0;
  return () => answers[Math.min(i++, answers.length - 1)];
}

async function setup(routes: Record<string, FakeRoute>) {
  const { http, requests } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }),
    // Accepted before any poll's answer was made.
    [`POST ${apiPaths.jobs()}`]: () => job({ updated_at: '2025-05-01T10:00:00.000Z' }),
    ...routes,
  });
  const services = fakeServices({ http, currentUser: Promise.resolve('ana') });
  const view = renderWithProviders(<QueryPage />, { route: '/query', services });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  const input = screen.getByTestId('pplEditorInput') as HTMLTextAreaElement;
  fireEvent.change(input, { target: { value: WRITE } });
  const jobPolls = () => requests.filter((r) => r.method === 'GET' && r.path === apiPaths.job(ID));
  return {
    ...view,
    requests,
    jobPolls,
    run: () => fireEvent.click(screen.getByTestId('lookupsQueryRun')),
  };
}

const wait = { timeout: 4000 };

describe('a write runs as a job', () => {
  it('submits to _jobs, shows the progress as it rises, then what was written', async () => {
    const { run, requests } = await setup({
      [`GET ${apiPaths.job(ID)}`]: polls([running(4000, 20000), running(12000, 20000), finished()]),
    });
    expect(screen.getByTestId('lookupsQueryRun').textContent).toBe('Run and write');
    run();
    await waitFor(
      () => expect(screen.getByTestId('lookupsJobRows').textContent).toBe('4,000 of 20,000'),
      wait
    );
    const panel = screen.getByTestId('lookupsJobPanel');
    expect(within(panel).getByText('Writing to lk_hosts')).toBeTruthy();
    expect(screen.getByTestId('lookupsJobState').textContent).toBe('Running');
    expect(screen.getByTestId('lookupsJobPhase').textContent).toBe('writing rows');
    const bar = screen.getByTestId('lookupsJobProgress');
    expect(bar.tagName).toBe('PROGRESS');
    expect(bar.getAttribute('value')).toBe('4000');
    expect(bar.getAttribute('max')).toBe('20000');
    expect(screen.getByTestId('lookupsJobRate').textContent).toBe('2,000 rows/s');
    expect(screen.getByTestId('lookupsJobElapsed').textContent).toBe('2 s');
    // 16,000 rows left at 2,000 rows/s.
    expect(screen.getByTestId('lookupsJobTimeLeft').textContent).toBe('about 8 s');
    expect((screen.getByTestId('lookupsJobCancel') as HTMLButtonElement).disabled).toBe(false);

    await waitFor(
      () => expect(screen.getByTestId('lookupsJobRows').textContent).toBe('12,000 of 20,000'),
      wait
    );
    const summary = await screen.findByTestId('lookupsWriteSummary', {}, wait);
    expect(summary.textContent).toContain('Wrote 20,000 rows to lk_hosts');
    expect(screen.getByTestId('lookupsWriteAction').textContent).toBe('overwritten');
    expect(screen.getByTestId('lookupsWriteOpen').getAttribute('href')).toBe(
      '/app/lookups/lookups/lk_hosts/rows'
    );
    expect(screen.queryByTestId('lookupsJobPanel')).toBeNull();
    expect(requests.find((r) => r.path === apiPaths.jobs())?.body).toEqual({ query: WRITE });
    expect(requests.some((r) => r.path === apiPaths.query())).toBe(false);
  });

  it('shows an indeterminate bar and no time left while the total is unknown', async () => {
    const { run } = await setup({ [`GET ${apiPaths.job(ID)}`]: polls([running(300)]) });
    run();
    await waitFor(() => expect(screen.getByTestId('lookupsJobRows').textContent).toBe('300'), wait);
    const bar = screen.getByTestId('lookupsJobProgress');
    expect(bar.tagName).not.toBe('PROGRESS');
    expect(screen.queryByTestId('lookupsJobTimeLeft')).toBeNull();
  });

  it('cancels a running job and says the lookup is unchanged', async () => {
    let cancelled = false;
    const { run, requests } = await setup({
      [`GET ${apiPaths.job(ID)}`]: () =>
        cancelled ? job({ state: 'cancelled' }) : running(500, 20000),
      [`POST ${apiPaths.cancelJob(ID)}`]: () => {
        cancelled = true;
        return job({ state: 'cancelling' });
      },
    });
    run();
    const cancel = await screen.findByTestId('lookupsJobCancel', {}, wait);
    await waitFor(
      () => expect(screen.getByTestId('lookupsJobState').textContent).toBe('Running'),
      wait
    );
    fireEvent.click(cancel);
    await waitFor(
      () => expect(screen.getByTestId('lookupsJobState').textContent).toBe('Cancelling'),
      wait
    );
    expect(requests.filter((r) => r.path === apiPaths.cancelJob(ID))).toHaveLength(1);
    const end = await screen.findByTestId('lookupsJobCancelled', {}, wait);
    expect(end.textContent).toBe('Cancelled; the lookup is unchanged');
  });

  it('does not offer Cancel while publishing, and says why', async () => {
    const { run } = await setup({
      [`GET ${apiPaths.job(ID)}`]: polls([
        job({ state: 'publishing', progress: { rows_read: 9, rows_written: 9, elapsed_ms: 900 } }),
      ]),
    });
    run();
    await waitFor(
      () => expect(screen.getByTestId('lookupsJobState').textContent).toBe('Publishing'),
      wait
    );
    const cancel = screen.getByTestId('lookupsJobCancel') as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    // The reason shows next to it (and in its tooltip, which jsdom cannot lay out).
    expect(screen.getByTestId('lookupsJobPublishing').textContent).toBe(
      'Publishing cannot be stopped; it is one atomic step'
    );
  });

  it('shows a failed job’s error once', async () => {
    const message =
      "OpenSearch refused this for the job's user: no permissions for [indices:data/write/bulk].";
    const { run } = await setup({
      [`GET ${apiPaths.job(ID)}`]: polls([job({ state: 'failed', error: message })]),
    });
    run();
    const failed = await screen.findByTestId('lookupsJobFailed', {}, wait);
    expect(failed.textContent).toContain('The write to lk_hosts failed');
    // In the user's terms first; the security plugin's words once, under Details.
    expect(screen.getByTestId('lookupsJobError').textContent).toBe(
      'You may not write to "lk_hosts": your user lacks the OpenSearch permission indices:data/write/bulk. An administrator can grant it.'
    );
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByTestId('lookupsJobError-details').textContent).toContain(message);
  });

  it('offers max=N when the job failed on the row ceiling, and puts it in the query', async () => {
    const message =
      'The result has more than 500 rows, over the ceiling of 500 rows per write set by lookups.max_rows.';
    const { run } = await setup({
      [`GET ${apiPaths.job(ID)}`]: polls([
        job({
          state: 'failed',
          error: message,
          error_attributes: { setting: 'lookups.max_rows', max_rows: 500, rows: null },
        }),
      ]),
    });
    run();
    const add = await screen.findByTestId('lookupsQueryAddMax', {}, wait);
    expect(screen.getByTestId('lookupsQueryCeilingSetting').textContent).toContain(
      'lookups.max_rows = 500'
    );
    fireEvent.click(add);
    const input = screen.getByTestId('pplEditorInput') as HTMLTextAreaElement;
    expect(input.value).toContain('outputlookup max=500 lk_hosts');
  });

  it('stops polling when the page goes away', async () => {
    const { run, jobPolls, unmount } = await setup({
      [`GET ${apiPaths.job(ID)}`]: polls([running(10, 20000)]),
    });
    run();
    await waitFor(() => expect(jobPolls().length).toBeGreaterThan(0), wait);
    unmount();
    const asked = jobPolls().length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(jobPolls()).toHaveLength(asked);
  });

  it('says which job holds a busy lookup, with a link to its jobs', async () => {
    const { run } = await setup({
      [`POST ${apiPaths.jobs()}`]: () => {
        throw httpError(409, '"lk_hosts" is busy: a job is still running.', {
          reason: 'lookup_busy',
          operation: 'job',
          user: 'bob',
          job_id: '0a0b0c0d-0000-4000-8000-000000000001',
          since: '2025-05-01T09:59:00.000Z',
        });
      },
    });
    run();
    const busy = await screen.findByTestId('lookupsJobBusy');
    expect(busy.textContent).toContain('lk_hosts is busy');
    const holder = screen.getByTestId('lookupsJobBusyHolder').textContent ?? '';
    expect(holder).toContain('job by bob');
    expect(holder).toContain('0a0b0c0d-0000-4000-8000-000000000001');
    expect(screen.getByTestId('lookupsJobBusyLink').getAttribute('href')).toBe(
      '/app/lookups/lookups/lk_hosts/jobs'
    );
  });

  it('marks the position of a syntax error the job route reports', async () => {
    const { run } = await setup({
      [`POST ${apiPaths.jobs()}`]: () => {
        throw httpError(400, 'Unknown field [hots]', {
          line: 1,
          column: 25,
          offset: 24,
          length: 4,
        });
      },
    });
    run();
    const [marker] = await screen.findAllByTestId('pplErrorMarker');
    expect(marker.dataset.source).toBe('server');
    expect(marker.dataset.offset).toBe('24');
  });
});

describe('the server identity’s problems', () => {
  const status = (problems: StatusResponse['server_identity']['problems']): StatusResponse => ({
    server_identity: { username: 'kibanaserver', problems },
    caller: { username: 'ana' },
  });

  it('names each missing permission and what it breaks', async () => {
    await setup({
      [`GET ${apiPaths.status()}`]: () =>
        status([
          {
            permission: 'indices:admin/create',
            message: 'The plugin index cannot be created: jobs and leases are not kept.',
          },
          { permission: 'cluster:monitor/settings', message: 'The cluster ceiling is not read.' },
        ]),
    });
    const callout = await screen.findByTestId('lookupsServerStatus');
    expect(callout.textContent).toContain('kibanaserver');
    expect(screen.getAllByTestId('lookupsServerStatusProblem').map((p) => p.textContent)).toEqual([
      'indices:admin/create: The plugin index cannot be created: jobs and leases are not kept.',
      'cluster:monitor/settings: The cluster ceiling is not read.',
    ]);
  });

  it('shows nothing when there is no problem', async () => {
    const { requests } = await setup({ [`GET ${apiPaths.status()}`]: () => status([]) });
    await waitFor(() => expect(requests.some((r) => r.path === apiPaths.status())).toBe(true));
    expect(screen.queryByTestId('lookupsServerStatus')).toBeNull();
  });
});
