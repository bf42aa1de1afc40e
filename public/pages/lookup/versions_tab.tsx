/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's versions (slices) as a timeline, newest first: the current one, and the old ones
 * an overwrite left behind, each with its rows, time, user, action and source query where the
 * server knows them. "Restore this version" points the lookup back at an old version (after a
 * confirm); "Delete version" removes one old version (after a confirm), and the timeline keeps
 * that as an event; "Clean up old versions" removes old ones by the server's age and count rules.
 */
import { useState } from 'react';
import {
  EuiCommentList,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiToolTip,
  type EuiCommentProps,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupDetail, SliceInfo } from '../../../common/api/codecs';
import type { ActionGrant } from '../../../common/api/permissions';
import { ActionButton, ActionButtonEmpty, useGrant } from '../../components/permissions';
import { CompareVersions } from './compare_versions';
import { formatNumber, formatTime, rowCount, shortSlice } from '../../components/format';
import {
  actionLabel,
  editText,
  eventComment,
  sliceStatus,
  StatusBadge,
  STATUS_ICON,
  timeline,
  timelineOrder,
  UnknownUser,
  type SliceStatus,
} from './version_timeline';
import { PplCode } from '../../components/ppl_code';
import { CleanupModal } from '../catalog/cleanup_modal';
import { cleanupRuleText } from '../catalog/cleanup_rule';
import { DeleteVersionModal, RestoreModal } from './version_modals';

const oldCount = (n: number) =>
  n === 1
    ? i18n.translate('lookups.versions.oldOne', { defaultMessage: '1 old one' })
    : i18n.translate('lookups.versions.oldMany', {
        defaultMessage: '{count} old ones',
        values: { count: n },
      });

const incompleteCount = (n: number) =>
  n === 1
    ? i18n.translate('lookups.versions.incompleteOne', {
        defaultMessage: '1 incomplete version',
      })
    : i18n.translate('lookups.versions.incompleteMany', {
        defaultMessage: '{count} incomplete versions',
        values: { count: n },
      });

/**
 * What the old versions are good for: those complete can be restored; a failed, cancelled or
 * interrupted write left only an incomplete version, which cannot.
 */
export function summaryText(orphans: readonly SliceInfo[]): string {
  const restorable = orphans.filter((s) => sliceStatus(s) === 'old');
  const incomplete = orphans.filter((s) => sliceStatus(s) !== 'old');
  const rows = (slices: readonly SliceInfo[]) => rowCount(slices.reduce((n, s) => n + s.rows, 0));
  if (orphans.length === 0) {
    return i18n.translate('lookups.versions.summaryOnlyCurrent', {
      defaultMessage:
        'Only the current version is stored. Each overwrite keeps the version before it here, so it can be restored.',
    });
  }
  if (restorable.length === 0) {
    return i18n.translate('lookups.versions.summaryOnlyIncomplete', {
      defaultMessage:
        'No old version can be restored: besides the current one there is only {incomplete} ({rows}), from a write that failed or was cancelled. Such a version only takes space: delete it, or clean up old versions.',
      values: { incomplete: incompleteCount(incomplete.length), rows: rows(incomplete) },
    });
  }
  const text = i18n.translate('lookups.versions.summary', {
    defaultMessage:
      'The current version and {orphans} ({rows}) that overwrites left behind. Restore one to make it current again.',
    values: { orphans: oldCount(restorable.length), rows: rows(restorable) },
  });
  return incomplete.length === 0
    ? text
    : `${text} ${i18n.translate('lookups.versions.summaryIncomplete', {
        defaultMessage: 'Besides: {incomplete} ({rows}), which cannot be restored.',
        values: { incomplete: incompleteCount(incomplete.length), rows: rows(incomplete) },
      })}`;
}

/**
 * Delete for a version: refused (with the missing permission) where the caller may not, and
 * disabled for the current version, saying how to get there.
 */
function DeleteVersionButton({
  name,
  slice,
  isCurrent,
  grant,
  onClick,
}: {
  name: string;
  slice: SliceInfo;
  isCurrent: boolean;
  grant?: ActionGrant;
  onClick: () => void;
}) {
  const id = shortSlice(slice.id);
  const button = (
    <ActionButtonEmpty
      lookup={name}
      action="delete_version"
      grant={grant}
      size="s"
      color="danger"
      iconType="trash"
      isDisabled={isCurrent}
      onClick={onClick}
      aria-label={i18n.translate('lookups.versions.deleteAria', {
        defaultMessage: 'Delete version {id}',
        values: { id },
      })}
      data-test-subj={`lookupsVersionDelete-${slice.id}`}
    >
      {i18n.translate('lookups.versions.delete', { defaultMessage: 'Delete version' })}
    </ActionButtonEmpty>
  );
  if (!isCurrent || (grant && !grant.allowed)) return button;
  return (
    <EuiToolTip
      content={i18n.translate('lookups.versions.deleteCurrent', {
        defaultMessage:
          'This is the current version: searches read it. Restore another version first, then delete this one.',
      })}
    >
      <span tabIndex={0} data-test-subj="lookupsVersionDeleteCurrent">
        {button}
      </span>
    </EuiToolTip>
  );
}

export function VersionsTab({ name, lookup }: { name: string; lookup?: LookupDetail }) {
  const [restoring, setRestoring] = useState<SliceInfo | null>(null);
  const [deleting, setDeleting] = useState<SliceInfo | null>(null);
  const [cleaning, setCleaning] = useState(false);
  const restoreGrant = useGrant(name, 'restore');
  const deleteGrant = useGrant(name, 'delete_version');
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

  const sliceActions = (slice: SliceInfo, status: SliceStatus) => {
    if (status === 'writing') return undefined;
    const id = shortSlice(slice.id);
    return (
      <EuiFlexGroup gutterSize="s" responsive={false} wrap>
        {status === 'old' ? (
          <EuiFlexItem grow={false}>
            <ActionButton
              lookup={name}
              action="restore"
              grant={restoreGrant}
              size="s"
              iconType="editorUndo"
              onClick={() => setRestoring(slice)}
              aria-label={i18n.translate('lookups.versions.restoreAria', {
                defaultMessage: 'Restore this version ({id})',
                values: { id },
              })}
              data-test-subj={`lookupsVersionRestore-${slice.id}`}
            >
              {i18n.translate('lookups.versions.restore', {
                defaultMessage: 'Restore this version',
              })}
            </ActionButton>
          </EuiFlexItem>
        ) : null}
        {lookup.kind === 'managed' || lookup.kind === 'broken' ? (
          <EuiFlexItem grow={false}>
            <DeleteVersionButton
              name={name}
              slice={slice}
              isCurrent={status === 'current'}
              grant={deleteGrant}
              onClick={() => setDeleting(slice)}
            />
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
    );
  };

  const sliceComment = (slice: SliceInfo): EuiCommentProps => {
    const status = sliceStatus(slice);
    return {
      username: slice.written_by ?? <UnknownUser />,
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
      actions: sliceActions(slice, status),
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
          {slice.edit ? <p data-test-subj="lookupsVersionEdit">{editText(slice.edit)}</p> : null}
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
  };

  const comments: EuiCommentProps[] = timeline(lookup.slices, lookup.events ?? []).map((entry) =>
    'slice' in entry ? sliceComment(entry.slice) : eventComment(entry.event)
  );

  return (
    <div data-test-subj="lookupsVersionsTab">
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false} wrap>
        <EuiFlexItem>
          <EuiText size="s" color="subdued">
            <p data-test-subj="lookupsVersionsSummary">{summaryText(orphans)}</p>
            {lookup.kind === 'managed' && orphans.length > 0 ? (
              <p data-test-subj="lookupsVersionsCleanupRule">{cleanupRuleText()}</p>
            ) : null}
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
            slices={timelineOrder(lookup.slices).filter(
              (s) => sliceStatus(s) !== 'failed' && sliceStatus(s) !== 'cancelled'
            )}
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
      {deleting ? (
        <DeleteVersionModal name={name} slice={deleting} onClose={() => setDeleting(null)} />
      ) : null}
      {cleaning ? <CleanupModal names={[name]} onClose={() => setCleaning(false)} /> : null}
    </div>
  );
}
