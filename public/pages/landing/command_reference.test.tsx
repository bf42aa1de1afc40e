/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { CommandReference } from './command_reference';

configure({ testIdAttribute: 'data-test-subj' });

const rows = () =>
  screen
    .queryAllByTestId(/^pplCommandHelp-/)
    .map((r) => r.getAttribute('data-test-subj')!.replace('pplCommandHelp-', ''));
const refusedRows = () =>
  screen
    .queryAllByTestId(/^pplCommandRefused-/)
    .map((r) => r.getAttribute('data-test-subj')!.replace('pplCommandRefused-', ''));
const search = (text: string) =>
  fireEvent.change(screen.getByTestId('pplCommandSearch'), { target: { value: text } });

describe('CommandReference', () => {
  it('shows the first page of commands and every refused command with its reason', () => {
    render(<CommandReference />);
    expect(rows()).toEqual([
      'source',
      'search',
      'makeresults',
      'describe',
      'multisearch',
      'union',
      'where',
      'fields',
      'table',
      'rename',
    ]);
    const ml = screen.getByTestId('pplCommandRefused-ml');
    expect(ml.textContent).toContain('cannot run in Dashboards');
    expect(ml.textContent).toContain('ML Commons');
    expect(screen.getByTestId('pplCommandRefused-cluster').textContent).toContain(
      'not supported yet'
    );
    // explain points to where a plan is shown in the app, the button beside Run.
    expect(screen.getByTestId('pplCommandRefused-explain').textContent).toContain(
      'the Explain button beside Run on the Query page'
    );
  });

  it('finds a command by an option, with its syntax, options and modes', () => {
    render(<CommandReference />);
    search('reset_before');
    expect(rows()).toEqual(['streamstats']);
    const row = within(screen.getByTestId('pplCommandHelp-streamstats'));
    expect(row.getByTestId('pplCommandSyntax').textContent).toMatch(/^streamstats \[/);
    for (const option of ['current=', 'window=', 'global=', 'reset_after=']) {
      expect(row.getByText(option)).toBeTruthy();
    }
    expect(row.getByTestId('lookupsPlanMode-streams').textContent).toBe('streams');
    // Nothing refused mentions it.
    expect(refusedRows()).toEqual([]);
  });

  it('shows where a command may run, with the condition that changes it', () => {
    render(<CommandReference />);
    search('stats composite');
    expect(rows()).toEqual(['stats']);
    const row = within(screen.getByTestId('pplCommandHelp-stats'));
    expect(row.getByTestId('lookupsPlanMode-pushed_down')).toBeTruthy();
    expect(row.getByTestId('lookupsPlanMode-buffers')).toBeTruthy();
    expect(row.getByText(/composite aggregation/)).toBeTruthy();
  });

  it('pages through every command, each once', () => {
    render(<CommandReference />);
    const seen = [...rows()];
    for (let page = 2; page <= 6; page++) {
      fireEvent.click(screen.getByTestId('pagination-button-next'));
      seen.push(...rows());
    }
    expect(seen).toHaveLength(new Set(seen).size);
    expect(seen).toEqual(expect.arrayContaining(['join', 'outputlookup', 'patterns', 'spath']));
    expect(seen.length).toBeGreaterThan(50);
  });

  it('says so when nothing matches, and finds refused commands by their reason', () => {
    render(<CommandReference />);
    search('ML Commons');
    expect(rows()).toEqual([]);
    expect(screen.getByText('No command matches the search.')).toBeTruthy();
    expect(refusedRows()).toEqual(['ad', 'kmeans', 'ml']);
  });
});
