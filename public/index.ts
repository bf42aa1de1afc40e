/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The plugin's browser entry, as OSD loads it: `plugin(initializerContext)`, plus its types. */
import type { PluginInitializerContext } from 'opensearch-dashboards/public';
import { LookupsPlugin } from './plugin';
import type { LookupsPublicConfig } from './types';

export function plugin(initializerContext: PluginInitializerContext<LookupsPublicConfig>) {
  return new LookupsPlugin(initializerContext);
}

export { LookupsPlugin };
export type {
  LookupsDashboardsStartDeps,
  LookupsPublicConfig,
  LookupsPublicSetup,
  LookupsPublicStart,
  ScheduleCadence,
} from './types';
