/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Rows tab's Edit mode: the current version read whole (up to `lookups.editor.max_rows`),
 * edited in a grid (cells, rows, columns, pasted blocks, undo and redo), with the changes
 * counted as they are made. Save asks the server what the edit will change (a dry run, shown as
 * the compare view shows versions), then publishes it as a new version. Leaving with unsaved
 * changes asks first.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiToolTip,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { EditResponse, StaleBaseAttributes } from '../../../../common/api/edit';
import { ConfirmDialog } from '../../../components/dialogs';
import { ApiErrorCallout } from '../../../components/error_callout';
import { formatNumber, rowCount, shortSlice } from '../../../components/format';
import { useLeaveGuard } from '../../../components/leave_guard';
import { toApiFailure, type ApiFailure } from '../../../services/api_client';
import { useApi, useServices } from '../../../services/services_context';
import { useAppDispatch } from '../../../store';
import { editLookup, lookupChanged } from '../../../store/operations';
import { AddColumnModal, PasteRowsModal, RenameColumnModal } from './column_modals';
import {
  editBody,
  editorReducer,
  initialEditorState,
  pendingChanges,
  reapply,
  rowKeyColumns,
  type EditorBase,
  type EditorColumn,
} from './edit_state';
import { EditorGrid } from './editor_grid';
import { loadEditorBase, TooLargeToEdit } from './load_base';
import { parseBlock } from './paste';
import { PublishPreviewModal, StaleBaseModal } from './save_flow';
import { tooLargeText, useEditorMaxRows } from './edit_entry';

type Dialog =
  | { kind: 'addColumn' }
  | { kind: 'rename'; column: EditorColumn }
  | { kind: 'drop'; column: EditorColumn }
  | { kind: 'paste' }
  | { kind: 'discard' }
  | { kind: 'preview'; preview: EditResponse }
  | { kind: 'stale'; stale: StaleBaseAttributes; message: string };

/** "3 pending changes" (the host's i18n has no plurals: one message per form). */
export function pendingText(n: number): string {
  if (n === 0)
    return i18n.translate('lookups.editor.pendingNone', { defaultMessage: 'No pending changes' });
  return n === 1
    ? i18n.translate('lookups.editor.pendingOne', { defaultMessage: '1 pending change' })
    : i18n.translate('lookups.editor.pendingMany', {
        defaultMessage: '{count} pending changes',
        values: { count: formatNumber(n) },
      });
}

/** Loads the version, then edits it; `onDone` leaves Edit mode (after a save, or a discard). */
export function LookupEditor({ name, onDone }: { name: string; onDone: () => void }) {
  const api = useApi();
  const maxRows = useEditorMaxRows();
  const [base, setBase] = useState<EditorBase | null>(null);
  const [loadError, setLoadError] = useState<ApiFailure | TooLargeToEdit | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    loadEditorBase(api, name, maxRows, controller.signal).then(setBase, (e) => {
      if (controller.signal.aborted) return;
      setLoadError(e instanceof TooLargeToEdit ? e : toApiFailure(e));
    });
    return () => controller.abort();
  }, [api, name, maxRows, attempt]);

  if (loadError instanceof TooLargeToEdit) {
    return (
      <EuiCallOut
        color="warning"
        iconType="alert"
        title={tooLargeText(loadError.rows, maxRows)}
        data-test-subj="lookupsEditorTooLarge"
      >
        <EuiButton size="s" onClick={onDone}>
          {i18n.translate('lookups.editor.backToRows', { defaultMessage: 'Back to the rows' })}
        </EuiButton>
      </EuiCallOut>
    );
  }
  if (loadError) {
    return (
      <ApiErrorCallout
        title={i18n.translate('lookups.editor.loadFailed', {
          defaultMessage: 'The rows could not be read for editing',
        })}
        error={loadError}
        onRetry={() => setAttempt((n) => n + 1)}
        data-test-subj="lookupsEditorLoadError"
      />
    );
  }
  if (!base) return <EuiLoadingContent lines={6} data-test-subj="lookupsEditorLoading" />;
  return (
    <Editor key={base.slice ?? ''} name={name} base={base} maxRows={maxRows} onDone={onDone} />
  );
}

function Editor({
  name,
  base,
  maxRows,
  onDone,
}: {
  name: string;
  base: EditorBase;
  maxRows: number;
  onDone: () => void;
}) {
  const api = useApi();
  const dispatchApp = useAppDispatch();
  const { notifications } = useServices();
  const [state, dispatch] = useReducer(editorReducer, base, initialEditorState);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [page, setPage] = useState({ index: 0, size: 50 });
  // A row just added: its page is shown, then its first cell scrolled to and focused.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRow === null) return undefined;
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const cell = holder.current?.querySelector<HTMLElement>(
        `[data-lookups-row="${focusRow}"][data-lookups-column="0"]`
      );
      if (cell) {
        cell.scrollIntoView?.({ block: 'center' });
        cell.focus();
        setFocusRow(null);
      } else if (++tries < 20) {
        // The grid sets a cell's position on it once it has rendered.
        frame = requestAnimationFrame(focus);
      } else {
        setFocusRow(null);
      }
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [focusRow, page.index]);
  const addRow = () => {
    if (!canAddRows(1)) return;
    const at = state.doc.rows.length;
    dispatch({ type: 'addRow' });
    setPage((p) => ({ ...p, index: Math.floor(at / p.size) }));
    setFocusRow(at);
  };

  const pending = pendingChanges(state);
  const leave = useLeaveGuard(
    pending.total > 0
      ? i18n.translate('lookups.editor.unsaved', {
          defaultMessage: 'Your edit of "{name}" is not saved ({pending}). Leaving discards it.',
          values: { pending: pendingText(pending.total), name },
        })
      : null
  );
  const exit = useCallback(() => leave(onDone), [leave, onDone]);

  const canAddRows = useCallback(
    (count: number) => {
      if (state.doc.rows.length + count <= maxRows) return true;
      setNotice(
        i18n.translate('lookups.editor.tooManyRows', {
          defaultMessage:
            'That would make {rows} rows; the editor holds up to {max} (lookups.editor.max_rows). Add larger sets with a file import or a query.',
          values: { rows: formatNumber(state.doc.rows.length + count), max: formatNumber(maxRows) },
        })
      );
      return false;
    },
    [state.doc.rows.length, maxRows]
  );

  const onSelect = useCallback((key: string, on: boolean) => {
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const onRename = useCallback((column: EditorColumn) => setDialog({ kind: 'rename', column }), []);
  const onDrop = useCallback((column: EditorColumn) => setDialog({ kind: 'drop', column }), []);

  const showRowOf = (failure: ApiFailure) => {
    const { op, index, id } = (failure.attributes ?? {}) as {
      op?: string;
      index?: number;
      id?: string;
    };
    let at = -1;
    if (id !== undefined) at = state.doc.rows.findIndex((r) => r.id === id);
    else if (op === 'add' && index !== undefined) {
      at =
        state.doc.rows.map((r, i) => (r.id === undefined ? i : -1)).filter((i) => i >= 0)[index] ??
        -1;
    }
    if (at >= 0) setPage((p) => ({ ...p, index: Math.floor(at / p.size) }));
  };

  const failed = (e: unknown) => {
    const failure = toApiFailure(e);
    const stale = failure.attributes as StaleBaseAttributes | undefined;
    if (failure.statusCode === 409 && stale?.reason === 'stale_base') {
      // Someone else's version is current now: the header and the other tabs show it too.
      dispatchApp(lookupChanged(name));
      setDialog({ kind: 'stale', stale, message: failure.message });
      return;
    }
    setDialog(null);
    setError(failure);
    showRowOf(failure);
  };

  const review = async () => {
    setBusy(true);
    setError(null);
    try {
      const preview = await api.edit(name, { ...editBody(state), dry_run: true });
      setDialog({ kind: 'preview', preview });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    setBusy(true);
    try {
      const done = await dispatchApp(editLookup({ name, body: editBody(state) })).unwrap();
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.editor.saved', {
          defaultMessage: 'Published version {slice} of "{name}"',
          values: { slice: shortSlice(done.slice), name },
        }),
        text: i18n.translate('lookups.editor.savedText', {
          defaultMessage:
            '{added} added, {deleted} deleted, {updated} changed rows; {rows} rows in all.',
          values: {
            added: formatNumber(done.added),
            deleted: formatNumber(done.deleted),
            updated: formatNumber(done.updated),
            rows: formatNumber(done.rows),
          },
        }),
      });
      exit();
    } catch (e) {
      failed(e);
      setBusy(false);
    }
  };

  const rebase = async (keep: boolean) => {
    setBusy(true);
    try {
      const next = await loadEditorBase(api, name, maxRows);
      if (next.slice !== state.base.slice) dispatchApp(lookupChanged(name));
      if (keep) {
        const { state: rebased, lost } = reapply(state, next);
        dispatch({ type: 'reset', state: rebased });
        setNotice(
          lost > 0
            ? i18n.translate('lookups.editor.reappliedLost', {
                defaultMessage:
                  'Your changes now apply to version {slice}. Changes to rows that someone else changed or removed were left out (rows: {lost}). Review, then save again.',
                values: { slice: shortSlice(next.slice), lost: formatNumber(lost) },
              })
            : i18n.translate('lookups.editor.reapplied', {
                defaultMessage:
                  'Your changes now apply to version {slice}. Review them, then save again.',
                values: { slice: shortSlice(next.slice) },
              })
        );
      } else {
        dispatch({ type: 'reset', state: initialEditorState(next) });
        setNotice(null);
      }
      setSelected(new Set());
      setDialog(null);
      setError(null);
    } catch (e) {
      setDialog(null);
      setError(
        e instanceof TooLargeToEdit ? { message: tooLargeText(e.rows, maxRows) } : toApiFailure(e)
      );
    } finally {
      setBusy(false);
    }
  };

  const names = state.doc.columns.map((c) => c.name);
  const toolbar = (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} wrap>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="plusInCircle"
          onClick={addRow}
          isDisabled={state.doc.columns.length === 0}
          data-test-subj="lookupsEditorAddRow"
        >
          {i18n.translate('lookups.editor.addRow', { defaultMessage: 'Add row' })}
        </EuiButton>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="trash"
          color="danger"
          isDisabled={selected.size === 0}
          onClick={() => {
            dispatch({ type: 'deleteRows', rows: [...selected] });
            setSelected(new Set());
          }}
          data-test-subj="lookupsEditorDeleteRows"
        >
          {i18n.translate('lookups.editor.deleteRows', {
            defaultMessage: 'Delete selected rows ({count})',
            values: { count: formatNumber(selected.size) },
          })}
        </EuiButton>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="tableDensityNormal"
          onClick={() => setDialog({ kind: 'addColumn' })}
          data-test-subj="lookupsEditorAddColumn"
        >
          {i18n.translate('lookups.editor.addColumn', { defaultMessage: 'Add column' })}
        </EuiButton>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="copyClipboard"
          onClick={() => setDialog({ kind: 'paste' })}
          isDisabled={state.doc.columns.length === 0}
          data-test-subj="lookupsEditorPasteRows"
        >
          {i18n.translate('lookups.editor.pasteRows', { defaultMessage: 'Paste rows' })}
        </EuiButton>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiToolTip
          content={i18n.translate('lookups.editor.undoTip', { defaultMessage: 'Ctrl+Z' })}
        >
          <EuiButtonEmpty
            size="s"
            iconType="editorUndo"
            isDisabled={state.past.length === 0}
            onClick={() => dispatch({ type: 'undo' })}
            data-test-subj="lookupsEditorUndo"
          >
            {i18n.translate('lookups.editor.undo', { defaultMessage: 'Undo' })}
          </EuiButtonEmpty>
        </EuiToolTip>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiToolTip
          content={i18n.translate('lookups.editor.redoTip', { defaultMessage: 'Ctrl+Y' })}
        >
          <EuiButtonEmpty
            size="s"
            iconType="editorRedo"
            isDisabled={state.future.length === 0}
            onClick={() => dispatch({ type: 'redo' })}
            data-test-subj="lookupsEditorRedo"
          >
            {i18n.translate('lookups.editor.redo', { defaultMessage: 'Redo' })}
          </EuiButtonEmpty>
        </EuiToolTip>
      </EuiFlexItem>
      <EuiFlexItem />
      <EuiFlexItem grow={false}>
        <span role="status" data-test-subj="lookupsEditorPending">
          <EuiBadge color={pending.total > 0 ? 'warning' : 'hollow'}>
            {pendingText(pending.total)}
          </EuiBadge>
        </span>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButtonEmpty
          size="s"
          onClick={() => (pending.total > 0 ? setDialog({ kind: 'discard' }) : exit())}
          data-test-subj="lookupsEditorCancel"
        >
          {pending.total > 0
            ? i18n.translate('lookups.editor.discard', { defaultMessage: 'Discard changes' })
            : i18n.translate('lookups.editor.close', { defaultMessage: 'Close the editor' })}
        </EuiButtonEmpty>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          fill
          iconType="save"
          isLoading={busy && dialog === null}
          isDisabled={pending.total === 0 || pending.invalid > 0}
          onClick={() => void review()}
          data-test-subj="lookupsEditorSave"
        >
          {i18n.translate('lookups.editor.save', { defaultMessage: 'Save…' })}
        </EuiButton>
      </EuiFlexItem>
    </EuiFlexGroup>
  );

  return (
    <div data-test-subj="lookupsEditor" ref={holder}>
      <EuiText size="s" color="subdued">
        <p data-test-subj="lookupsEditorSummary">
          {i18n.translate('lookups.editor.intro', {
            defaultMessage:
              'Editing version {slice}: {rows}. Double-click a cell, or focus it and type or press Enter; paste cells copied from a spreadsheet at a focused cell. Nothing changes until you save, which publishes a new version.',
            values: {
              slice: shortSlice(state.base.slice),
              rows: rowCount(state.doc.rows.length),
            },
          })}
        </p>
      </EuiText>
      <EuiSpacer size="s" />
      {toolbar}
      {pending.invalid > 0 ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            color="danger"
            iconType="alert"
            title={i18n.translate('lookups.editor.invalidCells', {
              defaultMessage:
                'Cells holding a value their column cannot take: {count} (marked in red; hover for why). Fix or empty them to save.',
              values: { count: formatNumber(pending.invalid) },
            })}
            data-test-subj="lookupsEditorInvalid"
          />
        </>
      ) : null}
      {notice ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            iconType="iInCircle"
            title={notice}
            onDismiss={() => setNotice(null)}
            data-test-subj="lookupsEditorNotice"
          />
        </>
      ) : null}
      {error ? (
        <>
          <EuiSpacer size="s" />
          <ApiErrorCallout
            title={i18n.translate('lookups.editor.saveFailed', {
              defaultMessage: 'The changes were not saved',
            })}
            error={error}
            refused={{ lookup: name, action: 'write' }}
            data-test-subj="lookupsEditorError"
          />
        </>
      ) : null}
      <EuiSpacer size="m" />
      <EditorGrid
        state={state}
        dispatch={dispatch}
        selected={selected}
        onSelect={onSelect}
        onRename={onRename}
        onDrop={onDrop}
        canAddRows={canAddRows}
        pageIndex={page.index}
        pageSize={page.size}
        onPage={(index) => setPage((p) => ({ ...p, index }))}
        onPageSize={(size) => setPage({ index: 0, size })}
      />
      {dialog?.kind === 'addColumn' ? (
        <AddColumnModal
          taken={names}
          onClose={() => setDialog(null)}
          onAdd={(column, newType) => {
            dispatch({ type: 'addColumn', name: column, newType });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <RenameColumnModal
          current={dialog.column.name}
          taken={names.filter((n) => n !== dialog.column.name)}
          onClose={() => setDialog(null)}
          onRename={(next) => {
            dispatch({ type: 'renameColumn', column: dialog.column.key, name: next });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'drop' ? (
        <ConfirmDialog
          title={i18n.translate('lookups.editor.dropTitle', {
            defaultMessage: 'Drop the column "{name}"?',
            values: { name: dialog.column.name },
          })}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            dispatch({ type: 'dropColumn', column: dialog.column.key });
            setDialog(null);
          }}
          cancelButtonText={i18n.translate('lookups.editor.cancel', { defaultMessage: 'Cancel' })}
          confirmButtonText={i18n.translate('lookups.editor.dropConfirm', {
            defaultMessage: 'Drop column',
          })}
          buttonColor="danger"
          data-test-subj="lookupsEditorDropConfirm"
        >
          <p>
            {i18n.translate('lookups.editor.dropBody', {
              defaultMessage:
                'The new version will not have this column. The versions before it keep it; Undo brings it back while you edit.',
            })}
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'paste' ? (
        <PasteRowsModal
          columns={names}
          onClose={() => setDialog(null)}
          onPaste={(text) => {
            const block = parseBlock(text);
            if (!canAddRows(block.length)) return;
            dispatch({ type: 'paste', rowIndex: state.doc.rows.length, columnIndex: 0, block });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'discard' ? (
        <ConfirmDialog
          title={i18n.translate('lookups.editor.discardTitle', {
            defaultMessage: 'Discard your changes?',
          })}
          onCancel={() => setDialog(null)}
          onConfirm={exit}
          cancelButtonText={i18n.translate('lookups.editor.keepEditing', {
            defaultMessage: 'Keep editing',
          })}
          confirmButtonText={i18n.translate('lookups.editor.discardConfirm', {
            defaultMessage: 'Discard',
          })}
          buttonColor="danger"
          defaultFocusedButton="cancel"
          data-test-subj="lookupsEditorDiscardConfirm"
        >
          <p>
            {i18n.translate('lookups.editor.discardBody', {
              defaultMessage: 'Lost: {pending}. The lookup stays as it is.',
              values: { pending: pendingText(pending.total) },
            })}
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'preview' ? (
        <PublishPreviewModal
          name={name}
          preview={dialog.preview}
          publishing={busy}
          error={null}
          onPublish={() => void publish()}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'stale' ? (
        <StaleBaseModal
          name={name}
          stale={dialog.stale}
          message={dialog.message}
          keys={rowKeyColumns(state.base)}
          busy={busy}
          onReapply={() => void rebase(true)}
          onDiscard={() => void rebase(false)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
