/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type {
  PluginConfigDescriptor,
  PluginInitializerContext,
} from 'opensearch-dashboards/server';
import { configSchema, LookupsConfig } from './config';
import { LookupsPlugin } from './plugin';

export const config: PluginConfigDescriptor<LookupsConfig> = {
  schema: configSchema,
  // The browser shows the ceiling, refuses oversized uploads before sending them, says which
  // lookups the editor opens, and refuses a schedule's too short period as it is typed.
  exposeToBrowser: {
    max_rows: true,
    max_body_bytes: true,
    max_import_bytes: true,
    editor: true,
    schedules: true,
  },
};

export function plugin(initializerContext: PluginInitializerContext) {
  return new LookupsPlugin(initializerContext);
}

export type { LookupsPluginSetup, LookupsPluginStart } from './plugin';
export type { LookupsConfig } from './config';
