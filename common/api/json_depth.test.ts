/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { describeJsonPath, jsonDepthExcess } from './json_depth';

const deepObject = (depth: number, key = 'a') =>
  `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The real depth of parsed JSON, for comparison (JSON.parse is iterative in V8). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    max = Math.max(max, d);
    for (const child of Object.values(v as object)) stack.push([child, d + 1]);
  }
  return max;
}

describe('jsonDepthExcess', () => {
  it.each([
    ['a scalar', '1', 0],
    ['an object', '{"a":1}', 1],
    ['arrays in an object', '{"a":[[1],[2,[3]]],"b":{}}', 4],
    ['brackets inside strings', '{"a":"[[[{{{","b\\"[[":"\\\\"}', 1],
    ['escaped quotes before brackets', '{"a":"x\\"[[["}', 1],
    ['an object deep', deepObject(64), 64],
    ['arrays deep', deepArray(65), 65],
  ])('measures %s exactly as deep as it parses', (_label, text, depth) => {
    expect(depthOf(JSON.parse(text))).toBe(depth);
    if (depth > 0) expect(jsonDepthExcess(text, depth - 1)).toBeDefined();
    expect(jsonDepthExcess(text, depth)).toBeUndefined();
  });

  it('names the keys and indices around the level that is too deep', () => {
    const text = `{"rows":[{"a":1},{"n":2,"geo":{"p":[0,"[",[1,[2]]]}}]}`;
    expect(jsonDepthExcess(text, 5)).toEqual({ maxDepth: 5, path: ['rows', 1, 'geo', 'p', 2] });
    expect(jsonDepthExcess(`{"we\\"ird":{"b":{}}}`, 2)).toEqual({
      maxDepth: 2,
      path: ['we"ird', 'b'],
    });
  });

  it.each([5_000, 100_000, 1_000_000])('measures text nested %i deep, without recursion', (n) => {
    const excess = jsonDepthExcess(deepObject(n, 'x'), 64);
    expect(excess?.maxDepth).toBe(64);
    expect(excess?.path).toHaveLength(64);
    expect(jsonDepthExcess(deepArray(n), 64)?.path).toEqual(Array(64).fill(0));
  });

  it('measures text that is not JSON as far as it goes', () => {
    expect(jsonDepthExcess('{"a":"unterminated [[[[', 1)).toBeUndefined();
    expect(jsonDepthExcess(']]]{"a":{"b":1}}', 1)).toEqual({ maxDepth: 1, path: ['a'] });
  });
});

describe('describeJsonPath', () => {
  it('writes a path as a reader would, cut after a few parts', () => {
    expect(describeJsonPath(['rows', 12, 'geo', 'point'])).toBe('rows[12].geo.point');
    expect(describeJsonPath(['a b', 0])).toBe('"a b"[0]');
    expect(describeJsonPath(Array(10).fill('a'))).toBe('a.a.a.a.a.a…');
  });
});
