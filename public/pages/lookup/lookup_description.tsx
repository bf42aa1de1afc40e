/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's description on its page: what it holds and what it is for, in its writers' words.
 * Whoever may write the lookup edits it here; for anyone else Edit is off, saying why.
 */
import { useState } from 'react';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiSpacer,
  EuiText,
  EuiTextArea,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { MAX_DESCRIPTION_CHARS } from '../../../common/api/codecs';
import { ApiErrorCallout } from '../../components/error_callout';
import { ActionButtonEmpty, useGrant } from '../../components/permissions';
import type { ApiFailure } from '../../services/api_client';
import { useAppDispatch } from '../../store';
import { describeLookup } from '../../store/operations';

export function LookupDescription({ name, text }: { name: string; text?: string }) {
  const dispatch = useAppDispatch();
  const grant = useGrant(name, 'write');
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const label = i18n.translate('lookups.description.label', { defaultMessage: 'Description' });

  const save = async () => {
    if (draft === null) return;
    setBusy(true);
    setError(null);
    try {
      await dispatch(describeLookup({ name, description: draft.trim() })).unwrap();
      setDraft(null);
    } catch (e) {
      setError(e as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  if (draft !== null) {
    const tooLong = draft.length > MAX_DESCRIPTION_CHARS;
    return (
      <div data-test-subj="lookupsDescriptionForm">
        <EuiFormRow
          fullWidth
          label={label}
          isInvalid={tooLong}
          error={
            tooLong
              ? i18n.translate('lookups.description.tooLong', {
                  defaultMessage: 'At most {max} characters.',
                  values: { max: MAX_DESCRIPTION_CHARS },
                })
              : undefined
          }
          helpText={i18n.translate('lookups.description.help', {
            defaultMessage:
              'What the lookup holds and what it is for. Shown in the catalog; anyone who may read the lookup sees it.',
          })}
        >
          <EuiTextArea
            fullWidth
            rows={2}
            value={draft}
            isInvalid={tooLong}
            onChange={(e) => setDraft(e.target.value)}
            data-test-subj="lookupsDescriptionInput"
          />
        </EuiFormRow>
        <EuiSpacer size="s" />
        <EuiFlexGroup gutterSize="s" responsive={false}>
          <EuiFlexItem grow={false}>
            <EuiButton
              size="s"
              fill
              onClick={save}
              isLoading={busy}
              isDisabled={tooLong}
              data-test-subj="lookupsDescriptionSave"
            >
              {i18n.translate('lookups.description.save', { defaultMessage: 'Save' })}
            </EuiButton>
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              size="s"
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
              data-test-subj="lookupsDescriptionCancel"
            >
              {i18n.translate('lookups.description.cancel', { defaultMessage: 'Cancel' })}
            </EuiButtonEmpty>
          </EuiFlexItem>
        </EuiFlexGroup>
        {error ? (
          <>
            <EuiSpacer size="s" />
            <ApiErrorCallout
              title={i18n.translate('lookups.description.failed', {
                defaultMessage: 'The description was not saved',
              })}
              error={error}
              refused={{ lookup: name, action: 'write' }}
              data-test-subj="lookupsDescriptionError"
            />
          </>
        ) : null}
      </div>
    );
  }

  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} wrap>
      <EuiFlexItem grow={false} style={{ maxWidth: '100%' }}>
        <EuiText size="s" color={text ? 'default' : 'subdued'}>
          <p data-test-subj="lookupsLookupDescription">
            {text ??
              i18n.translate('lookups.description.none', { defaultMessage: 'No description.' })}
          </p>
        </EuiText>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <ActionButtonEmpty
          lookup={name}
          action="write"
          grant={grant}
          size="xs"
          iconType="pencil"
          onClick={() => setDraft(text ?? '')}
          aria-label={i18n.translate('lookups.description.editLabel', {
            defaultMessage: 'Edit the description of {name}',
            values: { name },
          })}
          data-test-subj="lookupsDescriptionEdit"
        >
          {i18n.translate('lookups.description.edit', { defaultMessage: 'Edit' })}
        </ActionButtonEmpty>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
