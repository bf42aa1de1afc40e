/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* PPL saved queries over core's saved objects client: what is sent, and what a refusal says. */
import type { SavedObjectsClientContract } from 'opensearch-dashboards/public';
import { createSavedQueriesService, SavedQueryError } from './saved_queries';

const refusal = (statusCode: number) =>
  Object.assign(new Error(`status ${statusCode}`), { body: { statusCode } });

const object = (id: string, text: string, language = 'PPL') => ({
  id,
  type: 'query',
  attributes: { title: id, description: `${id}, described`, query: { query: text, language } },
  updated_at: '2026-03-01T09:00:00.000Z',
  _version: 'WzEsMV0=',
});

function fakeClient(overrides: Partial<Record<keyof SavedObjectsClientContract, jest.Mock>> = {}) {
  const client = {
    create: jest.fn((_type: string, attributes: unknown, options: { id: string }) =>
      Promise.resolve({ ...object(options.id, ''), attributes })
    ),
    get: jest.fn(() => Promise.resolve({ error: { statusCode: 404, message: 'Not Found' } })),
    update: jest.fn(),
    delete: jest.fn(() => Promise.resolve({})),
    find: jest.fn(() => Promise.resolve({ total: 0, savedObjects: [] })),
    bulkGet: jest.fn(),
    ...overrides,
  };
  return client as unknown as SavedObjectsClientContract & typeof client;
}

describe('the saved queries service', () => {
  it('saves a new PPL query as Discover does: a `query` object whose id is its title', async () => {
    const client = fakeClient();
    const saved = await createSavedQueriesService(client).create({
      title: '  Hosts  ',
      description: 'Every host',
      text: 'source=web_logs | stats count() by host',
    });
    expect(client.create).toHaveBeenCalledWith(
      'query',
      {
        title: 'Hosts',
        description: 'Every host',
        query: { query: 'source=web_logs | stats count() by host', language: 'PPL' },
      },
      { id: 'Hosts' }
    );
    expect(saved).toMatchObject({ id: 'Hosts', title: 'Hosts', version: 'WzEsMV0=' });
  });

  it('says a title is taken when the object exists (409)', async () => {
    const client = fakeClient({ create: jest.fn(() => Promise.reject(refusal(409))) });
    await expect(
      createSavedQueriesService(client).create({ title: 'Hosts', description: '', text: 'x' })
    ).rejects.toEqual(
      new SavedQueryError(
        'A saved query named "Hosts" already exists. Choose another name, or open that one.',
        'title_taken'
      )
    );
  });

  it('changes a saved query only if it is still the version read, and says when it is not', async () => {
    const client = fakeClient({ update: jest.fn(() => Promise.reject(refusal(409))) });
    const service = createSavedQueriesService(client);
    const held = { id: 'Hosts', title: 'Hosts', description: '', text: 'a', version: 'v1' };
    await expect(service.update(held, { text: 'b' })).rejects.toMatchObject({
      reason: 'changed',
      message: expect.stringContaining('was changed by someone else since you opened it'),
    });
    expect(client.update).toHaveBeenCalledWith(
      'query',
      'Hosts',
      { title: 'Hosts', description: '', query: { query: 'b', language: 'PPL' } },
      { version: 'v1' }
    );
  });

  it('refuses a rename onto another saved query’s title, writing nothing', async () => {
    const client = fakeClient({ get: jest.fn(() => Promise.resolve(object('Errors', 'y'))) });
    const held = { id: 'Hosts', title: 'Hosts', description: '', text: 'a', version: 'v1' };
    await expect(
      createSavedQueriesService(client).update(held, { title: 'Errors' })
    ).rejects.toMatchObject({ reason: 'title_taken' });
    expect(client.update).not.toHaveBeenCalled();
  });

  it('lists PPL queries only, titles first, a word also as a prefix', async () => {
    const client = fakeClient({
      find: jest.fn(() => Promise.resolve({ total: 1, savedObjects: [object('Hosts', 'q')] })),
    });
    const page = await createSavedQueriesService(client).find({
      search: 'host',
      page: 2,
      perPage: 10,
    });
    expect(client.find).toHaveBeenCalledWith({
      type: 'query',
      search: 'host*',
      searchFields: ['title^5', 'description'],
      sortField: '_score',
      filter: 'query.attributes.query.language: PPL',
      page: 2,
      perPage: 10,
    });
    expect(page).toEqual({
      total: 1,
      queries: [
        {
          id: 'Hosts',
          title: 'Hosts',
          description: 'Hosts, described',
          text: 'q',
          version: 'WzEsMV0=',
          updatedAt: '2026-03-01T09:00:00.000Z',
        },
      ],
    });
  });

  it('names a missing saved query, and one in another language', async () => {
    const missing = fakeClient();
    await expect(createSavedQueriesService(missing).get('gone')).rejects.toMatchObject({
      reason: 'not_found',
      message: 'The saved query "gone" no longer exists: someone deleted it.',
    });
    const dql = fakeClient({
      get: jest.fn(() => Promise.resolve(object('Errors', 'status:500', 'kuery'))),
    });
    await expect(createSavedQueriesService(dql).get('Errors')).rejects.toMatchObject({
      reason: 'not_ppl',
    });
  });

  it('takes a delete of what is already gone as done', async () => {
    const client = fakeClient({ delete: jest.fn(() => Promise.reject(refusal(404))) });
    await expect(createSavedQueriesService(client).delete('gone')).resolves.toBeUndefined();
    const failing = fakeClient({ delete: jest.fn(() => Promise.reject(refusal(403))) });
    await expect(createSavedQueriesService(failing).delete('x')).rejects.toThrow('status 403');
  });
});
