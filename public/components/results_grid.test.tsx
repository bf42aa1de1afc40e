/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { ResultsGrid } from './results_grid';

configure({ testIdAttribute: 'data-test-subj' });

const SCHEMA = [
  { name: 'host', type: 'string' },
  { name: 'n', type: 'bigint' },
  { name: 'ratio', type: 'double' },
];
const ROWS = [
  ['web-b', 10, 0.5],
  ['web-a', 9, null],
  ['web-c', 100, 2.25],
];

/** The cell texts of one column, top to bottom, without the screen-reader position OUI adds. */
function columnTexts(columnIndex: number): string[] {
  return screen
    .getAllByRole('gridcell')
    .filter((_, i) => i % SCHEMA.length === columnIndex)
    .map(
      (cell) => cell.querySelector('.euiDataGridRowCell__truncate')?.firstChild?.textContent ?? ''
    );
}

function sortBy(columnIndex: number, label: string) {
  const header = screen.getAllByRole('columnheader')[columnIndex];
  act(() => {
    fireEvent.click(within(header).getByRole('button'));
  });
  act(() => {
    fireEvent.click(screen.getByText(label));
  });
}

describe('the results grid', () => {
  it('names each column with its type, and right-aligns number columns only', () => {
    render(<ResultsGrid schema={SCHEMA} rows={ROWS} ariaLabel="Results" />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['host string', 'n bigint', 'ratio double']);
    expect(headers.map((h) => h.className.includes('--numeric'))).toEqual([false, true, true]);
    expect(screen.getByRole('grid').getAttribute('aria-label')).toContain('Results');
  });

  it('shows one line per cell, null as null, and sorts numbers as numbers', () => {
    render(<ResultsGrid schema={SCHEMA} rows={ROWS} ariaLabel="Results" />);
    const cells = screen.getAllByRole('gridcell');
    // One line: the cell's content is truncated, never wrapped.
    expect(cells.every((c) => c.querySelector('.euiDataGridRowCell__truncate'))).toBe(true);
    expect(columnTexts(2)).toEqual(['0.5', 'null', '2.25']);
    sortBy(1, 'Sort High-Low');
    expect(columnTexts(1)).toEqual(['100', '10', '9']);
    expect(columnTexts(0)).toEqual(['web-c', 'web-b', 'web-a']);
  });
});
