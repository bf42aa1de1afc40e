/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What readers and a crashed writer see, against the real cluster: atomic publication under
 * constant reads, and a host killed in the middle of a write.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { aliasFilterOf, readRowsSorted, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
afterAll(async () => {
  await names.drop(admin);
});

const lookupName = (label: string) => names.lookup(label);

describe('readers during overwrites', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startTestHost();
  });
  afterAll(async () => host?.stop());

  it('every read returns exactly one complete version', async () => {
    const name = lookupName('atomic');
    const versions = {
      A: Array.from({ length: 150 }, (_, i) => ({ version: 'A', i })),
      B: Array.from({ length: 250 }, (_, i) => ({ version: 'B', i })),
    };
    const write = (v: 'A' | 'B') =>
      callApi(host.url, 'POST', apiPaths.write(name), {
        caller: users.writer,
        body: { rows: versions[v] },
      });
    expect((await write('A')).status).toBe(200);

    let writing = true;
    let reads = 0;
    const torn: string[] = [];
    const reader = async () => {
      while (writing) {
        const { body } = await admin.search({
          index: name,
          body: { size: 1000, track_total_hits: true },
        });
        const docs = (body.hits.hits as Array<{ _source: { version: string; i: number } }>).map(
          (h) => h._source
        );
        const kinds = new Set(docs.map((d) => d.version));
        const version = [...kinds][0] as 'A' | 'B';
        const complete =
          kinds.size === 1 &&
          docs.length === versions[version].length &&
          new Set(docs.map((d) => d.i)).size === docs.length &&
          body.hits.total.value === docs.length;
        if (!complete) torn.push(`${docs.length} docs, versions ${[...kinds].join('+') || 'none'}`);
        reads++;
      }
    };
    const readers = [reader(), reader(), reader()];
    let overwrites = 0;
    try {
      for (let i = 0; i < 50; i++) {
        const res = await write(i % 2 === 0 ? 'B' : 'A');
        expect(res.status).toBe(200);
        overwrites++;
      }
    } finally {
      writing = false;
      await Promise.all(readers);
    }
    process.stdout.write(
      `atomic publish: ${overwrites} overwrites, ${reads} reads, ${torn.length} torn\n`
    );
    expect(overwrites).toBe(50);
    expect(reads).toBeGreaterThan(50);
    expect(torn).toEqual([]);
  });
});

describe('a write killed mid-stream', () => {
  it('leaves the old lookup serving in full and the partial slice an orphan; the write then succeeds', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'lookups-host-'));
    const configFile = join(configDir, 'host.json');
    // Small batches, one at a time, so there is a moment between batches to kill the host in.
    writeFileSync(
      configFile,
      JSON.stringify({
        plugins: {
          lookups: {
            bulk_batch_size: 200,
            bulk_max_in_flight: 1,
            build_settings_min_rows: 1,
            lease_ttl_ms: 2000,
          },
        },
      })
    );
    const name = lookupName('killed');
    const index = `${name}__lookup`;
    const oldRows = [{ k: 'old-1' }, { k: 'old-2' }];
    const newRows = Array.from({ length: 60_000 }, (_, i) => ({
      k: `new-${i}`,
      pad: 'x'.repeat(40),
    }));

    let host = await startTestHost({ LOOKUPS_HOST_CONFIG: configFile });
    const first = await callApi(host.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: oldRows },
    });
    expect(first.status).toBe(200);
    const oldSlice = String(first.body.slice);

    const indexed = async () =>
      (await admin.indices.stats({ index, metric: 'indexing' })).body.indices[index].primaries
        .indexing.index_total as number;
    const baseline = await indexed();
    const pending = callApi(host.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: newRows },
    }).catch((e: Error) => e);
    for (let waited = 0; (await indexed()) < baseline + 1000; waited += 20) {
      if (waited > 60_000) throw new Error('the write never started loading');
      await new Promise((r) => setTimeout(r, 20));
    }
    // The dying write had put build settings in force: they are still there after the kill.
    const during = await admin.indices.getSettings({ index, flat_settings: true });
    await host.kill();
    await pending;
    expect(during.body[index].settings['index.refresh_interval']).toBe('-1');

    await admin.indices.refresh({ index });
    expect(await readRowsSorted(admin, name, 'k')).toEqual(oldRows);
    const slices = await slicesIn(admin, index);
    const orphans = Object.keys(slices).filter((s) => s !== oldSlice);
    expect(orphans).toHaveLength(1);
    expect(slices[orphans[0]]).toBeGreaterThan(0);
    expect(slices[orphans[0]]).toBeLessThan(newRows.length);
    expect((await aliasFilterOf(admin, name))?.filter).toEqual({ term: { __lookup: oldSlice } });

    host = await startTestHost({ LOOKUPS_HOST_CONFIG: configFile });
    try {
      // The dead host's lease holds the lookup until it expires: busy (409) until then.
      const deadline = Date.now() + 30_000;
      let again = await callApi(host.url, 'POST', apiPaths.write(name), {
        caller: users.writer,
        body: { rows: newRows },
      });
      while (again.status === 409 && Date.now() < deadline) {
        expect(again.body).toMatchObject({
          attributes: { reason: 'lookup_busy', operation: 'write' },
        });
        await new Promise((r) => setTimeout(r, 250));
        again = await callApi(host.url, 'POST', apiPaths.write(name), {
          caller: users.writer,
          body: { rows: newRows },
        });
      }
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ rows_written: newRows.length, action: 'overwritten' });
      expect((await admin.count({ index: name })).body.count).toBe(newRows.length);
      // The settings the killed write left behind are back to the index's own.
      const { body } = await admin.indices.getSettings({ index, flat_settings: true });
      expect(body[index].settings['index.refresh_interval']).toBeUndefined();
      expect(body[index].settings['index.translog.durability']).not.toBe('async');
    } finally {
      await host.stop();
    }
  });
});
