/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * From a parsed PPL query to a runnable pipeline: the longest prefix OpenSearch can answer is
 * compiled into one request (a filtered, sorted, limited document scan, or a composite
 * aggregation for `stats … by`), the rest becomes server operators over row batches. The output
 * schema (names and PPL types) is known before anything runs, so the writer can encode typed keys.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { PlanStep, SchemaColumn } from '../../../common/api/codecs';
import type {
  Aggregation,
  Command,
  Expr,
  FieldPattern,
  OutputLookup,
  Query,
  Span,
  StatsCommand,
} from '../../../common/ppl/ast';
import { inferAggregationType, inferType } from './evaluate';
import { makeResultsTable } from '../../../common/ppl/makeresults';
import { checkValueDepth } from './errors';
import { isNumericType, type PplType, type PplValue } from '../../../common/ppl/types';
import { BadRequestError } from '../../lib/errors';
import { QueryBudget, unlimitedBudget } from './budget';
import { lookupOp, readLookupSchema } from './lookup_op';
import {
  dedupOp,
  evalOp,
  headOp,
  projectOp,
  renameOp,
  Row,
  RowStream,
  sortOp,
  statsOp,
  topRareOp,
  Types,
  whereOp,
} from './operators';
import { Dsl, joinConjuncts, splitConjuncts, toQuery } from './pushdown';
import {
  aggregationPushdown,
  pushableAggregation,
  type PushedAggregation,
} from './functions/aggregation_pushdown';
import { scanDocuments } from '../document_scan';
import { scanComposite } from './scan';
import { readSourceSchema, SourceSchema } from './source_schema';

export interface PipelineDeps {
  client: OpenSearchClient;
  /** Buffering operators hold at most this many rows. */
  maxRows: number;
  pageSize: number;
  now: Date;
  /** The query's CPU budget, shared by its operators (none: unlimited, still pausing). */
  budget?: QueryBudget;
}

export interface CompiledPipeline {
  columns: SchemaColumn[];
  plan: PlanStep[];
  /** The OpenSearch request of the pushed-down prefix. */
  request?: Dsl;
  /** The number of rows, when it can be known without running the pipeline. */
  count(): Promise<number | undefined>;
  /** Runs the pipeline: batches of rows keyed by the output columns. */
  run(): RowStream;
  output?: OutputLookup;
}

interface Column {
  name: string;
  type: PplType;
}

/** A query error that points at its text. */
export class QueryError extends BadRequestError {
  constructor(message: string, text: string, span: Span, extra: Record<string, unknown> = {}) {
    const before = text.slice(0, span.start).split('\n');
    const line = before.length;
    const column = before[before.length - 1].length + 1;
    super(`${message} (line ${line}, column ${column})`, {
      line,
      column,
      offset: span.start,
      length: Math.max(0, span.end - span.start),
      ...extra,
    });
  }
}

const commandText = (text: string, span: Span) =>
  text.slice(span.start, span.end).trim().replace(/\s+/g, ' ');

function fieldRefs(
  expr: Expr,
  out: Array<{ name: string; span: Span }> = []
): Array<{ name: string; span: Span }> {
  switch (expr.kind) {
    case 'Field':
      if (!expr.optional) out.push({ name: expr.name, span: expr.span });
      break;
    case 'Binary':
      fieldRefs(expr.left, out);
      fieldRefs(expr.right, out);
      break;
    case 'Unary':
      fieldRefs(expr.operand, out);
      break;
    case 'Call':
      expr.args.forEach((a) => fieldRefs(a, out));
      break;
    case 'In':
      fieldRefs(expr.expr, out);
      break;
    case 'Between':
      [expr.expr, expr.low, expr.high].forEach((e) => fieldRefs(e, out));
      break;
    case 'Like':
      fieldRefs(expr.expr, out);
      fieldRefs(expr.pattern, out);
      break;
    case 'IsNull':
    case 'Cast':
      fieldRefs(expr.expr, out);
      break;
    case 'Case':
      expr.branches.forEach((b) => (fieldRefs(b.when, out), fieldRefs(b.then, out)));
      if (expr.otherwise) fieldRefs(expr.otherwise, out);
      break;
  }
  return out;
}

function matchPattern(pattern: FieldPattern, name: string): boolean {
  if (!pattern.wildcard) return pattern.pattern === name;
  const re = new RegExp(
    `^${pattern.pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`
  );
  return re.test(name);
}

const PPL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;
const ZONED = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * PPL shows timestamps as `yyyy-MM-dd HH:mm:ss[.fff]`, in UTC. Scanned documents' dates arrive
 * formatted by OpenSearch (../document_scan `formatDates`) and pass as they are; epoch millis
 * (composite keys) and zone-less text are read as UTC, never in the server's time zone.
 */
export function formatTimestampValue(value: unknown): PplValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && PPL_TIMESTAMP.test(value)) return value;
  const text = String(value);
  const date =
    typeof value === 'number'
      ? new Date(value)
      : new Date(ZONED.test(text) || !text.includes(':') ? text : `${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return String(value);
  return date
    .toISOString()
    .replace('T', ' ')
    .replace('Z', '')
    .replace(/\.000$/, '');
}

class Compiler {
  private columns: Column[] = [];
  private readonly plan: PlanStep[] = [];
  private readonly operators: Array<(input: RowStream) => RowStream> = [];
  /** Row count is kept by every server operator so far (none filters or groups). */
  private countPreserved = true;
  private cap: number | undefined;

  private readonly budget: QueryBudget;

  constructor(
    private readonly deps: PipelineDeps,
    private readonly text: string
  ) {
    this.budget = deps.budget ?? unlimitedBudget();
  }

  private types(): Types {
    return new Map(this.columns.map((c) => [c.name, c.type]));
  }

  private checkFields(expr: Expr) {
    for (const ref of fieldRefs(expr)) this.requireColumn(ref.name, ref.span);
  }

  private requireColumn(name: string, span: Span) {
    if (this.columns.some((c) => c.name === name)) return;
    throw new QueryError(
      `Unknown field "${name}". Available fields: ${this.columns.map((c) => c.name).join(', ') || '(none)'}.`,
      this.text,
      span,
      { field: name, available_fields: this.columns.map((c) => c.name) }
    );
  }

  async compile(query: Query): Promise<CompiledPipeline> {
    const commands = [...query.commands];
    let source: () => RowStream;
    let request: Dsl | undefined;
    let count: () => Promise<number | undefined>;

    if (query.source.kind === 'MakeResults') {
      const table = makeResultsTable(query.source, this.deps.now);
      this.columns = table.schema.map((c) => ({ name: c.name, type: c.type }));
      const names = this.columns.map((c) => c.name);
      const rows = table.rows.map(
        (values) => Object.fromEntries(names.map((n, i) => [n, values[i]])) as Row
      );
      source = async function* () {
        yield rows.map((r) => ({ ...r }));
      };
      count = async () => rows.length;
      this.plan.push({
        command: commandText(this.text, query.source.span),
        mode: 'streams',
        detail: `${rows.length} rows made in the server`,
      });
    } else {
      const indices = query.source.indices.map((i) => i.name);
      const schema = await readSourceSchema(this.deps.client, indices);
      this.columns = [...schema.fields.values()].map((f) => ({ name: f.name, type: f.type }));
      const pushed = this.pushDown(commands, schema, indices, query.source.span);
      source = pushed.source;
      request = pushed.request;
      count = pushed.count;
    }

    for (const command of commands) await this.serverCommand(command);

    const columns = this.columns.map((c) => ({ name: c.name, type: c.type }));
    const names = columns.map((c) => c.name);
    const operators = [...this.operators, (input: RowStream) => projectOp(input, names)];
    const preserved = this.countPreserved;
    const cap = this.cap;
    return {
      columns,
      plan: this.plan,
      request,
      output: query.output,
      count: async () => {
        if (!preserved) return undefined;
        const n = await count();
        return n === undefined ? undefined : cap === undefined ? n : Math.min(n, cap);
      },
      run: () => operators.reduce<RowStream>((stream, op) => op(stream), source()),
    };
  }

  /** Compiles the prefix OpenSearch can answer; removes those commands from `commands`. */
  private pushDown(commands: Command[], schema: SourceSchema, indices: string[], sourceSpan: Span) {
    const filters: Dsl[] = [];
    let sort: Dsl[] = [];
    let limit: number | undefined;
    let sourceIncludes: string[] | undefined;
    const pushedText: string[] = [commandText(this.text, sourceSpan)];

    while (commands.length > 0) {
      const command = commands[0];
      if (command.kind === 'Where' && sort.length === 0 && limit === undefined) {
        this.checkFields(command.condition);
        const parts = splitConjuncts(command.condition);
        const translated = parts.map((p) => toQuery(p, schema));
        const residual = parts.filter((_, i) => translated[i] === null);
        translated.forEach((q) => q && filters.push(q));
        pushedText.push(commandText(this.text, command.span));
        commands.shift();
        if (residual.length > 0) {
          const rest = joinConjuncts(residual)!;
          const types = this.types();
          const budget = this.budget;
          this.operators.push((input) => whereOp(input, rest, types, budget));
          this.countPreserved = false;
          this.plan.push({
            command: commandText(this.text, command.span),
            mode: 'streams',
            detail: `evaluated in the server: ${residual.map((r) => commandText(this.text, r.span)).join(' AND ')}`,
          });
          break;
        }
        continue;
      }
      if (command.kind === 'Fields' && limit === undefined) {
        this.applyFields(command.mode, command.fields);
        sourceIncludes = this.columns.map((c) => c.name);
        pushedText.push(commandText(this.text, command.span));
        commands.shift();
        continue;
      }
      if (command.kind === 'Sort' && sort.length === 0 && limit === undefined) {
        const keys = command.keys.map((k) => ({ key: k, field: schema.fields.get(k.field.name) }));
        if (
          keys.some(
            (k) => !k.field?.exactField || !this.columns.some((c) => c.name === k.key.field.name)
          )
        )
          break;
        sort = keys.map(({ key, field }) => ({
          [field!.exactField!]: {
            order: key.order,
            missing: key.order === 'asc' ? '_first' : '_last',
            unmapped_type: 'keyword',
          },
        }));
        if (command.count > 0) limit = command.count;
        pushedText.push(commandText(this.text, command.span));
        commands.shift();
        continue;
      }
      if (command.kind === 'Head' && command.from === 0 && limit === undefined) {
        limit = command.size;
        pushedText.push(commandText(this.text, command.span));
        commands.shift();
        continue;
      }
      if (command.kind === 'Stats' && sort.length === 0 && limit === undefined) {
        const composite = this.compositeFor(command, schema);
        if (!composite) break;
        commands.shift();
        const query: Dsl = filters.length > 0 ? { bool: { filter: filters } } : { match_all: {} };
        pushedText.push(commandText(this.text, command.span));
        this.plan.unshift({
          command: pushedText.join(' | '),
          mode: 'pushed_down',
          detail:
            command.by.length > 0
              ? 'a composite aggregation, paged with after_key'
              : 'one aggregation',
        });
        this.countPreserved = false;
        const { client, pageSize } = this.deps;
        const run = composite.run;
        return {
          request: {
            index: indices.join(','),
            query,
            aggs: composite.aggs,
            sources: composite.sources,
          },
          source: () => run(client, indices, query, pageSize),
          count: async () => undefined,
        };
      }
      break;
    }

    const query: Dsl = filters.length > 0 ? { bool: { filter: filters } } : { match_all: {} };
    const includes = sourceIncludes;
    const timestampColumns = this.columns.filter((c) => c.type === 'timestamp').map((c) => c.name);
    const formatDates = timestampColumns.filter((name) =>
      ['date', 'date_nanos'].includes(schema.fields.get(name)?.mappingType ?? '')
    );
    const sourceColumns = this.columns.map((c) => c.name);
    const { client, pageSize } = this.deps;
    this.cap = limit;
    this.plan.unshift({
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
      source: async function* (): RowStream {
        for await (const docs of scanDocuments(client, {
          indices,
          query,
          sort,
          sourceIncludes: includes,
          formatDates,
          limit,
          pageSize,
        })) {
          yield docs.map((doc) => {
            const row: Row = {};
            for (const name of sourceColumns) {
              const value = name in doc ? doc[name] : readPath(doc, name);
              checkValueDepth(value, name);
              row[name] = timestampColumns.includes(name)
                ? formatTimestampValue(value)
                : ((value ?? null) as PplValue);
            }
            return row;
          });
        }
      },
      count: async () => {
        const { body } = await client.count({ index: indices.join(','), body: { query } });
        return (body as { count: number }).count;
      },
    };
  }

  private compositeFor(command: StatsCommand, schema: SourceSchema) {
    const byFields = command.by.map((f) => schema.fields.get(f.name));
    if (byFields.some((f) => !f?.exactField)) return null;
    const aggSpecs: Array<{
      agg: Aggregation;
      spec: Dsl | null;
      type: PplType;
      read?: PushedAggregation['read'];
    }> = [];
    const types = this.types();
    for (const agg of command.aggregations) {
      this.checkAggregation(agg);
      const field = agg.arg?.kind === 'Field' ? schema.fields.get(agg.arg.name) : undefined;
      if (agg.arg && !field?.exactField) return null;
      const type = inferAggregationType(agg, types);
      if (!pushableAggregation(agg)) {
        const pushed = aggregationPushdown(agg, field, type);
        if (!pushed) return null;
        aggSpecs.push({ agg, spec: pushed.spec, type, read: pushed.read });
        continue;
      }
      let spec: Dsl | null = null;
      if (agg.func === 'count')
        spec = agg.arg ? { value_count: { field: field!.exactField } } : null;
      else if (agg.func === 'dc')
        spec = { cardinality: { field: field!.exactField, precision_threshold: 40000 } };
      else if (isNumericType(field!.type)) spec = { [agg.func]: { field: field!.exactField } };
      else return null;
      aggSpecs.push({ agg, spec, type });
    }
    const aggs: Dsl = {};
    aggSpecs.forEach(({ agg, spec }, i) => {
      if (spec) aggs[`a${i}`] = spec;
      if (agg.func === 'sum')
        aggs[`n${i}`] = { value_count: { field: (spec as { sum: { field: string } }).sum.field } };
    });
    const sources = byFields.map((f, i) => ({
      [`k${i}`]: { terms: { field: f!.exactField, missing_bucket: command.bucketNullable } },
    }));
    const byColumns = command.by.map((f, i) => ({ name: f.name, type: byFields[i]!.type }));
    this.columns = [...aggSpecs.map(({ agg, type }) => ({ name: agg.name, type })), ...byColumns];
    const toRow = (
      bucket: { doc_count: number; key?: Record<string, unknown> } & Record<string, unknown>
    ): Row => {
      const row: Row = {};
      aggSpecs.forEach(({ agg, spec, type, read }, i) => {
        if (read) return void (row[agg.name] = read(bucket[`a${i}`]));
        if (!spec) return void (row[agg.name] = bucket.doc_count);
        const value = (bucket[`a${i}`] as { value: number | null }).value;
        if (agg.func === 'sum' && (bucket[`n${i}`] as { value: number }).value === 0)
          return void (row[agg.name] = null);
        row[agg.name] =
          value === null
            ? null
            : ['tinyint', 'smallint', 'int', 'bigint'].includes(type)
              ? Math.round(value)
              : value;
      });
      byColumns.forEach((c, i) => {
        const key = bucket.key?.[`k${i}`];
        row[c.name] =
          c.type === 'timestamp' ? formatTimestampValue(key) : ((key ?? null) as PplValue);
      });
      return row;
    };
    return {
      aggs,
      sources,
      run: async function* (
        client: OpenSearchClient,
        indices: string[],
        query: Dsl,
        pageSize: number
      ): RowStream {
        if (sources.length === 0) {
          const { body } = await client.search({
            index: indices.join(','),
            body: { size: 0, track_total_hits: true, query, aggs },
          });
          const response = body as {
            hits: { total: { value: number } };
            aggregations?: Record<string, unknown>;
          };
          yield [toRow({ doc_count: response.hits.total.value, ...(response.aggregations ?? {}) })];
          return;
        }
        for await (const buckets of scanComposite(client, indices, query, sources, aggs, pageSize))
          yield buckets.map(toRow);
      },
    };
  }

  private checkAggregation(agg: Aggregation) {
    if (agg.arg) this.checkFields(agg.arg);
  }

  private applyFields(mode: 'include' | 'exclude', patterns: FieldPattern[]) {
    for (const p of patterns) {
      if (!p.wildcard && !this.columns.some((c) => c.name === p.pattern))
        this.requireColumn(p.pattern, p.span);
    }
    if (mode === 'include') {
      const picked: Column[] = [];
      for (const p of patterns)
        for (const c of this.columns)
          if (matchPattern(p, c.name) && !picked.includes(c)) picked.push(c);
      this.columns = picked;
    } else {
      this.columns = this.columns.filter((c) => !patterns.some((p) => matchPattern(p, c.name)));
    }
  }

  private async serverCommand(command: Command) {
    const text = commandText(this.text, command.span);
    const { maxRows } = this.deps;
    const { budget } = this;
    const types = this.types();
    switch (command.kind) {
      case 'Where': {
        this.checkFields(command.condition);
        this.operators.push((input) => whereOp(input, command.condition, types, budget));
        this.countPreserved = false;
        this.plan.push({ command: text, mode: 'streams' });
        return;
      }
      case 'Fields': {
        this.applyFields(command.mode, command.fields);
        const names = this.columns.map((c) => c.name);
        this.operators.push((input) => projectOp(input, names));
        this.plan.push({ command: text, mode: 'streams' });
        return;
      }
      case 'Rename': {
        const pairs: Array<[string, string]> = [];
        for (const r of command.renames) {
          if (!r.from.wildcard) {
            this.requireColumn(r.from.pattern, r.from.span);
            pairs.push([r.from.pattern, r.to.pattern]);
            continue;
          }
          const [prefix, suffix] = [
            r.from.pattern.split('*')[0],
            r.from.pattern.split('*').slice(1).join('*'),
          ];
          for (const c of this.columns) {
            if (matchPattern(r.from, c.name)) {
              const middle = c.name.slice(prefix.length, c.name.length - suffix.length);
              pairs.push([c.name, r.to.pattern.replace('*', middle)]);
            }
          }
        }
        const renamed = new Map(pairs);
        this.columns = this.columns
          .filter((c) => ![...renamed.values()].includes(c.name) || renamed.has(c.name))
          .map((c) => ({ ...c, name: renamed.get(c.name) ?? c.name }));
        this.operators.push((input) => renameOp(input, pairs));
        this.plan.push({ command: text, mode: 'streams' });
        return;
      }
      case 'Eval': {
        const running = new Map(types);
        for (const a of command.assignments) {
          for (const ref of fieldRefs(a.expr))
            if (!running.has(ref.name)) this.requireColumn(ref.name, ref.span);
          const type = inferType(a.expr, running);
          running.set(a.field.name, type);
          const existing = this.columns.find((c) => c.name === a.field.name);
          if (existing) existing.type = type;
          else this.columns.push({ name: a.field.name, type });
        }
        this.operators.push((input) => evalOp(input, command, types, budget));
        this.plan.push({ command: text, mode: 'streams' });
        return;
      }
      case 'Stats': {
        for (const f of command.by) this.requireColumn(f.name, f.span);
        command.aggregations.forEach((a) => this.checkAggregation(a));
        const outTypes = command.aggregations.map((a) => inferAggregationType(a, types));
        this.columns = [
          ...command.aggregations.map((a, i) => ({ name: a.name, type: outTypes[i] })),
          ...command.by.map((f) => ({ name: f.name, type: types.get(f.name) ?? 'undefined' })),
        ];
        this.operators.push((input) => statsOp(input, command, types, outTypes, maxRows, budget));
        this.countPreserved = false;
        this.plan.push({
          command: text,
          mode: 'buffers',
          detail: `groups held in the server (at most ${maxRows})`,
        });
        return;
      }
      case 'Dedup': {
        for (const f of command.fields) this.requireColumn(f.name, f.span);
        this.operators.push((input) => dedupOp(input, command, maxRows, budget));
        this.countPreserved = false;
        this.plan.push({ command: text, mode: 'streams', detail: 'keeps the keys seen so far' });
        return;
      }
      case 'Sort': {
        for (const k of command.keys) this.requireColumn(k.field.name, k.field.span);
        this.operators.push((input) =>
          sortOp(input, command.keys, command.count, types, maxRows, budget)
        );
        if (command.count > 0) this.cap = Math.min(this.cap ?? Infinity, command.count);
        this.plan.push({
          command: text,
          mode: 'buffers',
          detail: `rows held in the server (at most ${maxRows})`,
        });
        return;
      }
      case 'Head': {
        this.operators.push((input) => headOp(input, command));
        if (this.countPreserved) {
          const { size, from } = command;
          const previousCap = this.cap;
          this.cap = Math.max(0, Math.min(size, (previousCap ?? Infinity) - from));
          if (from > 0 && previousCap === undefined) this.countPreserved = false;
        }
        this.plan.push({ command: text, mode: 'streams' });
        return;
      }
      case 'Top':
      case 'Rare': {
        for (const f of [...command.fields, ...command.by]) this.requireColumn(f.name, f.span);
        this.columns = [
          ...command.by.map((f) => ({ name: f.name, type: types.get(f.name) ?? 'undefined' })),
          ...command.fields.map((f) => ({ name: f.name, type: types.get(f.name) ?? 'undefined' })),
          ...(command.showCount ? [{ name: command.countField, type: 'bigint' as PplType }] : []),
        ];
        this.operators.push((input) => topRareOp(input, command, types, maxRows, budget));
        this.countPreserved = false;
        this.plan.push({
          command: text,
          mode: 'buffers',
          detail: `value counts held in the server (at most ${maxRows})`,
        });
        return;
      }
      case 'Lookup': {
        for (const m of command.mappings)
          this.requireColumn(m.sourceField.name, m.sourceField.span);
        const table = await readLookupSchema(this.deps.client, command.table.name);
        const keys = new Set(command.mappings.map((m) => m.lookupField.name));
        const outputs =
          command.outputs.length > 0
            ? command.outputs.map((o) => {
                if (!table.has(o.inputField.name)) {
                  throw new QueryError(
                    `The lookup "${command.table.name}" has no field "${o.inputField.name}". Its fields: ${[...table.keys()].join(', ')}.`,
                    this.text,
                    o.inputField.span
                  );
                }
                return { from: o.inputField.name, to: o.outputField.name };
              })
            : [...table.keys()].filter((f) => !keys.has(f)).map((f) => ({ from: f, to: f }));
        for (const m of command.mappings) {
          if (!table.has(m.lookupField.name)) {
            throw new QueryError(
              `The lookup "${command.table.name}" has no field "${m.lookupField.name}".`,
              this.text,
              m.lookupField.span
            );
          }
        }
        for (const o of outputs) {
          const type = table.get(o.from) ?? 'undefined';
          const existing = this.columns.find((c) => c.name === o.to);
          if (!existing) this.columns.push({ name: o.to, type });
          else if (command.strategy === 'replace') existing.type = type;
        }
        const { client } = this.deps;
        this.operators.push((input) => lookupOp(input, client, command, outputs));
        this.plan.push({
          command: text,
          mode: 'streams',
          detail: `one terms query on the lookup per batch`,
        });
        return;
      }
    }
  }
}

function readPath(doc: Record<string, unknown>, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export async function compilePipeline(
  deps: PipelineDeps,
  query: Query,
  text: string
): Promise<CompiledPipeline> {
  return new Compiler(deps, text).compile(query);
}
