/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OpenSearch protecting itself (a circuit breaker, an overloaded or unavailable node) reaches the
 * user as a clear 429 or 503 saying to try again, and is logged; never as a 500.
 */
import type { Logger } from 'opensearch-dashboards/server';
import { LookupError, toErrorResponse } from './errors';

const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn(), debug: jest.fn() };
const responses = {
  customError: (answer: { statusCode: number; body: unknown }) => answer,
  forbidden: (answer: { body: unknown }) => ({ statusCode: 403, ...answer }),
};

const responseError = (statusCode: number, body: unknown) =>
  Object.assign(new Error('Response Error'), { name: 'ResponseError', meta: { statusCode, body } });

const answer = (error: unknown) =>
  toErrorResponse(error, responses as never, logger as unknown as Logger) as unknown as {
    statusCode: number;
    body: { message: string; attributes?: Record<string, unknown> };
  };

beforeEach(() => jest.clearAllMocks());

describe('OpenSearch protecting itself', () => {
  it('a circuit breaker is a 429 saying to try again or ask for less, and is logged', () => {
    const breaker = responseError(429, {
      error: {
        type: 'circuit_breaking_exception',
        reason: '[parent] Data too large, data for [<http_request>] would be [1gb]',
      },
      status: 429,
    });
    const { statusCode, body } = answer(breaker);
    expect(statusCode).toBe(429);
    expect(body.message).toMatch(
      /^OpenSearch refused the request to protect its memory \(a circuit breaker: \[parent\] Data too large.*\)\. Try again shortly, or ask for less/
    );
    expect(body.attributes).toEqual({ reason: 'opensearch_circuit_breaker' });
    expect(logger.warn).toHaveBeenCalled();
  });

  it('a breaker inside a failed search phase (any status) is the same 429', () => {
    const phase = responseError(503, {
      error: {
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
        root_cause: [{ type: 'circuit_breaking_exception', reason: '[request] Data too large' }],
      },
    });
    expect(answer(phase).statusCode).toBe(429);
  });

  it('an overloaded node (429) and an unavailable one (503) say to try again', () => {
    const rejected = answer(
      responseError(429, { error: { type: 'rejected_execution_exception', reason: 'queue full' } })
    );
    expect(rejected).toMatchObject({
      statusCode: 429,
      body: { message: 'OpenSearch is overloaded: queue full. Try again shortly.' },
    });
    const unavailable = answer(
      responseError(503, { error: { type: 'no_shard_available_action_exception', reason: 'x' } })
    );
    expect(unavailable).toMatchObject({
      statusCode: 503,
      body: { message: 'OpenSearch cannot serve this right now: x. Try again shortly.' },
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('a 5xx the service chose is logged too', () => {
    answer(new LookupError(504, 'OpenSearch did not answer in time'));
    expect(logger.warn).toHaveBeenCalledWith('answered 504: OpenSearch did not answer in time');
  });
});

describe('an error with more attributes', () => {
  it('keeps its class, status, message and attributes, and adds the new ones', () => {
    class Special extends LookupError {
      constructor() {
        super(409, 'busy', { holder: 'h1' });
      }
    }
    const copy = new Special().withAttributes({ rows_written: 3 });
    expect(copy).toBeInstanceOf(Special);
    expect(copy.statusCode).toBe(409);
    expect(copy.message).toBe('busy');
    expect(copy.name).toBe('Special');
    expect(copy.attributes).toEqual({ holder: 'h1', rows_written: 3 });
  });
});
