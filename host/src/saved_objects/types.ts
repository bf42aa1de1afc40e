/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Saved object types as OSD registers them (`core.savedObjects.registerType`,
 * src/core/server/saved_objects/types.ts): a name, how it relates to namespaces, and the
 * mappings of its attributes in the saved objects index. The host has no spaces: every object
 * lives in the default namespace, as in OSD without the spaces or workspaces features.
 */
import type Boom from '@hapi/boom';

export type MappingProperty = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, MappingProperty>;
};

export interface SavedObjectsType {
  name: string;
  /** `single`: in one namespace (the default one here); `agnostic`: in none. */
  namespaceType: 'single' | 'agnostic';
  mappings: { dynamic?: false | 'strict'; properties: Record<string, MappingProperty> };
  /** OSD's `management.defaultSearchField`: what a prefix search (`abc*`) matches. */
  defaultSearchField?: string;
}

export interface SavedObjectReference {
  name: string;
  type: string;
  id: string;
}

/** A saved object as OSD's HTTP API answers it. */
export interface SavedObject<T = Record<string, unknown>> {
  id: string;
  type: string;
  namespaces?: string[];
  updated_at?: string;
  version?: string;
  attributes: T;
  references: SavedObjectReference[];
  migrationVersion?: Record<string, string>;
}

/** One object of a bulk answer that could not be read. */
export interface SavedObjectError {
  id: string;
  type: string;
  error: Boom.Payload;
}

/**
 * What a plugin's saved objects client wrapper does for its type (as OSD's Data Source plugin
 * validates and encrypts data sources): each hook may refuse with a Boom.
 */
export interface SavedObjectsTypeWrapper {
  /** The attributes to store for a new object. */
  create?(attributes: Record<string, unknown>): Record<string, unknown>;
  /** The attributes to store for an update. */
  update?(attributes: Record<string, unknown>): Record<string, unknown>;
  /** What a client sees of a stored object. */
  view?(object: SavedObject): SavedObject;
}

export class SavedObjectTypeRegistry {
  private readonly types = new Map<string, SavedObjectsType>();
  private readonly wrappers = new Map<string, SavedObjectsTypeWrapper>();

  registerType(type: SavedObjectsType) {
    if (this.types.has(type.name)) {
      throw new Error(`Type '${type.name}' is already registered`);
    }
    this.types.set(type.name, type);
  }

  addWrapper(typeName: string, wrapper: SavedObjectsTypeWrapper) {
    this.wrappers.set(typeName, wrapper);
  }

  getType(name: string): SavedObjectsType | undefined {
    return this.types.get(name);
  }

  getAllTypes(): SavedObjectsType[] {
    return [...this.types.values()];
  }

  wrapperOf(name: string): SavedObjectsTypeWrapper {
    return this.wrappers.get(name) ?? {};
  }

  isSingleNamespace(name: string) {
    return this.types.get(name)?.namespaceType === 'single';
  }
}
