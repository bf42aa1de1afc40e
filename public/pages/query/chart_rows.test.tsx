/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A chart of a result draws the whole result or says what it left out (#33 defect 5): a query
 * counted in time buckets asks for every bucket a chart can read; a result still cut says which
 * rows were drawn, to what time, and offers to read the rest.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { QueryRowsResponse } from '../../../common/api/codecs';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  memoryStorage,
  renderWithProviders,
  type FakeRequest,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 1);
const STATUSES = [200, 301, 404, 500, 503];
const pplTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** 30 days by the hour by five statuses: 3,600 rows, answered up to the size asked. */
function timechartRows(): unknown[][] {
  const rows: unknown[][] = [];
  for (let h = 0; h < 30 * 24; h++) {
    for (const status of STATUSES) rows.push([pplTime(START + h * HOUR), status, h % 7]);
  }
  return rows;
}

async function setup() {
  const all = timechartRows();
  const fake = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    [`POST ${apiPaths.query()}`]: ({ body }: FakeRequest): QueryRowsResponse => {
      const { size } = body as { size: number };
      const datarows = all.slice(0, size);
      return {
        schema: [
          { name: '@timestamp', type: 'timestamp' },
          { name: 'status', type: 'integer' },
          { name: 'count()', type: 'bigint' },
        ],
        datarows,
        total: all.length,
        size: datarows.length,
      };
    },
  });
  const services = fakeServices({
    http: fake.http,
    storage: memoryStorage(),
    currentUser: Promise.resolve('ana'),
  });
  const view = renderWithProviders(<QueryPage />, { route: '/query', services });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  const input = screen.getByTestId('pplEditorInput') as HTMLTextAreaElement;
  const run = (text: string) => {
    fireEvent.change(input, { target: { value: text } });
    fireEvent.click(screen.getByTestId('lookupsQueryRun'));
  };
  const sizes = () =>
    fake.requests
      .filter((r) => r.path === apiPaths.query())
      .map((r) => (r.body as { size: number }).size);
  return { run, sizes };
}

it('a timechart asks for every bucket, so its chart draws the whole result', async () => {
  const { run, sizes } = await setup();
  run('source=web_logs | timechart span=1h count() by status');
  expect((await screen.findByTestId('lookupsQueryResultsTotal')).textContent).toBe('3,600 rows');
  expect(sizes()).toEqual([10_000]);
  fireEvent.click(screen.getByTestId('lookupsResultViewLine'));
  await screen.findByTestId('lookupsQueryChart');
  expect(screen.queryByTestId('lookupsQueryChartCut')).toBeNull();
});

it('a chart of a cut result says which rows it drew, to what time, and loads the rest', async () => {
  const { run, sizes } = await setup();
  // Not counted in buckets: the first 1,000 rows, as the table shows them.
  run('source=web_logs | sort @timestamp');
  expect((await screen.findByTestId('lookupsQueryResultsTotal')).textContent).toMatch(
    /^The first 1,000 of 3,600 rows\./
  );
  fireEvent.click(screen.getByTestId('lookupsResultViewLine'));
  const cut = await screen.findByTestId('lookupsQueryChartCut');
  expect(cut.textContent).toContain(
    'The chart draws only the first 1,000 of 3,600 rows, up to 2026-11-09 07:00 (UTC); the other 2,600 rows are not drawn.'
  );
  fireEvent.click(screen.getByTestId('lookupsQueryChartLoad'));
  await waitFor(() =>
    expect(screen.getByTestId('lookupsQueryResultsTotal').textContent).toBe('3,600 rows')
  );
  expect(sizes()).toEqual([1000, 3600]);
  // Still the chart, now of every row.
  await screen.findByTestId('lookupsQueryChart');
  expect(screen.queryByTestId('lookupsQueryChartCut')).toBeNull();
});
