/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's lease held across a move of the plugin index's primary: while one host's long
 * overwrite holds the lease (renewed every second, `if_seq_no`/`if_primary_term`), the primary
 * of the plugin index is moved to another node, then failed over to its replica (a new primary
 * term). The other host trying the same lookup meanwhile always gets 409 lookup_busy, never the
 * lease; the holder's renewals and release go on (its write answers 200) or read as a conflict
 * (409), never as a double hold; once released the lookup can be written again.
 */
import type { Client } from '@opensearch-project/opensearch';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { QueryWriteResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { clusterAdmin, copiesOf, nodeUrl, CLUSTER_NODES } from '../support/local_cluster';
import { users } from '../support/users';

const MINUTE = 60_000;
const ROWS = 200_000;
const PLUGIN_INDEX = '.opensearch_dashboards_lookups';

let admin: Client;
let hosts: TestHost[] = [];
const source = uniqueName('web_logs_cluster_lease');
const name = uniqueName('lk_cl_lease');
const backing = `${name}__lookup`;

beforeAll(async () => {
  admin = clusterAdmin();
  await admin.indices.create({
    index: source,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 1 },
      mappings: { properties: { host: { type: 'keyword' }, n: { type: 'long' } } },
    },
  });
  for (let from = 0; from < ROWS; from += 20_000) {
    const body = Array.from({ length: 20_000 }, (_, i) => [
      { index: {} },
      { host: `web-${(from + i) % 10}`, n: from + i },
    ]).flat();
    const { body: bulk } = await admin.bulk({ index: source, body });
    expect(bulk.errors).toBe(false);
  }
  await admin.indices.refresh({ index: source });
  // A short lease (renewed every second), so renewals happen while the primary moves.
  const config = join(mkdtempSync(join(tmpdir(), 'lookups-lease-')), 'host.json');
  writeFileSync(config, JSON.stringify({ plugins: { lookups: { lease_ttl_ms: 3000 } } }));
  hosts = await Promise.all(
    [0, 1].map(() => startTestHost({ OPENSEARCH_URL: nodeUrl('c1'), LOOKUPS_HOST_CONFIG: config }))
  );
}, 10 * MINUTE);

afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()));
  if (!admin) return;
  await admin.indices
    .delete({ index: [source, backing], ignore_unavailable: true })
    .catch(() => undefined);
  await admin.close();
}, 5 * MINUTE);

const overwriteFrom = (host: TestHost) =>
  callApi<QueryWriteResponse>(host.url, 'POST', apiPaths.query(), {
    caller: users.writer,
    body: { query: `source=${source} | fields host, n | outputlookup ${name}` },
  });

const smallWrite = (host: TestHost) =>
  callApi(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows: [{ host: 'other', n: -1 }] },
  });

async function pluginPrimary() {
  const copies = await copiesOf(admin, PLUGIN_INDEX);
  return { primary: copies.find((c) => c.primary)!, copies };
}

async function primaryTerm(): Promise<number> {
  const { body } = await admin.cluster.state({ metric: 'metadata', index: PLUGIN_INDEX });
  return body.metadata.indices[PLUGIN_INDEX].primary_terms['0'];
}

const settled = () =>
  admin.cluster.health({
    index: PLUGIN_INDEX,
    wait_for_status: 'green',
    wait_for_no_relocating_shards: true,
    timeout: '120s',
  });

it(
  'keeps one holder while the plugin index primary moves and fails over: the other host gets 409, never the lease',
  async () => {
    const first = await smallWrite(hosts[0]);
    expect(first.status).toBe(200);
    await settled();

    const started = Date.now();
    const baseline = (await admin.count({ index: backing })).body.count;
    const writing = overwriteFrom(hosts[0]);
    // The lease is held once rows of the new version are being indexed.
    for (;;) {
      const { body } = await admin.indices.stats({ index: backing, metric: 'indexing' });
      if (body.indices[backing].primaries.indexing.index_total > baseline + 5000) break;
      if (Date.now() - started > 5 * MINUTE) throw new Error('the overwrite never started loading');
      await new Promise((r) => setTimeout(r, 100));
    }

    const attempts: number[] = [];
    const tryTakeover = async () => {
      const res = await smallWrite(hosts[1]);
      attempts.push(res.status);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ attributes: { reason: 'lookup_busy' } });
    };
    await tryTakeover();

    // Move the primary to the node holding no copy of the plugin index.
    const termBefore = await primaryTerm();
    const { primary, copies } = await pluginPrimary();
    const free = CLUSTER_NODES.find((n) => !copies.some((c) => c.node === n))!;
    await admin.cluster.reroute({
      body: {
        commands: [
          { move: { index: PLUGIN_INDEX, shard: 0, from_node: primary.node, to_node: free } },
        ],
      },
    });
    await tryTakeover();
    await settled();
    await tryTakeover();
    const moved = await pluginPrimary();
    expect(moved.primary.node).toBe(free);

    // Then fail the primary over to its replica: a new primary term for the lease documents.
    await admin.cluster.reroute({
      body: {
        commands: [{ cancel: { index: PLUGIN_INDEX, shard: 0, node: free, allow_primary: true } }],
      },
    });
    await tryTakeover();
    await settled();
    const termAfter = await primaryTerm();
    expect(termAfter).toBeGreaterThan(termBefore);
    // Renewals (every second) ran on the new primary by now; the lease is still one holder's.
    await new Promise((r) => setTimeout(r, 2500));
    await tryTakeover();

    const answer = await writing;
    const elapsed = Math.round((Date.now() - started) / 1000);
    process.stdout.write(
      `leases across relocation: primary ${primary.node} -> ${free} -> failed over (term ${termBefore} -> ${termAfter}); ` +
        `holder answered ${answer.status} after ${elapsed} s; other host ${attempts.join(',')}\n`
    );
    // The holder either kept its lease to the end or was told it lost it; never a 5xx, never torn.
    expect([200, 409]).toContain(answer.status);
    const count = (await admin.count({ index: name })).body.count;
    if (answer.status === 200) {
      expect(answer.body.datarows).toEqual([[ROWS]]);
      expect(count).toBe(ROWS);
    } else {
      expect(count).toBe(baseline);
    }

    // Released (or expired): the other host takes the lookup now.
    const deadline = Date.now() + 15_000;
    let after = await smallWrite(hosts[1]);
    while (after.status === 409 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      after = await smallWrite(hosts[1]);
    }
    expect(after.status).toBe(200);
  },
  15 * MINUTE
);
