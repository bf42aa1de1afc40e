/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { QueryRowsResponse } from '../../../common/api/codecs';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  type FakeRoute,
  httpError,
  jsonTextRoute,
  memoryStorage,
  renderWithProviders,
} from '../../../test/support/render';
import { QueryPage } from './query_page';
import { recentQueriesKey } from './recent_queries';

const ROWS: QueryRowsResponse = {
  schema: [
    { name: 'host', type: 'string' },
    { name: 'n', type: 'bigint' },
  ],
  datarows: [
    ['web-02', 7],
    ['web-01', 12],
    ['web-03', null],
  ],
  total: 3,
  size: 3,
};

async function setup(
  query: (body: { query: string }) => unknown,
  storage = memoryStorage(),
  routes: Record<string, FakeRoute> = {}
) {
  const { http, requests } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    [`POST ${apiPaths.query()}`]: (r) => query(r.body as { query: string }),
    [`POST ${apiPaths.explain()}`]: () => ({
      plan: [
        { command: 'source=web_logs', mode: 'pushed_down' },
        { command: 'stats count() by host', mode: 'pushed_down', detail: 'composite aggregation' },
        { command: 'outputlookup hosts', mode: 'streams' },
      ],
      output: { name: 'hosts', target_kind: 'managed', action: 'overwritten' },
      rows: 12,
    }),
    ...routes,
  });
  const services = fakeServices({ http, storage, currentUser: Promise.resolve('ana') });
  const view = renderWithProviders(<QueryPage />, { route: '/query', services });
  // The page asks for the catalog (lookup names to complete); let that answer land.
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  const input = screen.getByTestId('pplEditorInput') as HTMLTextAreaElement;
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  const queries = () => requests.filter((r) => r.path === apiPaths.query());
  return { ...view, input, type, queries, requests };
}

const markers = () => screen.queryAllByTestId('pplErrorMarker');

describe('the editor’s error markers', () => {
  it('marks the parser’s error position before sending, and sends nothing', async () => {
    const { type, queries } = await setup(() => ROWS);
    type('source=web_logs | frobnicate x');
    fireEvent.click(screen.getByTestId('lookupsQueryRun'));

    const [marker] = markers();
    expect(marker.dataset.source).toBe('parser');
    expect(marker.dataset.offset).toBe('18');
    expect(marker.dataset.length).toBe('10');
    expect(marker.textContent).toBe('frobnicate');
    expect(screen.getByTestId('lookupsQuerySyntaxError-parser').textContent).toContain(
      'line 1, column 19'
    );
    expect(screen.getByTestId('pplEditorInput').getAttribute('aria-invalid')).toBe('true');
    expect(queries()).toHaveLength(0);
  });

  it('marks a zero-length parse error at the end of the query', async () => {
    const { type } = await setup(() => ROWS);
    type('source=web_logs | where');
    fireEvent.keyDown(screen.getByTestId('pplEditorInput'), { key: 'Enter', ctrlKey: true });
    const [marker] = markers();
    expect(marker.dataset.offset).toBe('23');
    expect(marker.dataset.length).toBe('0');
    // A point marker sits after all the text.
    const layer = screen.getByTestId('pplEditorHighlight');
    expect(layer.textContent).toContain('source=web_logs | where');
    expect(marker.textContent).toBe('');
  });

  it('marks the position the server reports in its 400', async () => {
    const text = 'source=web_logs | where hots = 1';
    const { type, queries } = await setup(() => {
      throw httpError(400, 'Unknown field [hots]. Did you mean host?', {
        line: 1,
        column: 25,
        offset: 24,
        length: 4,
        expected: ['host'],
      });
    });
    type(text);
    fireEvent.click(screen.getByTestId('lookupsQueryRun'));
    await waitFor(() => expect(markers()).toHaveLength(1));
    const [marker] = markers();
    expect(marker.dataset.source).toBe('server');
    expect(marker.textContent).toBe('hots');
    expect(marker.dataset.offset).toBe('24');
    expect(screen.getByTestId('lookupsQuerySyntaxError-server').textContent).toContain(
      'Unknown field [hots]. Did you mean host?'
    );
    expect(queries()[0].body).toEqual({ query: text, size: 1000 });

    // Editing the text drops the stale marker.
    fireEvent.change(screen.getByTestId('pplEditorInput'), { target: { value: `${text} ` } });
    expect(markers()).toHaveLength(0);
  });

  it('moves a parse error marker as the text is fixed', async () => {
    const { type } = await setup(() => ROWS);
    jest.useFakeTimers();
    try {
      type('source=web_logs | where');
      fireEvent.click(screen.getByTestId('lookupsQueryRun'));
      expect(markers()).toHaveLength(1);
      type('source=web_logs | where status > 1');
      act(() => {
        jest.advanceTimersByTime(300);
      });
      expect(markers()).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('running queries', () => {
  it('shows a sortable data grid with column types, and remembers the query for the user', async () => {
    const storage = memoryStorage();
    const { type } = await setup(() => ROWS, storage);
    type('source=web_logs | stats count() as n by host');
    fireEvent.click(screen.getByTestId('lookupsQueryRun'));
    const table = await screen.findByTestId('lookupsQueryTable');
    expect(screen.getByTestId('lookupsQueryResultsTotal').textContent).toBe('3 rows');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toContain('host');
    expect(headers[0]).toContain('string');
    expect(headers[1]).toContain('bigint');

    // The grid's first column, top to bottom (OUI adds a screen-reader position to each cell).
    const hosts = () =>
      within(table)
        .getAllByRole('gridcell')
        .filter((_, i) => i % headers.length === 0)
        .map((c) => c.querySelector('.euiDataGridRowCell__truncate')?.firstChild?.textContent);
    act(() => {
      fireEvent.click(within(within(table).getAllByRole('columnheader')[0]).getByRole('button'));
    });
    act(() => {
      fireEvent.click(screen.getByText('Sort A-Z'));
    });
    expect(hosts()).toEqual(['web-01', 'web-02', 'web-03']);

    const saved = JSON.parse(storage.getItem(recentQueriesKey('ana')) ?? '[]');
    expect(saved[0]).toMatchObject({
      query: 'source=web_logs | stats count() as n by host',
      fields: ['host', 'n'],
    });
  });

  it('shows integers beyond 2^53 with every digit', async () => {
    const { type } = await setup(() => ROWS, memoryStorage(), {
      [`POST ${apiPaths.query()}`]: jsonTextRoute(
        '{"schema":[{"name":"k","type":"bigint"}],"datarows":[[9007199254740993],[12]],' +
          '"total":2,"size":2}'
      ),
    });
    type('source=t | fields k');
    fireEvent.click(screen.getByTestId('lookupsQueryRun'));
    const table = await screen.findByTestId('lookupsQueryTable');
    await waitFor(() => expect(table.textContent).toContain('9007199254740993'));
    expect(table.textContent).not.toContain('9007199254740992');
  });

  it('shows the ceiling, the setting and a way out for a write the server refuses over it', async () => {
    const { type, requests } = await setup(() => ROWS, memoryStorage(), {
      [`POST ${apiPaths.jobs()}`]: () => {
        throw httpError(
          400,
          'The result has 20000 rows, over the ceiling of 500 rows per write set by lookups.max_rows.',
          { setting: 'lookups.max_rows', max_rows: 500, rows: 20000 }
        );
      },
    });
    type('source=web_logs | outputlookup lk_big');
    fireEvent.click(screen.getByTestId('lookupsQueryRun'));
    const callout = await screen.findByTestId('lookupsQueryCeiling');
    expect(callout.textContent).toContain('over the ceiling of 500 rows');
    expect(callout.textContent).toContain('lookups.max_rows');
    expect(requests.some((r) => r.path === apiPaths.query())).toBe(false);
    fireEvent.click(screen.getByTestId('lookupsQueryAddMax'));
    expect((screen.getByTestId('pplEditorInput') as HTMLTextAreaElement).value).toBe(
      'source=web_logs | outputlookup max=500 lk_big'
    );
  });

  it('explains the plan with mode badges and the action a write would take', async () => {
    const { type } = await setup(() => ROWS);
    type('source=web_logs | stats count() by host | outputlookup hosts');
    fireEvent.click(screen.getByTestId('lookupsQueryExplain'));
    const explain = await screen.findByTestId('lookupsExplain');
    expect(screen.getByTestId('lookupsExplainOutput').textContent).toContain('overwritten');
    expect(within(explain).getAllByTestId('lookupsPlanMode-pushed_down')).toHaveLength(2);
    expect(within(explain).getByTestId('lookupsPlanMode-streams').textContent).toBe('streams');
    expect(screen.getByTestId('lookupsExplainRows').textContent).toContain('12');
  });

  it('loads the user’s recent queries and puts one back in the editor', async () => {
    const storage = memoryStorage({
      [recentQueriesKey('ana')]: JSON.stringify([
        { query: 'source=web_logs | head 5', at: '2026-01-01T00:00:00Z' },
      ]),
      [recentQueriesKey('bob')]: JSON.stringify([{ query: 'source=secret', at: 'x' }]),
    });
    await setup(() => ROWS, storage);
    // Once the server has named the user, their list (and only theirs) is there.
    await waitFor(() =>
      expect(screen.getByTestId('lookupsRecentButton').textContent).toContain('(1)')
    );
    fireEvent.click(screen.getByTestId('lookupsRecentButton'));
    const items = await screen.findAllByTestId('lookupsRecentQuery');
    expect(items.map((i) => i.textContent)).toEqual(['source=web_logs | head 5']);
    fireEvent.click(items[0]);
    expect((screen.getByTestId('pplEditorInput') as HTMLTextAreaElement).value).toBe(
      'source=web_logs | head 5'
    );
  });
});

describe('completion in the editor', () => {
  it('offers commands after a pipe and accepts one with Enter', async () => {
    const { input } = await setup(() => ROWS);
    fireEvent.change(input, { target: { value: 'source=web_logs | sta', selectionStart: 21 } });
    const list = screen.getByTestId('pplCompletions');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(['statscommand']);
    expect(input.getAttribute('aria-activedescendant')).toBe(
      within(list).getAllByRole('option')[0].id
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('source=web_logs | stats ');
  });
});
