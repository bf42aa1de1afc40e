/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The catalog's order of names (#33, catalog sort). */
import { compareNames } from './name_order';

const sorted = (names: string[]) => [...names].sort(compareNames);

it('sorts names as OSD tables sort text', () => {
  expect(sorted(['lk_cat300_0d1e', 'lk_cat300_00d3', 'lk_b', 'lk_a_2'])).toEqual([
    'lk_a_2',
    'lk_b',
    'lk_cat300_00d3',
    'lk_cat300_0d1e',
  ]);
});

it('orders names that differ only in their numbers by the numbers', () => {
  expect(sorted(['lk_host_10', 'lk_host_2', 'lk_host_1', 'lk_host_02x', 'lk_host_9x'])).toEqual([
    'lk_host_02x',
    'lk_host_1',
    'lk_host_2',
    'lk_host_10',
    'lk_host_9x',
  ]);
});
