/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A failed request, with the server's message (which says what to do) and a way to retry. */
import { EuiButton, EuiCallOut, EuiSpacer } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { ApiFailure } from '../services/api_client';

export function ApiErrorCallout({
  title,
  error,
  onRetry,
  'data-test-subj': testSubj = 'lookupsApiError',
}: {
  title: string;
  error: ApiFailure;
  onRetry?: () => void;
  'data-test-subj'?: string;
}) {
  return (
    <EuiCallOut
      title={title}
      color="danger"
      iconType="alert"
      role="alert"
      data-test-subj={testSubj}
    >
      <p data-test-subj={`${testSubj}-message`}>{error.message}</p>
      {onRetry ? (
        <>
          <EuiSpacer size="s" />
          <EuiButton size="s" color="danger" onClick={onRetry} data-test-subj={`${testSubj}-retry`}>
            {i18n.translate('lookups.common.retry', { defaultMessage: 'Try again' })}
          </EuiButton>
        </>
      ) : null}
    </EuiCallOut>
  );
}
