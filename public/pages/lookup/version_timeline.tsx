/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Versions tab's timeline pieces: where a version stands, how it was written, and the order
 * of versions and events (deletions of one version, restores, imports, appends) together,
 * newest first.
 */
import { EuiBadge, type EuiCommentProps } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupEvent, SliceInfo } from '../../../common/api/codecs';
import type { EditSummary } from '../../../common/api/edit';
import { describeRule } from '../../../common/match/codecs';
import { formatNumber, formatTime, rowCount, shortSlice } from '../../components/format';

/** Newest first; versions without a time (written before records were kept) last. */
export function timelineOrder(slices: readonly SliceInfo[]): SliceInfo[] {
  const time = (s: SliceInfo) => Date.parse(s.created_at ?? s.last_write_at ?? '') || 0;
  return [...slices].sort((a, b) => time(b) - time(a) || Number(b.current) - Number(a.current));
}

type TimelineEntry = { slice: SliceInfo } | { event: LookupEvent };

/** Versions and events (deletions, restores, imports) together, newest first. */
export function timeline(
  slices: readonly SliceInfo[],
  events: readonly LookupEvent[]
): TimelineEntry[] {
  const time = (e: TimelineEntry) =>
    'slice' in e
      ? Date.parse(e.slice.created_at ?? e.slice.last_write_at ?? '') || 0
      : Date.parse(e.event.at) || 0;
  const ordered: TimelineEntry[] = timelineOrder(slices).map((slice) => ({ slice }));
  // A stable sort: versions keep timelineOrder's order among themselves.
  return [...ordered, ...events.map((event) => ({ event }))].sort((a, b) => time(b) - time(a));
}

export const UnknownUser = () => (
  <em>{i18n.translate('lookups.versions.unknownUser', { defaultMessage: 'unknown user' })}</em>
);

/** A test id per event: deletions by their version, restores and imports by kind, version and time. */
export function eventTestId(event: LookupEvent): string {
  switch (event.type) {
    case 'version_deleted':
      return `lookupsVersionEvent-${event.slice}`;
    case 'version_restored':
      return `lookupsVersionEvent-restored-${event.slice}-${event.at}`;
    case 'imported':
      return `lookupsVersionEvent-imported-${event.slice ?? 'none'}-${event.at}`;
    case 'rows_added':
      return `lookupsVersionEvent-added-${event.slice}-${event.at}`;
    case 'rules_changed':
      return `lookupsVersionEvent-rules-${event.at}`;
    case 'replicas_changed':
      return `lookupsVersionEvent-replicas-${event.at}`;
  }
}

function rowsAddedText(event: Extract<LookupEvent, { type: 'rows_added' }>): string {
  const values = { rows: rowCount(event.rows), id: shortSlice(event.slice) };
  if (event.action === 'appended') {
    return i18n.translate('lookups.versions.appendedEvent', {
      defaultMessage: 'appended {rows} to version {id}',
      values,
    });
  }
  const keys = (event.key_field ?? []).join(', ');
  return event.replaced === undefined
    ? i18n.translate('lookups.versions.upsertedEvent', {
        defaultMessage: 'added {rows} to version {id} by key {keys}',
        values: { ...values, keys },
      })
    : event.replaced === 0
      ? i18n.translate('lookups.versions.upsertedNoneEvent', {
          defaultMessage: 'added {rows} to version {id} by key {keys} (none replaced a stored row)',
          values: { ...values, keys },
        })
      : i18n.translate('lookups.versions.upsertedSomeEvent', {
          defaultMessage:
            'added {rows} to version {id} by key {keys} ({replaced} replaced a stored row)',
          values: { ...values, keys, replaced: event.replaced },
        });
}

const rulesText = (body: Extract<LookupEvent, { type: 'rules_changed' }>['to']) =>
  body && body.rules.length > 0
    ? body.rules.map(describeRule).join('; ')
    : i18n.translate('lookups.versions.noRules', { defaultMessage: 'exact matches' });

function rulesChangedText(event: Extract<LookupEvent, { type: 'rules_changed' }>): string {
  return i18n.translate('lookups.versions.rulesChangedEvent', {
    defaultMessage: 'changed the match rules from {from} to {to}',
    values: { from: rulesText(event.from), to: rulesText(event.to) },
  });
}

function eventText(event: LookupEvent): string {
  switch (event.type) {
    case 'version_deleted':
      return event.rows === undefined
        ? i18n.translate('lookups.versions.deletedEvent', {
            defaultMessage: 'deleted version {id}',
            values: { id: shortSlice(event.slice) },
          })
        : i18n.translate('lookups.versions.deletedEventRows', {
            defaultMessage: 'deleted version {id} ({rows})',
            values: { id: shortSlice(event.slice), rows: rowCount(event.rows) },
          });
    case 'version_restored':
      return event.rows === undefined
        ? i18n.translate('lookups.versions.restoredEvent', {
            defaultMessage: 'restored version {id} (replacing {previous})',
            values: { id: shortSlice(event.slice), previous: shortSlice(event.previous) },
          })
        : i18n.translate('lookups.versions.restoredEventRows', {
            defaultMessage: 'restored version {id} ({rows}, replacing {previous})',
            values: {
              id: shortSlice(event.slice),
              rows: rowCount(event.rows),
              previous: shortSlice(event.previous),
            },
          });
    case 'imported': {
      const file =
        event.file ??
        i18n.translate('lookups.versions.importedUnnamed', {
          defaultMessage: 'an unnamed {format} file',
          values: { format: event.format.toUpperCase() },
        });
      return event.action === 'appended' || event.action === 'upserted'
        ? i18n.translate('lookups.versions.importedIntoEvent', {
            defaultMessage: 'imported {file} ({rows}, {how} into version {id})',
            values: {
              file,
              rows: rowCount(event.rows),
              how: actionLabel(event.action),
              id: shortSlice(event.slice),
            },
          })
        : i18n.translate('lookups.versions.importedEvent', {
            defaultMessage: 'imported {file} ({rows}) as version {id}',
            values: { file, rows: rowCount(event.rows), id: shortSlice(event.slice) },
          });
    }
    case 'rows_added':
      return rowsAddedText(event);
    case 'rules_changed':
      return rulesChangedText(event);
    case 'replicas_changed':
      return i18n.translate('lookups.versions.replicasChangedEvent', {
        defaultMessage: 'changed the replicas from {from} to {to}',
        values: { from: event.from ?? '—', to: event.to },
      });
  }
}

const EVENT_ICON: Record<LookupEvent['type'], string> = {
  version_deleted: 'trash',
  version_restored: 'editorUndo',
  imported: 'importAction',
  rows_added: 'plusInCircle',
  rules_changed: 'link',
  replicas_changed: 'copy',
};

export function eventComment(event: LookupEvent): EuiCommentProps {
  return {
    username: event.by ?? <UnknownUser />,
    type: 'update',
    timelineIcon: EVENT_ICON[event.type],
    event: eventText(event),
    timestamp: formatTime(event.at),
    'data-test-subj': eventTestId(event),
  };
}

export function actionLabel(action: string | undefined): string {
  switch (action) {
    case 'created':
      return i18n.translate('lookups.versions.action.created', {
        defaultMessage: 'created the lookup',
      });
    case 'overwritten':
      return i18n.translate('lookups.versions.action.overwritten', {
        defaultMessage: 'overwrite',
      });
    case 'appended':
      return i18n.translate('lookups.versions.action.appended', { defaultMessage: 'append' });
    case 'upserted':
      return i18n.translate('lookups.versions.action.upserted', {
        defaultMessage: 'upsert by key',
      });
    case 'edited':
      return i18n.translate('lookups.versions.action.edited', {
        defaultMessage: 'edited in the editor',
      });
    case 'migrated':
      return i18n.translate('lookups.versions.action.migrated', {
        defaultMessage: 'migrated from the importer',
      });
    case undefined:
      return i18n.translate('lookups.versions.action.unknown', {
        defaultMessage: 'how is not recorded',
      });
    default:
      return action;
  }
}

/** What an edit changed: "+2 / −1 / ~3 rows; columns: +note, −old, a → b (from version x)". */
export function editText(edit: EditSummary): string {
  const { added, renamed, dropped } = edit.columns;
  const columns = [
    ...added.map((c) => `+${c}`),
    ...dropped.map((c) => `−${c}`),
    ...renamed.map((r) => `${r.from} → ${r.to}`),
  ];
  return i18n.translate('lookups.versions.editSummary', {
    defaultMessage:
      'Rows +{added} added / −{deleted} deleted / ~{updated} changed; columns: {columns}; from version {base}',
    values: {
      added: formatNumber(edit.added),
      deleted: formatNumber(edit.deleted),
      updated: formatNumber(edit.updated),
      columns:
        columns.join(', ') ||
        i18n.translate('lookups.versions.editNoColumns', { defaultMessage: 'unchanged' }),
      base: edit.base_slice
        ? shortSlice(edit.base_slice)
        : i18n.translate('lookups.versions.editNoBase', { defaultMessage: 'none (created)' }),
    },
  });
}

/** Where a version stands: restorable only when it is an old, complete one. */
export type SliceStatus = 'current' | 'failed' | 'cancelled' | 'writing' | 'interrupted' | 'old';
export function sliceStatus(slice: SliceInfo): SliceStatus {
  if (slice.current) return 'current';
  if (slice.state === 'failed') return 'failed';
  if (slice.state === 'cancelled') return 'cancelled';
  if (slice.in_flight) return 'writing';
  if (slice.state === 'writing') return 'interrupted';
  return 'old';
}

export function StatusBadge({ status }: { status: SliceStatus }) {
  switch (status) {
    case 'current':
      return (
        <EuiBadge color="success" data-test-subj="lookupsVersionStatus">
          {i18n.translate('lookups.versions.current', { defaultMessage: 'Current' })}
        </EuiBadge>
      );
    case 'failed':
      return (
        <EuiBadge color="danger" data-test-subj="lookupsVersionStatus">
          {i18n.translate('lookups.versions.failed', { defaultMessage: 'Failed — incomplete' })}
        </EuiBadge>
      );
    case 'cancelled':
      return (
        <EuiBadge color="default" data-test-subj="lookupsVersionStatus">
          {i18n.translate('lookups.versions.cancelled', {
            defaultMessage: 'Cancelled — incomplete',
          })}
        </EuiBadge>
      );
    case 'writing':
      return (
        <EuiBadge color="warning" data-test-subj="lookupsVersionStatus">
          {i18n.translate('lookups.versions.inFlight', { defaultMessage: 'Being written' })}
        </EuiBadge>
      );
    case 'interrupted':
      return (
        <EuiBadge color="warning" data-test-subj="lookupsVersionStatus">
          {i18n.translate('lookups.versions.interrupted', { defaultMessage: 'Interrupted' })}
        </EuiBadge>
      );
    case 'old':
      return (
        <EuiBadge color="hollow" data-test-subj="lookupsVersionStatus">
          {i18n.translate('lookups.versions.old', { defaultMessage: 'Old version' })}
        </EuiBadge>
      );
  }
}

export const STATUS_ICON: Record<SliceStatus, string> = {
  current: 'checkInCircleFilled',
  failed: 'alert',
  cancelled: 'crossInCircleEmpty',
  writing: 'clock',
  interrupted: 'alert',
  old: 'dot',
};
