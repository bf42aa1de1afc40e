/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Saving an edit: first what will change, as the server computed it from a dry run and in the
 * compare view's terms (rows and columns before and after, rows added, removed and changed with
 * a few of each), then Publish. When the lookup changed meanwhile, the server's 409 opens a
 * compare between the version the edit started from and the current one, with the choice to
 * apply the edit to the current version or to discard it.
 */
import { useEffect, useState } from 'react';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiDescriptionList,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { CompareResponse } from '../../../../common/api/compare';
import type { EditResponse, StaleBaseAttributes } from '../../../../common/api/edit';
import { Dialog } from '../../../components/dialogs';
import { ApiErrorCallout } from '../../../components/error_callout';
import { formatNumber, formatTime, shortSlice } from '../../../components/format';
import type { ApiFailure } from '../../../services/api_client';
import { ByKey, CompareByKey, useVersionCompare } from '../compare_versions';

const none = () => i18n.translate('lookups.editor.none', { defaultMessage: 'none' });

/** Rows and columns before and after, as the compare view lists them. */
export function CompareSummary({
  compare,
  renamed = [],
}: {
  compare: CompareResponse;
  renamed?: Array<{ from: string; to: string }>;
}) {
  const renamedTo = new Set(renamed.map((r) => r.to));
  const renamedFrom = new Set(renamed.map((r) => r.from));
  return (
    <EuiDescriptionList
      compressed
      type="column"
      data-test-subj="lookupsCompareSummary"
      listItems={[
        {
          title: i18n.translate('lookups.editor.summaryRows', { defaultMessage: 'Rows' }),
          description: `${formatNumber(compare.from.rows)} → ${formatNumber(compare.to.rows)}`,
        },
        {
          title: i18n.translate('lookups.editor.summaryAdded', { defaultMessage: 'Columns added' }),
          description: compare.columns.added.filter((c) => !renamedTo.has(c)).join(', ') || none(),
        },
        ...(renamed.length > 0
          ? [
              {
                title: i18n.translate('lookups.editor.summaryRenamed', {
                  defaultMessage: 'Columns renamed',
                }),
                description: renamed.map((r) => `${r.from} → ${r.to}`).join(', '),
              },
            ]
          : []),
        {
          title: i18n.translate('lookups.editor.summaryRemoved', {
            defaultMessage: 'Columns removed',
          }),
          description:
            compare.columns.removed.filter((c) => !renamedFrom.has(c)).join(', ') || none(),
        },
      ]}
    />
  );
}

interface FooterButton {
  text: string;
  onClick: () => void;
  testSubj: string;
}

/**
 * The footer of both save-flow dialogs: back to the editor, then, where there is one, the red
 * choice that drops the edit (held while `busy`), then the main action (spinning while `busy`).
 */
function SaveFlowFooter({
  back,
  discard,
  main,
  busy,
}: {
  back: FooterButton;
  discard?: FooterButton;
  main: FooterButton;
  busy: boolean;
}) {
  return (
    <>
      <EuiButtonEmpty onClick={back.onClick} data-test-subj={back.testSubj}>
        {back.text}
      </EuiButtonEmpty>
      {discard ? (
        <EuiButton
          color="danger"
          onClick={discard.onClick}
          isDisabled={busy}
          data-test-subj={discard.testSubj}
        >
          {discard.text}
        </EuiButton>
      ) : null}
      <EuiButton fill onClick={main.onClick} isLoading={busy} data-test-subj={main.testSubj}>
        {main.text}
      </EuiButton>
    </>
  );
}

/** What publishing will change (a dry run's answer), and the button that publishes it. */
export function PublishPreviewModal({
  name,
  preview,
  publishing,
  error,
  onPublish,
  onClose,
}: {
  name: string;
  preview: EditResponse;
  publishing: boolean;
  error: ApiFailure | null;
  onPublish: () => void;
  onClose: () => void;
}) {
  const compare = preview.preview;
  return (
    <Dialog
      id="lookupsEditPreviewTitle"
      title={i18n.translate('lookups.editor.previewTitle', {
        defaultMessage: 'Publish these changes to "{name}"?',
        values: { name },
      })}
      testSubj="lookupsEditPreview"
      width={760}
      onClose={onClose}
      footer={
        <SaveFlowFooter
          busy={publishing}
          back={{
            text: i18n.translate('lookups.editor.previewBack', {
              defaultMessage: 'Back to editing',
            }),
            onClick: onClose,
            testSubj: 'lookupsEditPreviewBack',
          }}
          main={{
            text: i18n.translate('lookups.editor.publish', {
              defaultMessage: 'Publish new version',
            }),
            onClick: onPublish,
            testSubj: 'lookupsEditPublish',
          }}
        />
      }
    >
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.editor.previewNote', {
            defaultMessage:
              'Publishing writes a new version of the lookup and makes it current in one step. Version {base} stays on the Versions tab, where restoring it undoes this edit.',
            values: { base: shortSlice(preview.previous) },
          })}
        </p>
      </EuiText>
      <EuiSpacer size="m" />
      {compare ? (
        <>
          <EuiText size="s">
            <h3>
              {i18n.translate('lookups.editor.previewChanges', {
                defaultMessage: 'What changes',
              })}
            </h3>
          </EuiText>
          <EuiSpacer size="s" />
          <CompareSummary compare={compare} renamed={preview.columns.renamed} />
          {compare.by_key ? <ByKey byKey={compare.by_key} /> : null}
        </>
      ) : null}
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.editor.publishFailed', {
              defaultMessage: 'The changes were not published',
            })}
            error={error}
            refused={{ lookup: name, action: 'write' }}
            data-test-subj="lookupsEditPublishError"
          />
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * The 409 `stale_base`: who made the version now current, what changed since the edit began (row
 * by row, by `keys`, as the Versions tab compares), and what to do with the edit.
 */
export function StaleBaseModal({
  name,
  stale,
  message,
  keys: initialKeys,
  busy,
  onReapply,
  onDiscard,
  onClose,
}: {
  name: string;
  stale: StaleBaseAttributes;
  message: string;
  /** The columns that name a row, to compare the two versions by. */
  keys: string[];
  busy: boolean;
  onReapply: () => void;
  onDiscard: () => void;
  onClose: () => void;
}) {
  const { answer: compare, error, busy: comparing, run } = useVersionCompare(name);
  const [keys, setKeys] = useState(initialKeys);
  const { base_slice: from, current_slice: to } = stale;
  useEffect(() => {
    if (from && to) void run({ from, to }, initialKeys);
    // Compared once as the dialog opens; a change of keys asks again (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, from, to]);
  const who = stale.written_by ?? null;
  return (
    <Dialog
      id="lookupsStaleBaseTitle"
      title={i18n.translate('lookups.editor.staleTitle', {
        defaultMessage: '"{name}" changed while you were editing',
        values: { name },
      })}
      testSubj="lookupsStaleBase"
      width={760}
      onClose={onClose}
      footer={
        <SaveFlowFooter
          busy={busy}
          back={{
            text: i18n.translate('lookups.editor.staleKeep', { defaultMessage: 'Keep editing' }),
            onClick: onClose,
            testSubj: 'lookupsStaleKeep',
          }}
          discard={{
            text: i18n.translate('lookups.editor.staleDiscard', {
              defaultMessage: 'Discard my changes',
            }),
            onClick: onDiscard,
            testSubj: 'lookupsStaleDiscard',
          }}
          main={{
            text: i18n.translate('lookups.editor.staleReapply', {
              defaultMessage: 'Apply my changes to the current version',
            }),
            onClick: onReapply,
            testSubj: 'lookupsStaleReapply',
          }}
        />
      }
    >
      <EuiCallOut
        color="warning"
        iconType="alert"
        size="s"
        title={message}
        data-test-subj="lookupsStaleMessage"
      >
        {stale.written_by || stale.written_at ? (
          <p>
            {i18n.translate('lookups.editor.staleWho', {
              defaultMessage: 'Current version {current}: written by {who} at {when}.',
              values: {
                current: shortSlice(stale.current_slice),
                who: stale.written_by ?? '?',
                when: formatTime(stale.written_at),
              },
            })}
          </p>
        ) : null}
      </EuiCallOut>
      <EuiSpacer size="m" />
      <EuiText size="s">
        <h3 data-test-subj="lookupsStaleCompareTitle">
          {who
            ? i18n.translate('lookups.editor.staleCompareWho', {
                defaultMessage:
                  'What changed since your starting version {from}: the current one {to}, written by {who}',
                values: { from: shortSlice(from), to: shortSlice(to), who },
              })
            : i18n.translate('lookups.editor.staleCompare', {
                defaultMessage: 'Your starting version {from} compared with the current one {to}',
                values: { from: shortSlice(from), to: shortSlice(to) },
              })}
        </h3>
      </EuiText>
      <EuiSpacer size="s" />
      {error ? (
        <ApiErrorCallout
          title={i18n.translate('lookups.editor.staleCompareFailed', {
            defaultMessage: 'The versions could not be compared',
          })}
          error={error}
        />
      ) : compare ? (
        <>
          <CompareSummary compare={compare} />
          <EuiSpacer size="m" />
          <CompareByKey
            answer={compare}
            keys={keys}
            busy={comparing}
            onKeys={(next) => {
              setKeys(next);
              if (from && to) void run({ from, to }, next);
            }}
          />
        </>
      ) : (
        <EuiLoadingContent lines={2} />
      )}
      <EuiSpacer size="m" />
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.editor.staleChoices', {
            defaultMessage:
              'Applying your changes to the current version finds each row you changed or deleted by what it held; a row someone else changed or removed is left as they made it, and the editor says how many. Review, then save again.',
          })}
        </p>
      </EuiText>
    </Dialog>
  );
}
