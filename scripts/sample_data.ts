/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Deterministic sample data for the local OpenSearch node.
 *
 *   npx tsx scripts/sample_data.ts [--count N] [--index web_logs] [--seed 42] [--force]
 *
 * Loads (as admin) a web access log index (default `web_logs`, 20,000 docs) with an explicit
 * mapping, plus `secret_logs` (a few docs only `admin` may read; see scripts/opensearch/security.ts).
 * Idempotent: an index that already holds the expected number of docs is left alone; `--force`
 * recreates it. The same (count, seed) always yields the same documents, ids and timestamps:
 * a seeded PRNG, no Math.random, timestamps from a fixed base (2026-11-01T00:00:00Z).
 *
 * generateWebLogs(count, seed) / webLogs(count, seed) are exported for benches and tests.
 */
import { osRequest, osRequestOk, opensearchUrl } from './opensearch/os_request';
import { SECRET_INDEX, SOURCE_INDEX } from './opensearch/test_users';

export const DEFAULT_COUNT = 20_000;
export const DEFAULT_SEED = 42;
export const BASE_TIMESTAMP_MS = Date.UTC(2026, 10, 1, 0, 0, 0); // 2026-11-01T00:00:00Z
/** The generated logs span this many days from BASE_TIMESTAMP_MS. */
export const SPAN_DAYS = 30;
const BULK_BATCH = 5_000;

export interface WebLogDoc {
  '@timestamp': string;
  host: string;
  region: string;
  status: number;
  bytes: number;
  response_time_ms: number;
  method: string;
  path: string;
  client_ip: string;
  user_agent: string;
  tags: string[];
  user: string | null;
}

export const WEB_LOGS_MAPPING = {
  dynamic: 'strict',
  properties: {
    '@timestamp': { type: 'date' },
    host: { type: 'keyword' },
    region: { type: 'keyword' },
    status: { type: 'integer' },
    bytes: { type: 'long' },
    response_time_ms: { type: 'double' },
    method: { type: 'keyword' },
    path: { type: 'keyword' },
    client_ip: { type: 'ip' },
    user_agent: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 512 } } },
    tags: { type: 'keyword' },
    user: { type: 'keyword' },
  },
} as const;

// ------------------------------------------------------------------------------------------------
// Deterministic generator
// ------------------------------------------------------------------------------------------------

/** mulberry32: small, fast, seeded 32-bit PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

function weighted<T>(rng: Rng, table: ReadonlyArray<readonly [T, number]>): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, weight] of table) {
    r -= weight;
    if (r < 0) return value;
  }
  return table[table.length - 1][0];
}

function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

const REGIONS = ['us-east', 'us-west', 'eu-west', 'ap-south'] as const;
/** 12 hosts web-01…web-12, three per region (web-01..03 us-east, …, web-10..12 ap-south). */
export const HOSTS: ReadonlyArray<{ host: string; region: string }> = Array.from(
  { length: 12 },
  (_, i) => ({
    host: `web-${String(i + 1).padStart(2, '0')}`,
    region: REGIONS[Math.floor(i / 3)],
  })
);

const STATUSES = [
  [200, 80],
  [301, 5],
  [404, 9],
  [500, 4],
  [503, 2],
] as const;

const METHODS = [
  ['GET', 75],
  ['POST', 15],
  ['PUT', 6],
  ['DELETE', 4],
] as const;

const PATHS = [
  '/',
  '/index.html',
  '/login',
  '/logout',
  '/search',
  '/cart',
  '/checkout',
  '/account',
  '/account/settings',
  '/products',
  '/products/featured',
  '/static/app.js',
  '/static/app.css',
  '/images/logo.png',
  '/api/v1/orders',
  '/api/v1/products',
  '/api/v1/users',
  '/api/v1/search',
  '/api/v2/recommendations',
  '/health',
] as const;

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'curl/8.5.0',
  'python-requests/2.32.3',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
] as const;

const TAGS = ['canary', 'cached', 'mobile', 'bot', 'internal', 'beta', 'slow', 'retry'] as const;

const USERS = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'yara',
] as const;

/** ~400 client addresses: private IPv4, documentation ranges, and a few IPv6. */
function clientIpPool(seed: number): string[] {
  const rng = mulberry32(seed ^ 0x5eed1f);
  const pool = new Set<string>();
  while (pool.size < 400) {
    const kind = rng();
    if (kind < 0.5)
      pool.add(`10.${intBetween(rng, 0, 3)}.${intBetween(rng, 0, 255)}.${intBetween(rng, 1, 254)}`);
    else if (kind < 0.7) pool.add(`192.168.${intBetween(rng, 0, 15)}.${intBetween(rng, 1, 254)}`);
    else if (kind < 0.8) pool.add(`203.0.113.${intBetween(rng, 1, 254)}`);
    else if (kind < 0.9) pool.add(`198.51.100.${intBetween(rng, 1, 254)}`);
    else pool.add(`2001:db8::${intBetween(rng, 1, 0xffff).toString(16)}`);
  }
  return [...pool];
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/**
 * Yields `count` web access log documents. Deterministic for a given (count, seed): doc i lies in
 * the i-th slot of the SPAN_DAYS window, so timestamps ascend.
 */
export function* webLogs(count: number, seed: number = DEFAULT_SEED): Generator<WebLogDoc> {
  const rng = mulberry32(seed);
  const ips = clientIpPool(seed);
  // A fixed, skewed popularity per client: the first addresses are much more frequent.
  const ipAt = (): string => ips[Math.floor(ips.length * rng() ** 2.5)];
  const slotMs = (SPAN_DAYS * 24 * 3600 * 1000) / Math.max(count, 1);
  for (let i = 0; i < count; i++) {
    const { host, region } = pick(rng, HOSTS);
    const status = weighted(rng, STATUSES);
    const method = weighted(rng, METHODS);
    const path = pick(rng, PATHS);
    let bytes: number;
    let responseTime: number;
    if (status === 200) {
      bytes =
        path.startsWith('/static') || path.startsWith('/images')
          ? intBetween(rng, 8_000, 250_000)
          : intBetween(rng, 400, 40_000);
      responseTime = 5 + rng() ** 3 * 600;
    } else if (status === 301) {
      bytes = intBetween(rng, 0, 300);
      responseTime = 1 + rng() * 20;
    } else if (status === 404) {
      bytes = intBetween(rng, 150, 1_200);
      responseTime = 2 + rng() * 50;
    } else {
      bytes = intBetween(rng, 100, 2_000);
      responseTime = 200 + rng() * 4_800;
    }
    const tagCount = weighted(rng, [
      [0, 55],
      [1, 25],
      [2, 14],
      [3, 6],
    ] as const);
    const tags: string[] = [];
    while (tags.length < tagCount) {
      const tag = pick(rng, TAGS);
      if (!tags.includes(tag)) tags.push(tag);
    }
    const userAgent = pick(rng, USER_AGENTS);
    const user = rng() < 0.7 ? pick(rng, USERS) : null;
    const timestampMs = BASE_TIMESTAMP_MS + Math.floor((i + rng()) * slotMs);
    yield {
      '@timestamp': new Date(timestampMs).toISOString(),
      host,
      region,
      status,
      bytes,
      response_time_ms: round(responseTime, 3),
      method,
      path,
      client_ip: ipAt(),
      user_agent: userAgent,
      tags,
      user,
    };
  }
}

/** All `count` documents as an array (see webLogs). */
export function generateWebLogs(count: number, seed: number = DEFAULT_SEED): WebLogDoc[] {
  return [...webLogs(count, seed)];
}

/** Deterministic document id of the i-th generated doc. */
export function webLogId(i: number): string {
  return `log-${String(i).padStart(8, '0')}`;
}

export const SECRET_LOGS_MAPPING = {
  dynamic: 'strict',
  properties: {
    '@timestamp': { type: 'date' },
    host: { type: 'keyword' },
    classification: { type: 'keyword' },
    message: { type: 'text' },
  },
} as const;

export const SECRET_LOGS: ReadonlyArray<Record<string, string>> = [
  {
    '@timestamp': '2026-11-01T00:05:00.000Z',
    host: 'web-01',
    classification: 'secret',
    message: 'root password rotated',
  },
  {
    '@timestamp': '2026-11-01T01:10:00.000Z',
    host: 'web-04',
    classification: 'secret',
    message: 'api key issued for billing',
  },
  {
    '@timestamp': '2026-11-02T08:00:00.000Z',
    host: 'web-07',
    classification: 'secret',
    message: 'incident 4711 opened',
  },
  {
    '@timestamp': '2026-11-03T12:30:00.000Z',
    host: 'web-10',
    classification: 'secret',
    message: 'vpn certificate renewed',
  },
  {
    '@timestamp': '2026-11-04T18:45:00.000Z',
    host: 'web-12',
    classification: 'secret',
    message: 'audit export sent',
  },
];

// ------------------------------------------------------------------------------------------------
// Loading
// ------------------------------------------------------------------------------------------------

async function docCount(index: string): Promise<number | undefined> {
  const exists = await osRequest('HEAD', index);
  if (exists.status === 404) return undefined;
  await osRequestOk('POST', `${index}/_refresh`);
  const res = await osRequestOk('GET', `${index}/_count`);
  return (res.body as { count: number }).count;
}

async function bulk(
  index: string,
  docs: ReadonlyArray<{ id: string; doc: object }>
): Promise<void> {
  const ndjson = docs
    .map(
      ({ id, doc }) =>
        `${JSON.stringify({ index: { _index: index, _id: id } })}\n${JSON.stringify(doc)}\n`
    )
    .join('');
  const res = await osRequestOk('POST', '_bulk', { ndjson, timeoutMs: 300_000 });
  const body = res.body as {
    errors: boolean;
    items: Array<Record<string, { status: number; error?: unknown }>>;
  };
  if (body.errors) {
    const failed = body.items
      .map((item) => Object.values(item)[0])
      .find((r) => r.error !== undefined);
    throw new Error(`bulk into ${index} had errors, e.g. ${JSON.stringify(failed)}`);
  }
}

/** (Re)creates `index` unless it already holds `expected` docs (or `force`). Returns true if loaded. */
async function prepareIndex(
  index: string,
  mappings: object,
  expected: number,
  force: boolean,
  log: (l: string) => void
): Promise<boolean> {
  const existing = await docCount(index);
  if (existing !== undefined) {
    if (existing === expected && !force) {
      log(`${index}: already has ${existing} docs, skipped (use --force to recreate)`);
      return false;
    }
    log(
      `${index}: has ${existing} docs, expected ${expected}${force ? ' (--force)' : ''}; recreating`
    );
    await osRequestOk('DELETE', index);
  }
  await osRequestOk('PUT', index, {
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' },
      mappings,
    },
  });
  return true;
}

export interface LoadOptions {
  count?: number;
  index?: string;
  seed?: number;
  force?: boolean;
  log?: (line: string) => void;
}

/** Loads the web logs index and secret_logs as admin. Idempotent (see the file header). */
export async function loadSampleData(options: LoadOptions = {}): Promise<void> {
  const count = options.count ?? DEFAULT_COUNT;
  const index = options.index ?? SOURCE_INDEX;
  const seed = options.seed ?? DEFAULT_SEED;
  const force = options.force ?? false;
  const log = options.log ?? (() => undefined);

  if (await prepareIndex(index, WEB_LOGS_MAPPING, count, force, log)) {
    const started = Date.now();
    let batch: Array<{ id: string; doc: object }> = [];
    let i = 0;
    for (const doc of webLogs(count, seed)) {
      batch.push({ id: webLogId(i++), doc });
      if (batch.length === BULK_BATCH) {
        await bulk(index, batch);
        batch = [];
      }
    }
    if (batch.length > 0) await bulk(index, batch);
    await osRequestOk('PUT', `${index}/_settings`, { body: { index: { refresh_interval: null } } });
    await osRequestOk('POST', `${index}/_refresh`);
    const loaded = await docCount(index);
    if (loaded !== count)
      throw new Error(`${index}: expected ${count} docs after loading, found ${loaded}`);
    log(`${index}: loaded ${count} docs (seed ${seed}) in ${Date.now() - started} ms`);
  }

  if (await prepareIndex(SECRET_INDEX, SECRET_LOGS_MAPPING, SECRET_LOGS.length, force, log)) {
    await bulk(
      SECRET_INDEX,
      SECRET_LOGS.map((doc, n) => ({ id: `secret-${n + 1}`, doc }))
    );
    await osRequestOk('PUT', `${SECRET_INDEX}/_settings`, {
      body: { index: { refresh_interval: null } },
    });
    await osRequestOk('POST', `${SECRET_INDEX}/_refresh`);
    log(`${SECRET_INDEX}: loaded ${SECRET_LOGS.length} docs`);
  }
}

function parseArgs(argv: string[]): LoadOptions {
  const options: LoadOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    const int = (v: string): number => {
      if (!/^\d+$/.test(v)) throw new Error(`${arg} needs a non-negative integer, got ${v}`);
      return Number(v);
    };
    if (arg === '--count') options.count = int(value());
    else if (arg === '--index') options.index = value();
    else if (arg === '--seed') options.seed = int(value());
    else if (arg === '--force') options.force = true;
    else
      throw new Error(
        `unknown argument ${arg} (usage: sample_data.ts [--count N] [--index NAME] [--seed S] [--force])`
      );
  }
  return options;
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const options = parseArgs(argv);
  const started = Date.now();
  await loadSampleData({ ...options, log: (line) => console.log(`[sample_data] ${line}`) });
  console.log(`[sample_data] done on ${opensearchUrl()} in ${Date.now() - started} ms`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`[sample_data] ERROR: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
