/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A 200 means the rows survive a crash. This file runs its own throwaway OpenSearch node
 * (OPENSEARCH_NODE=crash, on a free port, or OPENSEARCH_CRASH_PORT; its install and data under
 * .cache/opensearch/node-crash, kept between runs so a second run starts faster), never the
 * tests' node or node b: it writes through every path (`_query` with stats, a large `_query`,
 * `_write`, an append, `_import`, a job), SIGKILLs the node at once, starts it again and finds
 * every row, and each version still `complete` in the catalog. Every write is made to load with
 * build settings (`build_settings_min_rows: 1`), the path that used to lose rows: the async
 * translog those settings switched on was never synced once `request` was restored, so
 * acknowledged rows lived in the JVM until the next write and died with it.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { LookupDetail } from '../../common/api/codecs';
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { TEST_USERS } from '../../scripts/opensearch/test_users';
import { callApi } from '../support/api';
import { uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { throwawayNode, type ThrowawayNode } from '../support/throwaway_node';
import { users } from '../support/users';

const MINUTE = 60_000;
const HOSTS = 12;
// A multiple of HOSTS: every host has the same count.
const SOURCE_ROWS = 24_000;

let node: ThrowawayNode;
let host: TestHost | undefined;
const source = uniqueName('web_logs_crash');
const made: string[] = [source];
const lookup = (label: string) => {
  const name = uniqueName(`lk_crash_${label}`);
  made.push(name, `${name}__lookup`);
  return name;
};

beforeAll(async () => {
  const port = process.env.OPENSEARCH_CRASH_PORT;
  node = await throwawayNode('crash', port ? { port: Number(port) } : {});
  await node.start();
  await node.addUsers(TEST_USERS.lookup_writer);
  await node.admin.indices.create({
    index: source,
    body: {
      settings: { number_of_shards: 1 },
      mappings: { properties: { host: { type: 'keyword' }, n: { type: 'long' } } },
    },
  });
  const body = Array.from({ length: SOURCE_ROWS }, (_, n) => [
    { index: {} },
    { host: `web-${String(n % HOSTS).padStart(2, '0')}`, n },
  ]).flat();
  const { body: bulk } = await node.admin.bulk({ index: source, refresh: true, body });
  expect(bulk.errors).toBe(false);
  const dir = mkdtempSync(join(tmpdir(), 'lookups-crash-'));
  const config = join(dir, 'host.json');
  writeFileSync(config, JSON.stringify({ plugins: { lookups: { build_settings_min_rows: 1 } } }));
  host = await startTestHost({ OPENSEARCH_URL: node.url, LOOKUPS_HOST_CONFIG: config });
}, 15 * MINUTE);

afterAll(async () => {
  await host?.stop();
  if (!node) return;
  try {
    await node.admin.indices.delete({ index: made, ignore_unavailable: true });
  } finally {
    await node.stop();
  }
}, 5 * MINUTE);

const query = (text: string) =>
  callApi(host!.url, 'POST', apiPaths.query(), { caller: users.writer, body: { query: text } });

async function importCsv(name: string, csv: string) {
  const res = await fetch(`${host!.url}${apiPaths.import(name)}`, {
    method: 'POST',
    headers: {
      'osd-xsrf': 'true',
      'content-type': 'text/csv',
      authorization: basicAuthorization(users.writer.username, users.writer.password),
    },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function jobUntilEnded(id: string): Promise<Job> {
  const deadline = Date.now() + 2 * MINUTE;
  for (;;) {
    const { body } = await callApi<Job>(host!.url, 'GET', apiPaths.job(id), {
      caller: users.writer,
    });
    if (['finished', 'failed', 'cancelled', 'outcome_unknown'].includes(body.state)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${body.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it(
  'every acknowledged row survives a SIGKILL of OpenSearch right after the writes',
  async () => {
    const names = {
      stats: lookup('stats'),
      large: lookup('large'),
      write: lookup('write'),
      imported: lookup('import'),
      job: lookup('job'),
    };
    const expected: Record<string, number> = {};

    const stats = await query(
      `source=${source} | stats count() by host | outputlookup ${names.stats}`
    );
    expect(stats.status).toBe(200);
    expected[names.stats] = HOSTS;

    const large = await query(`source=${source} | fields host, n | outputlookup ${names.large}`);
    expect(large.status).toBe(200);
    expected[names.large] = SOURCE_ROWS;

    const rows = Array.from({ length: 300 }, (_, i) => ({ k: `row-${i}`, v: i }));
    const written = await callApi(host!.url, 'POST', apiPaths.write(names.write), {
      caller: users.writer,
      body: { rows },
    });
    expect(written.status).toBe(200);
    const appended = await callApi(host!.url, 'POST', apiPaths.write(names.write), {
      caller: users.writer,
      body: { rows: [{ k: 'appended', v: -1 }], append: true },
    });
    expect(appended.status).toBe(200);
    expected[names.write] = rows.length + 1;

    const csv = ['code,label', ...Array.from({ length: 1000 }, (_, i) => `${i},item ${i}`)].join(
      '\n'
    );
    const imported = await importCsv(names.imported, `${csv}\n`);
    expect(imported.status).toBe(200);
    expect(imported.body.rows_written).toBe(1000);
    expected[names.imported] = 1000;

    const submitted = await callApi<Job>(host!.url, 'POST', apiPaths.jobs(), {
      caller: users.writer,
      body: {
        query: `source=${source} | where n < 5000 | fields host, n | outputlookup ${names.job}`,
      },
    });
    expect(submitted.status).toBe(202);
    expect(await jobUntilEnded(submitted.body.id)).toMatchObject({ state: 'finished' });
    expected[names.job] = 5000;

    // Every write above has answered: the node dies now, with no flush and no shutdown.
    await node.kill();
    await node.start();
    // Every primary assigned is enough to count what survived.
    await node.admin.cluster.health(
      { index: Object.values(names), wait_for_status: 'yellow', timeout: '120s' },
      { requestTimeout: 150_000 }
    );

    const counts: Record<string, number> = {};
    for (const name of Object.values(names)) {
      counts[name] = (await node.admin.count({ index: name })).body.count;
    }
    expect(counts).toEqual(expected);

    // The stats rows are the ones written: one per host, with its count.
    const { body } = await node.admin.search({ index: names.stats, body: { size: 100 } });
    const byHost = Object.fromEntries(
      (body.hits.hits as Array<{ _source: { host: string; 'count()': number } }>).map((h) => [
        h._source.host,
        h._source['count()'],
      ])
    );
    expect(Object.keys(byHost)).toHaveLength(HOSTS);
    expect(Object.values(byHost).every((n) => n === SOURCE_ROWS / HOSTS)).toBe(true);

    // The catalog says what the alias holds: each version complete, with all its rows.
    for (const name of Object.values(names)) {
      const res = await callApi<LookupDetail>(host!.url, 'GET', apiPaths.lookup(name), {
        caller: users.writer,
      });
      expect(res.status).toBe(200);
      const current = res.body.slices.find((s) => s.current);
      expect({ name, rows: res.body.rows, state: current?.state }).toEqual({
        name,
        rows: expected[name],
        state: 'complete',
      });
    }
  },
  10 * MINUTE
);
