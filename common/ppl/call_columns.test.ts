/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A column that stats named after its call (`count()`) is a name with parentheses in it: where
 * a command reads a field name and finds that call, the error says to write it in backticks.
 */
import { parsePpl } from './parser';

const detailOf = (text: string) => {
  const parsed = parsePpl(text);
  if (parsed.ok) throw new Error(`parsed: ${text}`);
  return parsed.error.detail;
};

it.each([
  ['source=t | stats count() by host | sort - count()', 'count()'],
  ['source=t | stats count() by host | fields host, count()', 'count()'],
  ['source=t | stats avg(bytes) by host | sort avg(bytes)', 'avg(bytes)'],
])('%s says to write %s in backticks', (text, column) => {
  expect(detailOf(text)).toContain(`write it in backticks: \`${column}\``);
});

it('the backticked name parses', () => {
  expect(parsePpl('source=t | stats count() by host | sort - `count()`').ok).toBe(true);
});
