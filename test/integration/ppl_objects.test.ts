/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Object and array fields through `_query` (datatypes.md, mvexpand.md): a source gives its
 * top-level fields as columns, objects whole; a dotted path names a field inside one (through an
 * array of objects, its first element), also after `fields`/`mvexpand` kept only the whole value;
 * and such columns land in a lookup. Also an `ip` value stored IPv4-mapped reads as IPv4. Expected rows are read off the documents written here.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse, QueryWriteResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { readRowsSorted } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;
const index = names.lookup('objects_src');

const servers = [
  {
    k: 'a',
    addr: '::ffff:10.0.0.7',
    owner: { team: 'db', contact: { floor: 3 } },
    disks: [
      { mount: '/', gb: 20 },
      { mount: '/data', gb: 500 },
    ],
    ports: [{ n: 22 }, { n: 5432 }],
  },
  {
    k: 'b',
    addr: '10.0.1.9',
    owner: { team: 'web', contact: { floor: 1 } },
    disks: [{ mount: '/', gb: 40 }],
    ports: [{ n: 443 }],
  },
];

const run = (query: string) =>
  callApi<QueryRowsResponse & QueryWriteResponse & { message?: string }>(
    host.url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query, size: 1000 } }
  );

async function ok(query: string) {
  const res = await run(query);
  expect({ status: res.status, message: res.body.message }).toEqual({
    status: 200,
    message: undefined,
  });
  return res.body;
}

beforeAll(async () => {
  await admin.indices.create({
    index,
    body: {
      mappings: {
        properties: {
          k: { type: 'keyword' },
          addr: { type: 'ip' },
          owner: {
            properties: {
              team: { type: 'keyword' },
              contact: { properties: { floor: { type: 'integer' } } },
            },
          },
          disks: {
            type: 'nested',
            properties: { mount: { type: 'keyword' }, gb: { type: 'integer' } },
          },
          ports: { properties: { n: { type: 'integer' } } },
        },
      },
    },
  });
  for (const doc of servers) await admin.index({ index, body: doc });
  await admin.indices.refresh({ index });
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

it('a bare source gives the top-level fields, objects whole', async () => {
  const body = await ok(`source=${index} | sort k`);
  // In the SQL plugin's order: a Java HashMap of the top-level names (JDK 25 iterates it so).
  expect(body.schema).toEqual([
    { name: 'owner', type: 'struct' },
    { name: 'k', type: 'string' },
    { name: 'addr', type: 'ip' },
    { name: 'disks', type: 'array' },
    { name: 'ports', type: 'struct' },
  ]);
  expect(body.datarows).toEqual(
    servers.map((s) => [s.owner, s.k, s.addr.replace('::ffff:', ''), s.disks, s.ports])
  );
});

it('an IPv4-mapped ip value reads as IPv4 and matches its CIDR (ip.md)', async () => {
  const body = await ok(`source=${index} | where cidrmatch(addr, '10.0.0.0/24') | fields k, addr`);
  expect(body.datarows).toEqual([['a', '10.0.0.7']]);
  const streamed = await ok(
    `source=${index} | eval keep = 1 | where cidrmatch(addr, '10.0.0.0/16') | sort k | fields k, addr`
  );
  expect(streamed.datarows).toEqual([
    ['a', '10.0.0.7'],
    ['b', '10.0.1.9'],
  ]);
});

it('an object selected whole and by dotted paths, at any depth', async () => {
  const body = await ok(
    `source=${index} | sort k | fields owner, owner.team, owner.contact.floor, owner.contact`
  );
  expect(body.datarows).toEqual(
    servers.map((s) => [s.owner, s.owner.team, s.owner.contact.floor, s.owner.contact])
  );
});

it('a path through an array of objects reads its first element', async () => {
  const body = await ok(`source=${index} | sort k | fields k, ports, ports.n`);
  expect(body.datarows).toEqual(servers.map((s) => [s.k, s.ports, s.ports[0].n]));
});

it('a path inside a value kept whole: after fields, after mvexpand', async () => {
  const expanded = await ok(
    `source=${index} | fields k, disks | mvexpand disks | fields k, disks.mount, disks.gb`
  );
  const want = servers.flatMap((s) => s.disks.map((d) => [s.k, d.mount, d.gb]));
  expect([...expanded.datarows].sort()).toEqual([...want].sort());
  const kept = await ok(
    `source=${index} | fields k, owner | where owner.team = 'web' | fields k, owner.contact.floor`
  );
  expect(kept.datarows).toEqual([['b', 1]]);
});

it('dotted paths still filter and group in OpenSearch', async () => {
  const body = await ok(
    `source=${index} | where owner.contact.floor > 1 | stats count() as n by owner.team`
  );
  expect(body.datarows).toEqual([[1, 'db']]);
});

it('writes a struct column into a lookup and reads it back whole', async () => {
  const name = names.lookup('objects_out');
  const written = await ok(`source=${index} | fields k, owner | outputlookup ${name}`);
  expect(written.datarows).toEqual([[servers.length]]);
  const rows = await readRowsSorted(admin, name, 'k');
  expect(rows).toEqual(servers.map((s) => ({ k: s.k, owner: s.owner })));
  const back = await ok(`source=${name} | sort k | fields k, owner, owner.team`);
  expect(back.datarows).toEqual(servers.map((s) => [s.k, s.owner, s.owner.team]));
});
