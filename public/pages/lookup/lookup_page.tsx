/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One lookup (`/app/lookups/lookups/<name>/<tab>`): its kind, description, schedule, size and last
 * write, and tabs for its rows,
 * fields, versions and settings. The route is the source of truth, so a reload or a shared link
 * opens the same tab.
 */
import { useState } from 'react';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiStat,
  EuiTab,
  EuiTabs,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { appRoutes } from '../../../common/api/paths';
import { useAppChrome } from '../../components/chrome';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatBytes, formatNumber, formatTime } from '../../components/format';
import { KindBadge } from '../../components/kind_badge';
import { RefreshBadge } from '../../components/refresh_badge';
import { ActionButton, useGrant } from '../../components/permissions';
import { useRouterLink } from '../../components/router_link';
import { rovingTabIndex, useTabArrowKeys } from '../../components/tab_keys';
import { loadable, useGetLookupQuery } from '../../store/api';
import { catalogTitle } from '../catalog/catalog_page';
import { MigrateModal } from '../migration/migrate_modal';
import { FieldsTab } from './fields_tab';
import { JobsTab } from './jobs_tab';
import { LookupDescription } from './lookup_description';
import { RowsTab } from './rows_tab';
import { SettingsTab } from './settings_tab';
import { LOOKUP_TABS, tabLabel, type LookupTab } from './tabs';
import { VersionsTab } from './versions_tab';

export function LookupPage({ name, tab }: { name: string; tab: LookupTab }) {
  const link = useRouterLink();
  const query = useGetLookupQuery(name);
  const detail = loadable(query);
  const [migrating, setMigrating] = useState(false);
  const migrateGrant = useGrant(name, 'migrate');
  const onTabKeys = useTabArrowKeys({
    ids: LOOKUP_TABS,
    selected: tab,
    routeOf: (id) => appRoutes.lookup(name, id),
    domIdOf: (id) => `lookupsLookupTab-${id}`,
  });

  useAppChrome([
    { text: catalogTitle(), path: appRoutes.catalog() },
    { text: name, path: appRoutes.lookup(name) },
    { text: tabLabel(tab) },
  ]);

  const lookup = detail.data;
  const loading = detail.status !== 'error' && !lookup;

  if (detail.status === 'error' && detail.error) {
    return detail.error.statusCode === 404 ? (
      <EuiEmptyPrompt
        iconType="search"
        title={
          <h2>
            {i18n.translate('lookups.lookup.notFoundTitle', {
              defaultMessage: 'No lookup named "{name}"',
              values: { name },
            })}
          </h2>
        }
        body={<p data-test-subj="lookupsLookupError-message">{detail.error.message}</p>}
        actions={
          <EuiButton {...link(appRoutes.catalog())}>
            {i18n.translate('lookups.lookup.backToCatalog', {
              defaultMessage: 'Back to the catalog',
            })}
          </EuiButton>
        }
        data-test-subj="lookupsLookupNotFound"
      />
    ) : (
      <ApiErrorCallout
        title={i18n.translate('lookups.lookup.loadFailed', {
          defaultMessage: 'The lookup "{name}" could not be read',
          values: { name },
        })}
        error={detail.error}
        onRetry={() => void query.refetch()}
        data-test-subj="lookupsLookupError"
      />
    );
  }

  return (
    <div data-test-subj="lookupsLookupPage">
      <EuiFlexGroup
        alignItems="center"
        gutterSize="m"
        responsive={false}
        wrap
        data-test-subj="lookupsLookupHeader"
      >
        <EuiFlexItem grow={false}>
          <EuiTitle size="m">
            <h2 data-test-subj="lookupsLookupName">{name}</h2>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>{lookup ? <KindBadge kind={lookup.kind} /> : null}</EuiFlexItem>
        {lookup?.refresh ? (
          <EuiFlexItem grow={false}>
            <RefreshBadge refresh={lookup.refresh} />
          </EuiFlexItem>
        ) : null}
        <EuiFlexItem />
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            iconType="console"
            {...link(appRoutes.queryLookup(name))}
            data-test-subj="lookupsLookupQuery"
          >
            {i18n.translate('lookups.lookup.query', { defaultMessage: 'Query this lookup' })}
          </EuiButtonEmpty>
        </EuiFlexItem>
        {lookup?.kind === 'legacy' ? (
          <EuiFlexItem grow={false}>
            <ActionButton
              lookup={name}
              action="migrate"
              grant={migrateGrant}
              fill
              onClick={() => setMigrating(true)}
              data-test-subj="lookupsLookupMigrate"
            >
              {i18n.translate('lookups.lookup.migrate', { defaultMessage: 'Migrate' })}
            </ActionButton>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      {lookup && lookup.kind !== 'conflict' ? (
        <LookupDescription name={name} text={lookup.description} />
      ) : null}
      <EuiSpacer size="m" />
      {loading ? (
        <EuiLoadingContent lines={4} data-test-subj="lookupsLookupLoading" />
      ) : lookup ? (
        <>
          {lookup.reason ? (
            <>
              <EuiCallOut
                color={lookup.kind === 'legacy' ? 'warning' : 'danger'}
                iconType="alert"
                title={lookup.reason}
                size="s"
                data-test-subj="lookupsLookupReason"
              />
              <EuiSpacer size="m" />
            </>
          ) : lookup.kind === 'legacy' ? (
            <>
              <EuiCallOut
                color="warning"
                iconType="alert"
                size="s"
                title={i18n.translate('lookups.lookup.legacyNote', {
                  defaultMessage:
                    'This lookup lives in an index the data importer made. Migrate it to keep versions and write to it with outputlookup.',
                })}
              />
              <EuiSpacer size="m" />
            </>
          ) : null}
          <EuiFlexGroup gutterSize="l" responsive={false} wrap>
            {[
              {
                title: formatNumber(lookup.rows),
                description: i18n.translate('lookups.lookup.stat.rows', {
                  defaultMessage: 'Rows',
                }),
              },
              {
                title: formatBytes(lookup.size_bytes),
                description: i18n.translate('lookups.lookup.stat.size', {
                  defaultMessage: 'Size',
                }),
              },
              {
                title: formatNumber(lookup.slice_count),
                description: i18n.translate('lookups.lookup.stat.versions', {
                  defaultMessage: 'Versions',
                }),
              },
              {
                title: formatTime(lookup.last_write),
                description: i18n.translate('lookups.lookup.stat.lastWrite', {
                  defaultMessage: 'Last write',
                }),
              },
            ].map((stat) => (
              <EuiFlexItem grow={false} key={stat.description}>
                <EuiStat
                  title={stat.title}
                  description={stat.description}
                  titleSize="xs"
                  reverse
                  descriptionElement="div"
                  titleElement="div"
                />
              </EuiFlexItem>
            ))}
          </EuiFlexGroup>
        </>
      ) : null}
      <EuiSpacer size="l" />
      <EuiTabs size="s" onKeyDown={onTabKeys}>
        {LOOKUP_TABS.map((id) => (
          <EuiTab
            key={id}
            id={`lookupsLookupTab-${id}`}
            aria-controls="lookupsLookupTabPanel"
            isSelected={id === tab}
            {...link(appRoutes.lookup(name, id))}
            tabIndex={rovingTabIndex(LOOKUP_TABS, tab, id)}
            data-test-subj={`lookupsLookupTab-${id}`}
          >
            {tabLabel(id)}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer size="m" />
      <div
        id="lookupsLookupTabPanel"
        role="tabpanel"
        aria-labelledby={`lookupsLookupTab-${tab}`}
        data-test-subj={`lookupsLookupPanel-${tab}`}
      >
        {/* Keyed by the lookup: a tab's own state (a search, a page) never carries over to another. */}
        {tab === 'rows' ? <RowsTab key={name} name={name} /> : null}
        {tab === 'fields' ? <FieldsTab key={name} name={name} /> : null}
        {tab === 'versions' ? <VersionsTab key={name} name={name} lookup={lookup} /> : null}
        {tab === 'jobs' ? <JobsTab key={name} name={name} /> : null}
        {tab === 'settings' ? <SettingsTab key={name} name={name} lookup={lookup} /> : null}
      </div>
      {migrating ? <MigrateModal name={name} onClose={() => setMigrating(false)} /> : null}
    </div>
  );
}
