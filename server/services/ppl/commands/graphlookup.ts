/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `graphLookup` in the server (graphlookup.md): for each of the first 100 rows (the SQL plugin's
 * limit on its source), a breadth-first walk over the lookup index (../graph_walk.ts), one search
 * per level through the engine's client, as the caller; the documents reached, each a struct of
 * the index's columns (and the depth field), in an array column. `batchMode=true`: one walk from
 * every row's values, one row of two arrays (the rows, the documents). Literal start values: one
 * walk, one row of the one array, whatever came before (the SQL plugin plans no source for it).
 *
 * Each level's request is bounded as the SQL plugin's is: at most the result window of documents
 * (`usePIT=true`: every document, paged over a point in time), its terms lists within the
 * index's `index.max_terms_count`; every document read counts against the query's memory, every
 * level looks at the deadline.
 */
import type { Span } from '../../../../common/ppl/ast';
import type {
  GraphLookupCommand,
  GraphLookupSource,
} from '../../../../common/ppl/commands/graphlookup_ast';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import {
  dateFields,
  dateFieldsRequest,
  scanDocuments,
  withDates,
  withFieldValues,
} from '../../document_scan';
import { readMaxTermsCount } from '../cluster_limits';
import { readField } from '../functions/values';
import { type LevelSearch, walkGraph, type WalkSpec } from '../graph_walk';
import type { Row, RowStream } from '../operators';
import { fieldRefs, formatTimestampValue, type PlanContext } from '../plan_context';
import { type Dsl, splitConjuncts, toQuery } from '../pushdown';
import { readSourceSchema, type SourceSchema } from '../source_schema';
import { formatIpValue, readPath, type PlannedSource } from './source';

/** Rows of the source a graphLookup walks from (the SQL plugin's `limit 100` before it). */
export const GRAPHLOOKUP_SOURCE_ROWS = 100;

interface Walker {
  /** The walk from a value (one, or an array; null: none); what it keeps is held in `kept`. */
  walk(start: PplValue | undefined): Promise<Row[]>;
  /** Gives back what the walks kept (their rows were handed on). */
  release(): void;
  close(): void;
}

/** The lookup's columns as a source reads them: top-level fields and objects, in its order. */
function lookupColumns(schema: SourceSchema): Array<{ name: string; type: PplType }> {
  return schema.columnOrder
    .filter((name) => !name.includes('.'))
    .map((name) => {
      const f = schema.fields.get(name) ?? schema.objects.get(name)!;
      return { name, type: f.type };
    });
}

async function prepareWalker(ctx: PlanContext, command: GraphLookupCommand): Promise<Walker> {
  const { client } = ctx.deps;
  const tables = command.tables.map((t) => t.name);
  const tableText = tables.join(',');
  const schema = await readSourceSchema(client, tables);
  const columns = lookupColumns(schema);
  const fieldOf = (name: string, span: Span) => {
    const field = schema.fields.get(name);
    if (!field) {
      throw ctx.error(
        `The index "${tableText}" has no field "${name}" to walk on. Its fields: ${[...schema.fields.keys()].join(', ') || '(none)'}.`,
        span,
        { field: name }
      );
    }
    return field;
  };
  const from = fieldOf(command.fromField, command.edgeSpan);
  const to = fieldOf(command.toField, command.edgeSpan);
  let filter: Dsl | undefined;
  if (command.filter) {
    for (const ref of fieldRefs(command.filter)) {
      if (!schema.fields.has(ref.name)) {
        throw ctx.error(
          `The index "${tableText}" has no field "${ref.name}" for graphLookup's filter. Its fields: ${[...schema.fields.keys()].join(', ')}.`,
          ref.span,
          { field: ref.name }
        );
      }
    }
    const parts = splitConjuncts(command.filter).map((p) => ({ p, q: toQuery(p, schema) }));
    const untranslated = parts.find((x) => x.q === null);
    if (untranslated) {
      throw ctx.error(
        `graphLookup's filter runs in OpenSearch, which cannot evaluate "${ctx.commandText(untranslated.p.span)}": write it with comparisons of the lookup's fields with literal values (=, !=, <, >, IN, LIKE, IS NULL, AND, OR, NOT), or filter the walk's results after it (mvexpand, then where)`,
        untranslated.p.span
      );
    }
    const queries = parts.map((x) => x.q!);
    filter = queries.length === 1 ? queries[0] : { bool: { filter: queries } };
  }
  const terms = await readMaxTermsCount(client, tables, ctx.limits.maxTermsCount);
  const spec: WalkSpec = {
    fromField: from.name,
    toField: to.name,
    fromQueryField: from.exactField ?? from.name,
    toQueryField: to.exactField ?? to.name,
    bidirectional: command.bidirectional,
    supportArray: command.supportArray,
    maxDepth: command.maxDepth,
    ...(command.depthField ? { depthField: command.depthField.name } : {}),
    ...(filter ? { filter } : {}),
    maxTerms: terms.max,
  };
  const dates = dateFields(
    columns
      .map((c) => schema.fields.get(c.name))
      .filter((f) => f !== undefined)
      .map((f): [string, string] => [f!.name, f!.mappingType])
  );
  const aliases = columns
    .map((c) => schema.fields.get(c.name))
    .filter((f) => f?.aliasOf && !dates.includes(f.name))
    .map((f) => f!.name);
  const toRow = (doc: Record<string, unknown>): Row => {
    const row: Row = {};
    for (const { name, type } of columns) {
      const value = name in doc ? doc[name] : readPath(doc, name);
      row[name] =
        type === 'timestamp'
          ? formatTimestampValue(value)
          : type === 'ip'
            ? formatIpValue(value)
            : ((value ?? null) as PplValue);
    }
    return row;
  };
  const window = ctx.limits.maxResultWindow;
  const { budget } = ctx;
  const kept = budget.hold('graphLookup');
  // A level's documents, while they are read and looked at.
  const level = budget.hold('graphLookup');
  const search: LevelSearch = command.usePit
    ? async (query) => {
        const rows: Row[] = [];
        for await (const docs of scanDocuments(client, {
          indices: tables,
          query,
          sort: [{ _doc: 'asc' }],
          formatDates: dates,
          fieldValues: aliases,
          pageSize: Math.min(ctx.deps.pageSize, window),
        })) {
          const page = docs.map(toRow);
          level.addRows(page);
          rows.push(...page);
        }
        return rows;
      }
    : async (query) => {
        const { body } = await client.search({
          index: tableText,
          body: { size: window, query, ...dateFieldsRequest(dates, aliases) },
        });
        const hits = (
          body as {
            hits: {
              hits: Array<{
                _source?: Record<string, unknown>;
                fields?: Record<string, unknown[]>;
              }>;
            };
          }
        ).hits.hits;
        return hits.map(({ _source, fields }) =>
          toRow(withFieldValues(withDates(_source ?? {}, fields, dates), fields, aliases))
        );
      };
  return {
    walk: (start) => walkGraph(start, spec, search, budget, kept, level),
    release: () => kept.clear(),
    close: () => {
      kept.clear();
      level.clear();
    },
  };
}

const describeWalk = (command: GraphLookupCommand, tables: string) =>
  `one terms search of ${tables} per level${command.bidirectional ? ' (both ways)' : ''}, ` +
  `at most ${command.maxDepth < 0 ? 1 : command.maxDepth + 1} level${command.maxDepth > 0 ? 's' : ''}` +
  (command.usePit ? ', each read whole over a point in time' : ', each up to the result window');

export async function planGraphLookup(ctx: PlanContext, command: GraphLookupCommand) {
  const tables = command.tables.map((t) => t.name).join(',');
  const as = command.as.name;
  if (command.start.kind === 'literals') {
    // As the SQL plugin plans it: no source at all, one row of the walk from the values.
    const starts = command.start.values.map((v) => v.value);
    const walker = await prepareWalker(ctx, command);
    ctx.columns = [{ name: as, type: 'array' }];
    ctx.add(command.span, 'streams', () => oneWalk(walker, starts, as), {
      detail: `${describeWalk(command, tables)}; one row, whatever came before`,
      keepsCount: false,
    });
    return;
  }
  const startField = command.start.field;
  ctx.requireColumn(startField.name, startField.span);
  const walker = await prepareWalker(ctx, command);
  if (command.batchMode) {
    const sourceNames = ctx.columns.filter((c) => !c.hidden).map((c) => c.name);
    ctx.columns = [
      { name: startField.name, type: 'array' },
      { name: as, type: 'array' },
    ];
    ctx.add(
      command.span,
      'buffers',
      (input) => batchWalk(input, walker, startField.name, sourceNames, as, ctx),
      {
        detail: `the first ${GRAPHLOOKUP_SOURCE_ROWS} rows held, then ${describeWalk(command, tables)} from all their values; one row`,
        keepsCount: false,
      }
    );
    return;
  }
  ctx.columns = [...ctx.columns.filter((c) => c.name !== as), { name: as, type: 'array' }];
  ctx.add(command.span, 'streams', (input) => rowWalks(input, walker, startField.name, as), {
    detail: `for each of the first ${GRAPHLOOKUP_SOURCE_ROWS} rows, ${describeWalk(command, tables)}`,
    keepsCount: false,
  });
}

/** `graphLookup …` as the first command (its start values are literals). */
export async function planGraphLookupSource(
  ctx: PlanContext,
  source: GraphLookupSource
): Promise<PlannedSource> {
  await planGraphLookup(ctx, source.command);
  const op = ctx.operators.pop()!;
  return {
    run: () => op((async function* () {})()),
    count: async () => 1,
  };
}

async function* oneWalk(walker: Walker, starts: PplValue[], as: string): RowStream {
  try {
    yield [{ [as]: await walker.walk(starts) }];
  } finally {
    walker.close();
  }
}

async function* rowWalks(input: RowStream, walker: Walker, start: string, as: string): RowStream {
  let taken = 0;
  try {
    for await (const batch of input) {
      walker.release();
      const out: Row[] = [];
      for (const row of batch) {
        if (taken >= GRAPHLOOKUP_SOURCE_ROWS) break;
        taken++;
        const found = await walker.walk(readField(row, start));
        const copy: Row = { ...row };
        delete copy[as];
        copy[as] = found;
        out.push(copy);
      }
      if (out.length > 0) yield out;
      if (taken >= GRAPHLOOKUP_SOURCE_ROWS) return;
    }
  } finally {
    walker.close();
  }
}

async function* batchWalk(
  input: RowStream,
  walker: Walker,
  start: string,
  names: string[],
  as: string,
  ctx: PlanContext
): RowStream {
  const hold = ctx.budget.hold('graphLookup');
  try {
    const rows: Row[] = [];
    const starts: PplValue[] = [];
    for await (const batch of input) {
      for (const row of batch) {
        if (rows.length >= GRAPHLOOKUP_SOURCE_ROWS) break;
        const struct: Row = Object.fromEntries(names.map((n) => [n, row[n] ?? null]));
        hold.addRow(struct);
        rows.push(struct);
        const value = readField(row, start);
        if (Array.isArray(value)) starts.push(...value);
        else if (value !== null) starts.push(value);
      }
      if (rows.length >= GRAPHLOOKUP_SOURCE_ROWS) break;
    }
    const found = await walker.walk(starts);
    yield [{ [start]: rows, [as]: found }];
  } finally {
    hold.clear();
    walker.close();
  }
}
