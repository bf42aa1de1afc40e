/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The PPL saved queries (OSD's `query` saved objects in PPL, Discover's included), searched by
 * name and description and paged by the server: open one into the editor, schedule one (a query
 * that writes a lookup), rename or delete one.
 */
import { useEffect, useState } from 'react';
import {
  EuiBasicTable,
  EuiFieldSearch,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiLink,
  EuiPagination,
  EuiSpacer,
  EuiText,
  EuiTextColor,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { parsePpl } from '../../../../common/ppl/parser';
import { ApiErrorCallout } from '../../../components/error_callout';
import { formatTime } from '../../../components/format';
import { highlightPpl } from '../../../components/ppl_code';
import { toApiFailure, type ApiFailure } from '../../../services/api_client';
import type { SavedPplQuery, SavedQueriesService } from '../../../services/saved_queries';

const PAGE_SIZE = 10;

export const writesLookup = (text: string) => {
  const parsed = parsePpl(text);
  return parsed.ok && parsed.query.output !== undefined;
};

export interface SavedQueryActions {
  open(query: SavedPplQuery): void;
  schedule(query: SavedPplQuery): void;
  rename(query: SavedPplQuery): void;
  delete(query: SavedPplQuery): void;
}

export function SavedQueriesFlyout({
  service,
  actions,
  round,
  onClose,
}: {
  service: SavedQueriesService;
  actions: SavedQueryActions;
  /** Changes when a saved query was renamed or deleted: the page is read again. */
  round: number;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [page, setPage] = useState<{ total: number; queries: SavedPplQuery[] } | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    service.find({ search, page: pageIndex + 1, perPage: PAGE_SIZE }).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setError(null);
        setLoading(false);
      },
      (e) => {
        if (!current) return;
        setError(toApiFailure(e));
        setLoading(false);
      }
    );
    return () => {
      current = false;
    };
  }, [service, search, pageIndex, round]);

  const columns: Array<EuiBasicTableColumn<SavedPplQuery>> = [
    {
      field: 'title',
      name: i18n.translate('lookups.savedQueries.col.name', { defaultMessage: 'Name' }),
      width: '30%',
      render: (title: string, query: SavedPplQuery) => (
        <div>
          <EuiLink onClick={() => actions.open(query)} data-test-subj="lookupsSavedQueryOpenLink">
            {title}
          </EuiLink>
          {query.description ? (
            <EuiText size="xs" color="subdued">
              <p>{query.description}</p>
            </EuiText>
          ) : null}
        </div>
      ),
    },
    {
      field: 'text',
      name: i18n.translate('lookups.savedQueries.col.query', { defaultMessage: 'Query' }),
      render: (text: string) => (
        <code
          style={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontSize: 12,
          }}
        >
          {highlightPpl(text)}
        </code>
      ),
    },
    {
      field: 'updatedAt',
      name: i18n.translate('lookups.savedQueries.col.updated', { defaultMessage: 'Saved' }),
      width: '120px',
      render: (at?: string) =>
        at ? formatTime(at) : <EuiTextColor color="subdued">—</EuiTextColor>,
    },
    {
      name: i18n.translate('lookups.savedQueries.col.actions', { defaultMessage: 'Actions' }),
      width: '110px',
      actions: [
        {
          name: i18n.translate('lookups.savedQueries.open', { defaultMessage: 'Open' }),
          description: i18n.translate('lookups.savedQueries.openDescription', {
            defaultMessage: 'Open in the editor',
          }),
          icon: 'folderOpen',
          type: 'icon',
          onClick: actions.open,
          'data-test-subj': 'lookupsSavedQueryOpen',
        },
        {
          name: i18n.translate('lookups.savedQueries.schedule', { defaultMessage: 'Schedule' }),
          description: i18n.translate('lookups.savedQueries.scheduleDescription', {
            defaultMessage: 'Schedule a refresh with this query (it must end in outputlookup)',
          }),
          icon: 'clock',
          type: 'icon',
          enabled: (query: SavedPplQuery) => writesLookup(query.text),
          onClick: actions.schedule,
          'data-test-subj': 'lookupsSavedQuerySchedule',
        },
        {
          name: i18n.translate('lookups.savedQueries.rename', { defaultMessage: 'Rename' }),
          description: i18n.translate('lookups.savedQueries.renameDescription', {
            defaultMessage: 'Rename or describe',
          }),
          icon: 'pencil',
          type: 'icon',
          onClick: actions.rename,
          'data-test-subj': 'lookupsSavedQueryRename',
        },
        {
          name: i18n.translate('lookups.savedQueries.delete', { defaultMessage: 'Delete' }),
          description: i18n.translate('lookups.savedQueries.deleteDescription', {
            defaultMessage: 'Delete this saved query',
          }),
          icon: 'trash',
          type: 'icon',
          color: 'danger',
          onClick: actions.delete,
          'data-test-subj': 'lookupsSavedQueryDelete',
        },
      ],
    },
  ];

  // Its own pagination, named: the table's would be a second unnamed navigation landmark beside
  // the page's own (the command reference's) under the flyout.
  const pageCount = Math.ceil((page?.total ?? 0) / PAGE_SIZE);

  return (
    <EuiFlyout
      onClose={onClose}
      size="l"
      ownFocus
      aria-labelledby="lookupsSavedQueriesTitle"
      data-test-subj="lookupsSavedQueriesFlyout"
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id="lookupsSavedQueriesTitle">
            {i18n.translate('lookups.savedQueries.title', { defaultMessage: 'Saved queries' })}
          </h2>
        </EuiTitle>
        <EuiSpacer size="s" />
        <EuiText size="s" color="subdued">
          <p>
            {i18n.translate('lookups.savedQueries.intro', {
              defaultMessage:
                'PPL queries saved here or in Discover, shared with everyone who uses Dashboards.',
            })}
          </p>
        </EuiText>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        <EuiFieldSearch
          fullWidth
          incremental
          placeholder={i18n.translate('lookups.savedQueries.search', {
            defaultMessage: 'Search names and descriptions',
          })}
          aria-label={i18n.translate('lookups.savedQueries.searchLabel', {
            defaultMessage: 'Search saved queries',
          })}
          onSearch={(value) => {
            setSearch(value);
            setPageIndex(0);
          }}
          data-test-subj="lookupsSavedQueriesSearch"
        />
        <EuiSpacer size="m" />
        {error ? (
          <ApiErrorCallout
            title={i18n.translate('lookups.savedQueries.readFailed', {
              defaultMessage: 'The saved queries could not be read',
            })}
            error={error}
          />
        ) : (
          <EuiBasicTable
            items={page?.queries ?? []}
            columns={columns}
            loading={loading}
            noItemsMessage={
              loading
                ? i18n.translate('lookups.savedQueries.loading', { defaultMessage: 'Reading…' })
                : search
                  ? i18n.translate('lookups.savedQueries.noMatch', {
                      defaultMessage: 'No saved PPL query matches “{search}”.',
                      values: { search },
                    })
                  : i18n.translate('lookups.savedQueries.none', {
                      defaultMessage: 'No PPL query is saved yet. Save one from the editor.',
                    })
            }
            rowProps={(query: SavedPplQuery) => ({
              'data-test-subj': `lookupsSavedQueryRow-${query.title}`,
            })}
            tableCaption={i18n.translate('lookups.savedQueries.caption', {
              defaultMessage: 'Saved PPL queries',
            })}
            data-test-subj="lookupsSavedQueriesTable"
          />
        )}
        {pageCount > 1 ? (
          <>
            <EuiSpacer size="m" />
            <EuiPagination
              aria-label={i18n.translate('lookups.savedQueries.pages', {
                defaultMessage: 'Pages of saved queries',
              })}
              pageCount={pageCount}
              activePage={pageIndex}
              onPageClick={setPageIndex}
              data-test-subj="lookupsSavedQueriesPages"
            />
          </>
        ) : null}
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
