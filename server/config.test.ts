/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { backingIndexBody } from './services/writer/backing_index';
import { checkConfig, configSchema } from './config';

describe('lookups.backing_index.auto_expand_replicas', () => {
  it('defaults to 0-1, which new backing indices get', () => {
    const config = configSchema.validate({});
    expect(config.backing_index.auto_expand_replicas).toBe('0-1');
    expect(backingIndexBody(config.backing_index).settings).toEqual({
      'index.mapping.total_fields.limit': 2000,
      'index.auto_expand_replicas': '0-1',
    });
  });

  it.each(['0-all', '1-3', 'false'])('accepts %s', (value) => {
    const config = configSchema.validate({ backing_index: { auto_expand_replicas: value } });
    expect(() => checkConfig(config)).not.toThrow();
  });

  it.each(['1', 'all', '0-', 'true', '0-1 ', '3-1'])('refuses %j, naming the setting', (value) => {
    const config = configSchema.validate({ backing_index: { auto_expand_replicas: value } });
    expect(() => checkConfig(config)).toThrow(
      /lookups\.backing_index\.auto_expand_replicas.*0-all/
    );
  });
});
