/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * An edit applied to its base version, in memory and without I/O: the new version's columns (in
 * order), the mappings new columns need, its rows (which keep their key), and what changed.
 * Everything the body asks is checked first; a problem is a 400 that names the operation, the
 * row and the field, and nothing has been written yet. The base is at most
 * `lookups.editor.max_rows` rows, so holding it is bounded.
 */
import type { ChangedRow, CompareResponse } from '../../../common/api/compare';
import { COMPARE_SAMPLES } from '../../../common/api/compare';
import type { EditBody, EditProblemAttributes, EditSummary } from '../../../common/api/edit';
import { stringifyJson } from '../../../common/api/lossless_json';
import {
  cellValueProblem,
  dateForMapping,
  NEW_COLUMN_MAPPING,
} from '../../../common/edit/cell_values';
import { newColumnNameProblem } from '../../../common/edit/column_names';
import { fitsMapping, mappingForType } from '../../../common/substrate/field_types';
import { isSubstrateError } from '../../../common/substrate/errors';
import { encodeDocId, keyTypeForColumn } from '../../../common/substrate/id_encoder';
import { BadRequestError } from '../../lib/errors';
import { valueAtPath } from '../export_service';
import type { Row } from '../writer/row_source';
import { keyedWith, type KeyScheme } from './key_scheme';

/** A leaf field of the backing index: its type, date format, and mapping as OpenSearch holds it. */
export interface FieldSpec {
  name: string;
  type: string;
  format?: string;
  mapping: Record<string, unknown>;
}

export interface BaseVersion {
  /** null when the edit creates the lookup. */
  slice: string | null;
  /** The version's columns, in their written order. */
  columns: FieldSpec[];
  /** Every leaf field the backing index maps (older versions' too): types are fixed per index. */
  mapped: ReadonlyMap<string, FieldSpec>;
  rows: Array<{ id: string; source: Row }>;
  keys?: KeyScheme;
}

export interface PlannedRow {
  source: Row;
  /** Written with the id of its key under this scheme; without one, OpenSearch gives the id. */
  key?: KeyScheme;
}

export interface EditPlan {
  columns: FieldSpec[];
  /** Fields to map before writing, as a `_mapping` request's properties. */
  newMappings: Record<string, Record<string, unknown>>;
  rows: PlannedRow[];
  keys?: KeyScheme;
  summary: EditSummary;
  preview: CompareResponse;
}

function refuse(message: string, attributes: EditProblemAttributes): never {
  throw new BadRequestError(`${message} Nothing was written.`, { ...attributes });
}

const quoted = (names: Iterable<string>) => [...names].map((n) => `"${n}"`).join(', ') || '(none)';

/** Whether the value of `name` in `source` is held under that name itself (not inside an object). */
function flat(source: Row, name: string): boolean {
  return (
    !name.includes('.') ||
    Object.prototype.hasOwnProperty.call(source, name) ||
    valueAtPath(source, name) === undefined
  );
}

const same = (a: unknown, b: unknown) => stringifyJson(a ?? null) === stringifyJson(b ?? null);

interface Limits {
  maxRows: number;
}

export function planEdit(base: BaseVersion, body: EditBody, limits: Limits): EditPlan {
  const baseNames = base.columns.map((c) => c.name);
  const baseColumns = new Map(base.columns.map((c) => [c.name, c]));
  const keyFields = new Set(base.keys?.fields ?? []);
  const ops = body.columns ?? {};

  // ---- columns: drop, rename, add (rename.from and drop name the base's columns) ----------
  const dropped = new Set<string>();
  (ops.drop ?? []).forEach((name, index) => {
    const at = { op: 'columns' as const, index, field: name, reason: 'drop' };
    if (!baseColumns.has(name)) {
      refuse(
        `columns.drop[${index}]: "${name}" is not a column of this version; its columns are ${quoted(baseNames)}.`,
        at
      );
    }
    if (keyFields.has(name)) {
      refuse(
        `columns.drop[${index}]: "${name}" is a key field of this lookup (key_field=${[...keyFields].join(',')}), so it cannot be dropped here; write the lookup again with a query to change its key.`,
        at
      );
    }
    dropped.add(name);
  });
  const renamed = new Map<string, string>();
  (ops.rename ?? []).forEach(({ from, to }, index) => {
    const at = { op: 'columns' as const, index, field: from, reason: 'rename' };
    if (!baseColumns.has(from)) {
      refuse(
        `columns.rename[${index}]: "${from}" is not a column of this version; its columns are ${quoted(baseNames)}.`,
        at
      );
    }
    if (dropped.has(from) || renamed.has(from)) {
      refuse(
        `columns.rename[${index}]: "${from}" is already ${dropped.has(from) ? 'dropped' : 'renamed'} by this edit; change each column once.`,
        at
      );
    }
    if (keyFields.has(from)) {
      refuse(
        `columns.rename[${index}]: "${from}" is a key field of this lookup (key_field=${[...keyFields].join(',')}), so it cannot be renamed here; write the lookup again with a query to change its key.`,
        at
      );
    }
    const problem = newColumnNameProblem(to);
    if (problem)
      refuse(`columns.rename[${index}]: the new name is refused: ${problem}.`, {
        ...at,
        field: to,
      });
    renamed.set(from, to);
  });
  // Names the new version holds: the base's columns it keeps as they are, then each new name.
  const taken = new Set(baseNames.filter((n) => !dropped.has(n) && !renamed.has(n)));
  const newMappings: Record<string, Record<string, unknown>> = {};
  const claim = (spec: FieldSpec, label: string, at: EditProblemAttributes): FieldSpec => {
    if (taken.has(spec.name)) {
      refuse(
        `${label}: the new version already has a column "${spec.name}"; choose another name.`,
        at
      );
    }
    const existing = base.mapped.get(spec.name);
    if (existing && !fitsMapping(existing.type, spec.type, false)) {
      refuse(
        `${label}: "${spec.name}" was a ${existing.type} column in an earlier version of this lookup, and field types are fixed per lookup; choose another name or the type ${existing.type}.`,
        { ...at, field: spec.name }
      );
    }
    const object = [...base.mapped.keys()].find((f) => f.startsWith(`${spec.name}.`));
    if (object) {
      refuse(
        `${label}: "${spec.name}" holds object fields (${object}) in this lookup's index; choose another name.`,
        { ...at, field: spec.name }
      );
    }
    taken.add(spec.name);
    if (existing) return { ...existing, name: spec.name };
    newMappings[spec.name] = spec.mapping;
    return spec;
  };
  const renameIndex = new Map((ops.rename ?? []).map(({ from }, index) => [from, index]));
  // Kept and renamed columns stay where they were; new ones follow.
  const columns: FieldSpec[] = [];
  for (const column of base.columns) {
    if (dropped.has(column.name)) continue;
    const to = renamed.get(column.name);
    if (to === undefined) {
      columns.push(column);
      continue;
    }
    const index = renameIndex.get(column.name)!;
    columns.push(
      claim({ ...column, name: to }, `columns.rename[${index}]`, {
        op: 'columns',
        index,
        field: to,
        reason: 'rename',
      })
    );
  }
  (ops.add ?? []).forEach(({ name, type }, index) => {
    const at = { op: 'columns' as const, index, field: name, reason: 'add' };
    const problem = newColumnNameProblem(name);
    if (problem) refuse(`columns.add[${index}]: the column name is refused: ${problem}.`, at);
    const mapping = mappingForType(type) ?? { type: NEW_COLUMN_MAPPING[type] };
    columns.push(
      claim(
        {
          name,
          type: mapping.type as string,
          format: mapping.format as string | undefined,
          mapping,
        },
        `columns.add[${index}]`,
        at
      )
    );
  });
  const byName = new Map(columns.map((c) => [c.name, c]));
  const names = columns.map((c) => c.name);

  /** A row's cells checked and converted for writing; `label` names the row in messages. */
  const cells = (patch: Row, label: string, at: EditProblemAttributes): Row => {
    const out: Row = {};
    for (const [field, value] of Object.entries(patch)) {
      const spec = byName.get(field);
      if (!spec) {
        const was = renamed.get(field);
        refuse(
          was !== undefined
            ? `${label}: "${field}" is renamed to "${was}" by this edit; use the new name.`
            : `${label}: "${field}" is not a column of the edited version; its columns are ${quoted(names)}.`,
          { ...at, field }
        );
      }
      const problem = cellValueProblem(spec.type, value);
      if (problem) refuse(`${label}: field "${field}": ${problem}.`, { ...at, field });
      if (spec.type === 'date' || spec.type === 'date_nanos') {
        out[field] = convertDates(value, spec, label, at);
      } else {
        out[field] = value;
      }
    }
    return out;
  };

  // ---- rows ----------------------------------------------------------------------------------
  const baseIds = new Map(base.rows.map((row, i) => [row.id, i]));
  const deleted = new Set<string>();
  (body.delete ?? []).forEach((id, index) => {
    if (!baseIds.has(id)) {
      refuse(
        `delete[${index}]: this version has no row with id "${id}"; read the ids again with _rows?with_ids=true.`,
        { op: 'delete', index, id }
      );
    }
    deleted.add(id);
  });
  const patches = new Map<string, { patch: Row; index: number }>();
  (body.update ?? []).forEach(({ id, row }, index) => {
    const at = { op: 'update' as const, index, id };
    const label = `update[${index}] (row id ${id})`;
    if (!baseIds.has(id)) {
      refuse(
        `${label}: this version has no row with this id; read the ids again with _rows?with_ids=true.`,
        at
      );
    }
    if (deleted.has(id)) refuse(`${label}: the row is also deleted by this edit.`, at);
    if (patches.has(id)) refuse(`${label}: the row is updated twice; send one update per row.`, at);
    patches.set(id, { patch: cells(row, label, at), index });
  });

  const rows: Array<PlannedRow & { origin: string; at: EditProblemAttributes }> = [];
  const changedSamples: ChangedRow[] = [];
  const removedSamples: Row[] = [];
  let updated = 0;
  for (const row of base.rows) {
    if (deleted.has(row.id)) {
      if (removedSamples.length < COMPARE_SAMPLES) removedSamples.push(row.source);
      continue;
    }
    const update = patches.get(row.id);
    const label = update ? `update[${update.index}] (row id ${row.id})` : `row id ${row.id}`;
    const at: EditProblemAttributes = update
      ? { op: 'update', index: update.index, id: row.id }
      : { id: row.id };
    const source: Row = {};
    for (const [field, value] of Object.entries(row.source)) {
      if (dropped.has(field)) continue;
      source[renamed.get(field) ?? field] = value;
    }
    for (const field of [...dropped, ...renamed.keys()]) {
      if (!flat(row.source, field)) {
        refuse(
          `${label}: "${field}" is held inside an object in this row, so the editor cannot ${dropped.has(field) ? 'drop' : 'rename'} it; change it with a query.`,
          { ...at, field }
        );
      }
    }
    let changed = false;
    if (update) {
      for (const [field, value] of Object.entries(update.patch)) {
        if (!flat(source, field)) {
          refuse(
            `${label}: "${field}" is held inside an object in this row, so the editor cannot change it; change it with a query.`,
            { ...at, field }
          );
        }
        if (!same(source[field], value)) changed = true;
        if (value === null) delete source[field];
        else source[field] = value;
      }
    }
    if (changed) {
      updated++;
      if (changedSamples.length < COMPARE_SAMPLES) {
        changedSamples.push({
          key: sampleKey(base.keys, source, row.id),
          from: row.source,
          to: source,
        });
      }
    }
    const key =
      base.keys && base.slice
        ? keyedWith(row, base.keys, typesOf(base.mapped), base.slice)
        : undefined;
    rows.push({ source, key, origin: label, at });
  }
  const addedSamples: Row[] = [];
  (body.add ?? []).forEach((row, index) => {
    const at = { op: 'add' as const, index };
    const source = cells(row, `add[${index}]`, at);
    for (const field of Object.keys(source)) if (source[field] === null) delete source[field];
    if (addedSamples.length < COMPARE_SAMPLES) addedSamples.push(source);
    rows.push({ source, key: base.keys, origin: `add[${index}]`, at });
  });

  if (rows.length > limits.maxRows) {
    refuse(
      `The edited version would have ${rows.length} rows; the editor writes lookups of up to ${limits.maxRows} rows (lookups.editor.max_rows). Write larger lookups with a query ending in outputlookup, a file import or _write.`,
      { reason: 'editor_max_rows' }
    );
  }
  checkUniqueKeys(rows, base.keys, typesOf(byName));

  const added = body.add?.length ?? 0;
  const summary: EditSummary = {
    base_slice: base.slice,
    added,
    updated,
    deleted: deleted.size,
    columns: {
      added: (ops.add ?? []).map((c) => c.name),
      renamed: (ops.rename ?? []).map(({ from, to }) => ({ from, to })),
      dropped: [...dropped],
    },
  };
  if (
    added + updated + deleted.size + dropped.size + renamed.size + (ops.add?.length ?? 0) === 0 &&
    base.slice !== null
  ) {
    refuse('The edit changes nothing: every update holds the values the rows already have.', {
      reason: 'no_change',
    });
  }
  const preview: CompareResponse = {
    from: { slice: base.slice ?? '', rows: base.rows.length, columns: baseNames },
    to: { slice: '', rows: rows.length, columns: names },
    columns: {
      added: names.filter((n) => !baseNames.includes(n)),
      removed: baseNames.filter((n) => !names.includes(n)),
    },
    by_key: {
      key_field: base.keys?.fields ?? ['row'],
      added,
      removed: deleted.size,
      changed: updated,
      unchanged: base.rows.length - deleted.size - updated,
      samples: { added: addedSamples, removed: removedSamples, changed: changedSamples },
    },
  };
  return {
    columns,
    newMappings,
    rows: rows.map(({ source, key }) => ({ source, key })),
    keys: base.keys,
    summary,
    preview,
  };
}

function typesOf(specs: ReadonlyMap<string, FieldSpec>): Map<string, string> {
  return new Map([...specs].map(([name, spec]) => [name, spec.type]));
}

function sampleKey(keys: KeyScheme | undefined, row: Row, id: string): Row {
  return keys ? Object.fromEntries(keys.fields.map((f) => [f, row[f] ?? null])) : { row: id };
}

function convertDates(
  value: unknown,
  spec: FieldSpec,
  label: string,
  at: EditProblemAttributes
): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => convertDates(v, spec, label, at));
  const written = dateForMapping(value as string | number, spec.format);
  if (written === undefined) {
    refuse(
      `${label}: field "${spec.name}": ${JSON.stringify(value)} cannot be written in the field's date format (${spec.format ?? 'the default'}); write it with a query.`,
      { ...at, field: spec.name }
    );
  }
  return written;
}

/** Two rows with one key would share one id, and one would silently replace the other. */
function checkUniqueKeys(
  rows: Array<PlannedRow & { origin: string; at: EditProblemAttributes }>,
  keys: KeyScheme | undefined,
  types: Map<string, string>
) {
  if (!keys) return;
  const seen = new Map<string, string>();
  for (const row of rows) {
    if (!row.key) continue;
    let id: string;
    try {
      id = encodeDocId(
        keys.fields.map((field) => ({
          type: keyTypeForColumn(
            row.key!.typed ? types.get(field) : undefined,
            row.source[field] ?? null
          ),
          value: row.source[field] ?? null,
          field,
        })),
        'uniqueness'
      );
    } catch (error) {
      if (!isSubstrateError(error)) throw error;
      refuse(`${row.origin}: ${error.message}`, { ...row.at, field: error.field });
    }
    const other = seen.get(id);
    if (other !== undefined) {
      const key = keys.fields.map((f) => `${f}=${stringifyJson(row.source[f] ?? null)}`).join(', ');
      refuse(
        `${other} and ${row.origin} would both have the key ${key}; a keyed lookup holds one row per key. Change or delete one of them.`,
        { ...row.at, field: keys.fields[0], reason: 'duplicate_key' }
      );
    }
    seen.set(id, row.origin);
  }
}
