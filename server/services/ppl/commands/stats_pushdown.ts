/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `stats` answered by OpenSearch, as the SQL plugin's AggregateAnalyzer builds it: a composite
 * aggregation over the group keys (terms, and a histogram or date histogram for `span(…)`),
 * paged with `after_key`; and `bin <time> bins=<n> | stats … by <time>`, which the plugin can
 * only answer this way, as an auto_date_histogram of n buckets (under the composite when there are
 * other keys), its empty buckets left out.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { StatsCommand } from '../../../../common/ppl/ast';
import type { BinCommand } from '../../../../common/ppl/commands/windows';
import { isNumericType, type PplType, type PplValue } from '../../../../common/ppl/types';
import {
  aggregationPushdown,
  pushableAggregation,
  type PushedAggregation,
} from '../functions/aggregation_pushdown';
import { inferAggregationType } from '../evaluate';
import type { Row, RowStream } from '../operators';
import {
  formatTemporalValue,
  formatTimestampValue,
  type Column,
  type PlanContext,
} from '../plan_context';
import type { Dsl } from '../pushdown';
import { scanComposite, type CompositeBucket } from '../scan';
import type { SourceSchema } from '../source_schema';
import { checkAggregation } from './aggregation';

/** A `stats` OpenSearch answers: its request's aggregations, and its rows read as the caller. */
export interface PushedStats {
  /** The search's `aggs` for a page of `pageSize` groups (also what `_explain` shows). */
  aggs(pageSize: number): Dsl;
  /** How the aggregation reads, for `_explain`. */
  detail: string;
  run(client: OpenSearchClient, indices: string[], query: Dsl, pageSize: number): RowStream;
}

type Bucket = { doc_count: number; key?: unknown } & Record<string, unknown>;

const INTEGRAL = ['tinyint', 'smallint', 'int', 'bigint'];

/** The aggregations of a `stats`, as sub-aggregations of a bucket, and how a bucket reads. */
function metricsFor(ctx: PlanContext, command: StatsCommand, schema: SourceSchema) {
  const specs: Array<{
    name: string;
    func: string;
    spec: Dsl | null;
    type: PplType;
    read?: PushedAggregation['read'];
  }> = [];
  const types = ctx.types();
  for (const agg of command.aggregations) {
    checkAggregation(ctx, agg);
    const field = agg.arg?.kind === 'Field' ? schema.fields.get(agg.arg.name) : undefined;
    if (agg.arg && !field?.exactField) return null;
    const type = inferAggregationType(agg, types);
    if (!pushableAggregation(agg)) {
      const pushed = aggregationPushdown(agg, field, type);
      if (!pushed) return null;
      specs.push({ name: agg.name, func: agg.func, spec: pushed.spec, type, read: pushed.read });
      continue;
    }
    let spec: Dsl | null = null;
    if (agg.func === 'count') spec = agg.arg ? { value_count: { field: field!.exactField } } : null;
    else if (agg.func === 'dc')
      spec = { cardinality: { field: field!.exactField, precision_threshold: 40000 } };
    else if (isNumericType(field!.type)) spec = { [agg.func]: { field: field!.exactField } };
    else return null;
    specs.push({ name: agg.name, func: agg.func, spec, type });
  }
  const aggs: Dsl = {};
  specs.forEach(({ func, spec }, i) => {
    if (spec) aggs[`a${i}`] = spec;
    // A sum over no values is null, not 0: counted beside it.
    if (func === 'sum')
      aggs[`n${i}`] = { value_count: { field: (spec as { sum: { field: string } }).sum.field } };
  });
  const read = (bucket: Bucket, row: Row) => {
    specs.forEach(({ name, func, spec, type, read: readPushed }, i) => {
      if (readPushed) return void (row[name] = readPushed(bucket[`a${i}`]));
      if (!spec) return void (row[name] = bucket.doc_count);
      const value = (bucket[`a${i}`] as { value: number | null }).value;
      if (func === 'sum' && (bucket[`n${i}`] as { value: number }).value === 0)
        return void (row[name] = null);
      row[name] = value === null ? null : INTEGRAL.includes(type) ? Math.round(value) : value;
    });
  };
  const columns: Column[] = specs.map(({ name, type }) => ({ name, type }));
  return { aggs, read, columns };
}

const FIXED_UNITS = new Set(['ms', 's', 'm', 'h', 'd']);

/** The composite source of `span(…)`: a histogram, or a date histogram (epoch-aligned as the server's). */
function spanSource(
  command: StatsCommand,
  schema: SourceSchema
): { source: Dsl; type: PplType } | null {
  const bucket = command.bucket!;
  const field = schema.fields.get(bucket.field.name);
  if (!field?.exactField) return null;
  const { size, unit } = bucket.interval;
  if (isNumericType(field.type) && unit === undefined) {
    const integral = Number.isInteger(size) && INTEGRAL.includes(field.type);
    return {
      source: {
        histogram: {
          field: field.exactField,
          interval: size,
          missing_bucket: command.bucketNullable,
        },
      },
      type: integral ? field.type : 'double',
    };
  }
  if ((field.type === 'timestamp' || field.type === 'date') && unit !== undefined) {
    if (!Number.isInteger(size)) return null;
    let interval: Dsl;
    if (FIXED_UNITS.has(unit)) interval = { fixed_interval: `${size}${unit}` };
    else if (unit === 'w') interval = { fixed_interval: `${7 * size}d` };
    else if (size === 1 && ['M', 'q', 'y'].includes(unit))
      interval = { calendar_interval: `1${unit}` };
    else return null;
    return {
      source: { date_histogram: { field: field.exactField, ...interval } },
      // span() keeps its field's type (SpanFunction): a date field's buckets are dates.
      type: field.type,
    };
  }
  return null;
}

/** The terms sources of a `stats`'s by fields, keyed k0, k1, …; null if one cannot be. */
function termsSources(command: StatsCommand, schema: SourceSchema, by = command.by) {
  const fields = by.map((f) => schema.fields.get(f.name));
  if (fields.some((f) => !f?.exactField)) return null;
  return {
    sources: fields.map((f, i): Dsl => ({
      [`k${i}`]: { terms: { field: f!.exactField, missing_bucket: command.bucketNullable } },
    })),
    columns: by.map((f, i) => ({ name: f.name, type: fields[i]!.type })),
  };
}

/** Group values into the row: composite keys by their source name, timestamps formatted. */
function readKeys(row: Row, key: Record<string, unknown>, keys: Array<Column & { key: string }>) {
  for (const k of keys) {
    const value = key[k.key];
    row[k.name] =
      k.type === 'timestamp' || k.type === 'date' || k.type === 'time'
        ? formatTemporalValue(value, k.type)
        : ((value ?? null) as PplValue);
  }
}

/** `stats … [by …]` as a composite aggregation (or one search when there is no group). */
export function compositeStats(
  ctx: PlanContext,
  command: StatsCommand,
  schema: SourceSchema
): PushedStats | null {
  const terms = termsSources(command, schema);
  const metrics = terms && metricsFor(ctx, command, schema);
  if (!terms || !metrics) return null;
  const { sources } = terms;
  const keys = terms.columns.map((c, i) => ({ ...c, key: `k${i}` }));
  if (command.bucket) {
    const bucket = spanSource(command, schema);
    if (!bucket) return null;
    ctx.requireColumn(command.bucket.field.name, command.bucket.field.span);
    // The span is always the first group key (stats.md).
    sources.unshift({ k_span: bucket.source });
    keys.unshift({ name: command.bucket.name, type: bucket.type, key: 'k_span' });
  }
  ctx.columns = [...metrics.columns, ...keys.map(({ name, type }) => ({ name, type }))];
  const toRow = (bucket: Bucket): Row => {
    const row: Row = {};
    metrics.read(bucket, row);
    readKeys(row, (bucket.key ?? {}) as Record<string, unknown>, keys);
    return row;
  };
  return {
    aggs: (pageSize) =>
      sources.length === 0
        ? metrics.aggs
        : { groups: { composite: { size: pageSize, sources }, aggs: metrics.aggs } },
    detail:
      command.by.length > 0 ? 'a composite aggregation, paged with after_key' : 'one aggregation',
    run: async function* (client, indices, query, pageSize) {
      if (sources.length === 0) {
        const { body } = await client.search({
          index: indices.join(','),
          body: { size: 0, track_total_hits: true, query, aggs: metrics.aggs },
        });
        const response = body as {
          hits: { total: { value: number } };
          aggregations?: Record<string, unknown>;
        };
        yield [toRow({ doc_count: response.hits.total.value, ...(response.aggregations ?? {}) })];
        return;
      }
      for await (const buckets of scanComposite(
        client,
        indices,
        query,
        sources,
        metrics.aggs,
        pageSize
      ))
        yield buckets.map(toRow);
    },
  };
}

/**
 * `bin <time> bins=<n> [as <name>] | stats … by <name>[, …]`: the bins are an auto_date_histogram
 * of n buckets (OpenSearch picks the interval), under a composite of the other group keys when
 * there are some. A bucket without documents gives no row. Null when the pair cannot be pushed:
 * `bin` then refuses the bins (./bins).
 */
export function autoDateStats(
  ctx: PlanContext,
  bin: BinCommand,
  command: StatsCommand,
  schema: SourceSchema
): PushedStats | null {
  const field = schema.fields.get(bin.field.name);
  const name = bin.alias?.name ?? bin.field.name;
  const at = command.by.findIndex((f) => f.name === name);
  if (bin.bins === undefined || bin.interval !== undefined || command.bucket) return null;
  if (at < 0 || !field?.exactField || !['date', 'date_nanos'].includes(field.mappingType))
    return null;
  const others = command.by.filter((_, i) => i !== at);
  const terms = termsSources(command, schema, others);
  const metrics = terms && metricsFor(ctx, command, schema);
  if (!terms || !metrics) return null;
  const keys = terms.columns.map((c, i) => ({ ...c, key: `k${i}` }));
  const byColumns = command.by.map((f, i) =>
    i === at ? { name, type: 'timestamp' as PplType } : keys.find((k) => k.name === f.name)!
  );
  ctx.columns = [...metrics.columns, ...byColumns.map(({ name: n, type }) => ({ name: n, type }))];
  const bins: Dsl = {
    bins: {
      auto_date_histogram: { field: field.exactField, buckets: bin.bins },
      aggs: metrics.aggs,
    },
  };
  const rowsOf = (parent: Record<string, unknown>, key: Record<string, unknown>): Row[] =>
    ((parent.bins as { buckets: Bucket[] }).buckets ?? [])
      .filter((b) => b.doc_count > 0)
      .map((b) => {
        const row: Row = {};
        metrics.read(b, row);
        readKeys(row, key, keys);
        row[name] = formatTimestampValue(b.key);
        return row;
      });
  // Each composite group holds up to n buckets: fewer groups a page keep it within max_buckets.
  const groupsPerPage = (pageSize: number) => Math.max(1, Math.floor(pageSize / bin.bins!));
  return {
    aggs: (pageSize) =>
      keys.length === 0
        ? bins
        : {
            groups: {
              composite: { size: groupsPerPage(pageSize), sources: terms.sources },
              aggs: bins,
            },
          },
    detail: `an auto_date_histogram of ${bin.bins} buckets${keys.length > 0 ? ' under a composite aggregation, paged with after_key' : ''}`,
    run: async function* (client, indices, query, pageSize) {
      if (keys.length === 0) {
        const { body } = await client.search({
          index: indices.join(','),
          body: { size: 0, query, aggs: bins },
        });
        yield rowsOf((body as { aggregations: Record<string, unknown> }).aggregations, {});
        return;
      }
      const groups = groupsPerPage(pageSize);
      for await (const page of scanComposite(client, indices, query, terms.sources, bins, groups))
        yield page.flatMap((group: CompositeBucket) => rowsOf(group, group.key));
    },
  };
}
