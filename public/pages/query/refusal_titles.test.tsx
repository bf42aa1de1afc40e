/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The editor names what stopped a query: a syntax error, a limit, or a command that cannot run here. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import {
  catalogStatus,
  fakeHttp,
  fakeServices,
  renderWithProviders,
} from '../../../test/support/render';
import { QueryPage } from './query_page';

async function runText(text: string) {
  const { http } = fakeHttp({ [`GET ${apiPaths.list()}`]: () => ({ lookups: [], total: 0 }) });
  const view = renderWithProviders(<QueryPage />, {
    route: '/query',
    services: fakeServices({ http }),
  });
  await waitFor(() => expect(catalogStatus(view.store)).toBe('ready'));
  fireEvent.change(screen.getByTestId('pplEditorInput'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('lookupsQueryRun'));
  return screen.findByTestId('lookupsQuerySyntaxError-parser');
}

const title = (el: HTMLElement) => el.querySelector('.euiCallOutHeader__title')?.textContent;

it('a limit is not a syntax error', async () => {
  const error = await runText('makeresults count=6000');
  expect(title(error)).toBe('Over a limit at line 1, column 19 (not sent)');
  expect(error.textContent).toContain('makeresults count must not exceed 5000');
});

it('a command that cannot run here is not a syntax error', async () => {
  const error = await runText('source=web_logs | kmeans centroids=3');
  expect(title(error)).toBe('Cannot run here: line 1, column 19 (not sent)');
});

it('a mistyped query still is', async () => {
  const error = await runText('source=web_logs | where (');
  expect(title(error)).toMatch(/^Syntax error at line 1, column \d+ \(not sent\)$/);
});
