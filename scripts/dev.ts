/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A development loop: stages the zip and the host (scripts/build/stage.ts), runs the host, and on
 * every change under server/, public/, common/, host/ or translations/ stages again and restarts
 * the host, so a reload shows the change. It still runs the installed zip, never the sources.
 *
 *   npm run dev            (OpenSearch must be up: bash scripts/opensearch/start.sh)
 */
import { spawn, type ChildProcess } from 'child_process';
import { watch } from 'fs';
import { join } from 'path';
import { HOST_OUT_DIR } from './build/host';
import { ROOT } from './build/manifest';
import { stage } from './build/stage';

const WATCHED = ['server', 'public', 'common', 'host', 'translations'];

let host: ChildProcess | undefined;
function startHost() {
  host = spawn(process.execPath, [join(HOST_OUT_DIR, 'server/main.js')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      OPENSEARCH_INTERNAL_USERNAME: 'kibanaserver',
      OPENSEARCH_INTERNAL_PASSWORD: 'kibanaserver',
      ...process.env,
    },
  });
}
async function stopHost() {
  if (!host || host.exitCode !== null) return;
  const exited = new Promise((done) => host!.once('exit', done));
  host.kill('SIGTERM');
  await exited;
}

let running = Promise.resolve();
let pending: NodeJS.Timeout | undefined;
function restage() {
  running = running.then(async () => {
    try {
      const staged = await stage({ log: (line) => console.log(line) });
      if (staged.rebuiltPlugin || staged.rebuiltHost || !host) {
        await stopHost();
        startHost();
        console.log('dev: host restarted; reload the page');
      }
    } catch (error) {
      console.error(`dev: ${(error as Error).message} (the host keeps running the last build)`);
    }
  });
}

restage();
for (const dir of WATCHED) {
  watch(join(ROOT, dir), { recursive: true }, (_event, file) => {
    if (file && /(^|\/)node_modules\/|\.test\.tsx?$/.test(file)) return;
    clearTimeout(pending);
    pending = setTimeout(restage, 300);
  });
}
process.once('SIGINT', () => void stopHost().then(() => process.exit(0)));
