/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a run shows: a data grid for a plain pipeline (sortable, paged in the browser, each
 * column's type under its name, downloadable as CSV or JSON), or for a time series (a time
 * column and numeric ones) the choice of the grid or a chart of the same rows; or, for a
 * pipeline ending in outputlookup, what was written and where.
 */
import { useMemo, useState } from 'react';
import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type {
  QueryRowsResponse,
  QueryWriteResponse,
  UnmatchedRows,
  WriteAction,
} from '../../../common/api/codecs';
import { appRoutes } from '../../../common/api/paths';
import { ResultsGrid } from '../../components/results_grid';
import { formatNumber, rowCount, shortSlice } from '../../components/format';
import { useRouterLink } from '../../components/router_link';
import { CHART_MAX_ROWS, chartData, groupColumnsOf } from './chart_data';
import { ResultChart } from './result_chart';
import { ResultViewPicker, type ResultView } from './result_view_picker';
import { downloadText, resultsToCsv, resultsToJson } from './result_download';

const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * What a chart of a cut result leaves out, said plainly: the rows it drew (to which time) of how
 * many, and a way to read the rest when the server can answer them in one page.
 */
function ChartCut({
  shown,
  total,
  exact,
  until,
  onLoadRows,
}: {
  shown: number;
  total: number;
  exact: boolean;
  until: number;
  onLoadRows?: (size: number) => void;
}) {
  const more = shown < CHART_MAX_ROWS;
  const size = exact ? Math.min(total, CHART_MAX_ROWS) : CHART_MAX_ROWS;
  return (
    <EuiCallOut
      size="s"
      color="warning"
      iconType="alert"
      data-test-subj="lookupsQueryChartCut"
      title={
        exact
          ? i18n.translate('lookups.query.chart.cut', {
              defaultMessage:
                'The chart draws only the first {shown} of {total} rows, up to {until} (UTC); the other {rest} rows are not drawn.',
              values: {
                shown: formatNumber(shown),
                total: formatNumber(total),
                rest: formatNumber(total - shown),
                until: utcMinute(until),
              },
            })
          : i18n.translate('lookups.query.chart.cutAtLeast', {
              defaultMessage:
                'The chart draws only the first {shown} rows, up to {until} (UTC); the rows after them are not drawn.',
              values: { shown: formatNumber(shown), until: utcMinute(until) },
            })
      }
    >
      {more && onLoadRows ? (
        <EuiButton size="s" onClick={() => onLoadRows(size)} data-test-subj="lookupsQueryChartLoad">
          {exact && total <= CHART_MAX_ROWS
            ? i18n.translate('lookups.query.chart.loadAll', {
                defaultMessage: 'Load all {total} rows',
                values: { total: formatNumber(total) },
              })
            : i18n.translate('lookups.query.chart.loadUpTo', {
                defaultMessage: 'Load up to {max} rows',
                values: { max: formatNumber(CHART_MAX_ROWS) },
              })}
        </EuiButton>
      ) : (
        <p>
          {i18n.translate('lookups.query.chart.cutNarrow', {
            defaultMessage:
              'A chart reads at most {max} rows. Narrow the time range (where), widen the span, or keep fewer series to draw the whole result.',
            values: { max: formatNumber(CHART_MAX_ROWS) },
          })}
        </p>
      )}
    </EuiCallOut>
  );
}

/**
 * `query`: the text that gave the result, whose group keys split a chart into series;
 * `onLoadRows`: runs it again for up to that many rows (a chart of a cut result offers it).
 */
export function QueryResultsTable({
  result,
  query,
  onLoadRows,
  view: shownAs,
  onView,
}: {
  result: QueryRowsResponse;
  query?: string;
  onLoadRows?: (size: number) => void;
  /** Table or chart, when the page keeps the choice across runs (else the table, here). */
  view?: ResultView;
  onView?: (view: ResultView) => void;
}) {
  const [ownView, setOwnView] = useState<ResultView>('table');
  const view = shownAs ?? ownView;
  const setView = onView ?? setOwnView;
  const chart = useMemo(
    () => chartData(result.schema, result.datarows, groupColumnsOf(query)),
    [result, query]
  );
  const charted = chart !== null && chart.points.length > 0 && view !== 'table';
  const shown = result.datarows.length;
  const cut = result.truncated === true || result.total > shown;
  // The server counts only what it read; when it stopped early, the total is a lower bound.
  const exact = result.total > shown;
  const download = (format: 'csv' | 'json') =>
    format === 'csv'
      ? downloadText(resultsToCsv(result.schema, result.datarows), 'query-results.csv', 'text/csv')
      : downloadText(
          resultsToJson(result.schema, result.datarows),
          'query-results.json',
          'application/json'
        );
  return (
    <div data-test-subj="lookupsQueryResults">
      <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false} wrap>
        <EuiFlexItem>
          <EuiText size="s" color="subdued">
            <p data-test-subj="lookupsQueryResultsTotal">
              {!cut
                ? rowCount(result.total)
                : exact
                  ? i18n.translate('lookups.query.results.truncated', {
                      defaultMessage:
                        'The first {shown} of {total} rows. Narrow the query (where, head, stats) or write it to a lookup to keep every row.',
                      values: { shown: formatNumber(shown), total: formatNumber(result.total) },
                    })
                  : i18n.translate('lookups.query.results.truncatedAtLeast', {
                      defaultMessage:
                        'The first {shown} rows of more than {shown}. Narrow the query (where, head, stats) or write it to a lookup to keep every row.',
                      values: { shown: formatNumber(shown) },
                    })}
            </p>
          </EuiText>
        </EuiFlexItem>
        {chart !== null && chart.points.length > 0 ? (
          <EuiFlexItem grow={false}>
            <ResultViewPicker view={view} onChange={setView} />
          </EuiFlexItem>
        ) : null}
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="download"
            isDisabled={shown === 0}
            onClick={() => download('csv')}
            data-test-subj="lookupsQueryDownloadCsv"
          >
            {i18n.translate('lookups.query.results.downloadCsv', {
              defaultMessage: 'Download CSV',
            })}
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="download"
            isDisabled={shown === 0}
            onClick={() => download('json')}
            data-test-subj="lookupsQueryDownloadJson"
          >
            {i18n.translate('lookups.query.results.downloadJson', {
              defaultMessage: 'Download JSON',
            })}
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {charted ? (
        <>
          {cut ? (
            <>
              <ChartCut
                shown={shown}
                total={result.total}
                exact={exact}
                until={chart.points[chart.points.length - 1].x}
                onLoadRows={onLoadRows}
              />
              <EuiSpacer size="s" />
            </>
          ) : null}
          <ResultChart
            data={chart}
            kind={view === 'bar' ? 'bar' : 'line'}
            rowsOf={cut ? { shown } : undefined}
          />
          {chart.omitted > 0 ? (
            <EuiText size="xs" color="subdued" data-test-subj="lookupsQueryChartOmitted">
              <p>
                {i18n.translate('lookups.query.chart.omitted', {
                  defaultMessage:
                    'The chart draws the {max} largest series; {omitted} smaller ones are in the table only.',
                  values: { max: chart.series.length, omitted: chart.omitted },
                })}
              </p>
            </EuiText>
          ) : null}
        </>
      ) : shown === 0 ? (
        <EuiText size="s" data-test-subj="lookupsQueryTable">
          <p>
            {i18n.translate('lookups.query.results.empty', {
              defaultMessage: 'The query returned no rows.',
            })}
          </p>
        </EuiText>
      ) : (
        <ResultsGrid
          schema={result.schema}
          rows={result.datarows}
          ariaLabel={i18n.translate('lookups.query.results.caption', {
            defaultMessage: 'Query results',
          })}
          data-test-subj="lookupsQueryTable"
        />
      )}
    </div>
  );
}

export function actionDescription(action: WriteAction): string {
  switch (action) {
    case 'created':
      return i18n.translate('lookups.query.write.created', {
        defaultMessage: 'Created the lookup.',
      });
    case 'overwritten':
      return i18n.translate('lookups.query.write.overwritten', {
        defaultMessage:
          'Replaced its rows. The previous version is kept; restore it from the Versions tab.',
      });
    case 'appended':
      return i18n.translate('lookups.query.write.appended', {
        defaultMessage: 'Added the rows to the ones it held.',
      });
    case 'upserted':
      return i18n.translate('lookups.query.write.upserted', {
        defaultMessage:
          'Added the rows by key: each replaced a stored row written with the same key, if there was one.',
      });
    case 'migrated':
      return i18n.translate('lookups.query.write.migrated', {
        defaultMessage: 'Moved the legacy lookup to a managed one and wrote the rows.',
      });
    case 'unchanged':
      return i18n.translate('lookups.query.write.unchanged', {
        defaultMessage:
          'Left it unchanged: the query returned no rows and override_if_empty=false.',
      });
  }
}

export function WriteSummary({ result }: { result: QueryWriteResponse }) {
  const { name, slice, action, replaced, unmatched } = result.lookup;
  const rows = Number(result.datarows[0]?.[0] ?? 0);
  return (
    <WrittenSummary
      name={name}
      slice={slice}
      action={action}
      rows={rows}
      replaced={replaced}
      unmatched={unmatched}
    />
  );
}

/** An upsert's account of the stored rows, when the server counted it. */
function upsertOutcome(rows: number, replaced: number): string {
  const added = Math.max(0, rows - replaced);
  return replaced === 0
    ? i18n.translate('lookups.query.write.upsertNoneReplaced', {
        defaultMessage: 'Added {rows} by key: none replaced a stored row, {added} were new.',
        values: { rows: rowCount(rows), added: formatNumber(added) },
      })
    : i18n.translate('lookups.query.write.upsertReplaced', {
        defaultMessage:
          'Added {rows} by key: {replaced} replaced a stored row with the same key, {added} were new.',
        values: {
          rows: rowCount(rows),
          replaced: formatNumber(replaced),
          added: formatNumber(added),
        },
      });
}

/** "without key_field" / "with key_field=a,b", for each way the version's rows were keyed. */
function keyedHow(keyFields: string[]): string {
  return keyFields
    .map((k) =>
      k === ''
        ? i18n.translate('lookups.query.write.withoutKey', {
            defaultMessage: 'without key_field',
          })
        : i18n.translate('lookups.query.write.withKey', {
            defaultMessage: 'with key_field={keys}',
            values: { keys: k },
          })
    )
    .join(
      i18n.translate('lookups.query.write.or', {
        defaultMessage: ' or ',
      })
    );
}

/** The version holds rows this upsert's key cannot match: say so, and the way out. */
function UnmatchedWarning({ unmatched }: { unmatched: UnmatchedRows }) {
  const how = keyedHow(unmatched.key_fields);
  return (
    <>
      <EuiSpacer size="s" />
      <EuiCallOut
        size="s"
        color="warning"
        iconType="alert"
        title={
          unmatched.rows !== undefined
            ? i18n.translate('lookups.query.write.unmatchedRows', {
                defaultMessage: 'This version also holds {rows} written {how}.',
                values: { rows: rowCount(unmatched.rows), how },
              })
            : i18n.translate('lookups.query.write.unmatchedSome', {
                defaultMessage: 'This version also holds rows written {how}.',
                values: { how },
              })
        }
        data-test-subj="lookupsWriteUnmatched"
      >
        <p>
          {i18n.translate('lookups.query.write.unmatchedHelp', {
            defaultMessage:
              'Those rows keep their own ids, so no new row could replace them, and a key may now appear twice. To key the whole lookup, overwrite it once with key_field (append=false).',
          })}
        </p>
      </EuiCallOut>
    </>
  );
}

/** What a write did (a synchronous `_query` write or a finished job), with links to the lookup. */
export function WrittenSummary({
  name,
  slice,
  action,
  rows,
  replaced,
  unmatched,
}: {
  name: string;
  slice: string | null;
  action: WriteAction;
  rows: number;
  /** An upsert: stored rows it replaced, when counted. */
  replaced?: number;
  unmatched?: UnmatchedRows;
}) {
  const link = useRouterLink();
  return (
    <EuiCallOut
      color={action === 'unchanged' ? 'primary' : 'success'}
      iconType={action === 'unchanged' ? 'iInCircle' : 'check'}
      title={i18n.translate('lookups.query.write.title', {
        defaultMessage: 'Wrote {rows} to {name}',
        values: { rows: rowCount(rows), name },
      })}
      data-test-subj="lookupsWriteSummary"
    >
      <p data-test-subj="lookupsWriteOutcome">
        {action === 'upserted' && replaced !== undefined
          ? upsertOutcome(rows, replaced)
          : actionDescription(action)}
      </p>
      {action === 'upserted' && unmatched ? <UnmatchedWarning unmatched={unmatched} /> : null}
      <EuiDescriptionList
        compressed
        type="column"
        titleProps={{ style: { width: '25%' } }}
        descriptionProps={{ style: { width: '75%' } }}
        listItems={[
          {
            title: i18n.translate('lookups.query.write.rows', { defaultMessage: 'Rows written' }),
            description: <span data-test-subj="lookupsWriteRows">{formatNumber(rows)}</span>,
          },
          {
            title: i18n.translate('lookups.query.write.action', { defaultMessage: 'Action' }),
            description: (
              <EuiBadge color="hollow" data-test-subj="lookupsWriteAction">
                {action}
              </EuiBadge>
            ),
          },
          {
            title: i18n.translate('lookups.query.write.version', { defaultMessage: 'Version' }),
            description: <code title={slice ?? ''}>{shortSlice(slice)}</code>,
          },
        ]}
      />
      <EuiSpacer size="s" />
      <EuiFlexGroup gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            fill
            {...link(appRoutes.lookup(name, 'rows'))}
            data-test-subj="lookupsWriteOpen"
          >
            {i18n.translate('lookups.query.write.open', {
              defaultMessage: 'Open {name}',
              values: { name },
            })}
          </EuiButton>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            {...link(appRoutes.lookup(name, 'versions'))}
            data-test-subj="lookupsWriteVersions"
          >
            {i18n.translate('lookups.query.write.versions', { defaultMessage: 'Versions' })}
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
    </EuiCallOut>
  );
}
