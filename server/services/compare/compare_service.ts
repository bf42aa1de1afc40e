/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Compares two versions (slices) of a managed lookup, as the caller: both are read whole from
 * the backing index (each at most MAX_COMPARE_ROWS rows), then their columns, and by the given
 * key fields their rows, are set side by side.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import {
  COMPARE_SAMPLES,
  MAX_COMPARE_ROWS,
  type ChangedRow,
  type CompareBody,
  type CompareResponse,
} from '../../../common/api/compare';
import { backingIndexName, LOOKUP_FIELD } from '../../../common/substrate/names';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { scanDocuments } from '../document_scan';

type Row = Record<string, unknown>;

/** JSON with object keys sorted, so equal rows read equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

async function countSlice(client: OpenSearchClient, index: string, slice: string) {
  const { body } = await client.count({
    index,
    body: { query: { term: { [LOOKUP_FIELD]: slice } } },
  });
  return (body as { count: number }).count;
}

async function readSlice(client: OpenSearchClient, index: string, slice: string): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of scanDocuments(client, {
    indices: [index],
    query: { term: { [LOOKUP_FIELD]: slice } },
    sourceExcludes: [LOOKUP_FIELD],
    pageSize: 5000,
    limit: MAX_COMPARE_ROWS,
  })) {
    rows.push(...page);
  }
  return rows;
}

const columnsOf = (rows: Row[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();

export async function compareVersions(
  client: OpenSearchClient,
  name: string,
  request: CompareBody,
  /** The lookup's versions, as the catalog lists them. */
  slices: string[]
): Promise<CompareResponse> {
  for (const slice of [request.from, request.to]) {
    if (!slices.includes(slice)) {
      throw new NotFoundError(
        `"${name}" has no version ${slice}: pick two of its versions on the Versions tab.`
      );
    }
  }
  const index = backingIndexName(name);
  const [fromCount, toCount] = await Promise.all([
    countSlice(client, index, request.from),
    countSlice(client, index, request.to),
  ]);
  for (const [slice, count] of [
    [request.from, fromCount],
    [request.to, toCount],
  ] as const) {
    if (count > MAX_COMPARE_ROWS) {
      throw new BadRequestError(
        `Version ${slice} has ${count} rows; versions of up to ${MAX_COMPARE_ROWS} rows can be compared. Export both and compare them outside.`
      );
    }
  }
  const [fromRows, toRows] = await Promise.all([
    readSlice(client, index, request.from),
    readSlice(client, index, request.to),
  ]);
  const fromColumns = columnsOf(fromRows);
  const toColumns = columnsOf(toRows);
  const answer: CompareResponse = {
    from: { slice: request.from, rows: fromRows.length, columns: fromColumns },
    to: { slice: request.to, rows: toRows.length, columns: toColumns },
    columns: {
      added: toColumns.filter((c) => !fromColumns.includes(c)),
      removed: fromColumns.filter((c) => !toColumns.includes(c)),
    },
  };
  const keys = request.key_field;
  if (!keys) return answer;
  const missing = keys.filter((k) => !fromColumns.includes(k) && !toColumns.includes(k));
  if (missing.length > 0) {
    throw new BadRequestError(
      `Neither version has the key field ${missing.join(', ')}; key fields must be columns of the lookup (${[...new Set([...fromColumns, ...toColumns])].join(', ')}).`
    );
  }
  const keyOf = (row: Row) => canonical(keys.map((k) => row[k] ?? null));
  const keyObject = (row: Row) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
  const before = new Map(fromRows.map((row) => [keyOf(row), row]));
  const added: Row[] = [];
  const changed: ChangedRow[] = [];
  let addedCount = 0;
  let changedCount = 0;
  let unchanged = 0;
  const seen = new Set<string>();
  for (const row of toRows) {
    const key = keyOf(row);
    seen.add(key);
    const old = before.get(key);
    if (!old) {
      addedCount++;
      if (added.length < COMPARE_SAMPLES) added.push(row);
    } else if (canonical(old) !== canonical(row)) {
      changedCount++;
      if (changed.length < COMPARE_SAMPLES)
        changed.push({ key: keyObject(row), from: old, to: row });
    } else {
      unchanged++;
    }
  }
  const removed: Row[] = [];
  let removedCount = 0;
  for (const [key, row] of before) {
    if (seen.has(key)) continue;
    removedCount++;
    if (removed.length < COMPARE_SAMPLES) removed.push(row);
  }
  answer.by_key = {
    key_field: keys,
    added: addedCount,
    removed: removedCount,
    changed: changedCount,
    unchanged,
    samples: { added, removed, changed },
  };
  return answer;
}
