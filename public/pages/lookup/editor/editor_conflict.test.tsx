/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The editor against a lookup another user changes meanwhile (#33 defects 1 to 3): a stale base
 * found at Publish opens the conflict dialog (never "[object Object]"), the dialog shows row by
 * row what the other user changed and who they are, and the lookup's header follows the version
 * now current. A number cell given letters (#33 defect 4) is kept, flagged and holds Save; Add
 * row focuses the row it added (#33 defect 12).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LookupDetail, RowsResponse } from '../../../../common/api/codecs';
import type { CompareBody, CompareResponse } from '../../../../common/api/compare';
import type { EditBody, EditResponse } from '../../../../common/api/edit';
import { apiPaths, appRoutes } from '../../../../common/api/paths';
import { LOOKUP_ACTIONS, type PermissionsResponse } from '../../../../common/api/permissions';
import {
  fakeHttp,
  fakeServices,
  httpError,
  renderWithProviders,
  type FakeRequest,
} from '../../../../test/support/render';
import { LookupsApp } from '../../../app';

const NAME = 'lk_hosts';
const SCHEMA = [
  { name: 'host', type: 'keyword' },
  { name: 'count', type: 'long' },
];
const VERSIONS: Record<string, { rows: unknown[][]; written_by: string; at: string }> = {
  s1: {
    rows: [
      ['web-04', 4],
      ['web-05', 5],
    ],
    written_by: 'lookup_writer',
    at: '2026-11-01T10:00:00.000Z',
  },
  s2: {
    rows: [
      ['web-04', 4],
      ['web-05b', 5],
    ],
    written_by: 'other_user',
    at: '2026-11-02T11:30:00.000Z',
  },
};

function world() {
  const state = { current: 's1' as 's1' | 's2', history: ['s1'] };
  const rowsOf = (slice: string) =>
    VERSIONS[slice].rows.map((r) => Object.fromEntries(SCHEMA.map((c, i) => [c.name, r[i]])));
  const detail = (): LookupDetail => ({
    name: NAME,
    kind: 'managed',
    backing_index: `${NAME}__lookup`,
    current_slice: state.current,
    rows: 2,
    size_bytes: 10,
    slice_count: state.history.length,
    orphan_count: state.history.length - 1,
    orphan_rows: 0,
    last_write: VERSIONS[state.current].at,
    slices: [...state.history].reverse().map((id) => ({
      id,
      rows: 2,
      current: id === state.current,
      state: 'complete',
      written_by: VERSIONS[id].written_by,
    })),
  });
  const rows = (): RowsResponse => ({
    schema: SCHEMA,
    datarows: VERSIONS[state.current].rows,
    total: 2,
    slice: state.current,
    ids: VERSIONS[state.current].rows.map((r) => `${state.current}-${String(r[0])}`),
  });
  const compare = ({ body }: FakeRequest): CompareResponse => {
    const { from, to, key_field } = body as CompareBody;
    const answer: CompareResponse = {
      from: { slice: from, rows: 2, columns: ['count', 'host'] },
      to: { slice: to, rows: 2, columns: ['count', 'host'] },
      columns: { added: [], removed: [] },
    };
    if (!key_field) return answer;
    const key = (r: Record<string, unknown>) => key_field.map((k) => r[k]).join('|');
    const before = rowsOf(from);
    const after = rowsOf(to);
    const added = after.filter((r) => !before.some((b) => key(b) === key(r)));
    const removed = before.filter((r) => !after.some((a) => key(a) === key(r)));
    return {
      ...answer,
      by_key: {
        key_field,
        added: added.length,
        removed: removed.length,
        changed: 0,
        unchanged: after.length - added.length,
        samples: { added, removed, changed: [] },
      },
    };
  };
  const edit = ({ body }: FakeRequest): EditResponse => {
    const request = body as EditBody;
    if (request.base_slice !== state.current) {
      throw httpError(
        409,
        `"${NAME}" changed since your edit began: its current version is ${state.current}, written by other_user.`,
        {
          reason: 'stale_base',
          base_slice: request.base_slice,
          current_slice: state.current,
          written_by: VERSIONS[state.current].written_by,
          written_at: VERSIONS[state.current].at,
          action: 'edited',
        }
      );
    }
    return {
      base_slice: request.base_slice,
      slice: request.dry_run ? null : 's3',
      previous: state.current,
      rows: 2,
      added: 0,
      updated: 1,
      deleted: 0,
      columns: { added: [], renamed: [], dropped: [] },
      dry_run: request.dry_run,
      preview: {
        from: { slice: state.current, rows: 2, columns: ['host', 'count'] },
        to: { slice: '', rows: 2, columns: ['host', 'count'] },
        columns: { added: [], removed: [] },
      },
    };
  };
  const permissions = (request: FakeRequest): PermissionsResponse => ({
    can_manage_security: false,
    lookups: String((request.options?.query as { names?: string })?.names ?? '')
      .split(',')
      .filter(Boolean)
      .map((name) => ({
        name,
        actions: Object.fromEntries(
          LOOKUP_ACTIONS.map((a) => [a, { allowed: true }])
        ) as PermissionsResponse['lookups'][number]['actions'],
      })),
  });
  const fake = fakeHttp({
    [`GET ${apiPaths.lookup(NAME)}`]: detail,
    [`GET ${apiPaths.rows(NAME)}`]: rows,
    [`GET ${apiPaths.fieldCaps(NAME)}`]: () => ({ indices: [state.current], fields: {} }),
    [`GET ${apiPaths.permissions()}`]: permissions,
    [`POST ${apiPaths.edit(NAME)}`]: edit,
    [`POST ${apiPaths.compare(NAME)}`]: compare,
  });
  const services = fakeServices({ http: fake.http });
  renderWithProviders(<LookupsApp />, {
    route: `${appRoutes.lookup(NAME, 'rows')}?edit=true`,
    services: fakeServices({
      http: fake.http,
      config: { ...services.config, editor: { max_rows: 10_000 } },
    }),
  });
  /** Another user publishes an edit: web-05 becomes web-05b. */
  const otherUserEdits = () => {
    state.current = 's2';
    state.history.push('s2');
  };
  return { fake, otherUserEdits };
}

const cell = async (row: number, column: number) => {
  await screen.findByTestId('lookupsEditorGrid');
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>(
      `[data-lookups-row="${row}"][data-lookups-column="${column}"]`
    );
    if (!found) throw new Error(`no cell ${row},${column}`);
    return found;
  });
};

async function typeInto(row: number, column: number, text: string) {
  fireEvent.doubleClick(within(await cell(row, column)).getByTestId('lookupsEditorCell'));
  const input = await screen.findByTestId('lookupsEditorCellInput');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
  await waitFor(() => expect(screen.queryByTestId('lookupsEditorCellInput')).toBeNull());
  // The cell takes the focus back a moment later, as a user's next click comes after it.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The lookup header's figure above `label` ("Versions", "Last write"). */
const stat = (label: string) => {
  const stats = [...screen.getByTestId('lookupsLookupPage').querySelectorAll('.euiStat')];
  const found = stats.find((s) => s.querySelector('.euiStat__description')?.textContent === label);
  return found?.querySelector('.euiStat__title')?.textContent ?? '';
};

it('a stale base found at Publish opens the conflict dialog with what the other user changed, and the header follows', async () => {
  const { otherUserEdits } = world();
  await typeInto(0, 1, '40');
  expect(screen.getByTestId('lookupsEditorPending').textContent).toBe('1 pending change');
  await waitFor(() => expect(stat('Versions')).toBe('1'));

  fireEvent.click(screen.getByTestId('lookupsEditorSave'));
  await screen.findByTestId('lookupsEditPreview');
  // Another user publishes while the preview is open.
  otherUserEdits();
  fireEvent.click(screen.getByTestId('lookupsEditPublish'));

  const dialog = await screen.findByTestId('lookupsStaleBase');
  expect(document.body.textContent).not.toContain('[object Object]');
  expect(screen.queryByTestId('lookupsEditorError')).toBeNull();
  expect(within(dialog).getByTestId('lookupsStaleMessage').textContent).toContain(
    'written by other_user'
  );
  expect(within(dialog).getByTestId('lookupsStaleCompareTitle').textContent).toContain(
    'written by other_user'
  );
  // Row by row, by the column that names a row: web-05 went, web-05b came.
  const byKey = await within(dialog).findByTestId('lookupsCompareByKey');
  expect(within(byKey).getByTestId('lookupsCompareCounts').textContent).toBe(
    'By host: 1 added, 1 removed, 0 changed, 1 unchanged.'
  );
  expect(within(byKey).getByTestId('lookupsCompareAdded').textContent).toContain('web-05b');
  expect(within(byKey).getByTestId('lookupsCompareRemovedRows').textContent).toContain('web-05');

  // The header shows the version the other user made.
  await waitFor(() => expect(stat('Versions')).toBe('2'));
  expect(stat('Last write')).toContain('2026');

  fireEvent.click(within(dialog).getByTestId('lookupsStaleReapply'));
  await waitFor(() => expect(screen.queryByTestId('lookupsStaleBase')).toBeNull());
  expect((await screen.findByTestId('lookupsEditorNotice')).textContent).toMatch(
    /Your changes now apply to version s2/
  );
  expect(stat('Versions')).toBe('2');
});

it('a number cell given letters keeps them, is flagged invalid and holds Save back', async () => {
  world();
  await typeInto(0, 1, 'abc');
  const flagged = await cell(0, 1);
  expect(flagged.textContent).toContain('abc');
  expect(screen.getByTestId('lookupsEditorInvalid').textContent).toMatch(/Cells holding a value/);
  expect((screen.getByTestId('lookupsEditorSave') as HTMLButtonElement).disabled).toBe(true);

  await typeInto(1, 1, '12x');
  expect((await cell(1, 1)).textContent).toContain('12x');
  expect(screen.getByTestId('lookupsEditorInvalid').textContent).toContain('2');

  await typeInto(0, 1, '12');
  await typeInto(1, 1, '13');
  await waitFor(() => expect(screen.queryByTestId('lookupsEditorInvalid')).toBeNull());
  expect((screen.getByTestId('lookupsEditorSave') as HTMLButtonElement).disabled).toBe(false);
});

it('Add row shows the new row and focuses its first cell (#33 defect 12)', async () => {
  world();
  await cell(1, 0);
  fireEvent.click(screen.getByTestId('lookupsEditorAddRow'));
  const added = await cell(2, 0);
  await waitFor(() => expect(document.activeElement).toBe(added));
  expect(screen.getByTestId('lookupsEditorPending').textContent).toBe('1 pending change');
});

it('names the column types as the Rows and Fields tabs do, the mapping beside (#33 defect 11)', async () => {
  world();
  await cell(0, 0);
  expect(screen.getByTestId('lookupsEditorColumn-host').textContent).toContain('string (keyword)');
  expect(screen.getByTestId('lookupsEditorColumn-count').textContent).toContain('bigint (long)');
});
