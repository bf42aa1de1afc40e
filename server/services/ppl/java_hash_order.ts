/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The order in which a Java (21) HashSet or HashMap of strings iterates its members. The SQL
 * plugin builds some column lists from one (`lookup`'s output fields), so the real engine's column
 * order follows it: buckets by String.hashCode, spread and masked by the table's size; members of
 * one bucket in insertion order (a resize splits a bucket without reordering it).
 */

/** java.lang.String#hashCode over UTF-16 code units, as a signed 32-bit int. */
export function javaStringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0;
  return hash;
}

/** HashMap.tableSizeFor: the power of two at or above n (1 ≤ n ≤ 2^30). */
const tableSizeFor = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/** Members in iteration order, for a table of `capacity` buckets that doubles past 3/4 full. */
function iterationOrder(members: readonly string[], initialCapacity: number): string[] {
  let capacity = initialCapacity;
  const unique: string[] = [];
  for (const member of members) {
    if (unique.includes(member)) continue;
    unique.push(member);
    if (unique.length > capacity * 0.75) capacity *= 2;
  }
  const bucket = (member: string) => {
    const hash = javaStringHash(member);
    return (hash ^ (hash >>> 16)) & (capacity - 1);
  };
  return unique
    .map((member, inserted) => ({ member, inserted, bucket: bucket(member) }))
    .sort((a, b) => a.bucket - b.bucket || a.inserted - b.inserted)
    .map((entry) => entry.member);
}

/**
 * Iteration order of `new HashSet<>(initial)` followed by `addAll(added)`. Duplicates keep their
 * first place. Buckets of eight or more members (turned into trees by HashMap) do not occur with
 * column lists.
 */
export function javaHashSetOrder(
  initial: readonly string[],
  added: readonly string[] = []
): string[] {
  // JDK 19+: HashSet(Collection) sizes its map with HashMap.newHashMap(max(size, 12)).
  const capacity = tableSizeFor(Math.ceil(Math.max(new Set(initial).size, 12) / 0.75));
  return iterationOrder([...initial, ...added], capacity);
}

/** Key order of a `new HashMap<>()` given `keys` one `put` at a time (16 buckets to start). */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  return iterationOrder(keys, 16);
}

/** Key order of a `new HashMap<>()` given `keys` at once by `putAll` (sized for them first). */
export function javaHashMapCopyOrder(keys: readonly string[]): string[] {
  // JDK 19+ HashMap.putMapEntries: a table of tableSizeFor(ceil(size / 0.75)) buckets.
  return iterationOrder(keys, tableSizeFor(Math.ceil(new Set(keys).size / 0.75)));
}
