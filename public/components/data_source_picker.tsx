/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The data source picker. With Data Source Management it is that plugin's data source menu
 * (`ui.getDataSourceMenu()`, its DataSourceSelectable), mounted in the page header through the
 * app's `setHeaderActionMenu`, as OSD's MDS plugins mount it (the data importer, the query
 * workbench, index management); the host's stand-in does the same. Without it (or outside an
 * app mount) it is an equivalent combo box in the page that lists sources the same way
 * (`data-source` saved objects through core's saved objects client, the local cluster first).
 * Either offers only the sources the manifest supports (`dataSourceFilter`, from
 * supportedOSDataSourceVersions: common/data_source_compat.ts). Choosing a source puts it in
 * the URL (`?dataSourceId=`), which the app reads; without the Data Source plugin there is no
 * picker, as in OSD plugins.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useHistory, useLocation } from 'react-router-dom';
import { EuiComboBox, EuiFormLabel, type EuiComboBoxOptionOption } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { SavedObjectsClientContract } from 'opensearch-dashboards/public';
import { isDataSourceCompatible } from '../../common/data_source_compat';
import {
  choosingDataSource,
  listDataSources,
  type DataSourceOption,
  type DataSourceSelectableConfig,
} from '../services/data_source';
import { useServices } from '../services/services_context';

const localCluster = (): DataSourceOption => ({
  id: '',
  label: i18n.translate('lookups.dataSource.localCluster', { defaultMessage: 'Local cluster' }),
});

const pickerLabel = () =>
  i18n.translate('lookups.dataSource.label', { defaultMessage: 'Data source' });

/** Puts the chosen source in the URL, on the page shown (its other query keys kept). */
function useChooseDataSource() {
  const history = useHistory();
  const location = useLocation();
  return useCallback(
    (id: string) =>
      history.push({
        pathname: location.pathname,
        search: choosingDataSource(location.search, id || undefined),
      }),
    [history, location.pathname, location.search]
  );
}

function SourcesComboBox({
  client,
  selectedId,
  hideLocalCluster,
  onChoose,
  onListFailed,
}: {
  client: SavedObjectsClientContract;
  selectedId: string;
  hideLocalCluster: boolean;
  onChoose: (id: string) => void;
  onListFailed: () => void;
}) {
  const inputId = useId();
  const [sources, setSources] = useState<DataSourceOption[] | undefined>();
  // Listed on mount and again each time the picker is entered: a source made meanwhile (in
  // another tab's Data sources page) is then offered without a reload.
  const [listing, setListing] = useState(0);
  useEffect(() => {
    let current = true;
    listDataSources(client, { compatibleOnly: true }).then(
      (listed) => current && setSources(listed),
      () => {
        if (!current) return;
        setSources((known) => known ?? []);
        // Said once, not on every visit to the picker.
        if (listing === 0) onListFailed();
      }
    );
    return () => {
      current = false;
    };
  }, [client, onListFailed, listing]);

  const choices = [...(hideLocalCluster ? [] : [localCluster()]), ...(sources ?? [])];
  // A source the list lacks (deleted, or the list failed) still shows as chosen, by its id.
  const selected = choices.find((c) => c.id === selectedId) ?? {
    id: selectedId,
    label: selectedId || localCluster().label,
  };
  const asOption = (c: DataSourceOption): EuiComboBoxOptionOption<string> => ({
    label: c.label,
    value: c.id,
    key: c.id || 'local',
  });
  return (
    <EuiComboBox<string>
      // The input itself is labelled by the prepended label (an aria-label on the combo box
      // does not reach its input in OUI 1.22).
      id={inputId}
      prepend={<EuiFormLabel htmlFor={inputId}>{pickerLabel()}</EuiFormLabel>}
      singleSelection={{ asPlainText: true }}
      isClearable={false}
      isLoading={sources === undefined}
      options={choices.map(asOption)}
      selectedOptions={[asOption(selected)]}
      onFocus={() => setListing((n) => n + 1)}
      // With one choice, chosen, OUI would say "You've selected all available options" instead
      // of listing it; `async` tells it the list can grow (it does, as sources are made).
      async={choices.length < 2}
      onChange={(chosen) => {
        const id = chosen[0]?.value;
        if (id !== undefined && id !== selectedId) onChoose(id);
      }}
      compressed
      fullWidth
      data-test-subj="dataSourceSelectorComboBox"
    />
  );
}

export function DataSourcePicker() {
  const { dataSourcePlugins, savedObjects, notifications, dataSourceId, setHeaderActionMenu } =
    useServices();
  const choose = useChooseDataSource();
  const onListFailed = useCallback(
    () =>
      notifications.toasts.addWarning(
        i18n.translate('lookups.dataSource.listFailed', {
          defaultMessage: 'Unable to fetch existing data sources',
        })
      ),
    [notifications.toasts]
  );
  const getDataSourceMenu = dataSourcePlugins?.dataSourceManagement?.ui.getDataSourceMenu;
  // One component for the page's life: OSD's getDataSourceMenu makes a new one per call.
  const DataSourceMenu = useMemo(
    () => getDataSourceMenu?.<DataSourceSelectableConfig>(),
    [getDataSourceMenu]
  );
  const dataSource = dataSourcePlugins?.dataSource;
  if (!dataSource?.dataSourceEnabled || !savedObjects) return null;

  if (DataSourceMenu && setHeaderActionMenu) {
    // As OSD's MDS plugins: Data Source Management's menu, in the page header.
    return (
      <DataSourceMenu
        setMenuMountPoint={setHeaderActionMenu}
        componentType="DataSourceSelectable"
        componentConfig={{
          savedObjects: savedObjects.client,
          notifications,
          fullWidth: false,
          dataSourceFilter: isDataSourceCompatible,
          onSelectedDataSources: (chosen) => {
            if (chosen[0] && chosen[0].id !== (dataSourceId ?? '')) choose(chosen[0].id);
          },
          // The URL's choice, the local cluster (`''`) included: without it OSD's selectable
          // picks the default data source on mount, and local would never stay chosen. Only
          // with no local cluster to show does it pick (the default), which then goes to the URL.
          activeOption:
            dataSourceId || !dataSource.hideLocalCluster ? [{ id: dataSourceId ?? '' }] : undefined,
        }}
      />
    );
  }
  return (
    // Wide enough for a cluster's title; the combo box fills it.
    <div style={{ width: 320 }} data-test-subj="lookupsDataSourcePicker">
      <SourcesComboBox
        client={savedObjects.client}
        selectedId={dataSourceId ?? ''}
        hideLocalCluster={dataSource.hideLocalCluster}
        onChoose={choose}
        onListFailed={onListFailed}
      />
    </div>
  );
}
