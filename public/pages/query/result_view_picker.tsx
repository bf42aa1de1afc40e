/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* How a time series result is shown: as the table, or as a line or a bar chart. */
import { EuiButtonGroup } from '@elastic/eui';
import { i18n } from '@osd/i18n';

export type ResultView = 'table' | 'line' | 'bar';

export function ResultViewPicker({
  view,
  onChange,
}: {
  view: ResultView;
  onChange: (view: ResultView) => void;
}) {
  return (
    <EuiButtonGroup
      legend={i18n.translate('lookups.query.view.legend', { defaultMessage: 'Show the result as' })}
      buttonSize="compressed"
      idSelected={`lookupsResultView-${view}`}
      onChange={(id) => onChange(id.replace('lookupsResultView-', '') as ResultView)}
      options={[
        {
          id: 'lookupsResultView-table',
          label: i18n.translate('lookups.query.view.table', { defaultMessage: 'Table' }),
          iconType: 'visTable',
          'data-test-subj': 'lookupsResultViewTable',
        },
        {
          id: 'lookupsResultView-line',
          label: i18n.translate('lookups.query.view.line', { defaultMessage: 'Line chart' }),
          iconType: 'visLine',
          'data-test-subj': 'lookupsResultViewLine',
        },
        {
          id: 'lookupsResultView-bar',
          label: i18n.translate('lookups.query.view.bar', { defaultMessage: 'Bar chart' }),
          iconType: 'visBarVerticalStacked',
          'data-test-subj': 'lookupsResultViewBar',
        },
      ]}
      data-test-subj="lookupsResultView"
    />
  );
}
