/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A schedule's query in the schedules list: its text, highlighted and cut to a few lines (the
 * whole of it on hover and for screen readers), and, for a schedule made from a saved query,
 * the saved query's title, marked when its text changed since the schedule took it (with the
 * owner's way to take the new text) or when it was deleted.
 */
import { EuiBadge, EuiButtonEmpty, EuiText, EuiToolTip } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { Schedule } from '../../../common/api/schedules';
import { highlightPpl } from '../../components/ppl_code';
import { formatTime } from '../../components/format';
import type { SavedQueryStanding } from './saved_query_status';

export function ScheduleQueryCell({
  schedule,
  standing,
  onTake,
}: {
  schedule: Schedule;
  standing: SavedQueryStanding | undefined;
  onTake: () => void;
}) {
  const link = schedule.saved_query;
  const title = standing && standing.state !== 'deleted' ? standing.current.title : link?.title;
  return (
    <div style={{ minWidth: 0, width: '100%' }}>
      <EuiToolTip
        content={<span style={{ whiteSpace: 'pre-wrap' }}>{schedule.query}</span>}
        display="block"
      >
        <code
          tabIndex={0}
          style={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontSize: 12,
          }}
          data-test-subj="lookupsScheduleQuery"
        >
          {highlightPpl(schedule.query)}
        </code>
      </EuiToolTip>
      {link ? (
        <EuiText size="xs" data-test-subj="lookupsScheduleSavedQuery">
          <span>
            {i18n.translate('lookups.schedules.savedQuery', {
              defaultMessage: 'Saved query: {title}',
              values: { title },
            })}
          </span>{' '}
          {standing?.state === 'changed' ? (
            <>
              <EuiToolTip
                content={i18n.translate('lookups.schedules.changedTip', {
                  defaultMessage:
                    'Saved again on {when} with other text. The schedule still runs its own copy until you take the new text.',
                  values: {
                    when: standing.current.updatedAt ? formatTime(standing.current.updatedAt) : '?',
                  },
                })}
              >
                <EuiBadge
                  color="warning"
                  tabIndex={0}
                  data-test-subj="lookupsScheduleSavedQueryChanged"
                >
                  {i18n.translate('lookups.schedules.changed', {
                    defaultMessage: 'Changed since',
                  })}
                </EuiBadge>
              </EuiToolTip>{' '}
              <EuiButtonEmpty
                size="xs"
                flush="left"
                onClick={onTake}
                aria-label={i18n.translate('lookups.schedules.reviewLabel', {
                  defaultMessage: 'Review new text of {title}',
                  values: { title },
                })}
                data-test-subj="lookupsScheduleReviewText"
              >
                {i18n.translate('lookups.schedules.review', { defaultMessage: 'Review new text' })}
              </EuiButtonEmpty>
            </>
          ) : standing?.state === 'deleted' ? (
            <EuiBadge color="hollow" data-test-subj="lookupsScheduleSavedQueryDeleted">
              {i18n.translate('lookups.schedules.savedQueryDeleted', {
                defaultMessage: 'Deleted; the schedule keeps its copy',
              })}
            </EuiBadge>
          ) : null}
        </EuiText>
      ) : null}
    </div>
  );
}
