/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Bench only: preloaded into the host (`NODE_OPTIONS=--import=<path>/memory_probe.mjs`)
 * with LOOKUPS_MEMORY_PROBE naming a file, it appends `process.memoryUsage()` every 50 ms as one
 * line `ms rss heapTotal heapUsed external arrayBuffers`, so a bench can say where RSS went.
 */
/* global process, setInterval */
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOKUPS_MEMORY_PROBE;
// Not in tsx's module-hooks thread, whose own small heap would be mixed into the host's figures.
if (file && isMainThread) {
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${Date.now()} ${m.rss} ${m.heapTotal} ${m.heapUsed} ${m.external} ${m.arrayBuffers}\n`
    );
  }, 50);
  timer.unref();
}
