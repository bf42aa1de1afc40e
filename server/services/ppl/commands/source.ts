/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The source of a pipeline: rows made by `makeresults`, or an index read as the caller with the
 * longest prefix of commands OpenSearch can answer compiled into the one request (a filtered,
 * sorted, limited document scan, or a composite aggregation for `stats … by`). The commands it
 * takes are removed from the list; the rest run in the server.
 */
import type { Command, MakeResults, SourceCommand, Span } from '../../../../common/ppl/ast';
import { makeResultsTable } from '../../../../common/ppl/makeresults';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { scanDocuments } from '../../document_scan';
import { checkValueDepth } from '../errors';
import { checkBetweens } from '../evaluate';
import { Row, RowStream, whereOp } from '../operators';
import { formatTemporalValue, PlanContext } from '../plan_context';
import { Dsl, joinConjuncts, splitConjuncts, toQuery } from '../pushdown';
import { largestTermsCount } from '../request_bounds';
import { readSourceSchema, SourceSchema } from '../source_schema';
import { applyFields } from './rows';
import { maxScore, METADATA_COLUMNS, metadataColumns, namesMetadata } from './metadata';
import { searchToDsl } from './search';
import { unqualifySourceFields } from './source_qualifier';
import { autoDateStats, compositeStats } from './stats_pushdown';

export interface PlannedSource {
  run: () => RowStream;
  /** The OpenSearch request of the pushed-down prefix. */
  request?: Dsl;
  /** The rows the source gives, when OpenSearch can count them without running. */
  count: () => Promise<number | undefined>;
}

export function planMakeResults(ctx: PlanContext, source: MakeResults): PlannedSource {
  const table = makeResultsTable(source, ctx.deps.now);
  ctx.columns = table.schema.map((c) => ({ name: c.name, type: c.type }));
  const names = ctx.columns.map((c) => c.name);
  const rows = table.rows.map(
    (values) => Object.fromEntries(names.map((n, i) => [n, values[i]])) as Row
  );
  ctx.plan.push({
    command: ctx.commandText(source.span),
    mode: 'streams',
    detail: `${rows.length} rows made in the server`,
  });
  const { budget } = ctx;
  return {
    run: async function* () {
      const hold = budget.hold('makeresults');
      try {
        const copies = rows.map((r) => ({ ...r }));
        hold.addRows(copies);
        yield copies;
      } finally {
        hold.clear();
      }
    },
    count: async () => rows.length,
  };
}

/** A dotted path in a document; through an array of objects, its first element (datatypes.md). */
export function readPath(doc: Record<string, unknown>, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(current)) current = current[0];
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const IPV4_MAPPED = /^(?:::|(?:0{1,4}:){5})ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An `ip` value as OpenSearch shows it: an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is IPv4 (ip.md). */
export function formatIpValue(value: unknown): PplValue {
  if (typeof value !== 'string') return (value ?? null) as PplValue;
  return IPV4_MAPPED.exec(value)?.[1] ?? value;
}

export async function planIndexSource(
  ctx: PlanContext,
  source: SourceCommand,
  commands: Command[]
): Promise<PlannedSource> {
  const indices = source.indices.map((i) => i.name);
  const schema = await readSourceSchema(ctx.deps.client, indices);
  if (source.keyword === 'describe') return planDescribe(ctx, source, schema);
  // Top-level fields are the columns, objects whole, in the schema's (the SQL plugin's) order;
  // the paths inside objects are hidden columns, shown once named (datatypes.md).
  const columns = schema.columnOrder.map((name) => {
    const f = schema.fields.get(name) ?? schema.objects.get(name)!;
    return { name: f.name, type: f.type, ...(f.name.includes('.') ? { hidden: true } : {}) };
  });
  ctx.columns = [...columns.filter((c) => !c.hidden), ...columns.filter((c) => c.hidden)];
  ctx.paths = schema.paths;
  if (namesMetadata(ctx.text)) ctx.columns.push(...metadataColumns((n) => schema.fields.has(n)));
  const qualifier = source.alias ?? (indices.length === 1 ? indices[0] : undefined);
  if (qualifier !== undefined) {
    const names = new Set([...columns.map((c) => c.name), ...schema.paths.keys()]);
    commands.splice(0, commands.length, ...unqualifySourceFields(commands, qualifier, names));
  }
  const filters = source.filter ? [searchToDsl(ctx, source.filter, schema)] : [];
  const terms: LargestTerms = { count: 0, span: source.span };
  const planned = pushDown(ctx, commands, schema, indices, source, filters, terms);
  // Its limit is an index setting, read only for a query that sends a list of values.
  if (terms.count > 0) await ctx.checkTermsCount(terms.span, terms.count, indices);
  return planned;
}

/** The longest list of values (`IN (…)`) pushed down, and the condition it is written in. */
interface LargestTerms {
  count: number;
  span: Span;
}

/** The columns `describe` gives, as PPL's (JDBC's metadata columns). */
const DESCRIBE_COLUMNS: Array<[string, PplType]> = [
  ['TABLE_CAT', 'string'],
  ['TABLE_SCHEM', 'string'],
  ['TABLE_NAME', 'string'],
  ['COLUMN_NAME', 'string'],
  ['DATA_TYPE', 'int'],
  ['TYPE_NAME', 'string'],
  ['COLUMN_SIZE', 'int'],
  ['BUFFER_LENGTH', 'int'],
  ['DECIMAL_DIGITS', 'int'],
  ['NUM_PREC_RADIX', 'int'],
  ['NULLABLE', 'int'],
  ['REMARKS', 'string'],
  ['COLUMN_DEF', 'string'],
  ['SQL_DATA_TYPE', 'int'],
  ['SQL_DATETIME_SUB', 'int'],
  ['CHAR_OCTET_LENGTH', 'int'],
  ['ORDINAL_POSITION', 'int'],
  ['IS_NULLABLE', 'string'],
  ['SCOPE_CATALOG', 'string'],
  ['SCOPE_SCHEMA', 'string'],
  ['SCOPE_TABLE', 'string'],
  ['SOURCE_DATA_TYPE', 'smallint'],
  ['IS_AUTOINCREMENT', 'string'],
  ['IS_GENERATEDCOLUMN', 'string'],
];

/**
 * What `describe` lists, as the SQL plugin flattens a mapping (OpenSearchDescribeIndexRequest):
 * every field and every object, an object's row before its fields' (depth first, each level in
 * the mapping's alphabetical order), the fields inside nested ones too.
 */
function describedColumns(schema: SourceSchema): Array<{ name: string; type: PplType }> {
  const columns = new Map<string, PplType>();
  for (const f of schema.fields.values()) columns.set(f.name, f.type);
  for (const o of schema.objects.values()) columns.set(o.name, o.type);
  const nested = [...schema.fields.values()].filter((f) => f.mappingType === 'nested');
  for (const [path, type] of schema.paths)
    if (nested.some((n) => path.startsWith(`${n.name}.`))) columns.set(path, type);
  // The top-level fields in the engine's order (columnOrder), each object's paths after it by name.
  const top = schema.columnOrder.filter((name) => !name.includes('.'));
  const rank = (path: string) => {
    const at = top.indexOf(path.split('.')[0]);
    return at < 0 ? top.length : at;
  };
  const depthFirst = (a: string, b: string) => {
    const [x, y] = [a.split('.'), b.split('.')];
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++)
      if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return x.length - y.length;
  };
  return [...columns.keys()].sort(depthFirst).map((name) => ({ name, type: columns.get(name)! }));
}

/** `describe <index>`: one row per column of the index, read from its mapping as the caller. */
function planDescribe(
  ctx: PlanContext,
  source: SourceCommand,
  schema: SourceSchema
): PlannedSource {
  const table = source.indices[0].name;
  const { client } = ctx.deps;
  const fields = describedColumns(schema);
  ctx.columns = DESCRIBE_COLUMNS.map(([name, type]) => ({ name, type }));
  ctx.plan.push({
    command: ctx.commandText(source.span),
    mode: 'pushed_down',
    detail: 'the index mapping, read as the caller',
  });
  return {
    run: async function* (): RowStream {
      let cluster: string | null = null;
      try {
        const { body } = await client.info();
        cluster = (body as { cluster_name?: string }).cluster_name ?? null;
      } catch {
        cluster = null;
      }
      yield fields.map((f, i) => {
        const row: Row = Object.fromEntries(DESCRIBE_COLUMNS.map(([name]) => [name, null]));
        Object.assign(row, {
          TABLE_CAT: cluster,
          TABLE_NAME: table,
          COLUMN_NAME: f.name,
          TYPE_NAME: f.type,
          NUM_PREC_RADIX: 10,
          NULLABLE: 2,
          ORDINAL_POSITION: i,
          IS_NULLABLE: '',
          IS_AUTOINCREMENT: 'NO',
          IS_GENERATEDCOLUMN: '',
        });
        return row;
      });
    },
    count: async () => fields.length,
  };
}

/** Compiles the prefix OpenSearch can answer; removes those commands from `commands`. */
function pushDown(
  ctx: PlanContext,
  commands: Command[],
  schema: SourceSchema,
  indices: string[],
  source: SourceCommand,
  filters: Dsl[],
  terms: LargestTerms
): PlannedSource {
  let sort: Dsl[] = [];
  let limit: number | undefined;
  let sourceIncludes: string[] | undefined;
  const pushedText: string[] = [ctx.commandText(source.span)];
  // Where a refused request is pointed at: the last filter pushed down, else the source.
  let requestSpan = source.span;

  while (commands.length > 0) {
    const command = commands[0];
    if (command.kind === 'Where' && sort.length === 0 && limit === undefined) {
      ctx.checkFields(command.condition);
      checkBetweens(command.condition, ctx.types());
      const parts = splitConjuncts(command.condition);
      const translated = parts.map((p) => toQuery(p, schema));
      const residual = parts.filter((_, i) => translated[i] === null);
      translated.forEach((q, i) => {
        if (!q) return;
        filters.push(q);
        const count = largestTermsCount(q);
        if (count > terms.count) Object.assign(terms, { count, span: parts[i].span });
      });
      if (translated.some((q) => q !== null)) requestSpan = command.span;
      pushedText.push(ctx.commandText(command.span));
      commands.shift();
      if (residual.length > 0) {
        const rest = joinConjuncts(residual)!;
        const types = ctx.types();
        const { budget } = ctx;
        ctx.add(
          command.span,
          'streams',
          (input) => whereOp(input, rest, types, budget, ctx.deps.now),
          {
            keepsCount: false,
            detail: `evaluated in the server: ${residual.map((r) => ctx.commandText(r.span)).join(' AND ')}`,
          }
        );
        break;
      }
      continue;
    }
    if (command.kind === 'Fields' && limit === undefined) {
      applyFields(ctx, command.mode, command.fields);
      sourceIncludes = ctx.columns.map((c) => c.name);
      pushedText.push(ctx.commandText(command.span));
      commands.shift();
      continue;
    }
    if (command.kind === 'Sort' && sort.length === 0 && limit === undefined) {
      const keys = ctx
        .sortKeys(command.keys, command.span)
        .map((k) => ({ key: k, field: schema.fields.get(k.field.name) }));
      if (keys.some((k) => !k.field?.exactField || !ctx.has(k.key.field.name) || k.key.as)) break;
      sort = keys.map(({ key, field }) => ({
        [field!.exactField!]: {
          order: key.order,
          missing: key.order === 'asc' ? '_first' : '_last',
          unmapped_type: 'keyword',
        },
      }));
      if (command.count > 0) limit = command.count;
      ctx.sorted = true;
      pushedText.push(ctx.commandText(command.span));
      commands.shift();
      continue;
    }
    if (command.kind === 'Head' && command.from === 0 && limit === undefined) {
      limit = command.size;
      pushedText.push(ctx.commandText(command.span));
      commands.shift();
      continue;
    }
    const unsorted = sort.length === 0 && limit === undefined;
    const next = commands[1];
    const stats =
      unsorted && command.kind === 'Stats'
        ? compositeStats(ctx, command, schema)
        : unsorted && command.kind === 'Bin' && next?.kind === 'Stats'
          ? autoDateStats(ctx, command, next, schema)
          : null;
    if (stats) {
      const taken = commands.splice(0, command.kind === 'Stats' ? 1 : 2);
      const query: Dsl = filters.length > 0 ? { bool: { filter: filters } } : { match_all: {} };
      // A composite page is at most search.max_buckets groups.
      const pageSize = Math.min(ctx.deps.pageSize, ctx.limits.maxBuckets);
      ctx.checkSearch(requestSpan, { query, aggs: stats.aggs(pageSize) });
      for (const c of taken) pushedText.push(ctx.commandText(c.span));
      ctx.plan.unshift({
        command: pushedText.join(' | '),
        mode: 'pushed_down',
        detail: stats.detail,
      });
      ctx.countPreserved = false;
      const { client } = ctx.deps;
      return {
        request: { index: indices.join(','), query, aggs: stats.aggs(pageSize) },
        run: () => stats.run(client, indices, query, pageSize),
        count: async () => undefined,
      };
    }
    break;
  }

  const query: Dsl = filters.length > 0 ? { bool: { filter: filters } } : { match_all: {} };
  const includes = sourceIncludes;
  // Date, time and timestamp columns (a date field is a date or a time by its format).
  const temporal = new Map(
    ctx.columns
      .filter((c) => c.type === 'timestamp' || c.type === 'date' || c.type === 'time')
      .map((c) => [c.name, c.type])
  );
  const timestampColumns = [...temporal.keys()];
  const ipColumns = new Set(ctx.columns.filter((c) => c.type === 'ip').map((c) => c.name));
  const formatDates = timestampColumns.filter((name) =>
    ['date', 'date_nanos'].includes(schema.fields.get(name)?.mappingType ?? '')
  );
  // Alias fields are not in _source: OpenSearch's fields API reads them (dates formatted above).
  const fieldValues = ctx.columns
    .map((c) => c.name)
    .filter((name) => schema.fields.get(name)?.aliasOf && !formatDates.includes(name));
  const sourceColumns = ctx.columns.map((c) => c.name);
  const metadata = ctx.columns.some(
    (c) => METADATA_COLUMNS.some(([name]) => name === c.name) && !schema.fields.has(c.name)
  );
  const wantsMaxScore = metadata && sourceColumns.includes('_maxscore');
  const { client } = ctx.deps;
  const pageSize = Math.min(ctx.deps.pageSize, ctx.limits.maxResultWindow);
  ctx.checkSearch(requestSpan, { query, sort, size: Math.min(pageSize, limit ?? Infinity) });
  const { budget } = ctx;
  ctx.cap = limit;
  ctx.plan.unshift({
    command: pushedText.join(' | '),
    mode: 'pushed_down',
    detail: `a document scan with a point in time${filters.length ? ', filtered' : ''}${sort.length ? ', sorted' : ''}${limit !== undefined ? `, at most ${limit} rows` : ''}`,
  });
  return {
    request: {
      index: indices.join(','),
      query,
      sort,
      ...(limit !== undefined ? { size: limit } : {}),
      ...(includes ? { _source: includes } : {}),
    },
    run: async function* (): RowStream {
      const best = wantsMaxScore ? await maxScore(client, indices, query) : null;
      // The page in hand is held until the next one is read.
      const hold = budget.hold(`source=${indices.join(',')}`);
      try {
        for await (const docs of scanDocuments(client, {
          indices,
          query,
          sort,
          sourceIncludes: includes,
          formatDates,
          fieldValues,
          limit,
          pageSize,
          metadata,
        })) {
          if (wantsMaxScore) for (const doc of docs) doc._maxscore = best;
          hold.clear();
          const rows = docs.map((doc) => {
            const row: Row = {};
            for (const name of sourceColumns) {
              const value = name in doc ? doc[name] : readPath(doc, name);
              checkValueDepth(value, name);
              const type = temporal.get(name);
              row[name] = type
                ? formatTemporalValue(value, type)
                : ipColumns.has(name)
                  ? formatIpValue(value)
                  : ((value ?? null) as PplValue);
            }
            return row;
          });
          // The page read ahead meanwhile (../document_scan) is counted as its like.
          hold.addRows(rows);
          hold.addRows(rows);
          yield rows;
        }
      } finally {
        hold.clear();
      }
    },
    count: async () => {
      const { body } = await client.count({ index: indices.join(','), body: { query } });
      return (body as { count: number }).count;
    },
  };
}
