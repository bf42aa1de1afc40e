/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's description: a line of text its writers keep with it, shown in the catalog and on
 * its page. Metadata, never user rows, so it lives in the plugin's own index beside the write
 * records (written with the server's identity, see operations.md), one document per lookup name:
 * a description belongs to the name users query, so it survives a migration (the name stays, the
 * backing index changes) and goes when the lookup is deleted. Who may change it is decided by
 * the caller's own rights on the lookup (description_service.ts), and it is read only next to a
 * lookup the caller could read.
 */
import type { Logger } from 'opensearch-dashboards/server';
import { openSearchStatus } from '../../lib/errors';
import type { PluginIndex } from '../plugin_index/plugin_index';

export interface StoredDescription {
  lookup: string;
  text: string;
  updated_by: string | null;
  updated_at: string;
}

export const descriptionId = (lookup: string) => `description:${lookup}`;

interface DescriptionDoc {
  found?: boolean;
  _source?: { description: StoredDescription };
}

export class DescriptionStore {
  constructor(
    private readonly index: PluginIndex,
    private readonly logger: Logger
  ) {}

  /** The descriptions of these lookups (none for a lookup without one). */
  async ofLookups(names: string[]): Promise<Map<string, StoredDescription>> {
    const out = new Map<string, StoredDescription>();
    if (names.length === 0) return out;
    try {
      const { body } = await this.index.client.mget(
        { index: this.index.name, body: { ids: names.map(descriptionId) } },
        { ignore: [404] }
      );
      for (const doc of (body as { docs?: DescriptionDoc[] }).docs ?? []) {
        if (doc.found && doc._source)
          out.set(doc._source.description.lookup, doc._source.description);
      }
    } catch (error) {
      // A catalog without descriptions is still a catalog.
      this.warn('read', error);
    }
    return out;
  }

  /** Keeps `text` as the description; an empty text removes it. */
  async set(lookup: string, text: string, user: string | null): Promise<StoredDescription | null> {
    await this.index.ensure();
    if (text === '') {
      await this.forget(lookup);
      return null;
    }
    const description: StoredDescription = {
      lookup,
      text,
      updated_by: user,
      updated_at: new Date().toISOString(),
    };
    await this.index.client.index({
      index: this.index.name,
      id: descriptionId(lookup),
      body: { type: 'description', updated_at: description.updated_at, description },
      refresh: true,
    });
    return description;
  }

  /** The lookup is gone: so is its description (a new lookup of that name starts without one). */
  async forget(lookup: string) {
    try {
      await this.index.client.delete(
        { index: this.index.name, id: descriptionId(lookup), refresh: true },
        { ignore: [404] }
      );
    } catch (error) {
      this.warn('remove', error);
    }
  }

  private warn(what: string, error: unknown) {
    const status = openSearchStatus(error);
    this.logger.warn(
      `descriptions: could not ${what}${status ? ` (OpenSearch ${status})` : ''}: ${(error as Error).message}`
    );
  }
}
