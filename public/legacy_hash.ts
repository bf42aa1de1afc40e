/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Before the app routed on OSD's history it kept its routes in the hash
 * (`/app/lookups#/lookups/<name>/<tab>`). Such a link, bookmarked or shared, still opens the
 * page it named: the hash route becomes the path, in place of the current history entry.
 */
import type { ScopedHistory } from 'opensearch-dashboards/public';

export function redirectLegacyHashRoute(history: ScopedHistory): boolean {
  const { pathname, hash } = history.location;
  if (!hash.startsWith('#/') || (pathname !== '' && pathname !== '/')) return false;
  history.replace(hash.slice(1));
  return true;
}
