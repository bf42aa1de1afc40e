/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD hands a plugin its dependencies' contracts keyed by plugin id (plugins_system.ts), so a
 * consumer reaches this plugin's start contract only under the manifest's `id`. The README's
 * examples, and the type consumers import, use that key.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { PLUGIN_ID } from '../common';
import type { LookupsDashboardsStartDeps, LookupsPublicStart } from './types';

const ROOT = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'opensearch_dashboards.json'), 'utf8'));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('### For other OSD plugins'),
  readme.indexOf('## Architecture')
);

it('keys the contract by the manifest id', () => {
  expect(manifest.id).toBe('lookupsDashboards');
  expect(PLUGIN_ID).toBe(manifest.id);
  const deps: LookupsDashboardsStartDeps = { lookupsDashboards: {} as LookupsPublicStart };
  expect(Object.keys(deps)).toEqual([manifest.id]);
});

it('shows consumers the id in optionalPlugins and start(core, { lookupsDashboards })', () => {
  expect(section).toContain('"optionalPlugins": ["lookupsDashboards"]');
  expect(section).toContain('start(core: CoreStart, { lookupsDashboards }');
  // Every call in the examples goes through the contract under its id, none under `lookups`.
  const calls = [
    ...section.matchAll(
      /\b(\w+)\.(runQuery|submitJob|getJob|navigateToLookup|scheduleQuery|scheduleSavedQuery)\(/g
    ),
  ];
  expect(new Set(calls.map((m) => m[2]))).toEqual(
    new Set([
      'runQuery',
      'submitJob',
      'getJob',
      'navigateToLookup',
      'scheduleQuery',
      'scheduleSavedQuery',
    ])
  );
  expect(calls.map((m) => m[1]).filter((name) => name !== 'lookupsDashboards')).toEqual([]);
});

it('declares navigation as required and the data source plugins as optional, as OSD’s MDS plugins do', () => {
  expect(manifest.requiredPlugins).toEqual(['navigation']);
  expect(manifest.optionalPlugins).toEqual(['dataSource', 'dataSourceManagement']);
  expect(manifest.supportedOSDataSourceVersions).toBe('>=3.0.0');
});
