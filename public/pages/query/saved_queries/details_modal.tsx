/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A saved query's title and description: asked when a query is saved as a new one, and when one
 * is renamed. A title another saved query has is said at the title field; nothing is written
 * until the server took it.
 */
import { useState } from 'react';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiSpacer,
  EuiTextArea,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { Dialog } from '../../../components/dialogs';
import { toApiFailure } from '../../../services/api_client';
import { SavedQueryError } from '../../../services/saved_queries';

export interface SavedQueryDetails {
  title: string;
  description: string;
}

export function SavedQueryDetailsModal({
  mode,
  initial,
  onSubmit,
  onClose,
}: {
  mode: 'create' | 'rename';
  initial: SavedQueryDetails;
  /** Writes the saved query; a rejection is shown in the modal. */
  onSubmit: (details: SavedQueryDetails) => Promise<void>;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [saving, setSaving] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const blank = title.trim() === '';

  const submit = async () => {
    if (blank) return;
    setSaving(true);
    setError(null);
    setTitleError(null);
    try {
      await onSubmit({ title: title.trim(), description });
    } catch (e) {
      if (e instanceof SavedQueryError && e.reason === 'title_taken') setTitleError(e.message);
      else setError(toApiFailure(e).message);
      setSaving(false);
    }
  };

  const heading =
    mode === 'create'
      ? i18n.translate('lookups.savedQuery.saveTitle', { defaultMessage: 'Save query' })
      : i18n.translate('lookups.savedQuery.renameTitle', { defaultMessage: 'Rename saved query' });
  return (
    <Dialog
      id="lookupsSavedQueryDetailsTitle"
      title={heading}
      testSubj="lookupsSavedQueryDetails"
      onClose={onClose}
      footer={
        <>
          <EuiButtonEmpty onClick={onClose} data-test-subj="lookupsSavedQueryDetailsCancel">
            {i18n.translate('lookups.common.cancel', { defaultMessage: 'Cancel' })}
          </EuiButtonEmpty>
          <EuiButton
            fill
            onClick={submit}
            isLoading={saving}
            isDisabled={blank}
            data-test-subj="lookupsSavedQueryDetailsSave"
          >
            {mode === 'create'
              ? i18n.translate('lookups.savedQuery.save', { defaultMessage: 'Save' })
              : i18n.translate('lookups.savedQuery.rename', { defaultMessage: 'Rename' })}
          </EuiButton>
        </>
      }
    >
      <EuiForm
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <EuiFormRow
          label={i18n.translate('lookups.savedQuery.name', { defaultMessage: 'Name' })}
          helpText={i18n.translate('lookups.savedQuery.nameHelp', {
            defaultMessage:
              'Saved queries are shared with everyone who uses Dashboards, here and in Discover.',
          })}
          isInvalid={titleError !== null}
          error={titleError ?? undefined}
          fullWidth
        >
          <EuiFieldText
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setTitleError(null);
            }}
            isInvalid={titleError !== null}
            required
            fullWidth
            data-test-subj="lookupsSavedQueryName"
          />
        </EuiFormRow>
        <EuiFormRow
          label={i18n.translate('lookups.savedQuery.description', {
            defaultMessage: 'Description',
          })}
          fullWidth
        >
          <EuiTextArea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={3}
            fullWidth
            data-test-subj="lookupsSavedQueryDescription"
          />
        </EuiFormRow>
        {/* Enter in the name field submits. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </EuiForm>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <EuiCallOut
            color="danger"
            iconType="alert"
            title={i18n.translate('lookups.savedQuery.saveFailed', {
              defaultMessage: 'The saved query was not written',
            })}
            data-test-subj="lookupsSavedQueryDetailsError"
          >
            <p>{error}</p>
          </EuiCallOut>
        </>
      ) : null}
    </Dialog>
  );
}
