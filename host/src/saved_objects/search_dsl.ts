/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `_find`'s search as OSD builds it (src/core/server/saved_objects/service/lib/search_dsl/
 * query_params.ts, sorting_params.ts, included_fields.ts, filter_utils.ts): the types' clauses
 * in the default namespace, a `simple_query_string` over the search fields (a prefix search,
 * `abc*`, also matches phrase prefixes of each type's default search field), `has_reference`,
 * sorting by a type's or a root field, and `_source` cut to the fields asked for.
 *
 * `filter` is KQL in OSD. The host understands one proposition, `<type>.attributes.<field>:
 * <value>` (or a root field, `<type>.updated_at: <value>`), with OSD's checks of the key; any
 * other KQL is refused as unsupported rather than ignored.
 */
import { savedObjectsErrors } from './errors';
import { getProperty, type IndexMapping } from './mappings';
import type { SavedObjectTypeRegistry } from './types';

export interface FindOptions {
  type: string[];
  page: number;
  perPage: number;
  search?: string;
  defaultSearchOperator: 'OR' | 'AND';
  searchFields?: string[];
  sortField?: string;
  hasReference?: { type: string; id: string };
  fields?: string[];
  filter?: string;
  namespaces?: string[];
}

const DEFAULT_NAMESPACE = 'default';

function clauseForType(registry: SavedObjectTypeRegistry, namespaces: string[], type: string) {
  if (registry.isSingleNamespace(type)) {
    const should: Array<Record<string, unknown>> = [];
    const others = namespaces.filter((n) => n !== DEFAULT_NAMESPACE);
    if (others.length > 0) should.push({ terms: { namespace: others } });
    if (namespaces.includes(DEFAULT_NAMESPACE)) {
      should.push({ bool: { must_not: [{ exists: { field: 'namespace' } }] } });
    }
    return {
      bool: {
        must: [{ term: { type } }],
        should,
        minimum_should_match: 1,
        must_not: [{ exists: { field: 'namespaces' } }],
      },
    };
  }
  return {
    bool: {
      must: [{ term: { type } }],
      must_not: [{ exists: { field: 'namespace' } }, { exists: { field: 'namespaces' } }],
    },
  };
}

const FILTER = /^\s*([^\s:.]+(?:\.[^\s:]+)*)\s*:\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"()*]+))\s*$/;

/** One KQL proposition on an allowed type's field, as OSD checks its key, as a query. */
function filterQuery(filter: string, types: string[], mappings: IndexMapping) {
  const match = FILTER.exec(filter);
  if (!match || /^(and|or|not)$/i.test(match[3] ?? '')) {
    throw savedObjectsErrors.badRequest(
      `The filter "${filter}" is not supported by this host: it takes one proposition, <type>.attributes.<field>: <value>`
    );
  }
  const [, key, quoted, bare] = match;
  const parts = key.split('.');
  if (parts.length === 1) {
    throw savedObjectsErrors.badRequest(
      `This key '${key}' need to be wrapped by a saved object type like ${types.join()}`
    );
  }
  if (!types.includes(parts[0])) {
    throw savedObjectsErrors.badRequest(`This type ${parts[0]} is not allowed`);
  }
  const root = parts.length === 2;
  if (
    (root && getProperty(mappings, `${parts[0]}.${parts[1]}`)) ||
    (!root && parts[1] !== 'attributes')
  ) {
    throw savedObjectsErrors.badRequest(
      `This key '${key}' does NOT match the filter proposition SavedObjectType.attributes.key`
    );
  }
  const field = root ? parts[1] : `${parts[0]}.${parts.slice(2).join('.')}`;
  if (!getProperty(mappings, field)) {
    throw savedObjectsErrors.badRequest(
      `This key '${key}' does NOT exist in ${types.join()} saved object index patterns`
    );
  }
  const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare;
  return {
    bool: {
      should: [
        quoted !== undefined ? { match_phrase: { [field]: value } } : { match: { [field]: value } },
      ],
      minimum_should_match: 1,
    },
  };
}

function matchPhrasePrefixClauses(
  search: string,
  searchFields: string[] | undefined,
  types: string[],
  registry: SavedObjectTypeRegistry
) {
  const query = search.replace(/[*]$/, '');
  const given = (searchFields ?? []).filter((f) => f !== '*');
  const fields =
    given.length === 0
      ? types.flatMap((type) => {
          const field = registry.getType(type)?.defaultSearchField;
          return field ? [`${type}.${field}`] : [];
        })
      : given.flatMap((field) => types.map((type) => `${type}.${field}`));
  return fields.map((raw) => {
    const [field, rawBoost] = raw.split('^');
    const boost = rawBoost ? parseInt(rawBoost, 10) : 1;
    return { match_phrase_prefix: { [field]: { query, boost: Number.isNaN(boost) ? 1 : boost } } };
  });
}

function sortingParams(mappings: IndexMapping, types: string[], sortField?: string) {
  if (!sortField) return {};
  if (sortField === '_id' || sortField === '_score') return { sort: [{ [sortField]: {} }] };
  if (types.length > 1) {
    const rootField = getProperty(mappings, sortField);
    if (!rootField) {
      throw savedObjectsErrors.badRequest(
        `Unable to sort multiple types by field ${sortField}, not a root property`
      );
    }
    return { sort: [{ [sortField]: { unmapped_type: rootField.type } }] };
  }
  let key = `${types[0]}.${sortField}`;
  let field = getProperty(mappings, key);
  if (!field) {
    key = sortField;
    field = getProperty(mappings, sortField);
    if (!field) throw savedObjectsErrors.badRequest(`Unknown sort field ${sortField}`);
  }
  return { sort: [{ [key]: { unmapped_type: field.type } }] };
}

/** OSD's `includedFields`: each type's fields asked for, and the root fields every object has. */
export function includedFields(types: string[], fields?: string[]): string[] | undefined {
  if (!fields || fields.length === 0) return undefined;
  return [
    ...types.flatMap((type) => fields.map((field) => `${type}.${field}`)),
    'namespace',
    'namespaces',
    'type',
    'references',
    'migrationVersion',
    'updated_at',
    'originId',
    ...fields,
  ];
}

export function searchBody(
  options: FindOptions,
  types: string[],
  registry: SavedObjectTypeRegistry,
  mappings: IndexMapping
) {
  const namespaces = [
    ...new Set(
      (options.namespaces ?? [DEFAULT_NAMESPACE]).map((n) => (n === '*' ? DEFAULT_NAMESPACE : n))
    ),
  ];
  const bool: Record<string, unknown> = {
    filter: [
      ...(options.filter ? [filterQuery(options.filter, types, mappings)] : []),
      {
        bool: {
          must: options.hasReference
            ? [
                {
                  nested: {
                    path: 'references',
                    query: {
                      bool: {
                        must: [
                          { term: { 'references.id': options.hasReference.id } },
                          { term: { 'references.type': options.hasReference.type } },
                        ],
                      },
                    },
                  },
                },
              ]
            : undefined,
          should: types.map((type) => clauseForType(registry, namespaces, type)),
          minimum_should_match: 1,
        },
      },
    ],
  };
  if (options.search) {
    const searchFields = options.searchFields ?? [];
    const simple = {
      simple_query_string: {
        query: options.search,
        ...(searchFields.length === 0
          ? { lenient: true, fields: ['*'] }
          : { fields: searchFields.flatMap((f) => types.map((type) => `${type}.${f}`)) }),
        default_operator: options.defaultSearchOperator,
      },
    };
    if (options.search.trim().endsWith('*')) {
      bool.should = [
        simple,
        ...matchPhrasePrefixClauses(options.search, options.searchFields, types, registry),
      ];
      bool.minimum_should_match = 1;
    } else {
      bool.must = [simple];
    }
  }
  return {
    seq_no_primary_term: true,
    query: { bool },
    ...sortingParams(mappings, types, options.sortField),
  };
}
