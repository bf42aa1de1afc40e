/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The owner's explicit step that lets a saved query's new text into a schedule: both texts side
 * by side, and only on confirming does the schedule (which runs as its owner) take the new one.
 */
import { useState } from 'react';
import { EuiFlexGroup, EuiFlexItem, EuiSpacer, EuiText, EuiTitle } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { Schedule } from '../../../common/api/schedules';
import { ConfirmDialog } from '../../components/dialogs';
import { ApiErrorCallout } from '../../components/error_callout';
import { PplCode } from '../../components/ppl_code';
import { formatTime } from '../../components/format';
import { toApiFailure, type ApiFailure } from '../../services/api_client';
import type { SavedPplQuery } from '../../services/saved_queries';
import { useApi } from '../../services/services_context';
import { scheduleBodyOf } from './schedule_body';

export function TakeSavedQueryText({
  schedule,
  current,
  onClose,
  onTaken,
}: {
  schedule: Schedule;
  current: SavedPplQuery;
  onClose: () => void;
  onTaken: () => void;
}) {
  const api = useApi();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const take = async () => {
    setSaving(true);
    setError(null);
    try {
      await api.updateSchedule(
        schedule.id,
        scheduleBodyOf(schedule, {
          query: current.text,
          saved_query: {
            id: current.id,
            title: current.title,
            ...(current.updatedAt ? { updated_at: current.updatedAt } : {}),
          },
        })
      );
      onTaken();
    } catch (e) {
      setError(toApiFailure(e));
      setSaving(false);
    }
  };
  const column = (title: string, text: string, testSubj: string) => (
    <EuiFlexItem>
      <EuiTitle size="xxs">
        <h2>{title}</h2>
      </EuiTitle>
      <EuiSpacer size="xs" />
      <PplCode data-test-subj={testSubj}>{text}</PplCode>
    </EuiFlexItem>
  );
  const heading = i18n.translate('lookups.schedules.takeTitle', {
    defaultMessage: 'Use the new text of “{title}”?',
    values: { title: current.title },
  });
  return (
    <ConfirmDialog
      title={heading}
      onCancel={onClose}
      onConfirm={take}
      isLoading={saving}
      cancelButtonText={i18n.translate('lookups.common.cancel', { defaultMessage: 'Cancel' })}
      confirmButtonText={i18n.translate('lookups.schedules.takeConfirm', {
        defaultMessage: 'Use the new text',
      })}
      maxWidth={900}
      data-test-subj="lookupsScheduleTakeModal"
    >
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.schedules.takeBody', {
            defaultMessage:
              'The saved query was changed on {when}. The schedule runs as you: read the new text before it does.',
            values: { when: current.updatedAt ? formatTime(current.updatedAt) : '?' },
          })}
        </p>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiFlexGroup gutterSize="m">
        {column(
          i18n.translate('lookups.schedules.takeNow', { defaultMessage: 'The schedule runs' }),
          schedule.query,
          'lookupsScheduleTakeOld'
        )}
        {column(
          i18n.translate('lookups.schedules.takeNew', { defaultMessage: 'The saved query now' }),
          current.text,
          'lookupsScheduleTakeNew'
        )}
      </EuiFlexGroup>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.schedules.takeFailed', {
              defaultMessage: 'The schedule was not changed',
            })}
            error={error}
          />
        </>
      ) : null}
    </ConfirmDialog>
  );
}
