/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * QueryService's API, run in the query pool: the query in a worker; here, the caller's client,
 * the lease, the write's records and publish (with the rows filling the slice from the worker).
 */
import type { ExplainResponse, QueryResponse } from '../../../../common/api/codecs';
import { DEFAULT_QUERY_SIZE, type QueryDeps, writeQueryResult } from '../query_service';
import type { QueryPool, TaskContext, TaskInput } from './query_pool';

export class IsolatedQueryService {
  constructor(
    private readonly pool: QueryPool,
    private readonly deps: QueryDeps
  ) {}

  run(text: string, size = DEFAULT_QUERY_SIZE): Promise<QueryResponse> {
    return this.submit<QueryResponse>(text, { kind: 'run', text, size });
  }

  explain(text: string): Promise<ExplainResponse> {
    return this.submit<ExplainResponse>(text, { kind: 'explain', text });
  }

  private async submit<T>(
    text: string,
    input: Pick<TaskInput, 'kind' | 'text' | 'size'>
  ): Promise<T> {
    const { deps } = this;
    const limits = await deps.clusterLimits?.();
    const context: TaskContext = {
      client: deps.client,
      ...(deps.signal ? { signal: deps.signal } : {}),
      write: (name, source, options) => writeQueryResult(deps, text, name, source, options),
    };
    return this.pool.submit<T>(
      {
        ...input,
        config: deps.config,
        ceiling: deps.ceiling,
        ...(limits ? { limits } : {}),
        ...(deps.timeout ? { timeout: deps.timeout } : {}),
      },
      context
    );
  }
}
