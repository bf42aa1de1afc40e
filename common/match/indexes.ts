/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One structure per key rule, built once over the lookup's rows: it finds the rows a value may
 * match (for the rule the matcher looks rows up by), tests a row against a value (for the
 * others), and scores a row's specificity (higher first). Cells the rule cannot read never match.
 *
 * - exact: a map from the cell's text (lower case when case-insensitive);
 * - cidr: per address family, a map per prefix length, probed longest prefix first;
 * - wildcard: patterns without a star in a map, the others by their literal prefix, else by
 *   their literal suffix (probed for each length the value could have), the rest (`*a*`) tried;
 * - range: intervals sorted by their start, over an implicit tree of the largest end below each
 *   node, so only intervals that may hold the value are visited.
 */
import {
  addressNumber,
  compilePattern,
  dateMs,
  matchesPattern,
  numberOf,
  parseAddress,
  parseNetwork,
  Pattern,
  prefixKey,
  textOf,
} from './values';

/** Approximate bytes: an array slot, and a string of `n` UTF-16 units with its header. */
export const SLOT_BYTES = 8;
export const stringSize = (n: number) => 24 + 2 * n;

export interface KeyIndex {
  /** The event's value as the rule compares it; undefined: it matches nothing. */
  prepare(value: unknown): unknown;
  /** The rows the prepared value may match (all of them are tested too). */
  candidates(prepared: unknown, out: number[]): void;
  test(row: number, prepared: unknown): boolean;
  /** The row's specificity under this rule (higher first); 0 when the rule does not order. */
  score(row: number): number;
  /** What the structure holds, approximately. */
  bytes: number;
}

type Cells = unknown[];

function pushAll(out: number[], rows: number[] | undefined) {
  if (rows) for (const r of rows) out.push(r);
}

function addTo<K>(map: Map<K, number[]>, key: K, row: number) {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}

export function exactIndex(cells: Cells, caseSensitive: boolean): KeyIndex {
  const norm = (v: unknown) => {
    const text = textOf(v);
    return text === null ? undefined : caseSensitive ? text : text.toLowerCase();
  };
  const keys: Array<string | undefined> = cells.map(norm);
  const map = new Map<string, number[]>();
  let bytes = 0;
  keys.forEach((k, row) => {
    if (k === undefined) return;
    addTo(map, k, row);
    bytes += stringSize(k.length) + 2 * SLOT_BYTES;
  });
  return {
    prepare: norm,
    candidates: (v, out) => pushAll(out, map.get(v as string)),
    test: (row, v) => keys[row] === v,
    score: () => 0,
    bytes,
  };
}

export function cidrIndex(cells: Cells): KeyIndex {
  const nets = cells.map(parseNetwork);
  // Per family: prefix length → network key → rows.
  const families = [
    new Map<number, Map<string, number[]>>(),
    new Map<number, Map<string, number[]>>(),
  ];
  const keys: Array<string | undefined> = [];
  let bytes = 0;
  nets.forEach((net, row) => {
    if (!net) return;
    const key = prefixKey(net.bytes, net.prefix);
    keys[row] = key;
    const byPrefix = families[net.v6 ? 1 : 0];
    let map = byPrefix.get(net.prefix);
    if (!map) byPrefix.set(net.prefix, (map = new Map()));
    addTo(map, key, row);
    bytes += stringSize(key.length) + 4 * SLOT_BYTES;
  });
  const prefixes = families.map((f) => [...f.keys()].sort((a, b) => b - a));
  return {
    prepare: parseAddress,
    candidates: (v, out) => {
      const address = v as ReturnType<typeof parseAddress>;
      if (!address) return;
      const f = address.v6 ? 1 : 0;
      for (const prefix of prefixes[f]) {
        pushAll(out, families[f].get(prefix)!.get(prefixKey(address.bytes, prefix)));
      }
    },
    test: (row, v) => {
      const net = nets[row];
      const address = v as ReturnType<typeof parseAddress>;
      return (
        !!net &&
        !!address &&
        net.v6 === address.v6 &&
        prefixKey(address.bytes, net.prefix) === keys[row]
      );
    },
    score: (row) => nets[row]?.prefix ?? 0,
    bytes,
  };
}

export function wildcardIndex(cells: Cells, caseSensitive: boolean): KeyIndex {
  const norm = (v: unknown) => {
    const text = textOf(v);
    return text === null ? undefined : caseSensitive ? text : text.toLowerCase();
  };
  const patterns: Array<Pattern | undefined> = cells.map((c) => {
    const text = norm(c);
    return text === undefined ? undefined : compilePattern(text);
  });
  const literal = new Map<string, number[]>();
  const byPrefix = new Map<string, number[]>();
  const bySuffix = new Map<string, number[]>();
  const floating: number[] = [];
  let bytes = 0;
  patterns.forEach((p, row) => {
    if (!p) return;
    bytes += p.parts.reduce((n, part) => n + stringSize(part.length), 0) + 4 * SLOT_BYTES;
    const first = p.parts[0];
    const last = p.parts[p.parts.length - 1];
    if (p.parts.length === 1) addTo(literal, first, row);
    else if (first !== '') addTo(byPrefix, first, row);
    else if (last !== '') addTo(bySuffix, last, row);
    else floating.push(row);
  });
  const lengths = (m: Map<string, number[]>) =>
    [...new Set([...m.keys()].map((k) => k.length))].sort((a, b) => a - b);
  const prefixLengths = lengths(byPrefix);
  const suffixLengths = lengths(bySuffix);
  return {
    prepare: norm,
    candidates: (v, out) => {
      const value = v as string | undefined;
      if (value === undefined) return;
      pushAll(out, literal.get(value));
      for (const n of prefixLengths) {
        if (n > value.length) break;
        pushAll(out, byPrefix.get(value.slice(0, n)));
      }
      for (const n of suffixLengths) {
        if (n > value.length) break;
        pushAll(out, bySuffix.get(value.slice(value.length - n)));
      }
      pushAll(out, floating);
    },
    test: (row, v) => {
      const p = patterns[row];
      return !!p && typeof v === 'string' && matchesPattern(p, v);
    },
    score: (row) => patterns[row]?.literal ?? 0,
    bytes,
  };
}

export type RangeKind = 'number' | 'date' | 'ip';

/** A range bound or value as one comparable number (addresses as bigints). */
export function rangeValue(kind: RangeKind, value: unknown): number | bigint | undefined {
  if (kind === 'number') return numberOf(value);
  if (kind === 'date') return dateMs(value);
  const address = parseAddress(value);
  return address && addressNumber(address);
}

export function rangeIndex(from: Cells, to: Cells, kind: RangeKind): KeyIndex {
  const lo: Array<number | bigint | undefined> = [];
  const hi: Array<number | bigint | undefined> = [];
  const order: number[] = [];
  from.forEach((cell, row) => {
    const a = rangeValue(kind, cell);
    const b = rangeValue(kind, to[row]);
    if (a === undefined || b === undefined || a > b) return;
    lo[row] = a;
    hi[row] = b;
    order.push(row);
  });
  order.sort((x, y) => (lo[x]! < lo[y]! ? -1 : lo[x]! > lo[y]! ? 1 : x - y));
  // maxHi[node] over order[l..r), a segment tree in an array (node 1 is the root).
  const n = order.length;
  const maxHi: Array<number | bigint> = new Array(Math.max(1, 4 * n));
  const build = (node: number, l: number, r: number): number | bigint => {
    if (r - l === 1) return (maxHi[node] = hi[order[l]]!);
    const m = (l + r) >> 1;
    const a = build(2 * node, l, m);
    const b = build(2 * node + 1, m, r);
    return (maxHi[node] = a > b ? a : b);
  };
  if (n > 0) build(1, 0, n);
  // The number of intervals starting at or before v.
  const startsBefore = (v: number | bigint) => {
    let l = 0;
    let r = n;
    while (l < r) {
      const m = (l + r) >> 1;
      if (lo[order[m]]! <= v) l = m + 1;
      else r = m;
    }
    return l;
  };
  const visit = (
    node: number,
    l: number,
    r: number,
    end: number,
    v: number | bigint,
    out: number[]
  ) => {
    if (l >= end || maxHi[node] < v) return;
    if (r - l === 1) {
      out.push(order[l]);
      return;
    }
    const m = (l + r) >> 1;
    visit(2 * node, l, m, end, v, out);
    visit(2 * node + 1, m, r, end, v, out);
  };
  return {
    prepare: (v) => rangeValue(kind, v),
    candidates: (v, out) => {
      if (v === undefined || n === 0) return;
      const value = v as number | bigint;
      visit(1, 0, n, startsBefore(value), value, out);
    },
    test: (row, v) =>
      v !== undefined &&
      lo[row] !== undefined &&
      lo[row]! <= (v as number | bigint) &&
      (v as number | bigint) <= hi[row]!,
    // Narrowest first.
    score: (row) =>
      lo[row] === undefined ? -Infinity : -Number((hi[row] as bigint) - (lo[row] as bigint)),
    bytes: n * 8 * SLOT_BYTES,
  };
}
