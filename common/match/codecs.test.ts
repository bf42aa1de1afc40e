/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { decode } from '../api/decode';
import { effectiveMaxMatches, MatchBody } from './codecs';
import { checkRules } from './validate';

describe('MatchBody', () => {
  it('takes each rule type', () => {
    const body = {
      rules: [
        { field: 'net', type: 'cidr' },
        { field: 'host', type: 'wildcard', case_sensitive: false },
        { field: 'lo', type: 'range', to: 'hi' },
        { field: 'since', type: 'time', to: 'until', event_field: 'ts' },
        { field: 'user', type: 'exact', case_sensitive: false },
      ],
      max_matches: 3,
      default: { site: 'unknown', n: 0, seen: null },
    };
    expect(decode(MatchBody, body)).toEqual({ ok: true, value: body });
  });

  it('names what is wrong', () => {
    expect(decode(MatchBody, { rules: [{ field: 'a', type: 'regex' }] })).toMatchObject({
      ok: false,
      message: '[rules.0.type]: expected one of exact, cidr, wildcard, range, time',
    });
    expect(decode(MatchBody, { rules: [{ field: 'a', type: 'range' }] })).toMatchObject({
      ok: false,
      field: 'rules.0.to',
    });
    expect(decode(MatchBody, { rules: [], max_matches: 0 })).toMatchObject({
      ok: false,
      field: 'max_matches',
    });
    expect(
      decode(MatchBody, {
        rules: [
          { field: 'a', type: 'cidr' },
          { field: 'a', type: 'exact' },
        ],
      })
    ).toMatchObject({ ok: false, field: 'rules' });
    expect(decode(MatchBody, { rules: [], default: { a: { b: 1 } } })).toMatchObject({
      ok: false,
    });
    expect(decode(MatchBody, { rules: [], extra: 1 })).toMatchObject({ ok: false, field: 'extra' });
  });

  it('defaults max_matches to 1 for inexact rules, to every row for exact ones', () => {
    expect(effectiveMaxMatches({ rules: [{ field: 'a', type: 'cidr' }] })).toBe(1);
    expect(effectiveMaxMatches({ rules: [{ field: 'a', type: 'exact' }] })).toBe(Infinity);
    expect(
      effectiveMaxMatches({ rules: [{ field: 'a', type: 'exact', case_sensitive: false }] })
    ).toBe(1);
    expect(effectiveMaxMatches({ rules: [{ field: 'a', type: 'exact' }], max_matches: 4 })).toBe(4);
  });
});

describe('checkRules', () => {
  const read = (row: Record<string, unknown>, field: string) => row[field] ?? null;
  const columns = new Map([
    ['net', 'string'],
    ['lo', 'int'],
    ['hi', 'int'],
    ['since', 'timestamp'],
    ['site', 'string'],
  ] as const);
  const rows = [
    { net: '10.0.0.0/8', lo: 1, hi: 5, since: '2024-01-01 00:00:00', site: 'a' },
    { net: 'ten', lo: 9, hi: 3, since: '2024-01-02 00:00:00', site: 'b' },
    { net: '::/0', lo: 1, hi: 1, since: 'soon', site: 'c' },
  ];

  it('passes rules the rows hold', () => {
    expect(checkRules({ rules: [{ field: 'site', type: 'wildcard' }] }, columns, rows, read)).toBe(
      undefined
    );
  });

  it('names the rule, the field and the first bad rows', () => {
    expect(checkRules({ rules: [{ field: 'net', type: 'cidr' }] }, columns, rows, read)).toEqual({
      rule: 0,
      field: 'net',
      rows: [{ row: 2, value: 'ten' }],
      message: expect.stringContaining('row 2 holds "ten"'),
    });
    expect(
      checkRules(
        {
          rules: [
            { field: 'site', type: 'exact' },
            { field: 'lo', type: 'range', to: 'hi' },
          ],
        },
        columns,
        rows,
        read
      )
    ).toMatchObject({ rule: 1, field: 'lo', rows: [{ row: 2 }] });
    expect(
      checkRules({ rules: [{ field: 'since', type: 'time' }] }, columns, rows, read)
    ).toMatchObject({ rule: 0, rows: [{ row: 3, value: 'soon' }] });
  });

  it('refuses unknown columns and types a rule cannot read', () => {
    expect(
      checkRules({ rules: [{ field: 'nope', type: 'cidr' }] }, columns, rows, read)
    ).toMatchObject({ rule: 0, field: 'nope', message: expect.stringContaining('not a column') });
    expect(
      checkRules({ rules: [{ field: 'lo', type: 'wildcard' }] }, columns, rows, read)
    ).toMatchObject({ rule: 0, message: expect.stringContaining('int column') });
    expect(checkRules({ rules: [], default: { zip: 'x' } }, columns, rows, read)).toMatchObject({
      field: 'zip',
    });
  });
});
