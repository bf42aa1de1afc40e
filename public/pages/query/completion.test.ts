/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { completionsAt, fieldText, indicesIn } from './completion';

const sources = {
  indices: ['web_logs', 'web-archive'],
  lookups: ['lk_hosts', 'lk_regions'],
  fields: ['host', 'status', 'count()'],
};
const labels = (text: string, cursor = text.length) =>
  completionsAt(text, cursor, sources)?.items.map((i) => i.label);

describe('completionsAt', () => {
  it.each([
    {
      text: '',
      expected: [
        'source=',
        'search',
        'makeresults',
        'describe',
        'multisearch',
        'union',
        'graphlookup',
      ],
    },
    { text: 'source=web_logs | xy', expected: ['xyseries'] },
    { text: 'source=web_logs | union max', expected: ['maxout='] },
    { text: 'source=web_logs | where exi', expected: ['exists()', 'exists'] },
    { text: 'source=web_logs | union web_', expected: ['web_logs'] },
    { text: 'source=web_logs | xyseries se', expected: ['sep='] },
    { text: 'so', expected: ['source='] },
    { text: 'source=', expected: ['lk_hosts', 'lk_regions', 'web-archive', 'web_logs'] },
    { text: 'source=web-', expected: ['web-archive'] },
    { text: 'source=web_logs,', expected: ['lk_hosts', 'lk_regions', 'web-archive'] },
    { text: 'source=web_logs | st', expected: ['stats', 'streamstats'] },
    { text: 'source=web_logs | sta', expected: ['stats'] },
    { text: 'source=web_logs | where ho', expected: ['host', 'hour()', 'hour_of_day()'] },
    {
      text: 'source=web_logs | outputlookup append=true ',
      expected: ['override_if_empty=', 'key_field=', 'max=', 'lk_hosts', 'lk_regions'],
    },
    { text: 'source=web_logs | outputlookup append=', expected: ['true', 'false'] },
    {
      text: 'source=web_logs | outputlookup key_field=host,',
      expected: ['host', 'status', 'count()'],
    },
    { text: 'source=web_logs | outputlookup lk_r', expected: ['lk_regions'] },
    {
      text: 'source=web_logs | lookup ',
      expected: ['lk_hosts', 'lk_regions', 'web-archive', 'web_logs'],
    },
    {
      text: 'source=web_logs | stats count() by st',
      expected: [
        'stddev_samp()',
        'stddev_pop()',
        'status',
        'str_to_date()',
        'strcmp()',
        'strftime()',
      ],
    },
    { text: 'source=web_logs | bin status mi', expected: ['minspan='] },
    { text: 'source=web_logs | bin status a', expected: ['aligntime=', 'as'] },
    { text: 'source=web_logs | timechart span=1h per_m', expected: ['per_minute()'] },
    { text: 'source=web_logs | streamstats res', expected: ['reset_before=', 'reset_after='] },
    { text: 'source=web_logs | patterns host max', expected: ['max_sample_count='] },
    { text: 'source=web_logs | convert ti', expected: ['timeformat='] },
    { text: 'source=web_logs | convert m', expected: ['memk()', 'mktime()', 'mstime()'] },
  ])('offers $expected for "$text"', ({ text, expected }) => {
    expect(labels(text)).toEqual(expected);
  });

  it('offers every supported command after a pipe', () => {
    expect(labels('source=web_logs | ')).toEqual([
      'where',
      'fields',
      'table',
      'rename',
      'eval',
      'stats',
      'dedup',
      'sort',
      'head',
      'top',
      'rare',
      'lookup',
      'reverse',
      'fillnull',
      'replace',
      'fieldformat',
      'expand',
      'mvexpand',
      'flatten',
      'mvcombine',
      'nomv',
      'convert',
      'spath',
      'addtotals',
      'addcoltotals',
      'transpose',
      'parse',
      'grok',
      'rex',
      'regex',
      'patterns',
      'bin',
      'eventstats',
      'streamstats',
      'trendline',
      'timechart',
      'chart',
      'xyseries',
      'timewrap',
      'append',
      'appendpipe',
      'appendcol',
      'foreach',
      'join',
      'union',
      'graphlookup',
      'outputlookup',
    ]);
  });

  it('offers nothing inside a string or a comment', () => {
    expect(completionsAt('source=web_logs | where host = "we', 34, sources)).toBeNull();
    expect(completionsAt('source=web_logs // so', 21, sources)).toBeNull();
  });

  it('replaces the whole word under the cursor', () => {
    const completion = completionsAt('source=web_logs | where hoXYZ', 26, sources)!;
    expect(completion).toMatchObject({ from: 24, to: 29, prefix: 'ho' });
  });

  it('inserts fields that are not plain names in backticks', () => {
    const item = completionsAt('source=web_logs | where co', 26, sources)!.items[0];
    expect(item).toMatchObject({ label: 'count()', insert: '`count()`', kind: 'field' });
    expect(fieldText('@timestamp')).toBe('@timestamp');
    expect(fieldText('geo.city')).toBe('geo.city');
    expect(fieldText('a b')).toBe('`a b`');
  });
});

it('names the match mode of a lookup that has match rules', () => {
  const items = completionsAt('source=web_logs | lookup lk_', 28, {
    ...sources,
    matchModes: { lk_hosts: 'cidr' },
  })!.items;
  expect(items.map((i) => [i.label, i.matchMode])).toEqual([
    ['lk_hosts', 'cidr'],
    ['lk_regions', undefined],
  ]);
});

describe('indicesIn', () => {
  it('reads source lists and lookup names, and leaves out patterns', () => {
    expect(
      indicesIn('source=web_logs,web-archive,logs-* | lookup lk_hosts host | outputlookup lk_out')
    ).toEqual(['web_logs', 'web-archive', 'lk_hosts']);
    expect(indicesIn('search index=`odd name` | head 1')).toEqual(['odd name']);
  });
});
