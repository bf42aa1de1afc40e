/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { LookupError, toErrorResponse } from './lib/errors';
import { createRequestContext, PluginServices, ServiceDirectory } from './request_context';

const client = (label: string) => ({ label }) as unknown as OpenSearchClient;
const localClients = {
  asCurrentUser: client('local caller'),
  asCurrentUserWithLongNumeralsSupport: client('local caller, long numerals'),
  asInternalUser: client('local server'),
  asInternalUserWithLongNumeralsSupport: client('local server, long numerals'),
};
const core = { opensearch: { client: localClients } } as never;
const localServices = { config: { max_rows: 10 }, label: 'local' } as unknown as PluginServices;
const bServices = { config: { max_rows: 10 }, label: 'b' } as unknown as PluginServices;

function directory(enabled = true) {
  const asked: Array<[string, OpenSearchClient]> = [];
  const dir: ServiceDirectory = {
    dataSourceEnabled: enabled,
    local: async () => localServices,
    forDataSource: async (id, c) => {
      asked.push([id, c]);
      return bServices;
    },
  };
  return { dir, asked };
}
const request = (query: Record<string, string>) => ({ query }) as never;
const label = (c: OpenSearchClient) => (c as unknown as { label: string }).label;

describe('createRequestContext', () => {
  it('uses the local cluster as the caller without a dataSourceId', async () => {
    const { dir, asked } = directory();
    const getClient = jest.fn();
    const ctx = await createRequestContext(
      { core, dataSource: { opensearch: { getClient } } },
      request({}),
      dir
    );
    expect(label(ctx.client)).toBe('local caller, long numerals');
    expect((ctx as unknown as { label: string }).label).toBe('local');
    expect(ctx.dataSource).toBeUndefined();
    expect(getClient).not.toHaveBeenCalled();
    expect(asked).toEqual([]);
  });

  it('uses the data source’s client and records with a dataSourceId', async () => {
    const { dir, asked } = directory();
    const b = client('b');
    const getClient = jest.fn(async () => b);
    const ctx = await createRequestContext(
      { core, dataSource: { opensearch: { getClient } } },
      request({ dataSourceId: 'b-id' }),
      dir
    );
    expect(getClient).toHaveBeenCalledWith('b-id');
    expect(ctx.client).toBe(b);
    expect(ctx.dataSource).toBe('b-id');
    expect(ctx.unavailable).toBeUndefined();
    expect((ctx as unknown as { label: string }).label).toBe('b');
    expect(asked).toEqual([['b-id', b]]);
  });

  it('refuses a dataSourceId when the Data Source plugin is not there', async () => {
    for (const [enabled, dataSource] of [
      [false, { opensearch: { getClient: jest.fn() } }],
      [true, undefined],
    ] as const) {
      const ctx = await createRequestContext(
        { core, dataSource },
        request({ dataSourceId: 'b-id' }),
        directory(enabled).dir
      );
      expect(ctx.unavailable).toMatchObject({ statusCode: 400 });
      expect(ctx.unavailable?.message).toContain('multiple data sources are not enabled');
      await expect(ctx.user()).rejects.toBe(ctx.unavailable);
    }
  });

  it('answers 404 for an unknown data source and 502 for one it cannot use, naming it', async () => {
    const failing = (error: unknown) => ({
      core,
      dataSource: { opensearch: { getClient: async () => Promise.reject(error) } },
    });
    const notFound = Object.assign(
      new Error('Data Source Error: Saved object [data-source/zz] not found'),
      { statusCode: 404 }
    );
    const missing = await createRequestContext(
      failing(notFound),
      request({ dataSourceId: 'zz' }),
      directory().dir
    );
    expect(missing.unavailable).toMatchObject({ statusCode: 404 });
    expect(missing.unavailable?.message).toMatch(/^Data source "zz" was not found: Saved object/);

    const broken = await createRequestContext(
      failing(new Error('Data source "endpoint" contaminated.')),
      request({ dataSourceId: 'yy' }),
      directory().dir
    );
    expect(broken.unavailable).toMatchObject({ statusCode: 502 });
    expect(broken.unavailable?.message).toContain('Data source "yy" cannot be used');
  });
});

describe('toErrorResponse on a data source', () => {
  const logger = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;
  const response = {
    customError: (r: { statusCode: number; body: unknown }) => r,
    forbidden: (r: { body: unknown }) => ({ statusCode: 403, ...r }),
    unauthorized: (r: { body: unknown }) => ({ statusCode: 401, ...r }),
  } as never;
  const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

  it('says which data source cannot be reached: 502, or 504 when it timed out', () => {
    const refused = toErrorResponse(
      named('ConnectionError', 'connect ECONNREFUSED'),
      response,
      logger,
      'b'
    ) as unknown as {
      statusCode: number;
      body: { message: string; attributes: unknown };
    };
    expect(refused.statusCode).toBe(502);
    expect(refused.body.message).toContain(
      'Data source "b" cannot be reached (connect ECONNREFUSED)'
    );
    expect(refused.body.attributes).toEqual({
      reason: 'data_source_unreachable',
      data_source: 'b',
    });
    const late = toErrorResponse(named('TimeoutError'), response, logger, 'b') as unknown as {
      statusCode: number;
    };
    expect(late.statusCode).toBe(504);
    // The local cluster keeps its own answer.
    const localDown = toErrorResponse(named('ConnectionError'), response, logger) as unknown as {
      statusCode: number;
    };
    expect(localDown.statusCode).toBe(503);
  });

  it('answers 400, not 401, when the data source refuses its stored credentials', () => {
    const refused = Object.assign(new Error('Unauthorized'), {
      name: 'ResponseError',
      meta: { statusCode: 401, body: {} },
    });
    const answer = toErrorResponse(refused, response, logger, 'b') as unknown as {
      statusCode: number;
      body: { message: string };
    };
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toContain('Data source "b" refused the credentials');
    // On the local cluster it is the caller's own sign-in that was refused: 401.
    const local = toErrorResponse(refused, response, logger) as unknown as { statusCode: number };
    expect(local.statusCode).toBe(401);
  });

  it('keeps typed errors as they are', () => {
    const answer = toErrorResponse(
      new LookupError(409, 'busy'),
      response,
      logger,
      'b'
    ) as unknown as {
      statusCode: number;
    };
    expect(answer.statusCode).toBe(409);
  });
});
