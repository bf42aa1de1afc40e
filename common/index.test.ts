/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { readFileSync } from 'fs';
import { resolve } from 'path';
import { APP_ID, PLUGIN_ID } from '.';

describe('ids', () => {
  it('PLUGIN_ID is the manifest id, APP_ID the app under /app/lookups', () => {
    const manifest = JSON.parse(
      readFileSync(resolve(__dirname, '../opensearch_dashboards.json'), 'utf8')
    );
    expect(PLUGIN_ID).toBe(manifest.id);
    expect(APP_ID).toBe('lookups');
    expect(APP_ID).not.toBe(PLUGIN_ID);
  });
});
