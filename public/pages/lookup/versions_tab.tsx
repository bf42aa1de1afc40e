/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's versions (slices) as a timeline, newest first: the current one, and the old ones
 * an overwrite left behind, each with its rows, time, user, action and source query where the
 * server knows them. "Restore this version" points the lookup back at an old version (after a
 * confirm); "Clean up old versions" removes old ones by the server's age and count rules —
 * the API has no way to delete one chosen version.
 */
import { useState } from 'react';
import {
  EuiBadge,
  EuiCommentList,
  EuiConfirmModal,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  type EuiCommentProps,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupDetail, SliceInfo } from '../../../common/api/codecs';
import { ApiErrorCallout } from '../../components/error_callout';
import { ActionButton, useGrant } from '../../components/permissions';
import { CompareVersions } from './compare_versions';
import { formatNumber, formatTime, rowCount, shortSlice } from '../../components/format';
import { PplCode } from '../../components/ppl_code';
import type { ApiFailure } from '../../services/api_client';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { rollbackLookup } from '../../store/operations';
import { CleanupModal } from '../catalog/cleanup_modal';

const oldCount = (n: number) =>
  n === 1
    ? i18n.translate('lookups.versions.oldOne', { defaultMessage: '1 old one' })
    : i18n.translate('lookups.versions.oldMany', {
        defaultMessage: '{count} old ones',
        values: { count: n },
      });

/** Newest first; versions without a time (written before records were kept) last. */
export function timelineOrder(slices: readonly SliceInfo[]): SliceInfo[] {
  const time = (s: SliceInfo) => Date.parse(s.created_at ?? s.last_write_at ?? '') || 0;
  return [...slices].sort((a, b) => time(b) - time(a) || Number(b.current) - Number(a.current));
}

function actionLabel(action: string | undefined): string {
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

/** Where a version stands: restorable only when it is an old, complete one. */
export type SliceStatus = 'current' | 'failed' | 'writing' | 'interrupted' | 'old';
export function sliceStatus(slice: SliceInfo): SliceStatus {
  if (slice.current) return 'current';
  if (slice.state === 'failed') return 'failed';
  if (slice.in_flight) return 'writing';
  if (slice.state === 'writing') return 'interrupted';
  return 'old';
}

function StatusBadge({ status }: { status: SliceStatus }) {
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

const STATUS_ICON: Record<SliceStatus, string> = {
  current: 'checkInCircleFilled',
  failed: 'alert',
  writing: 'clock',
  interrupted: 'alert',
  old: 'dot',
};

export function VersionsTab({ name, lookup }: { name: string; lookup?: LookupDetail }) {
  const [restoring, setRestoring] = useState<SliceInfo | null>(null);
  const [cleaning, setCleaning] = useState(false);
  const restoreGrant = useGrant(name, 'restore');
  const cleanupGrant = useGrant(name, 'cleanup');

  if (!lookup) return <EuiLoadingContent lines={5} data-test-subj="lookupsVersionsLoading" />;
  const current = lookup.slices.find((s) => s.current);
  const orphans = lookup.slices.filter((s) => !s.current);

  if (lookup.slices.length === 0) {
    return (
      <EuiEmptyPrompt
        iconType="clock"
        title={
          <h3>
            {i18n.translate('lookups.versions.emptyTitle', { defaultMessage: 'No versions' })}
          </h3>
        }
        body={
          <p>
            {i18n.translate('lookups.versions.emptyBody', {
              defaultMessage: 'This lookup has no stored versions.',
            })}
          </p>
        }
        data-test-subj="lookupsVersionsEmpty"
      />
    );
  }

  const comments: EuiCommentProps[] = timelineOrder(lookup.slices).map((slice) => {
    const status = sliceStatus(slice);
    return {
      username: slice.written_by ?? (
        <em>
          {i18n.translate('lookups.versions.unknownUser', { defaultMessage: 'unknown user' })}
        </em>
      ),
      type: 'regular',
      timelineIcon: STATUS_ICON[status],
      event: (
        <span>
          {i18n.translate('lookups.versions.wrote', {
            defaultMessage: 'wrote version {id} ({action})',
            values: { id: shortSlice(slice.id), action: actionLabel(slice.action) },
          })}{' '}
          <StatusBadge status={status} />
        </span>
      ),
      timestamp: slice.created_at ? formatTime(slice.created_at) : undefined,
      actions:
        status === 'old' ? (
          <ActionButton
            lookup={name}
            action="restore"
            grant={restoreGrant}
            size="s"
            iconType="editorUndo"
            onClick={() => setRestoring(slice)}
            aria-label={i18n.translate('lookups.versions.restoreAria', {
              defaultMessage: 'Restore this version ({id})',
              values: { id: shortSlice(slice.id) },
            })}
            data-test-subj={`lookupsVersionRestore-${slice.id}`}
          >
            {i18n.translate('lookups.versions.restore', { defaultMessage: 'Restore this version' })}
          </ActionButton>
        ) : undefined,
      'data-test-subj': `lookupsVersion-${slice.id}`,
      children: (
        <EuiText size="s">
          <p>
            <span data-test-subj="lookupsVersionRows">
              {i18n.translate('lookups.versions.rows', {
                defaultMessage: 'Rows: {rows}',
                values: { rows: formatNumber(slice.rows) },
              })}
            </span>
            {' · '}
            <code title={slice.id}>{slice.id}</code>
          </p>
          {slice.query_hidden ? (
            <p data-test-subj="lookupsVersionQueryHidden">
              <em>
                {i18n.translate('lookups.versions.queryHidden', {
                  defaultMessage: 'The query read indices you cannot read',
                })}
              </em>
            </p>
          ) : slice.query ? (
            <PplCode data-test-subj="lookupsVersionQuery">{slice.query}</PplCode>
          ) : null}
        </EuiText>
      ),
    };
  });

  return (
    <div data-test-subj="lookupsVersionsTab">
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false} wrap>
        <EuiFlexItem>
          <EuiText size="s" color="subdued">
            <p>
              {orphans.length === 0
                ? i18n.translate('lookups.versions.summaryOnlyCurrent', {
                    defaultMessage:
                      'Only the current version is stored. Each overwrite keeps the version before it here, so it can be restored.',
                  })
                : i18n.translate('lookups.versions.summary', {
                    defaultMessage:
                      'The current version and {orphans} ({rows}) that overwrites left behind. Restore one to make it current again.',
                    values: {
                      orphans: oldCount(orphans.length),
                      rows: rowCount(orphans.reduce((n, s) => n + s.rows, 0)),
                    },
                  })}
            </p>
          </EuiText>
        </EuiFlexItem>
        {lookup.kind === 'managed' ? (
          <EuiFlexItem grow={false}>
            <ActionButton
              lookup={name}
              action="cleanup"
              grant={cleanupGrant}
              iconType="broom"
              color="danger"
              isDisabled={orphans.length === 0}
              onClick={() => setCleaning(true)}
              data-test-subj="lookupsVersionsCleanup"
            >
              {i18n.translate('lookups.versions.cleanup', {
                defaultMessage: 'Clean up old versions',
              })}
            </ActionButton>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {lookup.kind === 'managed' ? (
        <>
          <CompareVersions
            name={name}
            slices={timelineOrder(lookup.slices).filter((s) => sliceStatus(s) !== 'failed')}
          />
          <EuiSpacer size="m" />
        </>
      ) : null}
      <EuiCommentList comments={comments} data-test-subj="lookupsVersionsTimeline" />
      {restoring ? (
        <RestoreModal
          name={name}
          slice={restoring}
          current={current}
          onClose={() => setRestoring(null)}
        />
      ) : null}
      {cleaning ? <CleanupModal names={[name]} onClose={() => setCleaning(false)} /> : null}
    </div>
  );
}

function RestoreModal({
  name,
  slice,
  current,
  onClose,
}: {
  name: string;
  slice: SliceInfo;
  current?: SliceInfo;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const { notifications } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      await dispatch(rollbackLookup({ name, slice: slice.id })).unwrap();
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.versions.restored', {
          defaultMessage: 'Restored version {id} of "{name}"',
          values: { id: shortSlice(slice.id), name },
        }),
      });
      onClose();
    } catch (e) {
      setError(e as ApiFailure);
      setBusy(false);
    }
  };

  return (
    <EuiConfirmModal
      title={i18n.translate('lookups.versions.restoreTitle', {
        defaultMessage: 'Restore version {id}?',
        values: { id: shortSlice(slice.id) },
      })}
      onCancel={onClose}
      onConfirm={restore}
      cancelButtonText={i18n.translate('lookups.versions.restoreCancel', {
        defaultMessage: 'Cancel',
      })}
      confirmButtonText={i18n.translate('lookups.versions.restoreConfirm', {
        defaultMessage: 'Restore',
      })}
      isLoading={busy}
      data-test-subj="lookupsRestoreModal"
    >
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.versions.restoreBody', {
            defaultMessage:
              'Searches on "{name}" will read version {id} ({rows}) again. The current version {current} stays as an old version, so you can restore it later.',
            values: {
              name,
              id: shortSlice(slice.id),
              rows: rowCount(slice.rows),
              current: shortSlice(current?.id),
            },
          })}
        </p>
      </EuiText>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.versions.restoreFailed', {
              defaultMessage: 'The version could not be restored',
            })}
            error={error}
            refused={{ lookup: name, action: 'restore' }}
            data-test-subj="lookupsRestoreError"
          />
        </>
      ) : null}
    </EuiConfirmModal>
  );
}
