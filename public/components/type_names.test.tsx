/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One vocabulary for types on every screen: PPL's names (bigint, string, timestamp), as query
 * results give them; where a lookup's mapping says it otherwise (long, text, keyword), that is
 * said beside it, never instead.
 */
import { configure, render, screen } from '@testing-library/react';
import { columnHeader, typeLabel, typeWithMapping } from './data_columns';

configure({ testIdAttribute: 'data-test-subj' });

it.each([
  ['long', 'bigint'],
  ['bigint', 'bigint'],
  ['text', 'string'],
  ['keyword', 'string'],
  ['string', 'string'],
  ['date', 'timestamp'],
  ['double', 'double'],
  ['nested', 'array'],
  ['some_plugin_type', 'some_plugin_type'],
])('%s is shown as %s', (type, label) => {
  expect(typeLabel(type)).toBe(label);
});

it('a column header shows the PPL name, with the mapping type in its title', () => {
  render(<div>{columnHeader('population', 'long')}</div>);
  expect(screen.getByTestId('lookupsColumnType').textContent).toBe('bigint');
  expect(screen.getByTitle('population (bigint; mapped as long)')).toBeTruthy();
});

it.each([
  ['long', 'bigint (long)'],
  ['text', 'string (text)'],
  ['date', 'timestamp (date)'],
  ['bigint', 'bigint'],
])('%s is named %s where the mapping type is said beside it', (type, named) => {
  expect(typeWithMapping(type)).toBe(named);
});
