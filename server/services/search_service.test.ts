/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { BadRequestError } from '../lib/errors';
import type { SearchBody } from '../../common/api/search_codecs';
import type { Logger } from 'opensearch-dashboards/server';
import type { PluginIndex } from './plugin_index/plugin_index';
import { TokenSigner } from './plugin_index/token_secret';
import { columnsUsed, decodePageToken, encodePageToken, requestDigest } from './search_service';

describe('page tokens', () => {
  const token = {
    v: 1 as const,
    index: 'lk_x__lookup',
    slice: 's-1',
    q: 'digest',
    n: 10,
    after: ['id9'],
  };
  const signer = new TokenSigner(
    {} as PluginIndex,
    {} as Logger,
    'a-test-secret-of-at-least-32-characters'
  );
  const keysFor = (user: string | null) => ({
    sign: (data: string) => signer.sign(user, data),
    verify: (data: string, mac: string) => signer.verify(user, data, mac),
  });
  const alice = keysFor('alice');

  it('round-trip as signed base64url', async () => {
    const raw = await encodePageToken(token, alice);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await decodePageToken(raw, alice)).toEqual(token);
  });

  it("refuses another user's token, and one whose payload was changed", async () => {
    const raw = await encodePageToken(token, alice);
    await expect(decodePageToken(raw, keysFor('bob'))).rejects.toThrow(
      /page_token is not one this API gave out/
    );
    const [, mac] = raw.split('.');
    const forged = Buffer.from(JSON.stringify({ ...token, slice: 'an-orphan' })).toString(
      'base64url'
    );
    await expect(decodePageToken(`${forged}.${mac}`, alice)).rejects.toThrow(BadRequestError);
    // Unsigned tokens, the old form, are refused too.
    await expect(decodePageToken(forged, alice)).rejects.toThrow(BadRequestError);
  });

  const tampered = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each<[string, string]>([
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['a JSON array', tampered([1])],
    ['an unknown version', tampered({ ...token, v: 2 })],
    ['an extra key', tampered({ ...token, index2: 'x' })],
    ['no position', tampered({ v: 1, index: 'i', slice: 's', q: 'd', n: 1 })],
    ['both positions', tampered({ ...token, from: 5 })],
    ['a negative offset', tampered({ v: 1, index: 'i', slice: 's', q: 'd', n: 1, from: -5 })],
    ['an empty slice', tampered({ ...token, slice: '' })],
    ['an object in search_after', tampered({ ...token, after: [{}] })],
  ])('refuses %s with a 400, even when signed', async (_label, payload) => {
    const signed = `${payload}.${await alice.sign(payload)}`;
    await expect(decodePageToken(signed, alice)).rejects.toThrow(BadRequestError);
    await expect(decodePageToken(signed, alice)).rejects.toThrow(
      /page_token is not one this API gave out/
    );
  });
});

describe('requestDigest', () => {
  const body: SearchBody = {
    mode: 'all',
    size: 5,
    query: { match: { a: { query: 'x', operator: 'and' } } },
  };
  it('ignores the token and the order of keys, and tells requests and lookups apart', () => {
    const reordered = {
      query: { match: { a: { operator: 'and', query: 'x' } } },
      size: 5,
      mode: 'all',
    } as SearchBody;
    expect(requestDigest('lk', { ...body, page_token: 't' })).toBe(requestDigest('lk', reordered));
    expect(requestDigest('lk', body)).not.toBe(requestDigest('lk2', body));
    expect(requestDigest('lk', body)).not.toBe(requestDigest('lk', { ...body, size: 6 }));
  });
});

describe('columnsUsed', () => {
  it('finds every column, with where it is, through bool and multi_match boosts', () => {
    expect(
      columnsUsed(
        {
          bool: {
            must: [{ match: { host: 'x' } }],
            should: [{ multi_match: { query: 'y', fields: ['a^2', 'b^0.5'] } }],
            must_not: [{ bool: { must: [{ prefix: { c: 'z' } }, { match_phrase: { d: 'w' } }] } }],
          },
        },
        [{ term: { region: 'eu' } }]
      )
    ).toEqual([
      { column: 'host', path: 'query.bool.must.0.match.host' },
      { column: 'a', path: 'query.bool.should.0.multi_match.fields.0' },
      { column: 'b', path: 'query.bool.should.0.multi_match.fields.1' },
      { column: 'c', path: 'query.bool.must_not.0.bool.must.0.prefix.c' },
      { column: 'd', path: 'query.bool.must_not.0.bool.must.1.match_phrase.d' },
      { column: 'region', path: 'filter.0.term.region' },
    ]);
  });

  it('refuses more clauses than OpenSearch takes', () => {
    const should = Array.from({ length: 1100 }, () => ({ match_all: {} as Record<string, never> }));
    expect(() => columnsUsed({ bool: { should } })).toThrow(/more than 1024 clauses/);
  });
});
