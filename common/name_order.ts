/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The order of lookup names, the same in the catalog's pages (server) and its table (browser):
 * as OSD's tables sort text (by code units), except that names differing only in their numbers
 * (`lk_host_2`, `lk_host_10`) go by those numbers. A "natural" sort everywhere would put
 * `lk_cat300_00d3` after `lk_cat300_0d1e` (00 read as 0 and d3 against d1e).
 */
const PARTS = /(\d+)/;

export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split(PARTS);
  const y = b.split(PARTS);
  // Odd parts are the digit runs: the rest must match for the numbers to decide.
  const sameText = x.length === y.length && x.every((part, i) => i % 2 === 1 || part === y[i]);
  if (sameText) {
    for (let i = 1; i < x.length; i += 2) {
      const n = BigInt(x[i]) - BigInt(y[i]);
      if (n !== 0n) return n < 0n ? -1 : 1;
    }
  }
  return a < b ? -1 : 1;
}
