/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Deleting one lookup or several (the catalog's bulk delete): a confirm that names what goes and
 * asks for the name (or, for several, their count) to be typed. Lookups that cannot be deleted
 * here (an importer's, a conflict) are named and left out. The deletes run a few at a time, each
 * one's progress shown in the list; a refusal for one is said for that one and the others still
 * go. The catalog is asked again once they are all done.
 */
import { useState } from 'react';
import {
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiIcon,
  EuiLoadingSpinner,
  EuiProgress,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { isDeletableKind, type LookupSummary } from '../../../common/api/codecs';
import { ConfirmDialog } from '../../components/dialogs';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatNumber, rowCount, versionCount } from '../../components/format';
import { kindLabel } from '../../components/kind_badge';
import { useServices } from '../../services/services_context';
import { useBulkDelete, type DeleteProgress } from './bulk_delete';

function ProgressIcon({ progress }: { progress?: DeleteProgress }) {
  switch (progress?.state) {
    case 'deleting':
      return <EuiLoadingSpinner size="s" />;
    case 'deleted':
      return <EuiIcon type="check" color="success" aria-hidden />;
    case 'failed':
      return <EuiIcon type="cross" color="danger" aria-hidden />;
    case 'skipped':
      return <EuiIcon type="minusInCircle" color="subdued" aria-hidden />;
    default:
      return <EuiIcon type="clock" color="subdued" aria-hidden />;
  }
}

function progressText(progress?: DeleteProgress): string {
  switch (progress?.state) {
    case 'deleting':
      return i18n.translate('lookups.delete.state.deleting', { defaultMessage: 'deleting…' });
    case 'deleted':
      return i18n.translate('lookups.delete.state.deleted', { defaultMessage: 'deleted' });
    case 'failed':
      return i18n.translate('lookups.delete.state.failed', { defaultMessage: 'not deleted' });
    case 'skipped':
      return i18n.translate('lookups.delete.state.skipped', {
        defaultMessage: 'not deleted (stopped)',
      });
    default:
      return i18n.translate('lookups.delete.state.waiting', { defaultMessage: 'waiting' });
  }
}

export function DeleteModal({
  lookups,
  onClose,
  onDeleted,
}: {
  lookups: LookupSummary[];
  onClose: () => void;
  /** Called with the names that went, once every delete has answered. */
  onDeleted?: (names: string[]) => void;
}) {
  const { notifications } = useServices();
  const bulk = useBulkDelete();
  // What the dialog was opened for stays as it was, whatever the catalog does meanwhile.
  const [targets] = useState(() => lookups.filter((l) => isDeletableKind(l.kind)));
  const [leftOut] = useState(() => lookups.filter((l) => !isDeletableKind(l.kind)));
  const [typed, setTyped] = useState('');
  const [finished, setFinished] = useState(false);
  const single = targets.length === 1 ? targets[0] : undefined;
  const expected = single ? single.name : String(targets.length);
  const started = bulk.running || finished;
  const done = Object.values(bulk.progress).filter(
    (p) => p.state === 'deleted' || p.state === 'failed' || p.state === 'skipped'
  ).length;
  const failures = targets.flatMap((l) => {
    const p = bulk.progress[l.name];
    return p?.state === 'failed' ? [{ name: l.name, error: p.error }] : [];
  });

  const remove = async () => {
    if (finished) {
      onClose();
      return;
    }
    const { gone, rows, failed } = await bulk.start(targets.map((l) => l.name));
    if (gone.length > 0) {
      notifications.toasts.addSuccess({
        title:
          gone.length === 1
            ? i18n.translate('lookups.delete.doneOne', {
                defaultMessage: 'Deleted "{name}" ({rows})',
                values: { name: gone[0], rows: rowCount(rows) },
              })
            : i18n.translate('lookups.delete.doneMany', {
                defaultMessage: 'Deleted {count} lookups ({rows})',
                values: { count: gone.length, rows: rowCount(rows) },
              }),
      });
      onDeleted?.(gone);
    }
    if (failed === 0 && gone.length === targets.length) onClose();
    else setFinished(true);
  };

  const title = single
    ? i18n.translate('lookups.delete.titleOne', {
        defaultMessage: 'Delete "{name}"?',
        values: { name: single.name },
      })
    : i18n.translate('lookups.delete.titleMany', {
        defaultMessage: 'Delete {count} lookups?',
        values: { count: targets.length },
      });

  return (
    <ConfirmDialog
      title={title}
      // While deletes run the dialog stays: closing it would hide what is still happening.
      onCancel={bulk.running ? bulk.stop : onClose}
      onConfirm={remove}
      cancelButtonText={
        bulk.running
          ? i18n.translate('lookups.delete.stop', { defaultMessage: 'Stop after these' })
          : finished
            ? i18n.translate('lookups.delete.close', { defaultMessage: 'Close' })
            : i18n.translate('lookups.delete.cancel', { defaultMessage: 'Cancel' })
      }
      confirmButtonText={
        finished
          ? i18n.translate('lookups.delete.ok', { defaultMessage: 'Done' })
          : i18n.translate('lookups.delete.confirm', { defaultMessage: 'Delete' })
      }
      buttonColor={finished ? 'primary' : 'danger'}
      confirmButtonDisabled={!finished && (targets.length === 0 || typed.trim() !== expected)}
      isLoading={bulk.running}
      data-test-subj="lookupsDeleteModal"
    >
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.delete.what', {
            defaultMessage: 'This removes, with every stored version (it cannot be undone):',
          })}
        </p>
      </EuiText>
      <div
        style={{ maxHeight: 260, overflowY: 'auto' }}
        // Scrolls with the keyboard too (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={i18n.translate('lookups.delete.listLabel', {
          defaultMessage: 'Lookups to delete',
        })}
      >
        <EuiText size="s">
          <ul data-test-subj="lookupsDeleteWhat">
            {targets.map((lookup) => (
              <li
                key={lookup.name}
                data-test-subj={`lookupsDeleteItem-${lookup.name}`}
                data-state={bulk.progress[lookup.name]?.state ?? 'ready'}
              >
                {started ? (
                  <>
                    <ProgressIcon progress={bulk.progress[lookup.name]} />{' '}
                  </>
                ) : null}
                {i18n.translate('lookups.delete.item', {
                  defaultMessage: '{name}: {versions}, {rows}',
                  values: {
                    name: lookup.name,
                    versions: versionCount(Math.max(lookup.slice_count, 1)),
                    rows: rowCount(lookup.rows + lookup.orphan_rows),
                  },
                })}
                {started ? ` — ${progressText(bulk.progress[lookup.name])}` : null}
              </li>
            ))}
          </ul>
        </EuiText>
      </div>
      {leftOut.length > 0 ? (
        <>
          <EuiSpacer size="s" />
          <EuiText size="s" color="subdued">
            <p data-test-subj="lookupsDeleteLeftOut">
              {i18n.translate('lookups.delete.leftOut', {
                defaultMessage:
                  'Left out, as they are not deleted here: {names}. An importer lookup’s index belongs to its owner: migrate it first, or remove its alias in OpenSearch.',
                values: {
                  names: leftOut.map((l) => `${l.name} (${kindLabel(l.kind)})`).join(', '),
                },
              })}
            </p>
          </EuiText>
        </>
      ) : null}
      <EuiSpacer size="m" />
      {started ? (
        <EuiFlexGroup direction="column" gutterSize="xs" data-test-subj="lookupsDeleteProgress">
          <EuiFlexItem>
            <EuiText size="s">
              <p role="status" data-test-subj="lookupsDeleteProgressText">
                {i18n.translate('lookups.delete.progress', {
                  defaultMessage: '{done} of {total} done',
                  values: { done: formatNumber(done), total: formatNumber(targets.length) },
                })}
              </p>
            </EuiText>
          </EuiFlexItem>
          <EuiFlexItem>
            <EuiProgress
              value={done}
              max={Math.max(targets.length, 1)}
              size="s"
              color={failures.length > 0 ? 'danger' : 'primary'}
              aria-label={i18n.translate('lookups.delete.progressLabel', {
                defaultMessage: 'Lookups deleted',
              })}
            />
          </EuiFlexItem>
        </EuiFlexGroup>
      ) : targets.length > 0 ? (
        <EuiFormRow
          label={
            single
              ? i18n.translate('lookups.delete.typeName', {
                  defaultMessage: 'Type the name of the lookup to confirm',
                })
              : i18n.translate('lookups.delete.typeCount', {
                  defaultMessage: 'Type the number of lookups ({count}) to confirm',
                  values: { count: targets.length },
                })
          }
        >
          <EuiFieldText
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-test-subj="lookupsDeleteConfirmName"
          />
        </EuiFormRow>
      ) : null}
      {failures.map(({ name, error }) => (
        <div key={name}>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.delete.failed', {
              defaultMessage: '"{name}" was not deleted',
              values: { name },
            })}
            error={error}
            refused={{ lookup: name, action: 'delete' }}
            data-test-subj="lookupsDeleteError"
          />
        </div>
      ))}
    </ConfirmDialog>
  );
}
