/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The plugin's id: the manifest's `id` (opensearch_dashboards.json), the key OSD gives the
 * plugin's browser config and start contract under.
 */
export const PLUGIN_ID = 'lookupsDashboards';
/** The id of the app the plugin registers: its URL is `/app/lookups`. */
export const APP_ID = 'lookups';
export const PLUGIN_NAME = 'Lookups';

export * from './api';
