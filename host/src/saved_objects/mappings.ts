/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The saved objects index's mappings as OSD builds them
 * (src/core/server/saved_objects/migrations/core/build_active_mappings.ts): `dynamic: strict`
 * at the root, core's own properties, and each registered type's attributes under its name. A
 * document with an attribute its type does not map is refused by OpenSearch itself
 * (`strict_dynamic_mapping_exception`), which is how OSD refuses unknown attributes.
 */
import type { MappingProperty, SavedObjectTypeRegistry } from './types';

const CORE_PROPERTIES: Record<string, MappingProperty> = {
  migrationVersion: { dynamic: 'true', type: 'object' },
  type: { type: 'keyword' },
  namespace: { type: 'keyword' },
  namespaces: { type: 'keyword' },
  originId: { type: 'keyword' },
  updated_at: { type: 'date' },
  references: {
    type: 'nested',
    properties: {
      name: { type: 'keyword' },
      type: { type: 'keyword' },
      id: { type: 'keyword' },
    },
  },
};

export interface IndexMapping {
  dynamic: 'strict';
  properties: Record<string, MappingProperty>;
}

export function buildMappings(registry: SavedObjectTypeRegistry): IndexMapping {
  const properties: Record<string, MappingProperty> = { ...CORE_PROPERTIES };
  for (const type of registry.getAllTypes()) {
    if (type.name in CORE_PROPERTIES) {
      throw new Error(`Cannot redefine core mapping "${type.name}".`);
    }
    properties[type.name] = type.mappings as MappingProperty;
  }
  return { dynamic: 'strict', properties };
}

/** A property by its dotted path (`query.title`, `updated_at`), as OSD's `getProperty`. */
export function getProperty(mappings: IndexMapping, path: string): MappingProperty | undefined {
  let properties: Record<string, MappingProperty> | undefined = mappings.properties;
  let found: MappingProperty | undefined;
  for (const part of path.split('.')) {
    found = properties?.[part];
    if (!found) return undefined;
    properties = found.properties;
  }
  return found;
}
