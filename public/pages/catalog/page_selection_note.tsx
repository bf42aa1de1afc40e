/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The table's "select all" box takes the page it shows, not every lookup: once the whole page is
 * ticked and more lookups match, this says so and (when the browser holds them all) offers to
 * select every one that matches.
 */
import { EuiButtonEmpty, EuiSpacer, EuiText } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { formatNumber } from '../../components/format';

export function PageSelectionNote({
  selected,
  pageSize,
  matching,
  allMatching,
  onSelectAll,
  onClear,
}: {
  /** Lookups ticked in the table (on its page). */
  selected: number;
  /** Lookups on the page shown. */
  pageSize: number;
  /** Lookups the search and filter match, on every page. */
  matching: number;
  allMatching: boolean;
  /** Absent when the server pages the catalog: its other pages are not here to select. */
  onSelectAll?: () => void;
  onClear: () => void;
}) {
  const wholePage = selected > 0 && selected === pageSize;
  if (!allMatching && !(wholePage && matching > pageSize)) return null;
  const rest = matching - selected;
  return (
    <>
      <EuiText size="s" data-test-subj="lookupsCatalogPageSelected">
        <p role="status">
          {allMatching
            ? i18n.translate('lookups.catalog.allSelected', {
                defaultMessage: 'All {count} lookups are selected, on every page.',
                values: { count: formatNumber(matching) },
              })
            : onSelectAll
              ? i18n.translate('lookups.catalog.pageSelected', {
                  defaultMessage:
                    'All {count} lookups on this page are selected; {rest} more on other pages are not.',
                  values: { count: formatNumber(selected), rest: formatNumber(rest) },
                })
              : i18n.translate('lookups.catalog.pageSelectedServer', {
                  defaultMessage:
                    'All {count} lookups on this page are selected; {rest} more on other pages are not (select them page by page).',
                  values: { count: formatNumber(selected), rest: formatNumber(rest) },
                })}{' '}
          {allMatching ? (
            <EuiButtonEmpty
              size="xs"
              flush="left"
              onClick={onClear}
              data-test-subj="lookupsCatalogClearSelection"
            >
              {i18n.translate('lookups.catalog.clearSelection', {
                defaultMessage: 'Clear the selection',
              })}
            </EuiButtonEmpty>
          ) : onSelectAll ? (
            <EuiButtonEmpty
              size="xs"
              flush="left"
              onClick={onSelectAll}
              data-test-subj="lookupsCatalogSelectAll"
            >
              {i18n.translate('lookups.catalog.selectAll', {
                defaultMessage: 'Select all {count}',
                values: { count: formatNumber(matching) },
              })}
            </EuiButtonEmpty>
          ) : null}
        </p>
      </EuiText>
      <EuiSpacer size="s" />
    </>
  );
}
