/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Writes from the Query page run as jobs (lookup_writer, against the real server): the progress
 * panel while the job runs, then what it wrote; and Cancel on a write over all 20,000 sample rows,
 * which ends cancelled with the lookup never created. The Jobs tab lists both jobs.
 *
 * To make the cancel path really run, the host writes in small batches, one at a time (so the
 * 20,000 rows take hundreds of steps), the cancelled query sorts all of them (a buffering step),
 * and the test clicks Cancel as soon as the button shows enabled.
 * Should the job still finish first on a very fast machine, the test accepts `finished` as the end
 * state, having asserted that Cancel was offered enabled while it ran.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { appUnderTest } from '../support/app_under_test';
import {
  screenshot,
  axeViolations,
  OUI_GRID_STRUCTURE,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const written = uniqueName('lk_job_hosts');
const cancelled = uniqueName('lk_job_cancel');
/** A host that writes in small batches, one at a time, so a write runs long enough to cancel. */
function smallBatchesConfig(): string {
  const config = join(mkdtempSync(join(tmpdir(), 'lookups-browser-jobs-')), 'host.json');
  writeFileSync(
    config,
    JSON.stringify({ plugins: { lookups: { bulk_batch_size: 100, bulk_max_in_flight: 1 } } })
  );
  return config;
}

const app = appUnderTest({
  hostEnv: () => ({ LOOKUPS_HOST_CONFIG: smallBatchesConfig() }),
  logIn: { user: users.writer, path: '/app/lookups/query' },
});
const { page, testSubj } = app;

afterAll(() =>
  dropIndices(admin, written, `${written}__lookup`, cancelled, `${cancelled}__lookup`)
);

it('shows the progress panel while the job runs, then what it wrote', async () => {
  await typeQuery(
    page(),
    `source=web_logs | eval k = 1 | fields host, k | outputlookup ${written}`
  );
  expect(await testSubj('lookupsQueryRun').innerText()).toBe('Run and write');
  await testSubj('lookupsQueryRun').click();

  // The panel shows while the job is queued or running; sample it until the summary replaces it.
  const panel = testSubj('lookupsJobPanel');
  await panel.waitFor();
  const seen: Array<{ state: string | null; rows: string }> = [];
  let shot = false;
  while (await panel.isVisible().catch(() => false)) {
    // State and count are read in one step: read apart, the panel could give way to the summary
    // between the two reads and leave a sample with a state but no count.
    const sample = await page().evaluate(() => {
      const shown = document.querySelector('[data-test-subj="lookupsJobPanel"]');
      const rows = shown?.querySelector('[data-test-subj="lookupsJobRows"]');
      return shown && rows
        ? { state: shown.getAttribute('data-job-state'), rows: (rows as HTMLElement).innerText }
        : null;
    });
    const state = sample?.state ?? null;
    const last = seen[seen.length - 1];
    // Only changes are kept: the same sample taken again says nothing new.
    if (sample && state && (last?.state !== state || last.rows !== sample.rows)) {
      seen.push({ state, rows: sample.rows });
    }
    if (!shot && state === 'running') {
      await screenshot(page(), 'query-job-progress');
      shot = true;
    }
    await page().waitForTimeout(100);
  }
  const summary = testSubj('lookupsWriteSummary');
  await summary.waitFor();
  expect(await summary.innerText()).toContain(`Wrote 20,000 rows to ${written}`);
  expect(await testSubj('lookupsWriteAction').innerText()).toBe('created');
  await screenshot(page(), 'query-job-finished');
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.some((s) => s.state === 'running' || s.state === 'queued')).toBe(true);
  process.stdout.write(`progress samples: ${JSON.stringify(seen)}\n`);
  const counts = seen.map((s) => Number(s.rows.split(' ')[0].replace(/,/g, '')));
  expect(counts.every((c) => Number.isInteger(c) && c >= 0)).toBe(true);
  // The count never goes down.
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  const count = await admin.count({ index: written });
  expect(count.body.count).toBe(20000);
});

it('cancels a running job; the lookup is unchanged', async () => {
  await typeQuery(
    page(),
    `source=web_logs | sort host | eval k = 1 | fields host, status, k | outputlookup ${cancelled}`
  );
  await testSubj('lookupsQueryRun').click();
  const cancel = testSubj('lookupsJobCancel');
  await cancel.waitFor();
  expect(await cancel.isEnabled()).toBe(true);
  // Cancel once it reads and writes (unless it got past that first).
  await page()
    .locator('[data-test-subj="lookupsJobPanel"][data-job-state="running"]')
    .waitFor({ timeout: 30000 })
    .catch(() => undefined);
  const stateAtCancel = await testSubj('lookupsJobPanel').getAttribute('data-job-state');
  await cancel.click();
  const end = testSubj('lookupsJobEnd');
  await end.waitFor({ timeout: 60000 });
  const state = await end.getAttribute('data-job-state');
  process.stdout.write(`cancel clicked in state ${stateAtCancel}; job ended ${state}\n`);
  expect(['cancelled', 'finished']).toContain(state);
  if (state === 'cancelled') {
    expect(await testSubj('lookupsJobCancelled').innerText()).toBe(
      'Cancelled; the lookup is unchanged'
    );
    expect((await admin.indices.exists({ index: cancelled })).body).toBe(false);
    await screenshot(page(), 'query-job-cancelled');
  }
});

it('lists both jobs on the lookup’s Jobs tab', async () => {
  await page().goto(`${app.host().url}/app/lookups/lookups/${written}/jobs`);
  const table = testSubj('lookupsJobsTable');
  await table.waitFor();
  const row = table.locator('tbody tr').first();
  await row.locator('[data-test-subj="lookupsJobsState"]').waitFor();
  expect(await row.locator('[data-test-subj="lookupsJobsState"]').innerText()).toBe('Finished');
  expect(await row.locator('[data-test-subj="lookupsJobsRows"]').innerText()).toBe('20,000');
  expect(await row.innerText()).toContain('lookup_writer');
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'lookup-jobs');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
});
