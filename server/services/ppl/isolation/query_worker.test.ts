/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { BETWEEN_EVERY_MS, sparingly } from './query_worker';

describe("a write's rows so far, told to the main thread", () => {
  it('are told at the first chunk, then at most once per interval, with the latest count', async () => {
    let clock = 0;
    const told: number[] = [];
    const between = sparingly(
      async (rows) => void told.push(rows),
      () => clock
    );
    await between(0);
    for (let rows = 500; rows <= 5000; rows += 500) {
      clock += BETWEEN_EVERY_MS / 4;
      await between(rows);
    }
    expect(told).toEqual([0, 2000, 4000]);
  });

  it("waits for the main thread's answer, and passes on its failure", async () => {
    const between = sparingly(async () => {
      throw new Error('the job was cancelled');
    });
    await expect(between(0)).rejects.toThrow('the job was cancelled');
  });
});
