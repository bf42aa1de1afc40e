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

const file = process.env.LOOKUPS_MEMORY_PROBE;
if (file) {
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${Date.now()} ${m.rss} ${m.heapTotal} ${m.heapUsed} ${m.external} ${m.arrayBuffers}\n`
    );
  }, 50);
  timer.unref();
}
