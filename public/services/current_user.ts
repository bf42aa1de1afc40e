/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Who is signed in, for keeping per-user browser state apart (recent queries). OSD's page does
 * not say (the security plugin knows it), so the plugin's server tells: `GET /api/lookups/_status`
 * names the caller as OpenSearch's security plugin sees them, on the local cluster. Null where
 * no user is known (no security plugin): callers then use a shared key.
 */
import { useEffect, useState } from 'react';
import type { HttpStart } from 'opensearch-dashboards/public';
import { createLookupsApi } from './api_client';
import { useServices } from './services_context';

/** Asks once per app mount; a failure is an unknown user, never an error for the page. */
export function fetchCurrentUser(http: HttpStart): Promise<string | null> {
  return createLookupsApi(http)
    .status()
    .then(
      (status) => status.caller.username,
      () => null
    );
}

/** The signed-in user's name: `undefined` until known, `null` when there is none to know. */
export function useCurrentUser(): string | null | undefined {
  const { currentUser } = useServices();
  const [user, setUser] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void currentUser.then((name) => current && setUser(name));
    return () => {
      current = false;
    };
  }, [currentUser]);
  return user;
}
