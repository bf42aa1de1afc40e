/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { dataSourceIndexName, PLUGIN_INDEX } from './plugin_index';

describe('dataSourceIndexName', () => {
  it('keeps each data source’s records beside the local ones, apart from each other', () => {
    const id = 'a1b2c3d4-0000-4000-8000-000000000001';
    expect(dataSourceIndexName(id)).toBe(`${PLUGIN_INDEX}_ds_${id}`);
    expect(dataSourceIndexName('other')).not.toBe(dataSourceIndexName(id));
  });

  it('names an id that is no valid index name part by its hash, still one per id', () => {
    const upper = dataSourceIndexName('Cluster B');
    expect(upper).toMatch(new RegExp(`^${PLUGIN_INDEX}_dsh_[0-9a-f]{32}$`));
    expect(dataSourceIndexName('Cluster B')).toBe(upper);
    expect(dataSourceIndexName('cluster b')).not.toBe(upper);
  });
});
