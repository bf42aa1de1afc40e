/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a run shows: a table for a plain pipeline (sortable, paged in the browser, each column's
 * type under its name) or, for a pipeline ending in outputlookup, what was written and where.
 */
import { useMemo } from 'react';
import {
  EuiBadge,
  EuiButton,
  EuiCallOut,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiInMemoryTable,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type {
  QueryRowsResponse,
  QueryWriteResponse,
  WriteAction,
} from '../../../common/api/codecs';
import { appRoutes } from '../../../common/api/paths';
import { rowsToItems, schemaColumns, type TableRow } from '../../components/data_columns';
import { formatNumber, rowCount, shortSlice } from '../../components/format';
import { useRouterLink } from '../../components/router_link';

export function QueryResultsTable({ result }: { result: QueryRowsResponse }) {
  const items = useMemo(() => rowsToItems(result.datarows), [result.datarows]);
  const columns = useMemo(() => schemaColumns(result.schema, { sortable: true }), [result.schema]);
  const shown = result.datarows.length;
  const cut = result.truncated || result.total > shown;
  return (
    <div data-test-subj="lookupsQueryResults">
      <EuiText size="s" color="subdued">
        <p data-test-subj="lookupsQueryResultsTotal">
          {cut
            ? i18n.translate('lookups.query.results.truncated', {
                defaultMessage:
                  'The first {shown} of {total} rows. Narrow the query (where, head, stats) or write it to a lookup to keep every row.',
                values: { shown: formatNumber(shown), total: formatNumber(result.total) },
              })
            : i18n.translate('lookups.query.results.total', {
                defaultMessage: '{total}',
                values: { total: rowCount(result.total) },
              })}
        </p>
      </EuiText>
      <EuiInMemoryTable<TableRow>
        tableCaption={i18n.translate('lookups.query.results.caption', {
          defaultMessage: 'Query results',
        })}
        items={items}
        itemId="__row"
        columns={columns}
        sorting
        pagination={{ initialPageSize: 20, pageSizeOptions: [10, 20, 50, 100] }}
        message={i18n.translate('lookups.query.results.empty', {
          defaultMessage: 'The query returned no rows.',
        })}
        data-test-subj="lookupsQueryTable"
      />
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
        defaultMessage: 'Added the rows, replacing stored rows with the same key.',
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
  const { name, slice, action } = result.lookup;
  const rows = Number(result.datarows[0]?.[0] ?? 0);
  return <WrittenSummary name={name} slice={slice} action={action} rows={rows} />;
}

/** What a write did (a synchronous `_query` write or a finished job), with links to the lookup. */
export function WrittenSummary({
  name,
  slice,
  action,
  rows,
}: {
  name: string;
  slice: string | null;
  action: WriteAction;
  rows: number;
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
      <p>{actionDescription(action)}</p>
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
