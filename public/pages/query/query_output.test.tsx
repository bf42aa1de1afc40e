/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What a run leaves on the page: totals that say when rows were cut, no stale output, downloads. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { QueryRowsResponse } from '../../../common/api/codecs';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  memoryStorage,
  renderWithProviders,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

const SCHEMA = [
  { name: 'host', type: 'string' },
  { name: 'bytes', type: 'bigint' },
];
const rows = (n: number) => Array.from({ length: n }, (_, i) => [`web-${i}`, i * 10]);

async function setup(answer: (query: string) => QueryRowsResponse) {
  const { http } = fakeHttp({
    [`GET ${apiPaths.list()}`]: () => ({ lookups: [] }),
    [`POST ${apiPaths.query()}`]: (r) => answer((r.body as { query: string }).query),
  });
  const services = fakeServices({
    http,
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
  return { run };
}

describe('the totals of a run', () => {
  it('says "more than" when the server stopped at the row limit without a count', async () => {
    const { run } = await setup(() => ({
      schema: SCHEMA,
      datarows: rows(1000),
      total: 1000,
      size: 1000,
      truncated: true,
    }));
    run('source=web_logs');
    expect((await screen.findByTestId('lookupsQueryResultsTotal')).textContent).toMatch(
      /^The first 1,000 rows of more than 1,000\./
    );
  });

  it('gives the true total when the server counted it', async () => {
    const { run } = await setup(() => ({
      schema: SCHEMA,
      datarows: rows(1000),
      total: 20000,
      size: 1000,
      truncated: true,
    }));
    run('source=web_logs');
    expect((await screen.findByTestId('lookupsQueryResultsTotal')).textContent).toMatch(
      /^The first 1,000 of 20,000 rows\./
    );
  });
});

describe('stale output', () => {
  it('a syntax error does not sit over the last result, and is said once', async () => {
    const { run } = await setup(() => ({ schema: SCHEMA, datarows: rows(2), total: 2, size: 2 }));
    run('source=web_logs | head 2');
    await screen.findByTestId('lookupsQueryTable');
    run('source=web_logs | frobnicate x');
    const error = await screen.findByTestId('lookupsQuerySyntaxError-parser');
    expect(screen.queryByTestId('lookupsQueryTable')).toBeNull();
    // The title names the position; the body only what is wrong, not the position again.
    const title = error.querySelector('.euiCallOutHeader__title')?.textContent ?? '';
    const body = screen.getByTestId('lookupsQueryErrorMessage').textContent ?? '';
    expect(title).toMatch(/^Syntax error at line 1, column 19/);
    expect(body).not.toMatch(/line 1, column 19/);
    expect(body).toContain('frobnicate');
  });
});

describe('downloads', () => {
  const saved: Blob[] = [];
  beforeEach(() => {
    saved.length = 0;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    });
  });
  const textOf = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });

  it('saves the rows shown as CSV and as JSON', async () => {
    const { run } = await setup(() => ({
      schema: SCHEMA,
      datarows: [
        ['a, b', 1],
        ['c', null],
      ],
      total: 2,
      size: 2,
    }));
    run('source=web_logs | head 2');
    await screen.findByTestId('lookupsQueryTable');
    fireEvent.click(screen.getByTestId('lookupsQueryDownloadCsv'));
    fireEvent.click(screen.getByTestId('lookupsQueryDownloadJson'));
    expect(saved.map((b) => b.type)).toEqual(['text/csv', 'application/json']);
    expect(await textOf(saved[0])).toBe('host,bytes\r\n"a, b",1\r\nc,\r\n');
    expect(JSON.parse(await textOf(saved[1]))).toEqual([
      { host: 'a, b', bytes: 1 },
      { host: 'c', bytes: null },
    ]);
  });
});
