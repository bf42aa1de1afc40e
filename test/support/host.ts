/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Starts the standalone host as its own process, as a user would run it (the compiled host with
 * plain node, serving the plugin installed from the zip: test/support/staged.ts), so tests talk
 * HTTP to it and can kill it mid-write.
 */
import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, writeFileSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { OPENSEARCH_URL } from './cluster';
import { HOST_MAIN, hostHome } from './staged';

export const REPO_ROOT = resolve(__dirname, '../..');

export interface TestHost {
  url: string;
  process: ChildProcess;
  /** Everything the host wrote to stderr (its JSON log). */
  log: () => string;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Writes `{ plugins: { lookups } }` to a fresh file, for LOOKUPS_HOST_CONFIG; returns its path. */
export function hostConfigFile(lookups: Record<string, unknown>, prefix = 'lookups-host-'): string {
  const file = join(mkdtempSync(join(tmpdir(), prefix)), 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  return file;
}

/** Leases and schedule checks short enough for a test to watch due times and take-overs. */
export const QUICK_SCHEDULES = {
  lease_ttl_ms: 3000,
  schedules: { check_every_ms: 200, min_interval_ms: 1000 },
};

export async function startTestHost(env: Record<string, string> = {}): Promise<TestHost> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    // Plain node, no loader: the plugin's server code must run as OSD runs it.
    [HOST_MAIN],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        LOOKUPS_HOST_PORT: String(port),
        LOOKUPS_HOST_HOME: hostHome(),
        OPENSEARCH_URL,
        // OSD's own identity: kibanaserver from the demo security configuration.
        OPENSEARCH_INTERNAL_USERNAME: 'kibanaserver',
        OPENSEARCH_INTERNAL_PASSWORD: 'kibanaserver',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;

  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`host exited early:\n${output}`);
    const ready = await fetch(`${url}/login`).then(
      (r) => r.ok,
      () => false
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`host did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    url,
    process: child,
    log: () => output,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}
