/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { resultsToCsv, resultsToJson } from './result_download';

const schema = [
  { name: 'host', type: 'string' },
  { name: 'count()', type: 'bigint' },
  { name: 'tags', type: 'array' },
];

describe('result downloads', () => {
  it('CSV: a header, quotes where needed, empty for null, formulas defused', () => {
    const csv = resultsToCsv(schema, [
      ['web-01', 3, ['a', 'b']],
      ['say "hi", twice', null, null],
      ['=1+1', -5, []],
    ]);
    expect(csv.split('\r\n')).toEqual([
      'host,count(),tags',
      'web-01,3,"[""a"",""b""]"',
      '"say ""hi"", twice",,',
      `"'=1+1",-5,[]`,
      '',
    ]);
  });

  it('JSON: objects keyed by column name, null kept', () => {
    expect(JSON.parse(resultsToJson(schema, [['web-01', 3, null]]))).toEqual([
      { host: 'web-01', 'count()': 3, tags: null },
    ]);
  });
});
