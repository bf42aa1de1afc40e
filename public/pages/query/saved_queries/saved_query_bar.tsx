/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Query page's saved queries: which saved query the editor holds (and whether its text was
 * changed since), Save (the changes, or as a new saved query), Open (the list), and for the one
 * held: save as new, rename, delete, schedule. `?savedQuery=<id>` opens one (a link from another
 * app). Saved queries are OSD `query` objects, shared with Discover (services/saved_queries.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { useHistory, useLocation } from 'react-router-dom';
import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiButtonIcon,
  EuiContextMenuItem,
  EuiContextMenuPanel,
  EuiFlexGroup,
  EuiFlexItem,
  EuiPopover,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { appRoutes } from '../../../../common/api/paths';
import { ConfirmDialog, Dialog } from '../../../components/dialogs';
import { toApiFailure } from '../../../services/api_client';
import type { SavedPplQuery } from '../../../services/saved_queries';
import { useSavedQueries, useServices } from '../../../services/services_context';
import { useAppDispatch, useAppSelector } from '../../../store';
import { queryTextChanged } from '../../../store/query_slice';
import { savedQueryHeld, savedQueryReleased } from '../../../store/saved_query_slice';
import { ScheduleForm } from '../../schedules/schedule_form';
import { SavedQueryDetailsModal } from './details_modal';
import { SavedQueriesFlyout, writesLookup } from './saved_queries_flyout';

type Dialog =
  | { kind: 'list' }
  | { kind: 'create'; title: string; description: string }
  | { kind: 'rename'; query: SavedPplQuery }
  | { kind: 'delete'; query: SavedPplQuery }
  | { kind: 'replace'; query: SavedPplQuery }
  | { kind: 'overwrite'; query: SavedPplQuery }
  | { kind: 'schedule'; query: SavedPplQuery };

export function SavedQueryBar() {
  const service = useSavedQueries();
  const dispatch = useAppDispatch();
  const history = useHistory();
  const location = useLocation();
  const { notifications } = useServices();
  const text = useAppSelector((state) => state.query.text);
  const held = useAppSelector((state) => state.savedQuery.open);
  const [dialogs, setDialogs] = useState<Dialog[]>([]);
  const [menuOpen, setMenuOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);
  const changed = held !== null && held.text !== text;

  const show = (dialog: Dialog) => setDialogs((open) => [...open, dialog]);
  const close = () => setDialogs((open) => open.slice(0, -1));
  const closeAll = () => setDialogs([]);
  const failed = useCallback(
    (title: string, e: unknown) =>
      notifications.toasts.addDanger({ title, text: toApiFailure(e).message }),
    [notifications]
  );

  const hold = useCallback(
    (query: SavedPplQuery) => {
      dispatch(queryTextChanged(query.text));
      dispatch(savedQueryHeld(query));
    },
    [dispatch]
  );

  // `?savedQuery=<id>` opens that saved query once.
  useEffect(() => {
    const id = new URLSearchParams(location.search).get('savedQuery');
    if (id === null || !service) return;
    history.replace(appRoutes.query());
    service.get(id).then(hold, (e) =>
      failed(
        i18n.translate('lookups.savedQuery.openFailed', {
          defaultMessage: 'The saved query could not be opened',
        }),
        e
      )
    );
  }, [service, location.search, history, hold, failed]);

  if (!service) return null;

  const open = (query: SavedPplQuery) => {
    const unsaved = text.trim() !== '' && (held === null || changed) && text !== query.text;
    if (unsaved) {
      show({ kind: 'replace', query });
    } else {
      hold(query);
      closeAll();
    }
  };

  const saveChanges = async () => {
    if (!held) return;
    setSaving(true);
    try {
      const saved = await service.update(held, { text });
      dispatch(savedQueryHeld(saved));
      notifications.toasts.addSuccess(
        i18n.translate('lookups.savedQuery.saved', {
          defaultMessage: 'Saved “{title}”',
          values: { title: saved.title },
        })
      );
    } catch (e) {
      failed(
        i18n.translate('lookups.savedQuery.saveFailedTitle', {
          defaultMessage: 'The changes were not saved',
        }),
        e
      );
    } finally {
      setSaving(false);
    }
  };

  const menuItem = (
    key: string,
    icon: string,
    label: string,
    onClick: () => void,
    disabled = false
  ) => (
    <EuiContextMenuItem
      key={key}
      icon={icon}
      disabled={disabled}
      onClick={() => {
        setMenuOpen(false);
        onClick();
      }}
      data-test-subj={`lookupsSavedQueryMenu-${key}`}
    >
      {label}
    </EuiContextMenuItem>
  );
  const menu = held
    ? [
        menuItem(
          'saveAs',
          'copy',
          i18n.translate('lookups.savedQuery.saveAsNew', { defaultMessage: 'Save as new query…' }),
          () =>
            show({
              kind: 'create',
              title: i18n.translate('lookups.savedQuery.copyName', {
                defaultMessage: '{title} (copy)',
                values: { title: held.title },
              }),
              description: held.description,
            }),
          text.trim() === ''
        ),
        menuItem(
          'rename',
          'pencil',
          i18n.translate('lookups.savedQuery.renameItem', { defaultMessage: 'Rename…' }),
          () => show({ kind: 'rename', query: held })
        ),
        menuItem(
          'schedule',
          'clock',
          changed
            ? i18n.translate('lookups.savedQuery.scheduleUnsaved', {
                defaultMessage: 'Schedule (save the changes first)',
              })
            : i18n.translate('lookups.savedQuery.scheduleItem', { defaultMessage: 'Schedule…' }),
          () => show({ kind: 'schedule', query: held }),
          changed || !writesLookup(held.text)
        ),
        menuItem(
          'delete',
          'trash',
          i18n.translate('lookups.savedQuery.deleteItem', { defaultMessage: 'Delete…' }),
          () => show({ kind: 'delete', query: held })
        ),
        menuItem(
          'new',
          'document',
          i18n.translate('lookups.savedQuery.newItem', { defaultMessage: 'Start a new query' }),
          () => {
            dispatch(savedQueryReleased());
            dispatch(queryTextChanged(''));
          }
        ),
      ]
    : [];

  const dialog = dialogs[dialogs.length - 1];
  return (
    <div data-test-subj="lookupsSavedQueryBar">
      <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} wrap>
        <EuiFlexItem grow>
          {held ? (
            <EuiText size="s">
              <span data-test-subj="lookupsSavedQueryHeld">
                {i18n.translate('lookups.savedQuery.held', {
                  defaultMessage: 'Saved query: {title}',
                  values: { title: held.title },
                })}
              </span>{' '}
              {changed ? (
                <EuiBadge color="warning" data-test-subj="lookupsSavedQueryChanged">
                  {i18n.translate('lookups.savedQuery.unsaved', {
                    defaultMessage: 'Unsaved changes',
                  })}
                </EuiBadge>
              ) : null}
            </EuiText>
          ) : null}
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="folderOpen"
            onClick={() => show({ kind: 'list' })}
            data-test-subj="lookupsSavedQueriesOpen"
          >
            {i18n.translate('lookups.savedQuery.openButton', { defaultMessage: 'Saved queries' })}
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            iconType="save"
            isLoading={saving}
            isDisabled={text.trim() === '' || (held !== null && !changed)}
            onClick={() =>
              // A saved query is shared (Discover's users open it too): overwriting it is asked.
              held
                ? show({ kind: 'overwrite', query: held })
                : show({ kind: 'create', title: '', description: '' })
            }
            data-test-subj="lookupsSavedQuerySave"
          >
            {held
              ? i18n.translate('lookups.savedQuery.saveChanges', { defaultMessage: 'Save' })
              : i18n.translate('lookups.savedQuery.saveNew', { defaultMessage: 'Save as…' })}
          </EuiButton>
        </EuiFlexItem>
        {held ? (
          <EuiFlexItem grow={false}>
            <EuiPopover
              isOpen={menuOpen}
              closePopover={() => setMenuOpen(false)}
              panelPaddingSize="none"
              anchorPosition="downRight"
              button={
                <EuiButtonIcon
                  iconType="boxesHorizontal"
                  display="base"
                  size="s"
                  aria-label={i18n.translate('lookups.savedQuery.more', {
                    defaultMessage: 'More for the saved query {title}',
                    values: { title: held.title },
                  })}
                  onClick={() => setMenuOpen((o) => !o)}
                  data-test-subj="lookupsSavedQueryMore"
                />
              }
            >
              <EuiContextMenuPanel items={menu} />
            </EuiPopover>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      {dialogs.some((d) => d.kind === 'list') ? (
        <SavedQueriesFlyout
          service={service}
          round={round}
          onClose={closeAll}
          actions={{
            open,
            schedule: (query) => show({ kind: 'schedule', query }),
            rename: (query) => show({ kind: 'rename', query }),
            delete: (query) => show({ kind: 'delete', query }),
          }}
        />
      ) : null}
      {dialog?.kind === 'create' ? (
        <SavedQueryDetailsModal
          mode="create"
          initial={dialog}
          onClose={close}
          onSubmit={async (details) => {
            const saved = await service.create({ ...details, text });
            dispatch(savedQueryHeld(saved));
            close();
            notifications.toasts.addSuccess(
              i18n.translate('lookups.savedQuery.saved', {
                defaultMessage: 'Saved “{title}”',
                values: { title: saved.title },
              })
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <SavedQueryDetailsModal
          mode="rename"
          initial={dialog.query}
          onClose={close}
          onSubmit={async (details) => {
            const renamed = await service.update(dialog.query, details);
            if (held?.id === renamed.id) dispatch(savedQueryHeld(renamed));
            setRound((r) => r + 1);
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={i18n.translate('lookups.savedQuery.deleteTitle', {
            defaultMessage: 'Delete the saved query “{title}”?',
            values: { title: dialog.query.title },
          })}
          onCancel={close}
          onConfirm={() => {
            const doomed = dialog.query;
            close();
            service.delete(doomed.id).then(
              () => {
                if (held?.id === doomed.id) dispatch(savedQueryReleased());
                setRound((r) => r + 1);
                notifications.toasts.addSuccess(
                  i18n.translate('lookups.savedQuery.deleted', {
                    defaultMessage: 'Deleted “{title}”',
                    values: { title: doomed.title },
                  })
                );
              },
              (e) =>
                failed(
                  i18n.translate('lookups.savedQuery.deleteFailed', {
                    defaultMessage: 'The saved query was not deleted',
                  }),
                  e
                )
            );
          }}
          cancelButtonText={i18n.translate('lookups.common.cancel', { defaultMessage: 'Cancel' })}
          confirmButtonText={i18n.translate('lookups.savedQuery.deleteConfirm', {
            defaultMessage: 'Delete',
          })}
          buttonColor="danger"
          data-test-subj="lookupsSavedQueryDeleteModal"
        >
          <p>
            {i18n.translate('lookups.savedQuery.deleteBody', {
              defaultMessage:
                'It is gone for everyone, here and in Discover. Schedules made from it keep their own copy of the text.',
            })}
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'overwrite' ? (
        <Dialog
          id="lookupsSavedQueryOverwriteTitle"
          title={i18n.translate('lookups.savedQuery.overwriteTitle', {
            defaultMessage: 'Overwrite the saved query “{title}”?',
            values: { title: dialog.query.title },
          })}
          testSubj="lookupsSavedQueryOverwriteModal"
          onClose={close}
          footer={
            <>
              <EuiButtonEmpty onClick={close} data-test-subj="lookupsSavedQueryOverwriteCancel">
                {i18n.translate('lookups.common.cancel', { defaultMessage: 'Cancel' })}
              </EuiButtonEmpty>
              <EuiButton
                onClick={() =>
                  setDialogs((open) => [
                    ...open.slice(0, -1),
                    {
                      kind: 'create',
                      title: i18n.translate('lookups.savedQuery.copyTitle', {
                        defaultMessage: '{title} (copy)',
                        values: { title: dialog.query.title },
                      }),
                      description: dialog.query.description ?? '',
                    },
                  ])
                }
                data-test-subj="lookupsSavedQueryOverwriteAsNew"
              >
                {i18n.translate('lookups.savedQuery.overwriteAsNew', {
                  defaultMessage: 'Save as a new query…',
                })}
              </EuiButton>
              <EuiButton
                fill
                color="warning"
                onClick={() => {
                  close();
                  void saveChanges();
                }}
                data-test-subj="lookupsSavedQueryOverwriteConfirm"
              >
                {i18n.translate('lookups.savedQuery.overwriteConfirm', {
                  defaultMessage: 'Overwrite “{title}”',
                  values: { title: dialog.query.title },
                })}
              </EuiButton>
            </>
          }
        >
          <EuiText size="s">
            <p>
              {i18n.translate('lookups.savedQuery.overwriteBody', {
                defaultMessage:
                  'Saved queries are shared: everyone who opens “{title}”, here or in Discover, gets your text in place of the one saved. To keep theirs, save yours as a new query.',
                values: { title: dialog.query.title },
              })}
            </p>
          </EuiText>
        </Dialog>
      ) : null}
      {dialog?.kind === 'replace' ? (
        <ConfirmDialog
          title={i18n.translate('lookups.savedQuery.replaceTitle', {
            defaultMessage: 'Replace the text in the editor?',
          })}
          onCancel={close}
          onConfirm={() => {
            hold(dialog.query);
            closeAll();
          }}
          cancelButtonText={i18n.translate('lookups.common.cancel', { defaultMessage: 'Cancel' })}
          confirmButtonText={i18n.translate('lookups.savedQuery.replaceConfirm', {
            defaultMessage: 'Open “{title}”',
            values: { title: dialog.query.title },
          })}
          data-test-subj="lookupsSavedQueryReplaceModal"
        >
          <p>
            {i18n.translate('lookups.savedQuery.replaceBody', {
              defaultMessage: 'The editor holds text that is not saved; opening replaces it.',
            })}
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'schedule' ? (
        <ScheduleForm
          query={dialog.query.text}
          description={dialog.query.description}
          savedQuery={{
            id: dialog.query.id,
            title: dialog.query.title,
            ...(dialog.query.updatedAt ? { updated_at: dialog.query.updatedAt } : {}),
          }}
          onClose={close}
          onSaved={() => {
            closeAll();
            history.push(appRoutes.schedules());
          }}
        />
      ) : null}
    </div>
  );
}
