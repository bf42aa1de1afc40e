/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A 401 from OpenSearch is answered by the plugin itself, as OSD's router answers the 401s it
 * recognises: OSD recognises one only by a truthy `body`, and a HEAD request's 401 has none, so
 * left to OSD it would be a 500.
 */
import { errors } from '@opensearch-project/opensearch';
import type { Logger } from 'opensearch-dashboards/server';
import { toErrorResponse } from './errors';

const logger = { error: jest.fn(), warn: jest.fn() } as unknown as Logger;
const responses = {
  unauthorized: (options: unknown) => ({ status: 401, options }),
  customError: (options: { statusCode: number }) => ({ status: options.statusCode, options }),
};

function unauthorized(body: Record<string, unknown>, headers: Record<string, string>) {
  return new errors.ResponseError({
    body,
    statusCode: 401,
    headers,
    warnings: null,
    meta: {} as never,
  });
}

it.each([
  ['with a body', { error: 'Unauthorized' }],
  ['without a body (a HEAD request)', '' as unknown as Record<string, unknown>],
])('answers a 401 %s with 401 and OpenSearch’s challenge', (_what, body) => {
  const answer = toErrorResponse(
    unauthorized(body, { 'www-authenticate': 'Basic realm="OpenSearch Security"' }),
    responses as never,
    logger
  ) as unknown as {
    status: number;
    options: { headers: Record<string, string>; body: { message: string } };
  };
  expect(answer.status).toBe(401);
  expect(answer.options.headers['www-authenticate']).toBe('Basic realm="OpenSearch Security"');
  expect(answer.options.body.message).toMatch(/sign in again/);
});

it('gives a Basic challenge when OpenSearch gave none', () => {
  const answer = toErrorResponse(
    unauthorized('' as unknown as Record<string, unknown>, {}),
    responses as never,
    logger
  ) as unknown as {
    options: { headers: Record<string, string> };
  };
  expect(answer.options.headers['www-authenticate']).toBe('Basic realm="Authorization Required"');
});
