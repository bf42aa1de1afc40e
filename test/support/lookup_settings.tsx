/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * For component tests of one lookup's page: a managed lookup with one version, the permissions
 * a writer or a reader has on it, and the app opened on its Settings tab over fake routes.
 */
import type { LookupDetail } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import {
  LOOKUP_ACTIONS,
  type ActionGrant,
  type LookupAction,
  type PermissionsResponse,
} from '../../common/api/permissions';
import { LookupsApp } from '../../public/app';
import { fakeHttp, fakeServices, renderWithProviders, type FakeRoute } from './render';

/** A managed lookup whose one version `s1` holds `rows` rows. */
export function managedLookup(
  name: string,
  rows: number,
  more: Partial<LookupDetail> = {}
): LookupDetail {
  return {
    name,
    kind: 'managed',
    backing_index: `${name}__lookup`,
    current_slice: 's1',
    rows,
    size_bytes: 100,
    slice_count: 1,
    orphan_count: 0,
    orphan_rows: 0,
    last_write: '2026-03-01T10:00:00Z',
    ...more,
    slices: [{ id: 's1', rows, current: true }],
  };
}

/** Every action on `name` allowed, or every one refused for want of `missing`. */
export function lookupPermissions(
  name: string,
  writable: boolean,
  missing: string
): PermissionsResponse {
  return {
    can_manage_security: false,
    lookups: [
      {
        name,
        actions: Object.fromEntries(
          LOOKUP_ACTIONS.map((a) => [a, writable ? { allowed: true } : { allowed: false, missing }])
        ) as Record<LookupAction, ActionGrant>,
      },
    ],
  };
}

/** The app on `detail`'s Settings tab; `routes` add the sections' own requests. */
export function renderSettingsTab(
  detail: LookupDetail,
  permissions: PermissionsResponse,
  routes: Record<string, FakeRoute>
) {
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup(detail.name)}`]: () => detail,
    [`GET ${apiPaths.permissions()}`]: () => permissions,
    [`GET ${apiPaths.jobs()}`]: () => ({ jobs: [] }),
    ...routes,
  });
  renderWithProviders(<LookupsApp />, {
    route: `/lookups/${detail.name}/settings`,
    services: fakeServices({ http: fake.http }),
  });
  return fake;
}
