/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A version's columns in the order they were written. OpenSearch answers a mapping with its
 * fields sorted by name, so the order a query, a file or an edit gave its columns is kept in the
 * version's write record and applied wherever the rows are shown or exported. Leaf fields of an
 * object column (`geo.lat` under a written `geo`) take their column's place; fields the record
 * does not name (an append that brought a new column, or a version with no record) follow, in
 * the order given.
 */

/** `fields` in the order of `written`, the rest after them in their own order. */
export function orderColumns(fields: readonly string[], written: readonly string[] | undefined) {
  if (!written || written.length === 0) return [...fields];
  const rank = new Map<string, number>();
  written.forEach((name, i) => {
    if (!rank.has(name)) rank.set(name, i);
  });
  const rankOf = (field: string): number => {
    const exact = rank.get(field);
    if (exact !== undefined) return exact;
    // The longest written prefix: `a.b.c` under a written `a.b`, else `a`.
    for (let cut = field.lastIndexOf('.'); cut > 0; cut = field.lastIndexOf('.', cut - 1)) {
      const parent = rank.get(field.slice(0, cut));
      if (parent !== undefined) return parent;
    }
    return Number.POSITIVE_INFINITY;
  };
  return fields
    .map((field, i) => ({ field, i, rank: rankOf(field) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((entry) => entry.field);
}

/**
 * A version's columns: of the index's `fields` (every version's), those its rows carry or its
 * record says were written (a column left empty, a version with no rows yet), in written order.
 */
export function versionColumns(
  fields: readonly string[],
  present: ReadonlySet<string>,
  written: readonly string[] | undefined
): string[] {
  const named = new Set(written ?? []);
  return orderColumns(
    fields.filter((f) => present.has(f) || named.has(f)),
    written
  );
}
