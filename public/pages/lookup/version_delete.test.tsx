/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Deleting one version from the Versions tab: offered per old version after a confirm, refused
 * (with the missing permission) for a reader, never offered for the current version, and the
 * timeline shows the deletion afterwards.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupDetail } from '../../../common/api/codecs';
import { apiPaths } from '../../../common/api/paths';
import {
  LOOKUP_ACTIONS,
  type ActionGrant,
  type LookupAction,
  type PermissionsResponse,
} from '../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
  type FakeRoute,
} from '../../../test/support/render';
import { LookupsApp } from '../../app';

const NAME = 'lk_hosts';
const CURRENT = '33333333-aaaa-4bbb-8ccc-000000000003';
const MIDDLE = '22222222-aaaa-4bbb-8ccc-000000000002';
const OLDEST = '11111111-aaaa-4bbb-8ccc-000000000001';

function detail(withOldest: boolean): LookupDetail {
  const old = [
    { id: MIDDLE, rows: 4, current: false, state: 'complete' as const },
    ...(withOldest ? [{ id: OLDEST, rows: 7, current: false, state: 'complete' as const }] : []),
  ];
  return {
    name: NAME,
    kind: 'managed',
    backing_index: `${NAME}__lookup`,
    current_slice: CURRENT,
    rows: 2,
    size_bytes: 100,
    slice_count: old.length + 1,
    orphan_count: old.length,
    orphan_rows: old.reduce((n, s) => n + s.rows, 0),
    last_write: '2026-03-01T10:02:00Z',
    slices: [
      {
        id: CURRENT,
        rows: 2,
        current: true,
        state: 'complete',
        created_at: '2026-03-01T10:02:00Z',
        written_by: 'lookup_writer',
      },
      { ...old[0], created_at: '2026-03-01T10:01:00Z', written_by: 'lookup_writer' },
      ...(withOldest
        ? [{ ...old[1], created_at: '2026-03-01T10:00:00Z', written_by: 'lookup_writer' }]
        : []),
    ],
    events: withOldest
      ? []
      : [
          {
            type: 'version_deleted',
            slice: OLDEST,
            at: '2026-03-01T11:00:00Z',
            by: 'lookup_writer',
            rows: 7,
          },
        ],
  };
}

const answer = (allowed: boolean): PermissionsResponse => ({
  can_manage_security: false,
  lookups: [
    {
      name: NAME,
      actions: Object.fromEntries(
        LOOKUP_ACTIONS.map((a) => [
          a,
          allowed
            ? { allowed: true }
            : { allowed: false, missing: 'indices:data/write/delete/byquery' },
        ])
      ) as Record<LookupAction, ActionGrant>,
    },
  ],
});

function renderVersions(options: { allowed?: boolean; onDelete?: FakeRoute } = {}) {
  let deleted = false;
  const services = fakeServices();
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup(NAME)}`]: () => detail(!deleted),
    [`GET ${apiPaths.permissions()}`]: () => answer(options.allowed ?? true),
    [`DELETE ${apiPaths.version(NAME, OLDEST)}`]:
      options.onDelete ??
      (() => {
        deleted = true;
        return { name: NAME, slice: OLDEST, rows: 7 };
      }),
  });
  renderWithProviders(<LookupsApp />, {
    route: `/lookups/${NAME}/versions`,
    services: { ...services, http: fake.http },
  });
  return { fake, services };
}

const deleteButton = (slice: string) => screen.getByTestId(`lookupsVersionDelete-${slice}`);

describe('deleting one version', () => {
  it('asks first, deletes the chosen version, and the timeline then shows the deletion', async () => {
    const { fake, services } = renderVersions();
    await screen.findByTestId(`lookupsVersion-${OLDEST}`);
    await waitFor(() => expect(deleteButton(OLDEST)).toHaveProperty('disabled', false));

    fireEvent.click(deleteButton(OLDEST));
    const modal = await screen.findByTestId('lookupsDeleteVersionModal');
    expect(modal.textContent).toContain('Delete version 11111111?');
    expect(modal.textContent).toContain('7 rows are removed for good');
    // Nothing is sent before the confirm.
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));
    await waitFor(() => expect(screen.queryByTestId('lookupsDeleteVersionModal')).toBeNull());
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/lookups/${NAME}/_versions/${OLDEST}`,
    ]);
    expect(services.notifications.toasts.addSuccess).toHaveBeenCalledWith({
      title: `Deleted version 11111111 of "${NAME}" (7 rows)`,
    });

    // Reloaded: the version is gone from the list, and its deletion is an event, newest first.
    const event = await screen.findByTestId(`lookupsVersionEvent-${OLDEST}`);
    expect(screen.queryByTestId(`lookupsVersion-${OLDEST}`)).toBeNull();
    expect(event.textContent).toContain('lookup_writer');
    expect(event.textContent).toContain('deleted version 11111111 (7 rows)');
    const timeline = screen.getByTestId('lookupsVersionsTimeline');
    const order = Array.from(timeline.querySelectorAll('[data-test-subj^="lookupsVersion"]'))
      .map((el) => el.getAttribute('data-test-subj'))
      .filter((id) => /^lookupsVersion(Event)?-/.test(id ?? ''));
    expect(order).toEqual([
      `lookupsVersionEvent-${OLDEST}`,
      `lookupsVersion-${CURRENT}`,
      `lookupsVersion-${MIDDLE}`,
    ]);
  });

  it('never offers the current version, and says to restore another first', async () => {
    renderVersions();
    await screen.findByTestId(`lookupsVersion-${CURRENT}`);
    await waitFor(() => expect(deleteButton(MIDDLE)).toHaveProperty('disabled', false));
    expect(deleteButton(CURRENT)).toHaveProperty('disabled', true);
    fireEvent.focus(screen.getByTestId('lookupsVersionDeleteCurrent'));
    expect(
      await screen.findByText(/This is the current version: searches read it\. Restore another/)
    ).toBeTruthy();
  });

  it('a reader sees every delete disabled, naming the missing permission', async () => {
    const { fake } = renderVersions({ allowed: false });
    await screen.findByTestId(`lookupsVersion-${OLDEST}`);
    await waitFor(() => expect(deleteButton(OLDEST)).toHaveProperty('disabled', true));
    const refusal = within(
      deleteButton(OLDEST).closest('[data-missing-permission]') as HTMLElement
    ).getByTestId('lookupsRefusedText').textContent;
    expect(refusal).toBe(
      `You may not delete a version of "${NAME}": your user lacks the OpenSearch permission indices:data/write/delete/byquery. An administrator can grant it.`
    );
    expect(deleteButton(MIDDLE)).toHaveProperty('disabled', true);
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it("a refusal from the server stays in the modal, in the server's words", async () => {
    renderVersions({
      onDelete: () => {
        throw httpError(409, `"${NAME}" is busy: a write by someone_else is still running.`);
      },
    });
    await waitFor(() => expect(deleteButton(OLDEST)).toHaveProperty('disabled', false));
    fireEvent.click(deleteButton(OLDEST));
    const modal = await screen.findByTestId('lookupsDeleteVersionModal');
    fireEvent.click(within(modal).getByTestId('confirmModalConfirmButton'));
    const error = await within(modal).findByTestId('lookupsDeleteVersionError');
    expect(error.textContent).toContain('The version could not be deleted');
    expect(error.textContent).toContain('is busy: a write by someone_else');
    expect(screen.getByTestId(`lookupsVersion-${OLDEST}`)).toBeTruthy();
  });
});
