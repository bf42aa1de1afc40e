/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Types decide mappings: before a batch goes to `_bulk`, each column seen for the first time
 * gets an explicit mapping from its declared (or, for `{rows}`, inferred) type, in one mapping
 * request, and every value is checked against the field's mapped type. OpenSearch would
 * otherwise map each new field document by document (slow for wide rows) and silently coerce
 * a fraction into an older `long` field.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { SchemaColumn } from '../../../common/api/codecs';
import {
  fieldNameProblem,
  fitsMapping,
  inferColumnType,
  mappingForType,
  MAX_VALUE_NESTING,
  nestsDeeperThan,
  valueMisfit,
} from '../../../common/substrate/field_types';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { BadRequestError, ConflictError } from '../../lib/errors';
import { RESERVED_COLUMNS } from './documents';
import type { Row } from './row_source';

type Properties = Record<string, { type?: string; properties?: Properties }>;

/** Leaf field types of a mapping, `a.b` for object fields. */
function leafTypes(properties: Properties, prefix = '', out = new Map<string, string>()) {
  for (const [field, spec] of Object.entries(properties)) {
    const path = `${prefix}${field}`;
    if (spec.properties) leafTypes(spec.properties, `${path}.`, out);
    else out.set(path, spec.type ?? 'object');
  }
  return out;
}

export interface FieldMapperOptions {
  client: OpenSearchClient;
  index: string;
  columns?: SchemaColumn[];
  /** A new version (overwrite, create, migrate): a clash with an older mapping is a 409. */
  newVersion: boolean;
  /** PPL results may carry search metadata columns, which are dropped, not refused. */
  metadataColumnsAllowed: boolean;
  /** Where the rows come from, so that a refusal's advice fits: a cast for a query, not a file. */
  source?: RowOrigin;
}

export type RowOrigin = 'query' | 'file' | 'rows';

/** How to make a column fit its mapped type, in the terms of where the rows come from. */
function fitAdvice(origin: RowOrigin | undefined, field: string, existing: string): string {
  switch (origin) {
    case 'query':
      return `Cast the column in the query (for example eval ${field} = cast(${field} as ...))`;
    case 'file':
      return `Change the file so that "${field}" holds ${existing} values`;
    default:
      return `Send "${field}" as ${existing} values`;
  }
}

/** What the write left, said where the writer knows it: a new version is never published. */
const leftBehind = (newVersion: boolean) => (newVersion ? ' Nothing was published.' : '');

export class FieldMapper {
  private readonly declared: Map<string, string>;
  private seen = new Set<string>();

  private constructor(
    private readonly options: FieldMapperOptions,
    private readonly mapped: Map<string, string>
  ) {
    this.declared = new Map((options.columns ?? []).map((c) => [c.name, c.type]));
  }

  static async load(options: FieldMapperOptions): Promise<FieldMapper> {
    const { body } = await options.client.indices.getMapping({ index: options.index });
    const properties =
      (body as Record<string, { mappings?: { properties?: Properties } }>)[options.index]?.mappings
        ?.properties ?? {};
    return new FieldMapper(options, leafTypes(properties));
  }

  /**
   * Maps the batch's new columns and checks every value; throws before anything of the batch is
   * sent. `firstRow` is the 0-based number of the batch's first row, for messages.
   */
  async prepare(batch: Row[], firstRow: number) {
    const fresh = new Set<string>();
    // `for…in` over the rows' own keys: no array per row (rows are plain objects).
    for (const row of batch) {
      for (const column in row) if (!this.seen.has(column)) fresh.add(column);
    }
    if (fresh.size > 0) await this.mapColumns([...fresh], batch);
    this.checkValues(batch, firstRow);
  }

  private async mapColumns(columns: string[], batch: Row[]) {
    const properties: Record<string, unknown> = {};
    for (const column of columns) {
      this.seen.add(column);
      if (
        RESERVED_COLUMNS.has(column) &&
        column !== LOOKUP_FIELD &&
        this.options.metadataColumnsAllowed
      )
        continue;
      const problem =
        fieldNameProblem(column, LOOKUP_FIELD) ??
        (RESERVED_COLUMNS.has(column) ? `"${column}" is a search metadata column` : undefined);
      if (problem) {
        throw new BadRequestError(
          `The column name is refused: ${problem}. Rename the column (rename in PPL, or the header of the file) and write again. Nothing was written.`,
          { field: column }
        );
      }
      const declared = this.declared.get(column);
      const typeName = declared ?? inferColumnType(batch.map((row) => row[column]));
      const mapping = typeName ? mappingForType(typeName) : undefined;
      if (!mapping) continue;
      const wanted = mapping.type as string;
      const existing = this.mapped.get(column);
      if (existing !== undefined) {
        const inferred = declared === undefined;
        // An append of inferred values is checked value by value instead, naming the row.
        if (!fitsMapping(existing, wanted, inferred) && (this.options.newVersion || !inferred))
          this.clash(column, existing, wanted);
        continue;
      }
      properties[column] = mapping;
      this.mapped.set(column, wanted);
    }
    if (Object.keys(properties).length > 0) {
      await this.options.client.indices.putMapping({
        index: this.options.index,
        body: { properties },
      });
    }
  }

  private clash(field: string, existing: string, wanted: string): never {
    const { newVersion, source } = this.options;
    const message =
      `The column "${field}" is ${wanted} in this ${source === 'file' ? 'file' : 'result'}, but the lookup's index maps "${field}" as ${existing} ` +
      `(field types are fixed by the first write of each field).${leftBehind(newVersion)} ${fitAdvice(source, field, existing)}, ` +
      `${source === 'file' ? 'import' : 'write'} under a new lookup name, or delete the lookup with all its versions first.`;
    const attributes = { field, type: wanted, existing_type: existing };
    throw this.options.newVersion
      ? new ConflictError(message, attributes)
      : new BadRequestError(message, attributes);
  }

  private checkValues(batch: Row[], firstRow: number) {
    batch.forEach((row, i) => {
      for (const column in row) {
        const value = row[column];
        if (typeof value === 'object' && nestsDeeperThan(value, MAX_VALUE_NESTING)) {
          throw new BadRequestError(
            `Row ${firstRow + i + 1}: the value of "${column}" nests arrays or objects deeper than ${MAX_VALUE_NESTING} levels, ` +
              'which a lookup cannot hold. Flatten it (for example as JSON text) and write again.',
            { row: firstRow + i + 1, field: column }
          );
        }
        const mapped = this.mapped.get(column);
        if (mapped === undefined) continue;
        const misfit = valueMisfit(mapped, value);
        if (misfit) {
          throw new BadRequestError(
            `Row ${firstRow + i + 1}: ${misfit}, but "${column}" is ${mapped} in this lookup, so OpenSearch would ` +
              `change the value. The write stopped before this row's batch.${leftBehind(this.options.newVersion)} ` +
              `${fitAdvice(this.options.source, column, mapped)}, or ${this.options.source === 'file' ? 'import' : 'write'} under a new name.`,
            { row: firstRow + i + 1, field: column, type: mapped }
          );
        }
      }
    });
  }
}
