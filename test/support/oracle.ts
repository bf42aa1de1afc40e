/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL conformance against an oracle: each case's expected rows are worked out in plain
 * JavaScript over the generated documents, and compared with the engine's answer row by row.
 */

export type Cell = string | number | boolean | null | Cell[];
export type Table = Cell[][];

export interface OracleCase {
  query: string;
  expected: () => Table;
  /** The query fixes the order of its rows. */
  ordered?: boolean;
}

/** Rows as comparable text, fractions to 6 places (the engine and the oracle sum in other orders). */
export function roundedRows(table: Table): string[] {
  return table.map((row) =>
    JSON.stringify(
      row.map((c) => (typeof c === 'number' && !Number.isInteger(c) ? Number(c.toFixed(6)) : c))
    )
  );
}

/** The answer's rows equal the oracle's: in order where the query orders them, else as a set. */
export function expectRowsAgree(
  answer: Table,
  c: OracleCase,
  normalize: (table: Table) => string[] = roundedRows
) {
  const got = normalize(answer);
  const want = normalize(c.expected());
  if (c.ordered) expect(got).toEqual(want);
  else expect([...got].sort()).toEqual([...want].sort());
}

/**
 * An instant (epoch millis or ISO text) as PPL prints a timestamp: `yyyy-MM-dd HH:mm:ss`, in UTC,
 * and the fraction with its trailing zeros dropped (`.120` as `.12`; none when zero), as the SQL
 * plugin's ExprTimestampValue formats it.
 */
export function pplTimestamp(at: number | string): string {
  const [whole, fraction] = new Date(at)
    .toISOString()
    .replace('T', ' ')
    .replace('Z', '')
    .split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${whole}.${digits}` : whole;
}

/**
 * What `timechart span=<bucket> count() | timewrap <span>` gives for documents at these times
 * (ms), by the SQL plugin's rule: periods counted back from the latest bucket with documents,
 * each bucket shown at its offset within its epoch-aligned span moved into the latest one's, a
 * column per period with buckets (oldest first), null where that period has none at an offset.
 * Also each column's distance in spans from the one holding `reference` (ms): 0 latest, 1 one before.
 */
export function wrappedCountsOracle(
  times: number[],
  bucketMs: number,
  spanMs: number,
  referenceMs: number
): { distances: number[]; rows: Table } {
  const buckets = new Map<number, number>();
  for (const t of times) {
    const b = Math.floor(t / bucketMs) * bucketMs;
    buckets.set(b, (buckets.get(b) ?? 0) + 1);
  }
  const latest = Math.max(...buckets.keys());
  const periodOf = (b: number) => Math.trunc((latest - b) / spanMs) + 1;
  const shownAt = (b: number) => latest - (latest % spanMs) + (b % spanMs);
  const periods = [...new Set([...buckets.keys()].map(periodOf))].sort((a, b) => b - a);
  const byShown = new Map<number, Map<number, number>>();
  for (const [b, n] of buckets) {
    const row = byShown.get(shownAt(b)) ?? new Map<number, number>();
    row.set(periodOf(b), n);
    byShown.set(shownAt(b), row);
  }
  const base = Math.floor((referenceMs - latest) / spanMs);
  const distances = periods.map((p) => base + p - 1);
  const rows = [...byShown.keys()]
    .sort((a, b) => a - b)
    .map((shown) => [
      pplTimestamp(shown),
      ...periods.map((p) => byShown.get(shown)!.get(p) ?? null),
    ]);
  return { distances, rows };
}
