/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { serverErrorPosition, withMax } from './query_errors';

describe('withMax', () => {
  it.each([
    {
      text: 'source=a | outputlookup lk_x',
      expected: 'source=a | outputlookup max=500 lk_x',
    },
    {
      text: 'source=a | outputlookup append=true max=9000 lk_x',
      expected: 'source=a | outputlookup append=true max=500 lk_x',
    },
    { text: 'source=a | head 5', expected: null },
  ])('$text', ({ text, expected }) => {
    expect(withMax(text, 500)).toBe(expected);
  });
});

describe('serverErrorPosition', () => {
  const text = 'source=web_logs\n| where hots = 1';
  it('takes the offset and length the server sends', () => {
    expect(
      serverErrorPosition(
        {
          message: 'm',
          statusCode: 400,
          attributes: { line: 2, column: 9, offset: 24, length: 4 },
        },
        text
      )
    ).toMatchObject({ source: 'server', line: 2, column: 9, offset: 24, length: 4, expected: [] });
  });

  it('counts the offset out from line and column when only those are given', () => {
    expect(
      serverErrorPosition({ message: 'm', attributes: { line: 2, column: 9 } }, text)
    ).toMatchObject({ offset: 24, length: 0 });
  });

  it('is null for an error without a position', () => {
    expect(serverErrorPosition({ message: 'm', attributes: { setting: 'x' } }, text)).toBeNull();
  });
});
