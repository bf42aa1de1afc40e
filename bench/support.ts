/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Shared pieces of the benches: a client, a quiet logger, RSS sampling, deterministic rows. */
import { Client } from '@opensearch-project/opensearch';
import type { Logger } from 'opensearch-dashboards/server';
import { adminPassword, OPENSEARCH_URL } from '../test/support/cluster';

/** `longNumerals`: as the server's client for user data (`asCurrentUserWithLongNumeralsSupport`). */
export function benchClient(longNumerals = false): Client {
  return new Client({
    enableLongNumeralSupport: longNumerals,
    node: OPENSEARCH_URL,
    auth: { username: 'admin', password: adminPassword() },
    // A baseline (_reindex of a million rows) may take minutes, and a retry after a timeout
    // would measure a second run over rows already there.
    requestTimeout: 30 * 60_000,
    maxRetries: 0,
  });
}

export const quietLogger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (m) => process.stderr.write(`warn: ${String(m)}\n`),
  error: (m) => process.stderr.write(`error: ${String(m)}\n`),
  fatal: (m) => process.stderr.write(`fatal: ${String(m)}\n`),
  get: () => quietLogger,
};

/** Samples this process's RSS every 25 ms while `work` runs; returns the growth over the start. */
export async function measureRss<T>(
  work: () => Promise<T>
): Promise<{ result: T; peakGrowthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const result = await work();
    return { result, peakGrowthMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Row `i` of a table with `columns` columns: keywords, integers and doubles, deterministic. The
 * doubles are never whole, so the first row does not map a double column as long.
 */
export function row(i: number, columns: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let c = 0; c < columns; c++) {
    const kind = c % 3;
    out[`c${c}`] =
      kind === 0
        ? `v${(i * 7919 + c) % 100_003}`
        : kind === 1
          ? (i * 31 + c) % 1_000_000
          : ((i % 997) + c) / 7 + 0.5;
  }
  return out;
}

export async function* rowBatches(count: number, columns: number, batchSize: number) {
  for (let start = 0; start < count; start += batchSize) {
    const end = Math.min(count, start + batchSize);
    const batch = new Array(end - start);
    for (let i = start; i < end; i++) batch[i - start] = row(i, columns);
    yield batch;
  }
}

export function formatRate(rows: number, ms: number) {
  return `${Math.round((rows / ms) * 1000).toLocaleString('en-US')} rows/s`;
}

/**
 * Waits until the cluster has no merges running, so one measured load does not pay for the
 * background work the previous one left (on a 2-core machine that decides the result).
 */
export async function settle(client: Client): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { body } = await client.nodes.stats({ metric: 'indices', index_metric: 'merge' });
    const nodes = Object.values(
      (body as { nodes: Record<string, { indices: { merges: { current: number } } }> }).nodes
    );
    if (nodes.every((n) => n.indices.merges.current === 0)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 1000));
}

/** CPU time (ms) OpenSearch's processes have used so far, summed over the cluster's nodes. */
async function clusterCpuMs(client: Client): Promise<number> {
  const { body } = await client.nodes.stats({ metric: 'process' });
  const nodes = Object.values(
    (body as { nodes: Record<string, { process: { cpu: { total_in_millis: number } } }> }).nodes
  );
  return nodes.reduce((sum, n) => sum + n.process.cpu.total_in_millis, 0);
}

export interface CpuUse<T> {
  result: T;
  wallMs: number;
  /** CPU time OpenSearch spent meanwhile. */
  clusterCpuMs: number;
  /** CPU time this process spent meanwhile (making rows, encoding, the client). */
  benchCpuMs: number;
}

/**
 * Wall time and CPU time, OpenSearch's and this process's, of `work`. On a machine where both
 * share the cores, (cluster + bench) / wall says how busy the machine was: a load near the core
 * count cannot go faster without doing less work per row.
 */
export async function measureCpu<T>(client: Client, work: () => Promise<T>): Promise<CpuUse<T>> {
  const clusterBefore = await clusterCpuMs(client);
  const benchBefore = process.cpuUsage();
  const started = Date.now();
  const result = await work();
  const wallMs = Date.now() - started;
  const bench = process.cpuUsage(benchBefore);
  return {
    result,
    wallMs,
    clusterCpuMs: (await clusterCpuMs(client)) - clusterBefore,
    benchCpuMs: (bench.user + bench.system) / 1000,
  };
}
