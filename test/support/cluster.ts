/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The real OpenSearch node the integration tests run against (started by scripts/test.sh), and
 * an administrator's client for arranging and inspecting state around the plugin's routes.
 */
import { Client } from '@opensearch-project/opensearch';

export const OPENSEARCH_URL =
  process.env.OPENSEARCH_URL ?? `http://127.0.0.1:${process.env.OPENSEARCH_PORT ?? 9200}`;

/** Same default as scripts/opensearch/common.sh. */
export function adminPassword(): string {
  return process.env.OPENSEARCH_INITIAL_ADMIN_PASSWORD ?? 'Lookups-Dev-2026!';
}

export function adminClient(): Client {
  return new Client({
    node: OPENSEARCH_URL,
    auth: { username: 'admin', password: adminPassword() },
  });
}

/** Removes lookups, backing indices and plain indices a test made (by exact names). */
export async function dropIndices(client: Client, ...names: string[]) {
  for (const name of names) {
    await client.indices.delete({ index: name, ignore_unavailable: true }).catch(() => undefined);
  }
}

/** A name nobody else uses in this run: tests never share state by accident. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The lookups and indices a test file makes, named uniquely, dropped together at the end. */
export class TestNames {
  private readonly made: string[] = [];

  /** A lookup name the test users may write (`lk_…`); its backing index is dropped too. */
  lookup(label: string): string {
    const name = uniqueName(`lk_${label}`);
    this.made.push(name, `${name}__lookup`);
    return name;
  }

  /** Any other name to drop at the end. */
  track(...names: string[]) {
    this.made.push(...names);
  }

  async drop(client: Client) {
    await dropIndices(client, ...this.made);
  }
}
