/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Whether a schedule keeps a lookup fresh, and whether it has fallen behind (the catalog, by the name). */
import { EuiBadge, EuiToolTip } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupSummary } from '../../common/api/codecs';
import { formatTime } from './format';

export function RefreshBadge({ refresh }: { refresh: LookupSummary['refresh'] }) {
  if (!refresh) return null;
  const next = refresh.next_run_at
    ? i18n.translate('lookups.refresh.next', {
        defaultMessage: 'Next run {at}.',
        values: { at: formatTime(refresh.next_run_at) },
      })
    : '';
  return refresh.stale ? (
    <EuiToolTip
      content={`${i18n.translate('lookups.refresh.staleTip', {
        defaultMessage: 'Scheduled, but no run succeeded for more than twice its period.',
      })} ${next}`}
    >
      <EuiBadge color="warning" data-test-subj="lookupsRefreshStale">
        {i18n.translate('lookups.refresh.stale', { defaultMessage: 'Stale' })}
      </EuiBadge>
    </EuiToolTip>
  ) : (
    <EuiToolTip
      content={`${i18n.translate('lookups.refresh.scheduledTip', {
        defaultMessage: 'A schedule refreshes this lookup.',
      })} ${next}`}
    >
      <EuiBadge color="hollow" iconType="clock" data-test-subj="lookupsRefreshScheduled">
        {i18n.translate('lookups.refresh.scheduled', { defaultMessage: 'Scheduled' })}
      </EuiBadge>
    </EuiToolTip>
  );
}
