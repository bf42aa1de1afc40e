/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The data source the app works on (OSD's multiple data sources). The choice lives in the URL
 * as the `dataSourceId` query parameter, as OSD plugins keep it: no id (or an empty one) is the
 * local cluster. `keepDataSource` makes every navigation inside the app keep it, so links,
 * redirects and page pushes need not know about it; only the picker changes it.
 */
import type { ComponentType } from 'react';
import type { History, LocationDescriptorObject } from 'history';
import type {
  AppMountParameters,
  NotificationsStart,
  SavedObjectsClientContract,
} from 'opensearch-dashboards/public';
import { isDataSourceCompatible, type DataSourceFacts } from '../../common/data_source_compat';

export const DATA_SOURCE_PARAM = 'dataSourceId';

/** The saved object type OSD keeps data sources as. */
export const DATA_SOURCE_SAVED_OBJECT_TYPE = 'data-source';

/** The data source a URL's search string names; undefined for the local cluster. */
export function readDataSourceId(search: string): string | undefined {
  return new URLSearchParams(search).get(DATA_SOURCE_PARAM) || undefined;
}

/** `search` with the data source set to `id` (removed for the local cluster), other keys kept. */
export function withDataSourceId(search: string, id: string | undefined): string {
  const params = new URLSearchParams(search);
  if (id) params.set(DATA_SOURCE_PARAM, id);
  else params.delete(DATA_SOURCE_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** An app path (`/lookups/x?tab=1`) on the data source `id`. */
export function pathOnDataSource(path: string, id: string | undefined): string {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  return `${pathname}${withDataSourceId(at < 0 ? '' : path.slice(at), id)}`;
}

type Target = string | LocationDescriptorObject<unknown>;

/**
 * `search` choosing the data source `id` explicitly: an empty `dataSourceId` for the local
 * cluster, which `keepDataSource` then drops from the URL (a target without the key keeps the
 * current source).
 */
export function choosingDataSource(search: string, id: string | undefined): string {
  const params = new URLSearchParams(search);
  params.set(DATA_SOURCE_PARAM, id ?? '');
  return `?${params}`;
}

/** The target location on the data source it names, else on the current one. */
function keepIn(target: Target, current: string | undefined): Target {
  const search =
    typeof target === 'string'
      ? target.includes('?')
        ? target.slice(target.indexOf('?'))
        : ''
      : (target.search ?? '');
  const named = new URLSearchParams(search).has(DATA_SOURCE_PARAM);
  const id = named ? readDataSourceId(search) : current;
  if (typeof target === 'string') return pathOnDataSource(target, id);
  return { ...target, search: withDataSourceId(search, id) };
}

/**
 * The app's history, whose `push`, `replace` and `createHref` keep the current data source
 * unless the target sets `dataSourceId` itself (an empty value: the local cluster).
 */
export function keepDataSource<H extends History<unknown>>(history: H): H {
  const current = () => readDataSourceId(history.location.search);
  return new Proxy(history, {
    get(target, property) {
      if (property === 'push' || property === 'replace') {
        return (to: Target, state?: unknown) => {
          const next = keepIn(to, current());
          if (typeof next === 'string') target[property](next, state);
          else target[property](next);
        };
      }
      if (property === 'createHref') {
        return (location: LocationDescriptorObject<unknown>) =>
          target.createHref(keepIn(location, current()) as LocationDescriptorObject<unknown>);
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** One choice of the picker; the local cluster's id is `''`, as in OSD's selector. */
export interface DataSourceOption {
  id: string;
  label: string;
}

/**
 * The data sources the picker offers, listed as OSD's selector lists them: `data-source` saved
 * objects with their id, title and auth type, in the order the saved objects API answers; with
 * `compatibleOnly`, only those the plugin supports (common/data_source_compat.ts), as the
 * picker's `dataSourceFilter` keeps them.
 */
export async function listDataSources(
  client: SavedObjectsClientContract,
  { compatibleOnly = false } = {}
): Promise<DataSourceOption[]> {
  const answer = await client.find<DataSourceFacts>({
    type: DATA_SOURCE_SAVED_OBJECT_TYPE,
    fields: ['id', 'title', 'auth.type', ...DATA_SOURCE_FACTS],
    perPage: 10000,
  });
  return answer.savedObjects
    .filter((object) => !compatibleOnly || isDataSourceCompatible(object))
    .map((object) => ({
      id: object.id,
      label: object.attributes?.title || object.id,
    }));
}

/** What OSD's `dataSource` plugin gives dependants at setup (the parts used here). */
export interface DataSourcePluginSetup {
  dataSourceEnabled: boolean;
  hideLocalCluster: boolean;
}

/** The fields OSD records about a data source, which `dataSourceFilter` reads. */
const DATA_SOURCE_FACTS = ['dataSourceVersion', 'dataSourceEngineType', 'installedPlugins'];

/**
 * The config of OSD's `DataSourceSelectable` (data_source_menu/types.ts
 * DataSourceSelectableConfig), the parts the app passes.
 */
export interface DataSourceSelectableConfig {
  savedObjects: SavedObjectsClientContract;
  notifications: NotificationsStart;
  onSelectedDataSources: (sources: Array<{ id: string; label?: string }>) => void;
  activeOption?: Array<{ id: string; label?: string }>;
  dataSourceFilter?: (dataSource: { attributes?: DataSourceFacts }) => boolean;
  fullWidth: boolean;
}

/** OSD's DataSourceMenuProps: a component type, its config, and where in the header it goes. */
export interface DataSourceMenuProps<T> {
  componentType: 'DataSourceSelectable';
  componentConfig: T;
  setMenuMountPoint?: AppMountParameters['setHeaderActionMenu'];
}

/** What OSD's `dataSourceManagement` plugin gives dependants at setup (the parts used here). */
export interface DataSourceManagementPluginSetup {
  ui: { getDataSourceMenu: <T>() => ComponentType<DataSourceMenuProps<T>> };
}

/**
 * The plugins the app's data source picker uses, as setup receives them: `navigation` is
 * required (as OSD's MDS plugins require it), the data source plugins optional.
 */
export interface LookupsSetupDeps {
  navigation?: unknown;
  dataSource?: DataSourcePluginSetup;
  dataSourceManagement?: DataSourceManagementPluginSetup;
}

/**
 * A data source's title, as the picker shows it (the id until it is known, or when the source
 * is not listed).
 */
export async function dataSourceTitle(
  client: SavedObjectsClientContract,
  id: string
): Promise<string> {
  const listed = await listDataSources(client);
  return listed.find((source) => source.id === id)?.label ?? id;
}
