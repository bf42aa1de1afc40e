/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Data sources as OSD keeps them: saved objects of type `data-source` (its type registration,
 * src/plugins/data_source/server/saved_objects/data_source.ts) in the local cluster's OSD
 * index, kept by the host's saved objects service. As OSD's data source saved objects client
 * wrapper (data_source_saved_objects_client_wrapper.ts): the attributes are checked on create
 * (title, an http(s) endpoint, an auth type this host supports, with OSD's messages), the
 * password is encrypted before it is stored. Stricter than OSD: nothing read back for a
 * client carries the (encrypted) credentials, and an update is refused (delete and create).
 */
import type { CredentialCipher } from './cryptography';
import {
  savedObjectsErrors,
  type SavedObject,
  type SavedObjectsType,
  type SavedObjectsTypeWrapper,
} from '../saved_objects';

export const DATA_SOURCE_TYPE = 'data-source';

export const DATA_SOURCE_SAVED_OBJECT: SavedObjectsType = {
  name: DATA_SOURCE_TYPE,
  namespaceType: 'agnostic',
  defaultSearchField: 'title',
  mappings: {
    dynamic: false,
    properties: {
      title: { type: 'text' },
      endpoint: { type: 'keyword', index: false, doc_values: false },
      version: { type: 'integer' },
    },
  },
};

export type DataSourceAuth =
  | { type: 'no_auth' }
  | { type: 'username_password'; credentials: { username: string; password: string } };

export interface DataSourceAttributes {
  title: string;
  description?: string;
  endpoint: string;
  auth: DataSourceAuth;
  /** What OSD's data source management records at creation (fetchDataSourceMetaData). */
  dataSourceVersion?: string;
  dataSourceEngineType?: string;
  installedPlugins?: string[];
}

/** What a client may see of a data source: never its credentials. */
export function publicView(object: SavedObject): SavedObject {
  const auth = object.attributes.auth as { type?: unknown } | undefined;
  return {
    ...object,
    attributes: {
      ...object.attributes,
      ...(auth ? { auth: { type: auth.type } } : {}),
    },
  };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const badRequest = (reason: string) => savedObjectsErrors.badRequest(reason);

/** OSD's checks on a new data source, with its messages. */
export function checkAttributes(raw: unknown): DataSourceAttributes {
  const a = (raw ?? {}) as Record<string, unknown>;
  if (!isText(a.title)) throw badRequest('"title" attribute must be a non-empty string');
  let url: URL;
  try {
    url = new URL(String(a.endpoint));
  } catch {
    throw badRequest('"endpoint" attribute is not valid or allowed');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw badRequest('"endpoint" attribute is not valid or allowed');
  }
  if (a.auth === undefined) throw badRequest('"auth" attribute is required');
  const auth = a.auth as { type?: unknown; credentials?: Record<string, unknown> };
  if (!auth.type) throw badRequest('"auth.type" attribute is required');
  let checkedAuth: DataSourceAuth;
  if (auth.type === 'no_auth') {
    checkedAuth = { type: 'no_auth' };
  } else if (auth.type === 'username_password') {
    if (!auth.credentials) throw badRequest('"auth.credentials" attribute is required');
    const { username, password } = auth.credentials;
    if (!isText(username)) throw badRequest('"auth.credentials.username" attribute is required');
    if (!isText(password)) throw badRequest('"auth.credentials.password" attribute is required');
    checkedAuth = { type: 'username_password', credentials: { username, password } };
  } else if (auth.type === 'sigv4') {
    throw badRequest('sigv4 is not a supported auth type for data sources on this host');
  } else {
    throw badRequest(`Invalid auth type: '${String(auth.type)}'`);
  }
  return {
    title: a.title,
    ...(isText(a.description) ? { description: a.description } : {}),
    // As OSD: the endpoint is kept as given, less a trailing slash.
    endpoint: String(a.endpoint).replace(/\/+$/, ''),
    auth: checkedAuth,
    // Kept as the client sends them, as OSD's wrapper keeps every other attribute.
    ...(typeof a.dataSourceVersion === 'string' ? { dataSourceVersion: a.dataSourceVersion } : {}),
    ...(typeof a.dataSourceEngineType === 'string'
      ? { dataSourceEngineType: a.dataSourceEngineType }
      : {}),
    ...(Array.isArray(a.installedPlugins)
      ? { installedPlugins: a.installedPlugins.map(String) }
      : {}),
  };
}

/** The Data Source plugin's wrapper of the saved objects client, for its own type. */
export function dataSourceWrapper(cipher: CredentialCipher): SavedObjectsTypeWrapper {
  return {
    create(raw) {
      const attributes = checkAttributes(raw);
      if (attributes.auth.type === 'username_password') {
        const { username, password } = attributes.auth.credentials;
        attributes.auth = {
          type: 'username_password',
          credentials: {
            username,
            password: cipher.encryptAndEncode(password, { endpoint: attributes.endpoint }),
          },
        };
      }
      return attributes as unknown as Record<string, unknown>;
    },
    update() {
      throw badRequest(
        'Updating a data source is not supported by this host: delete it and create another'
      );
    },
    view: publicView,
  };
}
