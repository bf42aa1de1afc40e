/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The Schedules page: the list, enable/disable, run now, history, and making a schedule. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { Schedule, ScheduleDetail } from '../../../common/api/schedules';
import {
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
  type FakeRoute,
} from '../../../test/support/render';
import type { SavedObjectsStart } from 'opensearch-dashboards/public';
import { LookupsApp } from '../../app';

const ID = '0b7d5f0e-6a4c-4a51-9d63-2f1a3c9e8b11';

const SCHEDULE: Schedule = {
  id: ID,
  lookup: 'lk_hosts',
  query: 'source=web_logs | stats count() by host | outputlookup lk_hosts',
  every: '1h',
  time_zone: 'UTC',
  enabled: true,
  guards: { max_shrink_percent: 20 },
  owner: 'tester',
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  next_run_at: '2026-03-01T12:00:00Z',
  last_run: {
    job_id: 'job-1',
    trigger: 'schedule',
    state: 'finished',
    created_at: '2026-03-01T11:00:00Z',
    rows: 120,
    row_delta: -4,
  },
  last_success_at: '2026-03-01T11:00:01Z',
  stale: true,
};

function render(routes: Record<string, FakeRoute> = {}) {
  const fake = fakeHttp({
    [`GET ${apiPaths.schedules()}`]: () => ({ schedules: [SCHEDULE] }),
    ...routes,
  });
  const view = renderWithProviders(<LookupsApp />, {
    route: '/schedules',
    services: fakeServices({ http: fake.http }),
  });
  return { ...view, ...fake };
}

describe('the Schedules page', () => {
  it('lists a schedule with its cadence, next run, last outcome with the row change, and staleness', async () => {
    render();
    const row = await screen.findByTestId('lookupsSchedule-lk_hosts');
    expect(within(row).getByTestId('lookupsScheduleLookup').textContent).toBe('lk_hosts');
    expect(row.textContent).toContain('Every 1h');
    expect(within(row).getByTestId('lookupsScheduleLastState').textContent).toBe('Finished');
    expect(within(row).getByTestId('lookupsScheduleLastRun').textContent).toContain('120 (−4)');
    expect(within(row).getByTestId('lookupsScheduleStale').textContent).toBe('Stale');
    expect(screen.getByTestId('lookupsTab-schedules').getAttribute('aria-selected')).toBe('true');
  });

  it('disables a schedule with a PUT that keeps everything else', async () => {
    const { requests } = render({
      [`PUT ${apiPaths.schedule(ID)}`]: (r) => ({ ...SCHEDULE, ...(r.body as object) }),
    });
    fireEvent.click(await screen.findByTestId('lookupsScheduleEnabled'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      query: SCHEDULE.query,
      every: '1h',
      enabled: false,
      guards: { max_shrink_percent: 20 },
    });
  });

  it('runs a schedule now, and says why when the server refuses', async () => {
    const { requests, services } = render({
      [`POST ${apiPaths.runSchedule(ID)}`]: () => {
        throw httpError(
          409,
          'A run of this schedule is already under way (job j1); wait for it to end.'
        );
      },
    });
    fireEvent.click(await screen.findByTestId('lookupsScheduleRunNow'));
    await waitFor(() =>
      expect(services.notifications.toasts.addDanger).toHaveBeenCalledWith({
        title: 'The run did not start',
        text: 'A run of this schedule is already under way (job j1); wait for it to end.',
      })
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows the run history with outcomes and errors', async () => {
    const detail: ScheduleDetail = {
      ...SCHEDULE,
      runs: [
        {
          job_id: 'job-2',
          trigger: 'manual',
          state: 'failed',
          created_at: '2026-03-01T11:30:00Z',
          error: 'The run found 3 rows where the current version has 120 (97.5% fewer)',
        },
        SCHEDULE.last_run!,
      ],
    };
    render({ [`GET ${apiPaths.schedule(ID)}`]: () => detail });
    fireEvent.click(await screen.findByTestId('lookupsScheduleHistory'));
    const failed = await screen.findByTestId('lookupsScheduleRun-job-2');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('Run now');
    expect(failed.textContent).toContain('97.5% fewer');
    expect(screen.getByTestId('lookupsScheduleRun-job-1').textContent).toContain('120 (−4)');
  });

  it('makes a schedule: checks the cadence as it is typed, previews runs, and sends the guards', async () => {
    const created: unknown[] = [];
    const { requests } = render({
      [`GET ${apiPaths.schedules()}`]: () => ({ schedules: [] }),
      [`POST ${apiPaths.schedules()}`]: (r) => {
        created.push(r.body);
        return { ...SCHEDULE, id: ID };
      },
    });
    expect(await screen.findByTestId('lookupsSchedulesEmpty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lookupsScheduleNew'));
    const form = await screen.findByTestId('lookupsScheduleForm');
    fireEvent.change(within(form).getByTestId('pplEditorInput'), {
      target: { value: 'source=web_logs | fields host | outputlookup lk_new' },
    });
    fireEvent.change(within(form).getByTestId('lookupsScheduleFormEvery'), {
      target: { value: '15 minutes' },
    });
    expect(form.textContent).toContain('every must be a whole number and a unit');
    expect(within(form).getByTestId('lookupsScheduleFormSave').hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByTestId('lookupsScheduleFormEvery'), {
      target: { value: '15m' },
    });
    expect(within(form).getByTestId('lookupsScheduleFormNextRuns').textContent).toMatch(
      /^Next runs: /
    );
    fireEvent.click(within(form).getByTestId('lookupsScheduleGuardEmpty'));
    fireEvent.click(within(form).getByTestId('lookupsScheduleFormSave'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      query: 'source=web_logs | fields host | outputlookup lk_new',
      every: '15m',
      enabled: true,
      guards: { skip_empty: true },
    });
    await waitFor(() => expect(screen.queryByTestId('lookupsScheduleForm')).toBeNull());
    expect(
      requests.filter((r) => r.method === 'GET' && r.path === apiPaths.schedules()).length
    ).toBeGreaterThan(1);
  });

  it('keeps the form open with the server’s reason when a schedule is refused', async () => {
    render({
      [`GET ${apiPaths.schedules()}`]: () => ({ schedules: [] }),
      [`POST ${apiPaths.schedules()}`]: () => {
        throw httpError(409, 'Scheduled refresh runs each schedule as its owner (tester) …', {
          reason: 'impersonation_not_configured',
        });
      },
    });
    fireEvent.click(await screen.findByTestId('lookupsScheduleNew'));
    const form = await screen.findByTestId('lookupsScheduleForm');
    fireEvent.change(within(form).getByTestId('pplEditorInput'), {
      target: { value: 'source=web_logs | outputlookup lk_new' },
    });
    fireEvent.click(within(form).getByTestId('lookupsScheduleFormSave'));
    expect((await screen.findByTestId('lookupsScheduleFormError-message')).textContent).toContain(
      'runs each schedule as its owner'
    );
  });
  it('refuses a period shorter than the server allows as it is typed, without next runs', async () => {
    render({ [`GET ${apiPaths.schedules()}`]: () => ({ schedules: [] }) });
    fireEvent.click(await screen.findByTestId('lookupsScheduleNew'));
    const form = await screen.findByTestId('lookupsScheduleForm');
    fireEvent.change(within(form).getByTestId('pplEditorInput'), {
      target: { value: 'source=web_logs | outputlookup lk_new' },
    });
    fireEvent.change(within(form).getByTestId('lookupsScheduleFormEvery'), {
      target: { value: '30s' },
    });
    expect(form.textContent).toContain(
      'This schedule would run every 30 s; the shortest period allowed is 60 s (lookups.schedules.min_interval_ms).'
    );
    expect(within(form).queryByTestId('lookupsScheduleFormNextRuns')).toBeNull();
    expect(within(form).getByTestId('lookupsScheduleFormSave').hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByTestId('lookupsScheduleFormEvery'), {
      target: { value: '1m' },
    });
    expect(within(form).getByTestId('lookupsScheduleFormNextRuns').textContent).toMatch(
      /^Next runs: /
    );
    expect(within(form).getByTestId('lookupsScheduleFormSave').hasAttribute('disabled')).toBe(
      false
    );
  });

  it('edits the query in the PPL editor, highlighted, and says when it writes no lookup', async () => {
    render({ [`GET ${apiPaths.schedules()}`]: () => ({ schedules: [] }) });
    fireEvent.click(await screen.findByTestId('lookupsScheduleNew'));
    const form = await screen.findByTestId('lookupsScheduleForm');
    fireEvent.change(within(form).getByTestId('pplEditorInput'), {
      target: { value: 'source=web_logs | stats count() by host' },
    });
    expect(within(form).getByTestId('pplEditorHighlight').querySelector('span')).not.toBeNull();
    expect(form.textContent).toContain(
      'A schedule refreshes a lookup: end the query with outputlookup <name>.'
    );
    expect(within(form).getByTestId('pplEditorInput').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByTestId('lookupsScheduleFormSave').hasAttribute('disabled')).toBe(true);
  });

  it('completes commands in the form’s editor, as on the Query page', async () => {
    render({ [`GET ${apiPaths.schedules()}`]: () => ({ schedules: [] }) });
    fireEvent.click(await screen.findByTestId('lookupsScheduleNew'));
    const form = await screen.findByTestId('lookupsScheduleForm');
    const input = within(form).getByTestId('pplEditorInput') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'source=web_logs | sta', selectionStart: 21 } });
    const list = within(form).getByTestId('pplCompletions');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(['statscommand']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('source=web_logs | stats ');
  });

  it('shows each schedule’s query and description', async () => {
    render({
      [`GET ${apiPaths.schedules()}`]: () => ({
        schedules: [{ ...SCHEDULE, description: 'Hosts seen in the last day' }],
      }),
    });
    const row = await screen.findByTestId('lookupsSchedule-lk_hosts');
    expect(within(row).getByTestId('lookupsScheduleQuery').textContent).toBe(SCHEDULE.query);
    expect(within(row).getByTestId('lookupsScheduleDescription').textContent).toBe(
      'Hosts seen in the last day'
    );
    expect(screen.getByRole('columnheader', { name: 'Query' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Description' })).toBeTruthy();
  });

  describe('a schedule made from a saved query', () => {
    const LINKED: Schedule = {
      ...SCHEDULE,
      saved_query: { id: 'Hosts', title: 'Hosts', updated_at: '2026-03-01T09:00:00Z' },
    };
    const NEW_TEXT =
      'source=web_logs | where status = 200 | stats count() by host | outputlookup lk_hosts';
    function savedObjectsWith(objects: unknown[]) {
      const bulkGet = jest.fn(() => Promise.resolve({ savedObjects: objects }));
      return { client: { bulkGet } } as unknown as SavedObjectsStart;
    }
    function renderLinked(objects: unknown[], routes: Record<string, FakeRoute> = {}) {
      const fake = fakeHttp({
        [`GET ${apiPaths.schedules()}`]: () => ({ schedules: [LINKED] }),
        ...routes,
      });
      renderWithProviders(<LookupsApp />, {
        route: '/schedules',
        services: fakeServices({ http: fake.http, savedObjects: savedObjectsWith(objects) }),
      });
      return fake;
    }
    const savedQuery = (text: string, updatedAt: string, title = 'Hosts') => ({
      id: 'Hosts',
      type: 'query',
      attributes: { title, description: '', query: { query: text, language: 'PPL' } },
      updated_at: updatedAt,
      _version: 'WzEsMV0=',
    });

    it('shows the saved query’s title, unmarked while its text is the schedule’s', async () => {
      renderLinked([savedQuery(SCHEDULE.query, '2026-03-01T09:00:00Z', 'Hosts by day')]);
      const cell = await screen.findByTestId('lookupsScheduleSavedQuery');
      await waitFor(() => expect(cell.textContent).toContain('Saved query: Hosts by day'));
      expect(screen.queryByTestId('lookupsScheduleSavedQueryChanged')).toBeNull();
    });

    it('marks it changed since, and takes the new text only when the owner confirms', async () => {
      const puts: unknown[] = [];
      renderLinked([savedQuery(NEW_TEXT, '2026-03-02T08:00:00Z')], {
        [`PUT ${apiPaths.schedule(ID)}`]: (r) => {
          puts.push(r.body);
          return { ...LINKED, ...(r.body as object) };
        },
      });
      expect((await screen.findByTestId('lookupsScheduleSavedQueryChanged')).textContent).toBe(
        'Changed since'
      );
      fireEvent.click(screen.getByTestId('lookupsScheduleReviewText'));
      const modal = await screen.findByTestId('lookupsScheduleTakeModal');
      expect(modal.textContent).toContain(SCHEDULE.query);
      expect(modal.textContent).toContain(NEW_TEXT);
      expect(puts).toHaveLength(0);
      fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(puts[0]).toEqual({
        query: NEW_TEXT,
        every: '1h',
        enabled: true,
        guards: { max_shrink_percent: 20 },
        saved_query: { id: 'Hosts', title: 'Hosts', updated_at: '2026-03-02T08:00:00Z' },
      });
    });

    it('says when the saved query was deleted, and keeps the title the schedule knows', async () => {
      renderLinked([
        { id: 'Hosts', type: 'query', error: { statusCode: 404, message: 'Not found' } },
      ]);
      expect(await screen.findByTestId('lookupsScheduleSavedQueryDeleted')).toBeTruthy();
      expect(screen.getByTestId('lookupsScheduleSavedQuery').textContent).toContain(
        'Saved query: Hosts'
      );
    });
  });
});
