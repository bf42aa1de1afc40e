/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL `lookup` by match rules against an exact lookup of the same size, in one run on the local
 * cluster, through the query service as a route runs it:
 *   npx tsx bench/lookup_match_bench.ts [--events 100000] [--rows 10000]
 * The same events are enriched from five lookups of `--rows` rows each: exact (the baseline: one
 * terms query per batch), cidr (/24 and /16 networks), wildcard (`h<i>.*` patterns, any case),
 * range (port ranges) and time as of (an exact user key, the latest row at or before the
 * event). Every event is read through `stats count() by <output>`, so the whole stream is
 * matched. Prints rows/s of each and its ratio to exact (above 1: faster than exact), and checks
 * that each matched every event it should.
 */
import type { MatchBody } from '../common/match/codecs';
import { configSchema } from '../server/config';
import { writeMatchSettings } from '../server/services/match/rules_store';
import { QueryService } from '../server/services/ppl/query_service';
import { benchClient, formatRate, quietLogger } from './support';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const EVENTS = arg('--events', 100_000);
const ROWS = arg('--rows', 10_000);
const client = benchClient();
const suffix = Date.now().toString(36);
const made: string[] = [];

const ipOf = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.${(i * 7) % 250}`;
const DAY = 86_400_000;
const T0 = Date.parse('2024-01-01T00:00:00Z');

async function bulk(index: string, docs: Array<Record<string, unknown>>) {
  for (let i = 0; i < docs.length; i += 5000) {
    const { body } = await client.bulk({
      body: docs.slice(i, i + 5000).flatMap((d) => [{ index: { _index: index } }, d]),
    });
    if ((body as { errors: boolean }).errors) throw new Error(`bulk into ${index} failed`);
  }
  await client.indices.refresh({ index });
}

interface Case {
  kind: string;
  rows: Array<Record<string, unknown>>;
  rules?: MatchBody;
  /** The lookup clause after the lookup's name, and the output field counted. */
  clause: string;
  out: string;
}

function cases(): Case[] {
  const users = Math.max(1, Math.floor(ROWS / 10));
  return [
    {
      kind: 'exact',
      rows: Array.from({ length: ROWS }, (_, i) => ({ ip: ipOf(i), site: `s${i % 100}` })),
      clause: 'ip replace site',
      out: 'site',
    },
    {
      kind: 'cidr',
      // Each event's /24 (the longest prefix) and, for one in ten, a /16 that also holds it.
      rows: Array.from({ length: ROWS }, (_, i) => ({
        net: i % 10 === 9 ? `10.${(i >> 8) & 255}.0.0/16` : `10.${(i >> 8) & 255}.${i & 255}.0/24`,
        site: `s${i % 100}`,
      })),
      rules: { rules: [{ field: 'net', type: 'cidr' }] },
      clause: 'net as ip replace site',
      out: 'site',
    },
    {
      kind: 'wildcard',
      rows: Array.from({ length: ROWS }, (_, i) => ({ pattern: `H${i}.*`, team: `t${i % 50}` })),
      rules: { rules: [{ field: 'pattern', type: 'wildcard', case_sensitive: false }] },
      clause: 'pattern as host replace team',
      out: 'team',
    },
    {
      kind: 'range',
      rows: Array.from({ length: ROWS }, (_, i) => ({
        lo: i * 6,
        hi: i * 6 + 5,
        svc: `p${i % 80}`,
      })),
      rules: { rules: [{ field: 'lo', type: 'range', to: 'hi' }] },
      clause: 'lo as port replace svc',
      out: 'svc',
    },
    {
      kind: 'as-of',
      rows: Array.from({ length: ROWS }, (_, i) => ({
        user: `u${i % users}`,
        since: new Date(T0 + Math.floor(i / users) * 30 * DAY).toISOString(),
        owner: `o${i % 70}`,
      })),
      rules: { rules: [{ field: 'since', type: 'time' }] },
      clause: 'user replace owner',
      out: 'owner',
    },
  ];
}

async function main() {
  const config = configSchema.validate({});
  const service = new QueryService({
    client,
    config,
    ceiling: { maxRows: config.max_rows, setting: 'lookups.max_rows' },
    logger: quietLogger,
  });
  const events = `bench_match_events_${suffix}`;
  made.push(events);
  await client.indices.create({
    index: events,
    body: {
      mappings: {
        properties: {
          ip: { type: 'ip' },
          host: { type: 'keyword' },
          port: { type: 'integer' },
          user: { type: 'keyword' },
          '@timestamp': { type: 'date' },
        },
      },
    },
  });
  const users = Math.max(1, Math.floor(ROWS / 10));
  await bulk(
    events,
    Array.from({ length: EVENTS }, (_, e) => {
      const i = (e * 7919) % ROWS;
      return {
        ip: ipOf(i),
        host: `h${i}.example.com`,
        port: (i * 6 + (e % 6)) % (ROWS * 6),
        user: `u${e % users}`,
        '@timestamp': new Date(T0 + (e % 300) * DAY + 3_600_000).toISOString(),
      };
    })
  );
  process.stdout.write(
    `${EVENTS.toLocaleString('en-US')} events, lookups of ${ROWS.toLocaleString('en-US')} rows\n`
  );
  const results: Array<{ kind: string; ms: number; matched: number }> = [];
  for (const c of cases()) {
    const stage = `bench_match_stage_${c.kind.replace('-', '')}_${suffix}`;
    const lookup = `bench_match_${c.kind.replace('-', '')}_${suffix}`;
    made.push(stage, `${lookup}__lookup`);
    await bulk(stage, c.rows);
    await service.run(`source=${stage} | outputlookup ${lookup}`);
    if (c.rules) {
      await writeMatchSettings(client, `${lookup}__lookup`, {
        ...c.rules,
        updated_by: 'bench',
        updated_at: new Date().toISOString(),
      });
    }
    const query = `source=${events} | lookup ${lookup} ${c.clause} | stats count() by ${c.out}`;
    // One run to warm up (the JIT, OpenSearch's caches), then the measured one.
    await service.run(query, 10_000);
    const started = Date.now();
    const answer = await service.run(query, 10_000);
    const ms = Date.now() - started;
    const outAt = answer.schema.findIndex((col) => col.name === c.out);
    const matched = answer.datarows
      .filter((r) => r[outAt] !== null)
      .reduce((n, r) => n + Number(r[answer.schema.findIndex((col) => col.name === 'count()')]), 0);
    results.push({ kind: c.kind, ms, matched });
  }
  const exact = results[0];
  for (const r of results) {
    process.stdout.write(
      `${r.kind.padEnd(9)} ${formatRate(EVENTS, r.ms).padStart(16)} (${r.ms} ms), ${r.matched.toLocaleString('en-US')} events matched, ${(exact.ms / r.ms).toFixed(2)}× exact\n`
    );
  }
  const unmatched = results.filter((r) => r.matched === 0);
  if (unmatched.length > 0)
    throw new Error(`no event matched: ${unmatched.map((r) => r.kind).join(', ')}`);
}

main()
  .catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await client.indices.delete({ index: made }, { ignore: [404] });
    await client.close();
  });
