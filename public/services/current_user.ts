/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Who is signed in, for keeping per-user browser state apart (recent queries). The standalone
 * host injects `{ username }` into `#osd-injected-metadata` (host/src/app/pages.ts); OSD's page
 * carries no user name there (the security plugin knows it), so the name is then unknown and
 * callers fall back to a shared key.
 */
export function readCurrentUser(doc: Document = document): string | undefined {
  const element = doc.getElementById('osd-injected-metadata');
  if (!element?.textContent) return undefined;
  try {
    const metadata = JSON.parse(element.textContent) as { username?: unknown };
    return typeof metadata.username === 'string' && metadata.username
      ? metadata.username
      : undefined;
  } catch {
    // Not the host's JSON (e.g. OSD's own metadata element): no user name to read.
    return undefined;
  }
}
