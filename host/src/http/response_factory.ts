/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* OSD's response factory (src/core/server/http/router/response.ts), same methods and shapes. */
import type {
  CustomHttpResponseOptions,
  ErrorHttpResponseOptions,
  HttpResponseOptions,
  HttpResponsePayload,
  IOpenSearchDashboardsResponse,
  OpenSearchDashboardsResponseFactory,
  ResponseError,
} from 'opensearch-dashboards/server';

export class HostResponse<
  T extends HttpResponsePayload | ResponseError = HttpResponsePayload,
> implements IOpenSearchDashboardsResponse<T> {
  constructor(
    public readonly status: number,
    public readonly payload?: T,
    public readonly options: HttpResponseOptions = {}
  ) {}
}

const error =
  (status: number) =>
  (options: ErrorHttpResponseOptions = {}) =>
    new HostResponse(status, options.body ?? defaultMessages[status], options);

const defaultMessages: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
};

export const responseFactory: OpenSearchDashboardsResponseFactory = {
  ok: (options = {}) => new HostResponse(200, options.body, options),
  accepted: (options = {}) => new HostResponse(202, options.body, options),
  noContent: (options = {}) => new HostResponse(204, undefined, options),
  badRequest: error(400),
  unauthorized: error(401),
  forbidden: error(403),
  notFound: error(404),
  conflict: error(409),
  customError: (options: CustomHttpResponseOptions<ResponseError>) => {
    if (!options || options.statusCode < 400) {
      throw new Error(`customError needs a statusCode of 400 or more, got ${options?.statusCode}`);
    }
    return new HostResponse(options.statusCode, options.body ?? 'Error', options);
  },
  custom: <T extends HttpResponsePayload | ResponseError>(options: CustomHttpResponseOptions<T>) =>
    new HostResponse(options.statusCode, options.body, options),
};
