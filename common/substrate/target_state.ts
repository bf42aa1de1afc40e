/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * What `<name>` is now, and what a write to it does: the contract's "Target states" table.
 *
 * The caller probes with index-level calls only and hands the parsed answers here:
 * - `aliases`: the body of `GET /_alias/<name>` (`{ "<index>": { aliases: { "<name>": {...} } } }`),
 *   or null/undefined/`{}` when the alias does not exist (404);
 * - `concreteIndexExists`: whether an index whose own name is `<name>` exists. (`GET /<name>`
 *   resolves aliases, so the caller checks that a returned index is named `<name>` itself.)
 */
import { parseSliceFilter } from './alias_filter';
import { backingIndexName } from './names';

export type TargetState =
  /** Nothing is named `<name>`. */
  | { kind: 'absent'; name: string }
  /** Our lookup: a slice filter alias on `<name>__lookup`. */
  | { kind: 'managed'; name: string; backingIndex: string; currentSlice: string }
  /** An ordinary index named `<name>`. */
  | { kind: 'concrete_index'; name: string }
  /** A data importer lookup: a slice filter alias on an index other than `<name>__lookup`. */
  | { kind: 'legacy'; name: string; legacyIndex: string; currentSlice: string }
  /** An alias on one index with no filter at all. */
  | { kind: 'unfiltered_alias'; name: string; indices: string[] }
  /** An alias on one index whose filter does not name a slice (see `parseSliceFilter`). */
  | { kind: 'no_discriminant'; name: string; indices: string[] }
  /** An alias over more than one index: not something any writer of lookups makes. */
  | { kind: 'multi_index_alias'; name: string; indices: string[] };

export type TargetKind = TargetState['kind'];

export interface TargetProbe {
  name: string;
  /** The parsed body of `GET /_alias/<name>`; null or undefined when it answered 404. */
  aliases: unknown;
  /** True when an index whose own name is `<name>` exists. */
  concreteIndexExists: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The indices the alias `<name>` is defined on, with each definition. Anything in the body that
 * is not an index entry defining that alias (a 404 error body, other aliases) is ignored.
 */
function aliasDefinitions(
  name: string,
  body: unknown
): Array<{ index: string; definition: Record<string, unknown> }> {
  if (!isPlainObject(body)) {
    return [];
  }
  const found: Array<{ index: string; definition: Record<string, unknown> }> = [];
  for (const [index, entry] of Object.entries(body)) {
    if (!isPlainObject(entry) || !isPlainObject(entry.aliases)) {
      continue;
    }
    if (!Object.prototype.hasOwnProperty.call(entry.aliases, name)) {
      continue;
    }
    const definition = entry.aliases[name];
    found.push({ index, definition: isPlainObject(definition) ? definition : {} });
  }
  return found.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));
}

/** Classifies `<name>` from the probe answers (see the file comment). */
export function classifyTarget(probe: TargetProbe): TargetState {
  const { name } = probe;
  // An index and an alias cannot share a name, so a concrete index settles it.
  if (probe.concreteIndexExists) {
    return { kind: 'concrete_index', name };
  }
  const definitions = aliasDefinitions(name, probe.aliases);
  if (definitions.length === 0) {
    return { kind: 'absent', name };
  }
  const indices = definitions.map((d) => d.index);
  if (definitions.length > 1) {
    return { kind: 'multi_index_alias', name, indices };
  }
  const { index, definition } = definitions[0];
  const filter = definition.filter;
  if (filter === undefined || filter === null) {
    return { kind: 'unfiltered_alias', name, indices };
  }
  const currentSlice = parseSliceFilter(filter);
  if (currentSlice === null) {
    return { kind: 'no_discriminant', name, indices };
  }
  if (index === backingIndexName(name)) {
    return { kind: 'managed', name, backingIndex: index, currentSlice };
  }
  return { kind: 'legacy', name, legacyIndex: index, currentSlice };
}

export type RefusalReason =
  | 'concrete_index'
  | 'non_filtered_alias'
  | 'no_lookup_discriminant'
  | 'multi_index_alias'
  | 'legacy_needs_migration';

export interface WriteRefusal {
  status: 409;
  reason: RefusalReason;
  /** Says what `<name>` is and the way out. */
  message: string;
}

export type WritePlan =
  /**
   * `<name>` is absent: write a new slice into `backingIndex` (creating it if needed), then add the
   * alias. Overwrite uses a random slice; append uses the deterministic one
   * (`appendToAbsentSliceUuid`) so that concurrent first appends converge.
   */
  | { action: 'create'; backingIndex: string; slice: 'random' | 'deterministic' }
  /** Write a new random slice, then repoint the alias; `previousSlice` becomes an orphan. */
  | { action: 'overwrite'; backingIndex: string; previousSlice: string }
  /** Bulk into the current slice. */
  | { action: 'append'; backingIndex: string; currentSlice: string }
  /**
   * Write a new random slice into `backingIndex`, then in one `_aliases` request remove the alias
   * from `legacyIndex` and add it on `backingIndex`. The legacy index is never deleted.
   */
  | { action: 'migrate'; backingIndex: string; legacyIndex: string; previousSlice: string }
  | { refuse: WriteRefusal };

export interface WriteMode {
  /** True for `append=true`, and whenever `key_field` is given. */
  append: boolean;
}

const WAY_OUT_OTHER_NAME = 'choose another name for the lookup';

function listIndices(indices: string[]): string {
  const shown = indices.slice(0, 5).map((index) => JSON.stringify(index));
  const more = indices.length > shown.length ? ` and ${indices.length - shown.length} more` : '';
  return `${shown.join(', ')}${more}`;
}

function refuse(reason: RefusalReason, message: string): WritePlan {
  return { refuse: { status: 409, reason, message } };
}

/** What a write does to `<name>` in `state`: the contract's table, row by row. */
export function planWrite(state: TargetState, mode: WriteMode): WritePlan {
  const quoted = JSON.stringify(state.name);
  switch (state.kind) {
    case 'absent':
      return {
        action: 'create',
        backingIndex: backingIndexName(state.name),
        slice: mode.append ? 'deterministic' : 'random',
      };
    case 'managed':
      return mode.append
        ? { action: 'append', backingIndex: state.backingIndex, currentSlice: state.currentSlice }
        : {
            action: 'overwrite',
            backingIndex: state.backingIndex,
            previousSlice: state.currentSlice,
          };
    case 'legacy':
      if (mode.append) {
        return refuse(
          'legacy_needs_migration',
          `${quoted} is a lookup made by the data importer over the index ${JSON.stringify(state.legacyIndex)}, ` +
            'which cannot be appended to: overwrite once to migrate it (write without append=true or key_field), ' +
            'then append. Nothing was changed.'
        );
      }
      return {
        action: 'migrate',
        backingIndex: backingIndexName(state.name),
        legacyIndex: state.legacyIndex,
        previousSlice: state.currentSlice,
      };
    case 'concrete_index':
      return refuse(
        'concrete_index',
        `${quoted} is a concrete index, not a lookup: ${WAY_OUT_OTHER_NAME}. Nothing was changed.`
      );
    case 'unfiltered_alias':
      return refuse(
        'non_filtered_alias',
        `${quoted} is a non-filtered alias on ${listIndices(state.indices)}, not a lookup: ` +
          `${WAY_OUT_OTHER_NAME}, or remove that alias if nothing needs it. Nothing was changed.`
      );
    case 'no_discriminant':
      return refuse(
        'no_lookup_discriminant',
        `${quoted} is an alias on ${listIndices(state.indices)} whose filter has no __lookup discriminant, ` +
          `so it is not a lookup: ${WAY_OUT_OTHER_NAME}, or remove that alias if nothing needs it. Nothing was changed.`
      );
    case 'multi_index_alias':
      return refuse(
        'multi_index_alias',
        `${quoted} is an alias over several indices (${listIndices(state.indices)}), not a lookup: ` +
          `${WAY_OUT_OTHER_NAME}. Nothing was changed.`
      );
  }
}

export function isRefusal(plan: WritePlan): plan is { refuse: WriteRefusal } {
  return 'refuse' in plan;
}
