/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { buildMatcher, type MatcherSpec } from './matcher';

const read = (row: Record<string, unknown>, field: string) => row[field] ?? null;

function matchRows(
  spec: MatcherSpec,
  rows: Array<Record<string, unknown>>,
  values: unknown[],
  at?: unknown
) {
  return buildMatcher(spec, rows, read)
    .match(values, at)
    .map((i) => rows[i]);
}

describe('cidr', () => {
  const nets = [
    { net: '10.0.0.0/8', site: 'corp' },
    { net: '10.1.2.0/24', site: 'lab' },
    { net: '10.1.0.0/16', site: 'campus' },
    { net: '2001:db8::/32', site: 'v6' },
    { net: '2001:db8:aa::/48', site: 'v6-lab' },
    { net: '192.168.1.7', site: 'printer' },
  ];
  const spec = (maxMatches: number): MatcherSpec => ({
    keys: [{ field: 'net', rule: { field: 'net', type: 'cidr' } }],
    maxMatches,
  });

  it('gives the longest prefix first, over IPv4', () => {
    expect(matchRows(spec(10), nets, ['10.1.2.3']).map((r) => r.site)).toEqual([
      'lab',
      'campus',
      'corp',
    ]);
    expect(matchRows(spec(1), nets, ['10.9.9.9']).map((r) => r.site)).toEqual(['corp']);
  });

  it('matches IPv6 and IPv4-mapped addresses, and a plain address as its own network', () => {
    expect(matchRows(spec(10), nets, ['2001:db8:aa:1::5']).map((r) => r.site)).toEqual([
      'v6-lab',
      'v6',
    ]);
    expect(matchRows(spec(10), nets, ['::ffff:10.1.2.9']).map((r) => r.site)).toEqual([
      'lab',
      'campus',
      'corp',
    ]);
    expect(matchRows(spec(10), nets, ['192.168.1.7']).map((r) => r.site)).toEqual(['printer']);
    expect(matchRows(spec(10), nets, ['192.168.1.8'])).toEqual([]);
  });

  it('matches nothing for a value that is no address', () => {
    expect(matchRows(spec(10), nets, ['not-an-ip'])).toEqual([]);
    expect(matchRows(spec(10), nets, [null])).toEqual([]);
  });
});

describe('wildcard', () => {
  const hosts = [
    { host: '*', team: 'any' },
    { host: '*.example.com', team: 'web' },
    { host: 'api.*', team: 'api' },
    { host: 'api.example.com', team: 'exact' },
    { host: '*prod*', team: 'prod' },
    { host: 'db-*-eu.*.net', team: 'db' },
  ];
  const spec = (caseSensitive: boolean): MatcherSpec => ({
    keys: [
      { field: 'host', rule: { field: 'host', type: 'wildcard', case_sensitive: caseSensitive } },
    ],
    maxMatches: 10,
  });

  it('orders by the longest literal part', () => {
    expect(matchRows(spec(true), hosts, ['api.example.com']).map((r) => r.team)).toEqual([
      'exact',
      'web',
      'api',
      'any',
    ]);
    expect(matchRows(spec(true), hosts, ['db-7-eu.x.net']).map((r) => r.team)).toEqual([
      'db',
      'any',
    ]);
    expect(matchRows(spec(true), hosts, ['my-prod-box']).map((r) => r.team)).toEqual([
      'prod',
      'any',
    ]);
  });

  it('matches in any case when asked, and only in the same case otherwise', () => {
    expect(matchRows(spec(false), hosts, ['WWW.Example.COM']).map((r) => r.team)).toEqual([
      'web',
      'any',
    ]);
    expect(matchRows(spec(true), hosts, ['WWW.Example.COM']).map((r) => r.team)).toEqual(['any']);
  });

  it('takes a star for an empty run too', () => {
    expect(matchRows(spec(true), [{ host: 'a*b*c' }], ['abc'])).toHaveLength(1);
    expect(matchRows(spec(true), [{ host: 'ab*bc' }], ['abc'])).toHaveLength(0);
  });
});

describe('range', () => {
  it('is inclusive at both ends and gives the narrowest range first', () => {
    const ports = [
      { lo: 0, hi: 1023, name: 'system' },
      { lo: 80, hi: 80, name: 'http' },
      { lo: 1024, hi: 49151, name: 'registered' },
      { lo: 0, hi: 65535, name: 'any' },
    ];
    const spec: MatcherSpec = {
      keys: [{ field: 'lo', rule: { field: 'lo', type: 'range', to: 'hi' }, kind: 'number' }],
      maxMatches: 10,
    };
    expect(matchRows(spec, ports, [80]).map((r) => r.name)).toEqual(['http', 'system', 'any']);
    expect(matchRows(spec, ports, [1023]).map((r) => r.name)).toEqual(['system', 'any']);
    expect(matchRows(spec, ports, ['1024']).map((r) => r.name)).toEqual(['registered', 'any']);
    expect(matchRows(spec, ports, [70000])).toEqual([]);
  });

  it('compares IP addresses and dates', () => {
    const ips = [
      { lo: '10.0.0.0', hi: '10.0.0.255', name: 'a' },
      { lo: '10.0.0.128', hi: '10.0.1.0', name: 'b' },
    ];
    const spec: MatcherSpec = {
      keys: [{ field: 'lo', rule: { field: 'lo', type: 'range', to: 'hi' }, kind: 'ip' }],
      maxMatches: 10,
    };
    // b is the narrower (128 addresses against 255).
    expect(matchRows(spec, ips, ['10.0.0.200']).map((r) => r.name)).toEqual(['b', 'a']);
    expect(matchRows(spec, ips, ['10.0.0.5']).map((r) => r.name)).toEqual(['a']);
    expect(matchRows(spec, ips, ['10.0.1.0']).map((r) => r.name)).toEqual(['b']);
    const days = [{ lo: '2024-01-01 00:00:00', hi: '2024-01-31 23:59:59', name: 'jan' }];
    const dateSpec: MatcherSpec = { ...spec, keys: [{ ...spec.keys[0], kind: 'date' }] };
    expect(matchRows(dateSpec, days, ['2024-01-31 12:00:00'])).toHaveLength(1);
    expect(matchRows(dateSpec, days, ['2024-02-01 00:00:00'])).toHaveLength(0);
  });

  it('finds every holding interval among many overlapping ones', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ lo: i, hi: i + (i % 7) * 10 }));
    const spec: MatcherSpec = {
      keys: [{ field: 'lo', rule: { field: 'lo', type: 'range', to: 'hi' }, kind: 'number' }],
      maxMatches: 1000,
    };
    const matcher = buildMatcher(spec, rows, read);
    for (const v of [0, 33, 250, 499, 560]) {
      const expected = rows.filter((r) => r.lo <= v && v <= r.hi).length;
      expect(matcher.match([v])).toHaveLength(expected);
    }
  });
});

describe('time as of', () => {
  const owners = [
    { host: 'a', since: '2024-01-01 00:00:00', owner: 'ann' },
    { host: 'a', since: '2024-03-01 00:00:00', owner: 'bob' },
    { host: 'a', since: '2024-06-01 00:00:00', until: '2024-07-01 00:00:00', owner: 'cy' },
    { host: 'b', since: '2024-02-01 00:00:00', owner: 'dee' },
  ];
  const spec: MatcherSpec = {
    keys: [{ field: 'host' }],
    time: { field: 'since', type: 'time' },
    maxMatches: 1,
  };

  it('gives the latest row at or before the event, with an exact key', () => {
    expect(matchRows(spec, owners, ['a'], '2024-04-15 10:00:00').map((r) => r.owner)).toEqual([
      'bob',
    ]);
    expect(matchRows(spec, owners, ['a'], '2024-03-01 00:00:00').map((r) => r.owner)).toEqual([
      'bob',
    ]);
    expect(matchRows(spec, owners, ['b'], '2024-01-15 00:00:00')).toEqual([]);
    expect(matchRows(spec, owners, ['a'], null)).toEqual([]);
  });

  it('keeps a row only before its end when the rule has one', () => {
    const bounded: MatcherSpec = { ...spec, time: { field: 'since', type: 'time', to: 'until' } };
    expect(matchRows(bounded, owners, ['a'], '2024-06-15 00:00:00').map((r) => r.owner)).toEqual([
      'cy',
    ]);
    // cy's row has ended; rows without an end never match under a rule with `to`.
    expect(matchRows(bounded, owners, ['a'], '2024-08-01 00:00:00')).toEqual([]);
    expect(matchRows(spec, owners, ['a'], '2024-08-01 00:00:00').map((r) => r.owner)).toEqual([
      'cy',
    ]);
  });
});

describe('exact and mixed', () => {
  it('matches case-insensitively when asked', () => {
    const rows = [{ user: 'Alice', dept: 'eng' }];
    const spec: MatcherSpec = {
      keys: [{ field: 'user', rule: { field: 'user', type: 'exact', case_sensitive: false } }],
      maxMatches: 1,
    };
    expect(matchRows(spec, rows, ['ALICE'])).toHaveLength(1);
    expect(matchRows({ ...spec, keys: [{ field: 'user' }] }, rows, ['ALICE'])).toHaveLength(0);
  });

  it('needs every key to match, ordered by the ruled keys, then the lookup order', () => {
    const rows = [
      { env: 'prod', net: '10.0.0.0/8', tag: 'p8' },
      { env: 'dev', net: '10.1.0.0/16', tag: 'd16' },
      { env: 'prod', net: '10.1.0.0/16', tag: 'p16' },
      { env: 'prod', net: '10.1.0.0/16', tag: 'p16-again' },
    ];
    const spec: MatcherSpec = {
      keys: [{ field: 'env' }, { field: 'net', rule: { field: 'net', type: 'cidr' } }],
      maxMatches: 3,
    };
    expect(matchRows(spec, rows, ['prod', '10.1.2.3']).map((r) => r.tag)).toEqual([
      'p16',
      'p16-again',
      'p8',
    ]);
    expect(matchRows({ ...spec, maxMatches: 2 }, rows, ['prod', '10.1.2.3'])).toHaveLength(2);
  });

  it('reports the bytes its structures hold', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ net: `10.0.${i}.0/24` }));
    const small = buildMatcher(
      { keys: [{ field: 'net', rule: { field: 'net', type: 'cidr' } }], maxMatches: 1 },
      rows.slice(0, 10),
      read
    );
    const big = buildMatcher(
      { keys: [{ field: 'net', rule: { field: 'net', type: 'cidr' } }], maxMatches: 1 },
      rows,
      read
    );
    expect(big.bytes).toBeGreaterThan(5 * small.bytes);
  });
});

it('looks at the deadline while it builds over many rows', () => {
  let checks = 0;
  const rows = Array.from({ length: 5000 }, (_, i) => ({ net: `10.0.${i % 256}.0/24` }));
  buildMatcher(
    { keys: [{ field: 'net', rule: { field: 'net', type: 'cidr' } }], maxMatches: 1 },
    rows,
    read,
    () => void checks++
  );
  expect(checks).toBeGreaterThanOrEqual(4);
  expect(() =>
    buildMatcher({ keys: [{ field: 'net' }], maxMatches: 1 }, rows, read, () => {
      throw new Error('deadline');
    })
  ).toThrow('deadline');
});
