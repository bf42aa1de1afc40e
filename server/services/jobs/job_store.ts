/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Jobs as the plugin index keeps them: written with the server identity at every state change
 * (and on a heartbeat while running), read back for the API filtered to the caller's own jobs.
 */
import type { Job, JobState, JobsQuery } from '../../../common/api/jobs';
import type { PluginIndex } from '../plugin_index/plugin_index';

/** A job as stored: the API's view plus the host running it and a pending cancel. */
export interface StoredJob extends Job {
  host: string;
  cancel_requested?: boolean;
  heartbeat_at?: string;
}

const jobId = (id: string) => `job:${id}`;

export class JobStore {
  constructor(private readonly index: PluginIndex) {}

  async put(job: StoredJob) {
    await this.index.ensure();
    await this.index.client.index({
      index: this.index.name,
      id: jobId(job.id),
      refresh: true,
      body: { type: 'job', updated_at: job.updated_at, job },
    });
  }

  async get(id: string): Promise<StoredJob | undefined> {
    const { body } = await this.index.client.get(
      { index: this.index.name, id: jobId(id) },
      { ignore: [404] }
    );
    const doc = body as { found?: boolean; _source?: { job: StoredJob } };
    return doc.found ? doc._source?.job : undefined;
  }

  /** Several jobs in one request, by id; the ones not found are left out. */
  async getMany(ids: string[]): Promise<Map<string, StoredJob>> {
    const found = new Map<string, StoredJob>();
    if (ids.length === 0) return found;
    const { body } = await this.index.client.mget(
      { index: this.index.name, body: { ids: ids.map(jobId) } },
      { ignore: [404] }
    );
    const docs = (body as { docs?: Array<{ found?: boolean; _source?: { job: StoredJob } }> }).docs;
    for (const doc of docs ?? []) {
      if (doc.found && doc._source) found.set(doc._source.job.id, doc._source.job);
    }
    return found;
  }

  /** Asks whoever runs the job to stop it at the next batch. */
  async requestCancel(id: string) {
    await this.index.client.update({
      index: this.index.name,
      id: jobId(id),
      refresh: true,
      body: { doc: { job: { cancel_requested: true } } },
    });
  }

  async list(user: string | null, query: JobsQuery): Promise<StoredJob[]> {
    const filter: unknown[] = [{ term: { type: 'job' } }];
    filter.push(
      user === null
        ? { bool: { must_not: { exists: { field: 'job.user' } } } }
        : { term: { 'job.user': user } }
    );
    if (query.lookup) filter.push({ term: { 'job.lookup': query.lookup } });
    if (query.state) filter.push({ term: { 'job.state': query.state } });
    if (query.schedule) filter.push({ term: { 'job.schedule_id': query.schedule } });
    const { body } = await this.index.client.search(
      {
        index: this.index.name,
        body: { size: 100, sort: [{ 'job.created_at': 'desc' }], query: { bool: { filter } } },
      },
      { ignore: [404] }
    );
    return (
      (body as { hits?: { hits: Array<{ _source: { job: StoredJob } }> } }).hits?.hits ?? []
    ).map((h) => h._source.job);
  }

  /** Jobs in one of these states whose heartbeat is older than `before`. */
  async stale(states: JobState[], before: string): Promise<StoredJob[]> {
    const { body } = await this.index.client.search(
      {
        index: this.index.name,
        body: {
          size: 1000,
          query: {
            bool: {
              filter: [
                { term: { type: 'job' } },
                { terms: { 'job.state': states } },
                { range: { 'job.heartbeat_at': { lt: before } } },
              ],
            },
          },
        },
      },
      { ignore: [404] }
    );
    return (
      (body as { hits?: { hits: Array<{ _source: { job: StoredJob } }> } }).hits?.hits ?? []
    ).map((h) => h._source.job);
  }
}
