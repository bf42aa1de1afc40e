/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Recent queries, kept per user in browser storage (`lookups.recentQueries.<user>`), so two
 * people sharing a browser profile do not see each other's queries. Unreadable or foreign
 * content is ignored rather than trusted.
 */
import { MAX_RECENT_QUERIES, type RecentQuery } from '../../store/query_slice';

const PREFIX = 'lookups.recentQueries';

export function recentQueriesKey(user: string | undefined): string {
  return user ? `${PREFIX}.${user}` : PREFIX;
}

function isRecentQuery(value: unknown): value is RecentQuery {
  const v = value as RecentQuery;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.query === 'string' &&
    typeof v.at === 'string' &&
    (v.fields === undefined ||
      (Array.isArray(v.fields) && v.fields.every((f) => typeof f === 'string')))
  );
}

export function loadRecentQueries(
  storage: Storage | undefined,
  user: string | undefined
): RecentQuery[] {
  if (!storage) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(recentQueriesKey(user)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentQuery).slice(0, MAX_RECENT_QUERIES) : [];
  } catch {
    return [];
  }
}

export function saveRecentQueries(
  storage: Storage | undefined,
  user: string | undefined,
  recent: readonly RecentQuery[]
): void {
  if (!storage) return;
  try {
    storage.setItem(recentQueriesKey(user), JSON.stringify(recent.slice(0, MAX_RECENT_QUERIES)));
  } catch {
    // Storage full or disabled (private mode): recent queries are a convenience, not data.
  }
}

/** The browser's localStorage when it can be used. */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}
