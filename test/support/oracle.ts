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
