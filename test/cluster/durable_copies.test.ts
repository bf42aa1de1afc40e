/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * On three nodes, with two hosts: a lookup written through each path (`_write`, `_query … |
 * outputlookup`, a job, `_import`, `_edit`) has every row on both copies when it answers 200,
 * its backing index and the plugin index are green on three nodes, and each lookup is read in
 * full, through the other host, with c2 SIGKILLed and then with c3 SIGKILLed (c1 serves the
 * hosts, see test/support/local_cluster.ts).
 */
import type { Client } from '@opensearch-project/opensearch';
import { basicAuthorization } from '../../host/src/auth/session';
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import type { LookupDetail, RowsResponse } from '../../common/api/codecs';
import { PLUGIN_INDEX } from '../../server/services/plugin_index/plugin_index';
import { callApi } from '../support/api';
import { uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import {
  clusterAdmin,
  clusterNodes,
  copiesOf,
  killNode,
  nodeUrl,
  startNode,
} from '../support/local_cluster';
import { users } from '../support/users';

const MINUTE = 60_000;
const SOURCE_ROWS = 6000;

let admin: Client;
let hostA: TestHost | undefined;
let hostB: TestHost | undefined;
const source = uniqueName('web_logs_cluster');
const made: string[] = [source];
const lookup = (label: string) => {
  const name = uniqueName(`lk_cl_${label}`);
  made.push(name, `${name}__lookup`);
  return name;
};

beforeAll(async () => {
  admin = clusterAdmin();
  await admin.indices.create({
    index: source,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 1 },
      mappings: { properties: { host: { type: 'keyword' }, n: { type: 'long' } } },
    },
  });
  const body = Array.from({ length: SOURCE_ROWS }, (_, n) => [
    { index: {} },
    { host: `web-${n % 10}`, n },
  ]).flat();
  const { body: bulk } = await admin.bulk({ index: source, refresh: true, body });
  expect(bulk.errors).toBe(false);
  [hostA, hostB] = await Promise.all([
    startTestHost({ OPENSEARCH_URL: nodeUrl('c1') }),
    startTestHost({ OPENSEARCH_URL: nodeUrl('c1') }),
  ]);
}, 5 * MINUTE);

afterAll(async () => {
  await Promise.all([hostA?.stop(), hostB?.stop()]);
  if (!admin) return;
  await admin.indices.delete({ index: made, ignore_unavailable: true }).catch(() => undefined);
  await admin.close();
}, 5 * MINUTE);

const query = (text: string) =>
  callApi(hostA!.url, 'POST', apiPaths.query(), { caller: users.writer, body: { query: text } });

async function jobUntilEnded(id: string): Promise<Job> {
  const deadline = Date.now() + 3 * MINUTE;
  for (;;) {
    const { body } = await callApi<Job>(hostA!.url, 'GET', apiPaths.job(id), {
      caller: users.writer,
    });
    if (['finished', 'failed', 'cancelled', 'outcome_unknown'].includes(body.state)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${body.state}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** What a reader gets through host B: the lookup's row count (catalog) and its rows (`_rows`). */
async function readThroughHostB(name: string) {
  const detail = await callApi<LookupDetail>(hostB!.url, 'GET', apiPaths.lookup(name), {
    caller: users.reader,
  });
  const page = await callApi<RowsResponse>(hostB!.url, 'GET', apiPaths.rows(name), {
    caller: users.reader,
    query: { size: 1 },
  });
  return {
    detail: detail.status,
    rows: detail.body.rows,
    page: page.status,
    total: page.body.total,
  };
}

it(
  'every path answers 200 with its rows on both copies, green on three nodes, and read in full with c2 or c3 killed',
  async () => {
    const names = {
      write: lookup('write'),
      outputlookup: lookup('outputlookup'),
      job: lookup('job'),
      imported: lookup('import'),
      edited: lookup('edit'),
    };
    const expected: Record<string, number> = {};

    const rows = Array.from({ length: 300 }, (_, i) => ({ k: `row-${i}`, v: i }));
    const written = await callApi<{ slice: string }>(
      hostA!.url,
      'POST',
      apiPaths.write(names.write),
      {
        caller: users.writer,
        body: { rows },
      }
    );
    expect(written.status).toBe(200);
    const appended = await callApi(hostA!.url, 'POST', apiPaths.write(names.write), {
      caller: users.writer,
      body: { rows: [{ k: 'appended', v: -1 }], append: true },
    });
    expect(appended.status).toBe(200);
    expected[names.write] = rows.length + 1;

    const output = await query(
      `source=${source} | fields host, n | outputlookup ${names.outputlookup}`
    );
    expect(output.status).toBe(200);
    expected[names.outputlookup] = SOURCE_ROWS;

    const submitted = await callApi<Job>(hostA!.url, 'POST', apiPaths.jobs(), {
      caller: users.writer,
      body: {
        query: `source=${source} | where n < 2500 | fields host, n | outputlookup ${names.job}`,
      },
    });
    expect(submitted.status).toBe(202);
    expect(await jobUntilEnded(submitted.body.id)).toMatchObject({ state: 'finished' });
    expected[names.job] = 2500;

    const csv = ['code,label', ...Array.from({ length: 1000 }, (_, i) => `${i},item ${i}`)].join(
      '\n'
    );
    const imported = await fetch(`${hostA!.url}${apiPaths.import(names.imported)}`, {
      method: 'POST',
      headers: {
        'osd-xsrf': 'true',
        'content-type': 'text/csv',
        authorization: basicAuthorization(users.writer.username, users.writer.password),
      },
      body: `${csv}\n`,
    });
    expect(imported.status).toBe(200);
    expected[names.imported] = 1000;

    const base = await callApi<{ slice: string }>(
      hostA!.url,
      'POST',
      apiPaths.write(names.edited),
      {
        caller: users.writer,
        body: { rows: [{ k: 'a' }, { k: 'b' }] },
      }
    );
    expect(base.status).toBe(200);
    const edited = await callApi(hostA!.url, 'POST', apiPaths.edit(names.edited), {
      caller: users.writer,
      body: { base_slice: base.body.slice, add: [{ k: 'c' }, { k: 'd' }] },
    });
    expect(edited.status).toBe(200);
    expected[names.edited] = 4;

    // Green on three nodes: every backing index and the plugin index has both its copies
    // started, on two different nodes.
    const { nameOf } = await clusterNodes(admin);
    expect(nameOf.size).toBe(3);
    for (const index of [...Object.values(names).map((n) => `${n}__lookup`), PLUGIN_INDEX]) {
      const { body: health } = await admin.cluster.health({
        index,
        wait_for_status: 'green',
        timeout: '30s',
      });
      expect({ index, status: health.status }).toEqual({ index, status: 'green' });
      const copies = await copiesOf(admin, index);
      expect({
        index,
        copies: copies.length,
        started: copies.every((c) => c.state === 'STARTED'),
      }).toEqual({
        index,
        copies: 2,
        started: true,
      });
      expect(new Set(copies.map((c) => c.node)).size).toBe(2);
    }

    // Each copy by itself holds every row (the same check the writer made before answering).
    for (const [name, rowsExpected] of Object.entries(expected)) {
      const index = `${name}__lookup`;
      for (const copy of await copiesOf(admin, index)) {
        const { body } = await admin.count({ index: name, preference: `_only_nodes:${copy.node}` });
        expect({ name, node: copy.node, count: body.count }).toEqual({
          name,
          node: copy.node,
          count: rowsExpected,
        });
      }
    }

    for (const node of ['c2', 'c3'] as const) {
      await killNode(node);
      // Read at once, before any replica could be rebuilt elsewhere: what survives is what the
      // copies on the other two nodes held at 200.
      for (const [name, rowsExpected] of Object.entries(expected)) {
        expect({ name, node, ...(await readThroughHostB(name)) }).toEqual({
          name,
          node,
          detail: 200,
          rows: rowsExpected,
          page: 200,
          total: rowsExpected,
        });
      }
      await startNode(node);
    }
  },
  20 * MINUTE
);
