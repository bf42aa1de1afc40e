/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import * as fs from 'fs';
import * as path from 'path';
import { javaDoubleToString } from './java_double';

describe('javaDoubleToString', () => {
  // What Java's Double.toString prints (checked against JDK 25).
  it.each<[number, string]>([
    // The doubles of id-vectors.tsv.
    [1.0, '1.0'],
    [0.1, '0.1'],
    [1e21, '1.0E21'],
    [1e7, '1.0E7'],
    [1e-4, '1.0E-4'],
    [0.001, '0.001'],
    [123456.789, '123456.789'],
    [-0, '-0.0'],
    [0.1 + 0.2, '0.30000000000000004'],
    // Where the plain and scientific forms meet.
    [9999999.0, '9999999.0'],
    [9999999.999999998, '9999999.999999998'],
    [10000000.000000002, '1.0000000000000002E7'],
    [0.0009999999999999998, '9.999999999999998E-4'],
    [0.0010000000000000002, '0.0010000000000000002'],
    [0.01, '0.01'],
    [0.5, '0.5'],
    [100.0, '100.0'],
    [1234.5, '1234.5'],
    [1e6, '1000000.0'],
    [1.5e-7, '1.5E-7'],
    [1.2345e-7, '1.2345E-7'],
    [123456789, '1.23456789E8'],
    [2 ** 53, '9.007199254740992E15'],
    [2 ** 63, '9.223372036854776E18'],
    [1e22, '1.0E22'],
    // Java's one-or-two digit rule: the closest two-digit decimal wins over a one-digit one.
    [5e-324, '4.9E-324'],
    [1e-323, '9.9E-324'],
    [1.5e-323, '1.5E-323'],
    [2e-323, '2.0E-323'],
    [2.5e-323, '2.5E-323'],
    [1e23, '1.0E23'],
    // Extremes and specials.
    [1.7976931348623157e308, '1.7976931348623157E308'],
    [2.2250738585072014e-308, '2.2250738585072014E-308'],
    [0, '0.0'],
    [-1.5, '-1.5'],
    [-1e-10, '-1.0E-10'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
  ])('%p -> %s', (x, expected) => {
    expect(javaDoubleToString(x)).toBe(expected);
  });

  it('reproduces every line JDK 25 printed in fixtures/java-double-tostring.tsv', () => {
    const text = fs.readFileSync(
      path.join(__dirname, 'fixtures', 'java-double-tostring.tsv'),
      'utf8'
    );
    const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(3000);
    const view = new DataView(new ArrayBuffer(8));
    const mismatches: string[] = [];
    for (const line of lines) {
      const [bits, expected] = line.split('\t');
      view.setBigUint64(0, BigInt(`0x${bits}`));
      const actual = javaDoubleToString(view.getFloat64(0));
      if (actual !== expected) {
        mismatches.push(`${bits}: ${actual} != ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('always round-trips through Number', () => {
    const view = new DataView(new ArrayBuffer(8));
    let seed = 0x9e3779b9;
    for (let i = 0; i < 20000; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      view.setUint32(0, seed);
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      view.setUint32(4, seed);
      const x = view.getFloat64(0);
      if (Number.isFinite(x)) {
        expect(Object.is(Number(javaDoubleToString(x)), x)).toBe(true);
      }
    }
  });
});
