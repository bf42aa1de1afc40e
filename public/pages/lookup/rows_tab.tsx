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
import { useEffect, useMemo, useState } from 'react';
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
import type { SchemaColumn } from '../../../common/api/codecs';
import type { FieldCapsResponse, SearchBody } from '../../../common/api/search_codecs';
import {
  columnHeader,
  objectsToItems,
  rowsToItems,
  schemaColumns,
  type TableRow,
} from '../../components/data_columns';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatNumber } from '../../components/format';
import { useAppDispatch, useAppSelector } from '../../store';
import { fetchFieldCaps, fetchRows, searchCleared, searchRows } from '../../store/lookup_slice';

/** OpenSearch pages `from + size` up to its max_result_window (10,000 by default). */
const MAX_WINDOW = 10000;
/** How many best matches "Best matches" ranks. */
export const TOP_K = 100;
const PAGE_SIZES = [10, 20, 50, 100];

const TEXT_TYPES = new Set(['text', 'keyword', 'match_only_text', 'wildcard', 'constant_keyword']);

type Mode = 'all' | 'top';

/**
 * Whether the current version has a column. `_rows` takes its columns from the backing index's
 * mapping, which holds every version's fields; `_field_caps` says which versions carry each.
 * Without field caps (or for a field they do not list) the column shows.
 */
export function carriedBy(
  caps: FieldCapsResponse | undefined,
  slice: string | null | undefined
): (column: SchemaColumn) => boolean {
  if (!caps || !slice) return () => true;
  return (column) => {
    const types = caps.fields[column.name];
    if (!types) return true;
    return Object.entries(types).some(
      ([type, cap]) => type !== 'unmapped' && (!cap.indices || cap.indices.includes(slice))
    );
  };
}

/**
 * The field a column sorts on: itself, or for a text field its `.keyword` sub-field (text fields
 * cannot sort); undefined when it cannot sort at all.
 */
export function sortFieldOf(
  column: SchemaColumn | undefined,
  caps: FieldCapsResponse | undefined
): string | undefined {
  if (!column) return undefined;
  if (column.type !== 'text') return column.name;
  const keyword = `${column.name}.keyword`;
  return caps?.fields[keyword]?.keyword ? keyword : undefined;
}

interface ActiveSearch {
  text: string;
  mode: Mode;
}

export function RowsTab({ name }: { name: string }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector((state) => state.lookup.rows);
  const search = useAppSelector((state) => state.lookup.search);
  const fieldCaps = useAppSelector((state) => state.lookup.fieldCaps);
  const currentSlice = useAppSelector((state) => state.lookup.detail.data?.current_slice);
  const [pageSize, setPageSize] = useState(20);
  const [pageIndex, setPageIndex] = useState(0);
  const [sort, setSort] = useState<{ field: string; direction: 'asc' | 'desc' } | null>(null);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<Mode>('all');
  const [active, setActive] = useState<ActiveSearch | null>(null);
  const [tokens, setTokens] = useState<Array<string | undefined>>([undefined]);
  const [searchPage, setSearchPage] = useState(0);
  const [schema, setSchema] = useState<SchemaColumn[] | null>(null);
  const [reload, setReload] = useState(0);

  // Which columns the current version has (see carriedBy); a failure only shows every column.
  useEffect(() => {
    if (fieldCaps.status === 'idle') void dispatch(fetchFieldCaps(name));
  }, [dispatch, name, fieldCaps.status]);
  const visible = useMemo(
    () => carriedBy(fieldCaps.data, currentSlice),
    [fieldCaps.data, currentSlice]
  );

  // The schema comes with every page of rows; a search reuses the last one.
  useEffect(() => {
    if (rows.data) setSchema(rows.data.schema);
  }, [rows.data]);

  useEffect(() => {
    if (active) return undefined;
    const sortColumn = sort
      ? sortFieldOf(schema?.[Number(sort.field.slice(1))], fieldCaps.data)
      : undefined;
    const request = dispatch(
      fetchRows({
        name,
        query: {
          from: pageIndex * pageSize,
          size: pageSize,
          ...(sortColumn ? { sort: `${sortColumn}:${sort!.direction}` } : {}),
          // Later pages read the version the first page came from, never a newer one.
          ...(pageIndex > 0 && rows.data?.slice ? { slice: rows.data.slice } : {}),
        },
      })
    );
    return () => request.abort();
    // `schema` only names the sort column; a new schema alone is no reason to reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, name, pageIndex, pageSize, sort, active, reload]);

  const textFields = useMemo(
    () => (schema ?? []).filter((c) => TEXT_TYPES.has(c.type) && visible(c)).map((c) => c.name),
    [schema, visible]
  );

  useEffect(() => {
    if (!active) return undefined;
    const body: SearchBody = {
      mode: active.mode,
      ...(active.mode === 'top' ? { k: TOP_K } : {}),
      size: pageSize,
      ...(tokens[searchPage] ? { page_token: tokens[searchPage] } : {}),
      // "All matches" wants rows with every word (a name like web-07 is two words to the
      // analyzer); "Best matches" ranks rows by any of them.
      query: {
        multi_match: {
          query: active.text,
          fields: textFields,
          ...(active.mode === 'all' ? { operator: 'and' as const } : {}),
        },
      },
    };
    const request = dispatch(searchRows({ name, body }));
    return () => request.abort();
    // Tokens are read for the page asked for; learning the next one must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, name, active, searchPage, pageSize]);

  // Each answer carries the token of the page after it.
  useEffect(() => {
    if (!active || search.status !== 'ready' || !search.data) return;
    const next = search.data.page_token;
    setTokens((known) => {
      const copy = known.slice(0, searchPage + 1);
      copy[searchPage + 1] = next;
      return copy;
    });
  }, [active, search.status, search.data, searchPage]);

  const startSearch = (value: string, withMode: Mode = mode) => {
    const trimmed = value.trim();
    setTokens([undefined]);
    setSearchPage(0);
    if (trimmed === '') {
      setActive(null);
      dispatch(searchCleared());
    } else {
      setActive({ text: trimmed, mode: withMode });
    }
  };

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
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => startSearch(value)}
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
          onChange={(id) => {
            const next = id as Mode;
            setMode(next);
            if (active) startSearch(active.text, next);
          }}
          data-test-subj="lookupsRowsMode"
        />
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          iconType="search"
          onClick={() => startSearch(text)}
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
          schema={schema ?? []}
          visible={visible}
          active={active}
          textFields={textFields}
          pageSize={pageSize}
          searchPage={searchPage}
          hasNext={tokens[searchPage + 1] !== undefined}
          onPage={setSearchPage}
          onClear={() => {
            setText('');
            startSearch('');
          }}
        />
      ) : (
        <BrowseRows
          visible={visible}
          pageIndex={pageIndex}
          pageSize={pageSize}
          sort={sort}
          onChange={({ page, sort: nextSort }) => {
            if (page) {
              if (page.size !== pageSize) {
                setPageSize(page.size);
                setPageIndex(0);
              } else {
                setPageIndex(page.index);
              }
            }
            if (nextSort) {
              setSort({ field: String(nextSort.field), direction: nextSort.direction });
              setPageIndex(0);
            }
          }}
          onRetry={() => setReload((n) => n + 1)}
        />
      )}
    </div>
  );
}

function BrowseRows({
  visible,
  pageIndex,
  pageSize,
  sort,
  onChange,
  onRetry,
}: {
  visible: (column: SchemaColumn) => boolean;
  pageIndex: number;
  pageSize: number;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  onChange: (criteria: Criteria<TableRow>) => void;
  onRetry: () => void;
}) {
  const rows = useAppSelector((state) => state.lookup.rows);
  const fieldCaps = useAppSelector((state) => state.lookup.fieldCaps.data);
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
  schema,
  visible,
  active,
  textFields,
  pageSize,
  searchPage,
  hasNext,
  onPage,
  onClear,
}: {
  schema: SchemaColumn[];
  visible: (column: SchemaColumn) => boolean;
  active: ActiveSearch;
  textFields: string[];
  pageSize: number;
  searchPage: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  const search = useAppSelector((state) => state.lookup.search);
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
              {top
                ? i18n.translate('lookups.rows.topTotal', {
                    defaultMessage: 'The best {shown} of {total} matches for "{text}", by score',
                    values: {
                      shown: formatNumber(shownTotal),
                      total: formatNumber(data.total),
                      text: active.text,
                    },
                  })
                : i18n.translate('lookups.rows.allTotal', {
                    defaultMessage: '{total} matches for "{text}"',
                    values: { total: formatNumber(data.total), text: active.text },
                  })}
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
        <EuiText size="xs" color="subdued">
          <p>{data.score_note}</p>
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
            onClick={() => onPage(searchPage - 1)}
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
            onClick={() => onPage(searchPage + 1)}
            data-test-subj="lookupsSearchNext"
          >
            {i18n.translate('lookups.rows.next', { defaultMessage: 'Next' })}
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
    </>
  );
}
