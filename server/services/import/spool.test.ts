/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Row } from '../writer/row_source';
import { Spooled, SpoolProgress, spoolSource } from './spool';

describe('spoolSource', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), 'spool-test-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  async function spool(lines: string[], text: string, csv?: Spooled['csv']) {
    const file = join(dir, 'rows.ndjson');
    await fs.writeFile(file, text);
    const spooled: Spooled = { file, count: lines.length, columnNames: ['k'], csv };
    const progress: SpoolProgress = { rowsRead: 0, exhausted: false };
    return { source: spoolSource(spooled, progress), progress };
  }

  async function all(batches: AsyncIterable<Row[]>) {
    const sizes: number[] = [];
    const rows: Row[] = [];
    for await (const batch of batches) {
      sizes.push(batch.length);
      rows.push(...batch);
    }
    return { sizes, rows };
  }

  it('reads back every row across read chunks, multibyte characters included', async () => {
    // Rows of ~1 KiB with a two-byte and a four-byte character: some fall across a 64 KiB read.
    const values = Array.from({ length: 300 }, (_, i) => `${i}é${'x'.repeat(1000)}😀`);
    const lines = values.map((k) => JSON.stringify({ k }));
    // The last line has no newline.
    const { source, progress } = await spool(lines, lines.join('\n'));
    const { sizes, rows } = await all(source.batches(128));
    expect(sizes).toEqual([128, 128, 44]);
    expect(rows.map((row) => row.k)).toEqual(values);
    expect(progress).toEqual({ rowsRead: 300, exhausted: true });
  });

  it('reads a row longer than a read chunk whole', async () => {
    const values = ['a', `é${'y'.repeat(200 * 1024)}`, 'b'];
    const lines = values.map((k) => JSON.stringify({ k }));
    const { source } = await spool(lines, `${lines.join('\n')}\n`);
    expect((await all(source.batches(10))).rows.map((row) => row.k)).toEqual(values);
  });

  it('types CSV rows by their columns, and keeps integers beyond 2^53 in NDJSON', async () => {
    const csv = {
      header: ['n', 's'],
      types: ['integer' as const, 'string' as const],
      unescape: false,
    };
    const typed = await spool(['', ''], '["9007199254740993","a"]\n["","b"]\n', csv);
    expect((await all(typed.source.batches(10))).rows).toEqual([
      { n: BigInt('9007199254740993'), s: 'a' },
      { s: 'b' },
    ]);
    const ndjson = await spool([''], '{"k":9007199254740993}\n');
    expect((await all(ndjson.source.batches(10))).rows).toEqual([
      { k: BigInt('9007199254740993') },
    ]);
  });

  it('stops reading when the writer stops early, and counts only the rows it handed out', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => JSON.stringify({ k: i }));
    const { source, progress } = await spool(lines, `${lines.join('\n')}\n`);
    const iterator = source.batches(3)[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toHaveLength(3);
    await iterator.return?.(undefined);
    expect(progress).toEqual({ rowsRead: 3, exhausted: false });
  });
});
