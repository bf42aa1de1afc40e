/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's rows: pages of `_rows` (sortable by column), or a search over them with `_search`
 * — "All matches" pages through every row that has all the words, "Best matches" ranks the rows
 * with any of them and shows their score. Search pages follow the server's page tokens, so it pages forwards and
 * back through pages it has seen.
 */
import { useMemo } from 'react';
import {
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiButtonGroup,
  EuiCallOut,
  EuiEmptyPrompt,
  EuiFieldSearch,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  type EuiBasicTableColumn,
  type Criteria,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { RowsResponse, SchemaColumn } from '../../../common/api/codecs';
import type { FieldCapsResponse, SearchResponse } from '../../../common/api/search_codecs';
import {
  columnHeader,
  objectsToItems,
  rowsToItems,
  schemaColumns,
  type TableRow,
} from '../../components/data_columns';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatNumber } from '../../components/format';
import type { Loadable } from '../../store/api';
import { sortFieldOf, TOP_K, useRowsSearch, type ActiveSearch, type Mode } from './use_rows_search';

/** OpenSearch pages `from + size` up to its max_result_window (10,000 by default). */
const MAX_WINDOW = 10000;
const PAGE_SIZES = [10, 20, 50, 100];

export function RowsTab({ name }: { name: string }) {
  const {
    state,
    dispatch,
    fieldCaps,
    visible,
    rows,
    retryRows,
    schema,
    textFields,
    search,
    searchPage,
    nextToken,
  } = useRowsSearch(name);
  const { text, mode, active, pageIndex, pageSize, sort } = state;

  const modeOptions = [
    {
      id: 'all',
      label: i18n.translate('lookups.rows.modeAll', { defaultMessage: 'All matches' }),
    },
    {
      id: 'top',
      label: i18n.translate('lookups.rows.modeTop', { defaultMessage: 'Best matches' }),
    },
  ];

  const searchBar = (
    <EuiFlexGroup gutterSize="s" responsive={false} wrap>
      <EuiFlexItem grow>
        <EuiFieldSearch
          fullWidth
          value={text}
          onChange={(e) => dispatch({ type: 'textChanged', text: e.target.value })}
          onSearch={(value) => dispatch({ type: 'searched', text: value })}
          isClearable
          placeholder={i18n.translate('lookups.rows.searchPlaceholder', {
            defaultMessage: 'Search the text fields of this lookup',
          })}
          aria-label={i18n.translate('lookups.rows.searchLabel', {
            defaultMessage: 'Search rows',
          })}
          data-test-subj="lookupsRowsSearch"
        />
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButtonGroup
          legend={i18n.translate('lookups.rows.modeLegend', {
            defaultMessage: 'Which matches to show',
          })}
          options={modeOptions}
          idSelected={mode}
          onChange={(id) => dispatch({ type: 'modeChanged', mode: id as Mode })}
          data-test-subj="lookupsRowsMode"
        />
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          iconType="search"
          onClick={() => dispatch({ type: 'searched', text })}
          isDisabled={schema === null}
          data-test-subj="lookupsRowsSearchButton"
        >
          {i18n.translate('lookups.rows.search', { defaultMessage: 'Search' })}
        </EuiButton>
      </EuiFlexItem>
    </EuiFlexGroup>
  );

  return (
    <div data-test-subj="lookupsRowsTab">
      {searchBar}
      <EuiSpacer size="m" />
      {active ? (
        <SearchResults
          search={search}
          schema={schema ?? []}
          visible={visible}
          active={active}
          textFields={textFields}
          pageSize={pageSize}
          searchPage={searchPage}
          hasNext={nextToken !== undefined}
          onNext={() =>
            nextToken !== undefined && dispatch({ type: 'searchNext', token: nextToken })
          }
          onPrev={() => dispatch({ type: 'searchPrev' })}
          onClear={() => dispatch({ type: 'searchCleared' })}
        />
      ) : (
        <BrowseRows
          rows={rows}
          fieldCaps={fieldCaps}
          visible={visible}
          pageIndex={pageIndex}
          pageSize={pageSize}
          sort={sort}
          onChange={({ page, sort: nextSort }) => {
            if (page) {
              if (page.size !== pageSize) {
                dispatch({ type: 'pageSizeChanged', size: page.size });
              } else {
                dispatch({ type: 'pageChanged', index: page.index, slice: rows.data?.slice });
              }
            }
            if (nextSort) {
              const field = String(nextSort.field);
              const column = sortFieldOf(schema?.[Number(field.slice(1))], fieldCaps);
              dispatch({
                type: 'sorted',
                sort: { field, direction: nextSort.direction },
                sortParam: column ? `${column}:${nextSort.direction}` : undefined,
              });
            }
          }}
          onRetry={() => void retryRows()}
        />
      )}
    </div>
  );
}

function BrowseRows({
  rows,
  fieldCaps,
  visible,
  pageIndex,
  pageSize,
  sort,
  onChange,
  onRetry,
}: {
  rows: Loadable<RowsResponse>;
  fieldCaps: FieldCapsResponse | undefined;
  visible: (column: SchemaColumn) => boolean;
  pageIndex: number;
  pageSize: number;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  onChange: (criteria: Criteria<TableRow>) => void;
  onRetry: () => void;
}) {
  const data = rows.data;
  const items = useMemo(
    () => (data ? rowsToItems(data.datarows, pageIndex * pageSize) : []),
    [data, pageIndex, pageSize]
  );
  if (rows.status === 'error' && rows.error) {
    return (
      <ApiErrorCallout
        title={i18n.translate('lookups.rows.loadFailed', {
          defaultMessage: 'The rows could not be read',
        })}
        error={rows.error}
        onRetry={onRetry}
        data-test-subj="lookupsRowsError"
      />
    );
  }
  if (!data) return <EuiLoadingContent lines={6} data-test-subj="lookupsRowsLoading" />;
  if (data.total === 0) {
    return (
      <EuiEmptyPrompt
        iconType="visTable"
        title={<h3>{i18n.translate('lookups.rows.emptyTitle', { defaultMessage: 'No rows' })}</h3>}
        body={
          <p>
            {i18n.translate('lookups.rows.emptyBody', {
              defaultMessage: 'The current version of this lookup holds no rows.',
            })}
          </p>
        }
        data-test-subj="lookupsRowsEmpty"
      />
    );
  }
  const pageable = Math.min(data.total, MAX_WINDOW);
  const columns = schemaColumns(data.schema, {
    sortable: (c) => sortFieldOf(c, fieldCaps) !== undefined,
    visible,
  });
  return (
    <>
      <EuiText size="s" color="subdued">
        <p data-test-subj="lookupsRowsTotal">
          {i18n.translate('lookups.rows.range', {
            defaultMessage: 'Rows {first}–{last} of {total}',
            values: {
              first: formatNumber(pageIndex * pageSize + 1),
              last: formatNumber(pageIndex * pageSize + data.datarows.length),
              total: formatNumber(data.total),
            },
          })}
          {data.total > MAX_WINDOW
            ? ` ${i18n.translate('lookups.rows.window', {
                defaultMessage:
                  'Pages reach the first {max} rows; search, or export the lookup, for the rest.',
                values: { max: formatNumber(MAX_WINDOW) },
              })}`
            : ''}
        </p>
      </EuiText>
      <EuiBasicTable<TableRow>
        tableCaption={i18n.translate('lookups.rows.caption', { defaultMessage: 'Rows' })}
        items={items}
        itemId="__row"
        columns={columns}
        loading={rows.status === 'loading'}
        sorting={
          sort
            ? { sort: { field: sort.field as keyof TableRow, direction: sort.direction } }
            : { sort: undefined }
        }
        pagination={{
          pageIndex,
          pageSize,
          totalItemCount: pageable,
          pageSizeOptions: PAGE_SIZES,
        }}
        onChange={onChange}
        data-test-subj="lookupsRowsTable"
      />
    </>
  );
}

function SearchResults({
  search,
  schema,
  visible,
  active,
  textFields,
  pageSize,
  searchPage,
  hasNext,
  onNext,
  onPrev,
  onClear,
}: {
  search: Loadable<SearchResponse>;
  schema: SchemaColumn[];
  visible: (column: SchemaColumn) => boolean;
  active: ActiveSearch;
  textFields: string[];
  pageSize: number;
  searchPage: number;
  hasNext: boolean;
  onNext: () => void;
  onPrev: () => void;
  onClear: () => void;
}) {
  const data = search.data;
  const top = active.mode === 'top';
  const items = useMemo(
    () =>
      data
        ? objectsToItems(
            data.hits.map((h) => h.row),
            schema,
            searchPage * pageSize,
            (i) => ({ _score: data.hits[i]._score })
          )
        : [],
    [data, schema, searchPage, pageSize]
  );

  if (textFields.length === 0) {
    return (
      <EuiCallOut
        size="s"
        color="warning"
        iconType="alert"
        title={i18n.translate('lookups.rows.noTextFields', {
          defaultMessage: 'This lookup has no text or keyword fields to search.',
        })}
      />
    );
  }
  if (search.status === 'error' && search.error) {
    return (
      <ApiErrorCallout
        title={i18n.translate('lookups.rows.searchFailed', {
          defaultMessage: 'The search failed',
        })}
        error={search.error}
        data-test-subj="lookupsSearchError"
      />
    );
  }
  if (!data) return <EuiLoadingContent lines={6} data-test-subj="lookupsSearchLoading" />;

  const columns: Array<EuiBasicTableColumn<TableRow>> = [
    ...(top
      ? [
          {
            field: '_score',
            name: columnHeader('_score'),
            width: '90px',
            render: (score: number | undefined) => (score === undefined ? '—' : score.toFixed(3)),
          } as EuiBasicTableColumn<TableRow>,
        ]
      : []),
    ...schemaColumns(schema, { sortable: false, visible }),
  ];
  const shownTotal = top ? Math.min(TOP_K, data.total) : data.total;
  return (
    <>
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiText size="s" color="subdued">
            <p data-test-subj="lookupsSearchTotal">
              {searchTotal(active.text, data.total, top ? shownTotal : undefined)}
              {data.complete
                ? ''
                : ` ${i18n.translate('lookups.rows.incomplete', {
                    defaultMessage: '(not every shard answered: the count may be low)',
                  })}`}
            </p>
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty size="s" iconType="cross" onClick={onClear}>
            {i18n.translate('lookups.rows.clearSearch', { defaultMessage: 'Clear search' })}
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
      {top && data.score_note ? (
        // In the app's words; the server's note (how scores are made) is its title.
        <EuiText size="xs" color="subdued">
          <p title={data.score_note} data-test-subj="lookupsSearchScoreNote">
            {i18n.translate('lookups.rows.scoreNote', {
              defaultMessage:
                'Scores rank these matches against each other, and older versions of the lookup weigh in on them: compare scores within one search only.',
            })}
          </p>
        </EuiText>
      ) : null}
      <EuiBasicTable<TableRow>
        tableCaption={i18n.translate('lookups.rows.searchCaption', {
          defaultMessage: 'Search results',
        })}
        items={items}
        itemId="__row"
        columns={columns}
        loading={search.status === 'loading'}
        noItemsMessage={i18n.translate('lookups.rows.noMatches', {
          defaultMessage: 'No rows match.',
        })}
        data-test-subj="lookupsSearchTable"
      />
      <EuiSpacer size="s" />
      <EuiFlexGroup gutterSize="s" justifyContent="flexEnd" alignItems="center" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="arrowLeft"
            isDisabled={searchPage === 0 || search.status === 'loading'}
            onClick={onPrev}
            data-test-subj="lookupsSearchPrev"
          >
            {i18n.translate('lookups.rows.prev', { defaultMessage: 'Previous' })}
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiText size="s">
            <span>
              {i18n.translate('lookups.rows.page', {
                defaultMessage: 'Page {page}',
                values: { page: searchPage + 1 },
              })}
            </span>
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="arrowRight"
            iconSide="right"
            isDisabled={!hasNext || search.status === 'loading'}
            onClick={onNext}
            data-test-subj="lookupsSearchNext"
          >
            {i18n.translate('lookups.rows.next', { defaultMessage: 'Next' })}
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
    </>
  );
}

/**
 * How many rows matched the search text, and for the best matches how many of them are shown
 * (one message per number form: the plugin's messages carry `{name}` placeholders only).
 */
export function searchTotal(text: string, total: number, best?: number): string {
  if (total === 0) {
    return i18n.translate('lookups.rows.noMatchesFor', {
      defaultMessage: 'No matches for "{text}"',
      values: { text },
    });
  }
  if (total === 1) {
    return i18n.translate('lookups.rows.oneMatch', {
      defaultMessage: '1 match for "{text}"',
      values: { text },
    });
  }
  if (best !== undefined && best < total) {
    return i18n.translate('lookups.rows.topTotal', {
      defaultMessage: 'The best {shown} of {total} matches for "{text}", by score',
      values: { shown: formatNumber(best), total: formatNumber(total), text },
    });
  }
  return best !== undefined
    ? i18n.translate('lookups.rows.allTotalByScore', {
        defaultMessage: '{total} matches for "{text}", best first',
        values: { total: formatNumber(total), text },
      })
    : i18n.translate('lookups.rows.allTotal', {
        defaultMessage: '{total} matches for "{text}"',
        values: { total: formatNumber(total), text },
      });
}
