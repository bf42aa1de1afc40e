/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A failed request, with the server's message (which says what to do) and a way to retry. A
 * refusal by the security plugin is said in the user's terms (which lookup, which action, which
 * permission); its raw text stays behind "Details".
 */
import { useEffect, useState } from 'react';
import { EuiAccordion, EuiButton, EuiCallOut, EuiCode, EuiSpacer, EuiText } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupAction } from '../../common/api/permissions';
import type { ApiFailure } from '../services/api_client';
import { dataSourceTitle } from '../services/data_source';
import { useServices } from '../services/services_context';
import { refusedText } from './permissions';

/** The id of the data source a failure says cannot be reached. */
export function unreachableSource(error: ApiFailure): string | undefined {
  const source = error.attributes?.data_source;
  return error.attributes?.reason === 'data_source_unreachable' && typeof source === 'string'
    ? source
    : undefined;
}

/** A data source's title, as the picker names it; its id until the title is known. */
function useDataSourceTitle(id: string | undefined): string | undefined {
  const { savedObjects } = useServices();
  const [title, setTitle] = useState<{ id: string; title: string }>();
  useEffect(() => {
    if (id === undefined || !savedObjects) return;
    let current = true;
    dataSourceTitle(savedObjects.client, id).then(
      (found) => current && setTitle({ id, title: found }),
      () => undefined
    );
    return () => {
      current = false;
    };
  }, [id, savedObjects]);
  return id === undefined ? undefined : title?.id === id ? title.title : id;
}

/** The security plugin's words and the action it names, when the failure is its refusal. */
export function refusalOf(error: ApiFailure): { reason: string; missing?: string } | undefined {
  if (error.statusCode !== 403) return undefined;
  const attr = error.attributes?.reason;
  const reason = typeof attr === 'string' && attr !== 'list_forbidden' ? attr : error.message;
  const missing = /no permissions for \[([^\]]+)\]/.exec(reason)?.[1];
  return { reason, missing };
}

export function RefusalDetails({ reason, testSubj }: { reason: string; testSubj: string }) {
  return (
    <EuiAccordion
      id={`${testSubj}-details`}
      buttonContent={i18n.translate('lookups.common.details', { defaultMessage: 'Details' })}
      paddingSize="s"
      data-test-subj={`${testSubj}-details`}
    >
      <EuiText size="xs">
        <EuiCode transparentBackground>{reason}</EuiCode>
      </EuiText>
    </EuiAccordion>
  );
}

export function ApiErrorCallout({
  title,
  error,
  onRetry,
  refused,
  'data-test-subj': testSubj = 'lookupsApiError',
}: {
  title: string;
  error: ApiFailure;
  onRetry?: () => void;
  /** What the request was: a refusal is then said as "You may not <action> <lookup>". */
  refused?: { lookup: string; action: LookupAction };
  'data-test-subj'?: string;
}) {
  const refusal = refusalOf(error);
  const unreachable = unreachableSource(error);
  const sourceTitle = useDataSourceTitle(unreachable);
  const message =
    unreachable !== undefined
      ? i18n.translate('lookups.common.dataSourceUnreachable', {
          defaultMessage:
            'Data source "{title}" cannot be reached. Check that its cluster is up and its endpoint is right, or pick another data source.',
          values: { title: sourceTitle ?? unreachable },
        })
      : refusal && refused
        ? refusedText(refused.lookup, refused.action, refusal.missing)
        : refusal
          ? i18n.translate('lookups.common.refused', {
              defaultMessage:
                'Your user is not allowed to do this{missing}. An administrator can grant it.',
              values: {
                missing: refusal.missing
                  ? i18n.translate('lookups.common.refusedMissing', {
                      defaultMessage: ' (it needs the OpenSearch permission {missing})',
                      values: { missing: refusal.missing },
                    })
                  : '',
              },
            })
          : error.message;
  return (
    <EuiCallOut
      title={title}
      color="danger"
      iconType="alert"
      role="alert"
      data-test-subj={testSubj}
    >
      <p data-test-subj={`${testSubj}-message`}>{message}</p>
      {refusal ? <RefusalDetails reason={refusal.reason} testSubj={testSubj} /> : null}
      {unreachable !== undefined ? (
        // The server's words (the source's id and what the connection said) for whoever fixes it.
        <RefusalDetails reason={error.message} testSubj={testSubj} />
      ) : null}
      {onRetry && !refusal ? (
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
