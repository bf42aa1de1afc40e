/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A throwaway OpenSearch node of a test's own, beside the tests' node and node b: installed,
 * started and stopped with the same scripts (scripts/opensearch/*.sh) under its own
 * OPENSEARCH_NODE name, so it has its own install, data, logs, cluster name and ports. A test
 * may SIGKILL it and start it again. Its data is kept between runs (a second start skips the
 * security set-up); what a test makes there, it removes.
 */
import { execFile } from 'child_process';
import { createServer } from 'net';
import { promisify } from 'util';
import { Client } from '@opensearch-project/opensearch';
import { TEST_ROLES, type TestUser } from '../../scripts/opensearch/test_users';
import { adminPassword } from './cluster';
import { freePort, REPO_ROOT } from './host';

const run = promisify(execFile);

export interface ThrowawayNode {
  url: string;
  admin: Client;
  start(): Promise<void>;
  /** SIGKILL, as a crash would: no flush, no shutdown. Resolves once the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** The test users' roles, users and mappings, as scripts/opensearch/security.ts makes them. */
  addUsers(...users: TestUser[]): Promise<void>;
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** An HTTP port whose transport port (HTTP + 100, see common.sh) is free too. */
async function freeNodePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (port + 100 < 65536 && (await isFree(port + 100))) return port;
  }
  throw new Error('no free pair of ports for a throwaway OpenSearch node');
}

/**
 * `name`: lowercase letters and digits (OPENSEARCH_NODE). `port`: its HTTP port, or a free one.
 * `heap`: the JVM heap of its first install.
 */
export async function throwawayNode(
  name: string,
  options: { port?: number; heap?: string } = {}
): Promise<ThrowawayNode> {
  const port = options.port ?? (await freeNodePort());
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    OPENSEARCH_NODE: name,
    OPENSEARCH_PORT: String(port),
    OPENSEARCH_URL: url,
    OPENSEARCH_HEAP: options.heap ?? '512m',
  };
  const script = (file: string, timeoutMs: number) =>
    run('bash', [`${REPO_ROOT}/scripts/opensearch/${file}`], {
      cwd: REPO_ROOT,
      env,
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    });
  const admin = new Client({ node: url, auth: { username: 'admin', password: adminPassword() } });

  const pid = async (): Promise<number | undefined> => {
    const { stdout } = await run(
      'bash',
      ['-c', 'source scripts/opensearch/common.sh && os_running_pid'],
      { cwd: REPO_ROOT, env }
    );
    const value = Number(stdout.trim());
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };

  // A node of this name left running by an interrupted run listens on another port: stopped first.
  let leftoverStopped = false;
  return {
    url,
    admin,
    start: async () => {
      if (!leftoverStopped) await script('stop.sh', 2 * 60_000);
      leftoverStopped = true;
      await script('start.sh', 10 * 60_000);
    },
    kill: async () => {
      const id = await pid();
      if (id === undefined) throw new Error(`throwaway node ${name} is not running`);
      process.kill(id, 'SIGKILL');
      for (let waited = 0; ; waited += 100) {
        try {
          process.kill(id, 0);
        } catch {
          return;
        }
        if (waited > 30_000) throw new Error(`node ${name} (pid ${id}) outlived SIGKILL`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: async () => {
      await admin.close();
      await script('stop.sh', 2 * 60_000);
    },
    addUsers: async (...users: TestUser[]) => {
      const api = '/_plugins/_security/api';
      for (const user of users) {
        await admin.transport.request({
          method: 'PUT',
          path: `${api}/roles/${user.role}`,
          body: TEST_ROLES[user.role],
        });
        await admin.transport.request({
          method: 'PUT',
          path: `${api}/internalusers/${user.username}`,
          body: {
            password: user.password,
            backend_roles: [],
            attributes: {},
            description: user.description,
          },
        });
        await admin.transport.request({
          method: 'PUT',
          path: `${api}/rolesmapping/${user.role}`,
          body: { users: [user.username], backend_roles: [], hosts: [] },
        });
      }
    },
  };
}
