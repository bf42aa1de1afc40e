/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { ColumnTypeInference, convert } from './import_types';

describe('integer columns', () => {
  it('keep longs past 2^53 exactly, as bigints; wider ones leave the column a string', () => {
    const inference = new ColumnTypeInference(['long', 'wide']);
    inference.add(['9007199254740993', '1']);
    inference.add(['-9223372036854775808', '9223372036854775808']);
    expect(inference.types()).toEqual(['integer', 'string']);
    expect(convert('9007199254740993', 'integer')).toBe(9007199254740993n);
    expect(convert('9223372036854775807', 'integer')).toBe(9223372036854775807n);
    expect(convert('-42', 'integer')).toBe(-42);
  });
});
