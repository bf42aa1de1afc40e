/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { IRouter, RouteConfig, RouteValidationFunction } from 'opensearch-dashboards/server';
import { ListQuery } from '../../common/api/codecs';
import type { LookupsConfig } from '../config';
import { registerRoutes } from '.';
import { dataSourceRouter, requestedDataSource, withDataSourceParam } from './data_source_param';
import { validateWith } from './validation';

const factory = {
  ok: <T>(value: T) => ({ value }),
  badRequest: (error: Error | string) => ({
    error: Object.assign(new Error(String(error)), { name: 'RouteValidationError' }) as never,
  }),
};

describe('withDataSourceParam', () => {
  const list = withDataSourceParam(validateWith(ListQuery));

  it('hands the rest of the query to the route and keeps the id beside its options', () => {
    expect(list({ dataSourceId: 'b-1', size: '5' }, factory)).toEqual({
      value: { dataSourceId: 'b-1', size: 5 },
    });
    expect(list({ size: '5' }, factory)).toEqual({ value: { size: 5 } });
  });

  it('keeps the route strict and refuses a blank or repeated id', () => {
    expect(list({ dataSourceId: 'b', sise: '5' }, factory).error?.message).toMatch(/\[sise\]/);
    expect(list({ dataSourceId: '' }, factory).error?.message).toMatch(/^\[dataSourceId\]/);
    expect(list({ dataSourceId: ['a', 'b'] }, factory).error?.message).toMatch(/^\[dataSourceId\]/);
  });

  it('gives a route without query options only dataSourceId', () => {
    const bare = withDataSourceParam();
    expect(bare({}, factory)).toEqual({ value: {} });
    expect(bare(undefined, factory)).toEqual({ value: {} });
    expect(bare({ dataSourceId: 'x' }, factory)).toEqual({ value: { dataSourceId: 'x' } });
    expect(bare({ other: '1' }, factory).error?.message).toBe(
      '[other]: unknown option; allowed: dataSourceId'
    );
  });
});

describe('dataSourceRouter', () => {
  type Recorded = { method: string; route: RouteConfig<unknown, unknown, unknown, never> };

  function recordingRouter(recorded: Recorded[]): IRouter {
    const record =
      (method: string) =>
      (route: RouteConfig<unknown, unknown, unknown, never>): void => {
        recorded.push({ method, route });
      };
    return {
      routerPath: '',
      get: record('get'),
      post: record('post'),
      put: record('put'),
      patch: record('patch'),
      delete: record('delete'),
    } as unknown as IRouter;
  }

  it('gives every route of the plugin the dataSourceId parameter', () => {
    const recorded: Recorded[] = [];
    registerRoutes(
      dataSourceRouter(recordingRouter(recorded)),
      { max_body_bytes: 1024, max_import_bytes: 1024 } as LookupsConfig,
      async () => ({}) as never
    );
    expect(recorded.length).toBeGreaterThan(20);
    for (const { method, route } of recorded) {
      const validate = route.validate as { query?: RouteValidationFunction<unknown> };
      const where = `${method} ${route.path}`;
      expect([where, typeof validate.query]).toEqual([where, 'function']);
      // With the id, the route decides as without it (some need options of their own) and
      // the id is kept.
      const without = validate.query!({}, factory);
      const withId = validate.query!({ dataSourceId: 'cluster-b' }, factory);
      expect([where, withId.error?.message]).toEqual([where, without.error?.message]);
      if (!without.error) {
        expect([where, withId.value]).toEqual([
          where,
          { ...(without.value as object), dataSourceId: 'cluster-b' },
        ]);
      }
      expect(validate.query!({ dataSourceId: '  ' }, factory).error).toBeDefined();
    }
  });

  it('keeps the routes’ other validation', () => {
    const recorded: Recorded[] = [];
    const params: RouteValidationFunction<{ name: string }> = (data, f) => f.ok(data);
    dataSourceRouter(recordingRouter(recorded)).post(
      { path: '/x/{name}', validate: { params } },
      async (_c, _r, response) => response.ok()
    );
    expect((recorded[0].route.validate as { params: unknown }).params).toBe(params);
  });
});

describe('requestedDataSource', () => {
  it('reads the validated query', () => {
    expect(requestedDataSource({ query: { dataSourceId: 'b' } } as never)).toBe('b');
    expect(requestedDataSource({ query: {} } as never)).toBeUndefined();
  });
});
