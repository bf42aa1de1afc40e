/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The browser contracts of the host's own plugins (host/src/plugins/host_plugins.ts), shaped as
 * OSD's:
 * - `dataSource` (src/plugins/data_source/public): setup and start `{ dataSourceEnabled,
 *   hideLocalCluster }` from the config the server exposes;
 * - `dataSourceManagement` (src/plugins/data_source_management/public): setup `{ ui:
 *   { DataSourceSelector: null, getDataSourceMenu } }`. `getDataSourceMenu<T>()` returns
 *   OSD's DataSourceMenu (create_data_source_menu.tsx): given `setMenuMountPoint` it renders
 *   through a MountPointPortal (into the header, via the app's `setHeaderActionMenu`), else in
 *   place. Of its component types the host has `DataSourceSelectable` only (any other throws):
 *   the `data-source` saved objects through the client given, kept by `dataSourceFilter` with no
 *   fallback to the unfiltered list, sorted by title, "Local cluster" first unless hidden;
 *   choosing one calls `onSelectedDataSources([{ id, label }])`. Without the Data Source plugin
 *   the menu draws nothing, as OSD's selectable has nothing to list. The host has no
 *   `DataSourceSelector` (null, as OSD's setup gives when it has none to give).
 * - `navigation` (src/plugins/navigation/public): nothing the host's plugins use; an empty `ui`.
 */
import { useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import {
  EuiButtonEmpty,
  EuiContextMenuPanel,
  EuiHeaderLinks,
  EuiPanel,
  EuiPopover,
  EuiSelectable,
  type EuiSelectableOption,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';

type MountPoint = (element: HTMLElement) => () => void;

/** opensearch_dashboards_react's MountPointPortal: children rendered into the mount point. */
function MountPointPortal({
  setMountPoint,
  children,
}: {
  setMountPoint: (mount: MountPoint | undefined) => void;
  children: ReactNode;
}) {
  const [element, setElement] = useState<HTMLElement>();
  useLayoutEffect(() => {
    setMountPoint((el) => {
      setElement(el);
      return () => setElement(undefined);
    });
    return () => setMountPoint(undefined);
  }, [setMountPoint]);
  return element ? createPortal(children, element) : null;
}

interface SavedObjectsFind {
  find<T>(options: Record<string, unknown>): Promise<{
    savedObjects: Array<{ id: string; attributes: T }>;
  }>;
}

interface SelectableConfig {
  savedObjects: SavedObjectsFind;
  notifications: { toasts: { addWarning: (text: string) => unknown } };
  onSelectedDataSources: (sources: Array<{ id: string; label: string }>) => void;
  activeOption?: Array<{ id: string; label?: string }>;
  dataSourceFilter?: (dataSource: { id: string; attributes: Record<string, unknown> }) => boolean;
  fullWidth: boolean;
  disabled?: boolean;
}

const localClusterLabel = () =>
  i18n.translate('host.dataSource.localCluster', { defaultMessage: 'Local cluster' });

function DataSourceSelectable({
  config,
  hideLocalCluster,
}: {
  config: SelectableConfig;
  hideLocalCluster: boolean;
}) {
  const { savedObjects, notifications, onSelectedDataSources, activeOption, dataSourceFilter } =
    config;
  const [sources, setSources] = useState<Array<{ id: string; label: string }>>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let current = true;
    savedObjects
      .find<Record<string, unknown>>({
        type: 'data-source',
        fields: ['id', 'title', 'auth.type', 'dataSourceVersion', 'installedPlugins'],
        perPage: 10000,
      })
      .then(
        ({ savedObjects: found }) => {
          if (!current) return;
          const kept = dataSourceFilter ? found.filter((ds) => dataSourceFilter(ds)) : found;
          setSources(
            kept
              .map((ds) => ({ id: ds.id, label: String(ds.attributes?.title ?? '') }))
              .sort((a, b) => a.label.toLowerCase().localeCompare(b.label.toLowerCase()))
          );
        },
        () =>
          notifications.toasts.addWarning(
            i18n.translate('host.dataSource.fetchDataSourceError', {
              defaultMessage: 'Unable to fetch existing data sources',
            })
          )
      );
    return () => {
      current = false;
    };
  }, [savedObjects, notifications, dataSourceFilter]);
  const choices = [
    ...(hideLocalCluster ? [] : [{ id: '', label: localClusterLabel() }]),
    ...sources,
  ];
  const selectedId = activeOption?.[0]?.id ?? (hideLocalCluster ? undefined : '');
  const selected = choices.find((c) => c.id === selectedId);
  const label = selected?.label ?? activeOption?.[0]?.label ?? selectedId ?? '';
  const onChange = useCallback(
    (options: EuiSelectableOption[]) => {
      const chosen = options.find((o) => o.checked === 'on');
      setOpen(false);
      if (chosen) onSelectedDataSources([{ id: String(chosen.key), label: chosen.label }]);
    },
    [onSelectedDataSources]
  );
  return (
    <EuiPopover
      id="dataSourceSelectableContextMenuPopover"
      isOpen={open}
      closePopover={() => setOpen(false)}
      panelPaddingSize="none"
      anchorPosition="downLeft"
      button={
        <EuiButtonEmpty
          className="euiHeaderLink"
          iconType="database"
          onClick={() => setOpen((o) => !o)}
          disabled={config.disabled ?? false}
          aria-label={i18n.translate('host.dataSource.menuButton', {
            defaultMessage: 'Data source: {label}',
            values: { label },
          })}
          data-test-subj="dataSourceSelectableContextMenuHeaderLink"
          size="s"
        >
          {label}
        </EuiButtonEmpty>
      }
    >
      <EuiContextMenuPanel>
        <EuiPanel color="transparent" paddingSize="s">
          <EuiSelectable
            aria-label={i18n.translate('host.dataSource.search', { defaultMessage: 'Search' })}
            searchable
            searchProps={{ placeholder: 'Search' }}
            singleSelection
            options={choices.map((c) => ({
              key: c.id,
              label: c.label,
              checked: c.id === selectedId ? 'on' : undefined,
              'data-test-subj': `dataSourceOption-${c.id || 'local'}`,
            }))}
            onChange={onChange}
            data-test-subj="dataSourceSelectable"
          >
            {(list, search) => (
              <>
                {search}
                {list}
              </>
            )}
          </EuiSelectable>
        </EuiPanel>
      </EuiContextMenuPanel>
    </EuiPopover>
  );
}

interface DataSourceMenuProps {
  componentType: string;
  componentConfig: SelectableConfig;
  setMenuMountPoint?: (mount: MountPoint | undefined) => void;
}

function createDataSourceMenu(
  dataSource: { dataSourceEnabled: boolean; hideLocalCluster: boolean } | undefined
) {
  return function DataSourceMenu(props: DataSourceMenuProps) {
    if (props.componentType !== 'DataSourceSelectable') {
      throw new Error(`The host's data source menu has no ${props.componentType}`);
    }
    if (!dataSource?.dataSourceEnabled) return null;
    const content = (
      <DataSourceSelectable
        config={props.componentConfig}
        hideLocalCluster={dataSource.hideLocalCluster}
      />
    );
    if (!props.setMenuMountPoint) return content;
    return (
      <MountPointPortal setMountPoint={props.setMenuMountPoint}>
        <EuiHeaderLinks data-test-subj="top-nav" gutterSize="xs" popoverBreakpoints="none">
          {content}
        </EuiHeaderLinks>
      </MountPointPortal>
    );
  };
}

/** The setup and start contracts of the host's own UI plugins, by id. */
export function hostPluginContracts(configs: ReadonlyMap<string, Record<string, unknown>>) {
  const dataSourceConfig = configs.get('dataSource');
  const dataSource = dataSourceConfig
    ? {
        dataSourceEnabled: dataSourceConfig.enabled === true,
        hideLocalCluster: dataSourceConfig.hideLocalCluster === true,
      }
    : undefined;
  const dataSourceManagement = {
    ui: {
      DataSourceSelector: null,
      getDataSourceMenu: () => createDataSourceMenu(dataSource),
    },
  };
  const contracts: Record<string, { setup: unknown; start: unknown }> = {
    dataSource: { setup: dataSource, start: dataSource },
    dataSourceManagement: { setup: dataSourceManagement, start: {} },
    navigation: { setup: {}, start: { ui: {} } },
  };
  return contracts;
}
