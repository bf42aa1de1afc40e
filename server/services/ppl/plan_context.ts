/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What planning one command needs to know and may change: the columns (names and PPL types) the
 * rows have at this point, the server operators so far, the `_explain` steps, and whether the row
 * count is still the one OpenSearch can count. Each command family (commands/*.ts) plans through
 * it; pipeline.ts only composes.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { PlanStep, SchemaColumn } from '../../../common/api/codecs';
import type {
  Command,
  Expr,
  FieldPattern,
  OutputLookup,
  SortKey,
  Span,
} from '../../../common/ppl/ast';
import type { Subsearch } from '../../../common/ppl/commands/combining_ast';
import { COMMAND_HELP, type HelpCommand } from '../../../common/ppl/language';
import type { PplType, PplValue } from '../../../common/ppl/types';
import { BadRequestError } from '../../lib/errors';
import { shownTimestamp } from '../document_scan';
import { QueryBudget, unlimitedBudget } from './budget';
import { readMaxTermsCount } from './cluster_limits';
import type { RowStream, Types } from './operators';
import type { Dsl } from './pushdown';
import {
  boundedSortKeys,
  checkSearch,
  checkTermsCount,
  ClusterLimits,
  DEFAULT_CLUSTER_LIMITS,
  RequestBoundError,
} from './request_bounds';

export interface PipelineDeps {
  client: OpenSearchClient;
  /** Buffering operators hold at most this many rows. */
  maxRows: number;
  pageSize: number;
  now: Date;
  /**
   * The query's time and memory, shared by its operators, functions and requests (none:
   * unlimited, still pausing).
   */
  budget?: QueryBudget;
  /** The cluster's limits on one request (none: OpenSearch's documented defaults). */
  limits?: ClusterLimits;
  /**
   * Plan without reading a row (`_explain`): a command whose columns the rows name stops the
   * planning ({@link PlannedWhenRun}), it and the commands after it listed as planned at run time.
   */
  planOnly?: boolean;
}

/**
 * Thrown by {@link PlanContext.readSoFar} in a plan-only compile: the command needs the rows to
 * know its columns, so nothing from it on can be planned without running the query.
 */
export class PlannedWhenRun extends Error {
  constructor() {
    super('planned when the query runs');
  }
}

export interface Column {
  name: string;
  type: PplType;
  /** A metadata field (commands/metadata.ts): readable, in the output only once `fields` names it. */
  hidden?: boolean;
  /**
   * A hidden `<alias>.<name>` after a join: the same value as the column `qualifies`, shown under
   * that name when `fields` picks it (as the SQL plugin resolves a qualified name to its column).
   */
  qualifies?: string;
  /** An array column's element type where it is known (what mvexpand makes of it). */
  element?: PplType;
}

export type Operator = (input: RowStream) => RowStream;

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

/** Planning a query inside a query (subsearches, appendpipe), given by pipeline.ts. */
export interface SubPlanner {
  compile(search: Subsearch): Promise<CompiledPipeline>;
  /** The commands planned over rows with `columns`: their columns, operators and steps after. */
  plan(
    commands: Command[],
    columns: Column[]
  ): Promise<{ columns: Column[]; operators: Operator[]; plan: PlanStep[] }>;
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

export const commandText = (text: string, span: Span): string =>
  text.slice(span.start, span.end).trim().replace(/\s+/g, ' ');

/** Every field an expression reads, with where it is written. */
export function fieldRefs(
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

/**
 * Whether a field name matches a `*` pattern. Field names are short and the pattern is split on
 * `*` only (no regular expression on user input), so this is linear.
 */
export function matchWildcard(pattern: string, name: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === name;
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!name.startsWith(first) || name.length < first.length + last.length) return false;
  if (!name.endsWith(last)) return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = name.indexOf(middle, at);
    if (found < 0 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}

/** The parts of `name` that each `*` of `pattern` matched (leftmost), or undefined. */
export function wildcardCaptures(pattern: string, name: string): string[] | undefined {
  const parts = pattern.split('*');
  if (!matchWildcard(pattern, name)) return undefined;
  const captures: string[] = [];
  let at = parts[0].length;
  const end = name.length - parts[parts.length - 1].length;
  for (let i = 1; i < parts.length; i++) {
    const next = i === parts.length - 1 ? end : name.indexOf(parts[i], at);
    captures.push(name.slice(at, next));
    at = next + parts[i].length;
  }
  return captures;
}

export function matchPattern(pattern: FieldPattern, name: string): boolean {
  return pattern.wildcard ? matchWildcard(pattern.pattern, name) : pattern.pattern === name;
}

const PPL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;
const ZONED = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * PPL shows timestamps as `yyyy-MM-dd HH:mm:ss[.fraction]`, in UTC, the fraction trimmed. Scanned documents' dates arrive
 * formatted by OpenSearch (../document_scan `formatDates`) and pass as they are; epoch millis
 * (composite keys) and zone-less text are read as UTC, never in the server's time zone.
 */
export function formatTimestampValue(value: unknown): PplValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && PPL_TIMESTAMP.test(value)) return shownTimestamp(value);
  const text = String(value);
  const date =
    typeof value === 'number'
      ? new Date(value)
      : new Date(ZONED.test(text) || !text.includes(':') ? text : `${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return String(value);
  return shownTimestamp(date.toISOString().replace('T', ' ').replace('Z', ''));
}

/**
 * A value of a date, time or timestamp column as PPL shows it: a timestamp as above, a date its
 * `yyyy-MM-dd`, a time its `HH:mm:ss[.fraction]` (a time field's value is read as an instant on
 * 1970-01-01, as OpenSearch stores it).
 */
export function formatTemporalValue(value: unknown, type: PplType): PplValue {
  const shown = formatTimestampValue(value);
  if (typeof shown !== 'string' || !PPL_TIMESTAMP.test(shown)) return shown;
  return type === 'date' ? shown.slice(0, 10) : type === 'time' ? shown.slice(11) : shown;
}

export class PlanContext {
  columns: Column[] = [];
  readonly plan: PlanStep[] = [];
  readonly operators: Operator[] = [];
  /** The row count is kept by every server operator so far (none filters or groups). */
  countPreserved = true;
  /** The rows come in the order of a sort no aggregation or join undid since (what reverse flips). */
  sorted = false;
  /** At most this many rows come out (a head or sort count), when known. */
  cap: number | undefined;
  readonly budget: QueryBudget;
  /** The source's name for `<name>.field` (its alias, or its one index). */
  sourceName?: string;
  /** The query's leading command (appendcol's subsearch reads it again); none in a sub-plan. */
  leading?: Subsearch['source'];
  /** The source's rows (set by pipeline.ts once the source is planned; none in a sub-plan). */
  sourceRows?: () => RowStream;

  constructor(
    readonly deps: PipelineDeps,
    readonly text: string,
    readonly sub?: SubPlanner
  ) {
    this.budget = deps.budget ?? unlimitedBudget();
  }

  types(): Types {
    return new Map(this.columns.map((c) => [c.name, c.type]));
  }

  has(name: string): boolean {
    return this.columns.some((c) => c.name === name);
  }

  column(name: string): Column | undefined {
    return this.columns.find((c) => c.name === name);
  }

  /** Adds a column, or retypes it when it exists (keeping its place). */
  setColumn(name: string, type: PplType, element?: PplType): void {
    const existing = this.column(name);
    if (existing) {
      existing.type = type;
      if (element === undefined) delete existing.element;
      else existing.element = element;
    } else this.columns.push({ name, type, ...(element === undefined ? {} : { element }) });
  }

  /** The types of paths inside the source's object and nested fields (see {@link requireColumn}). */
  paths?: Map<string, PplType>;

  /**
   * A path below a struct or array column (`city.name`, `projects.name` after mvexpand) is read
   * inside its value: it becomes a hidden column, shown once `fields` names it.
   */
  private readsInside(name: string): boolean {
    const parts = name.split('.');
    for (let i = parts.length - 1; i > 0; i--) {
      const parent = this.column(parts.slice(0, i).join('.'));
      if (parent && (parent.type === 'struct' || parent.type === 'array')) {
        this.columns.push({ name, type: this.paths?.get(name) ?? 'undefined', hidden: true });
        return true;
      }
    }
    return false;
  }

  requireColumn(name: string, span: Span): void {
    if (this.has(name) || this.readsInside(name)) return;
    throw new QueryError(
      `Unknown field "${name}". Available fields: ${this.columns.map((c) => c.name).join(', ') || '(none)'}.`,
      this.text,
      span,
      { field: name, available_fields: this.columns.map((c) => c.name) }
    );
  }

  checkFields(expr: Expr): void {
    for (const ref of fieldRefs(expr)) this.requireColumn(ref.name, ref.span);
  }

  /** A 400 at `span`. */
  error(message: string, span: Span, extra: Record<string, unknown> = {}): QueryError {
    return new QueryError(message, this.text, span, extra);
  }

  get limits(): ClusterLimits {
    return this.deps.limits ?? DEFAULT_CLUSTER_LIMITS;
  }

  /** A sort's keys, each once, refused at the sort when more remain than OpenSearch is sent. */
  sortKeys(keys: SortKey[], span: Span): SortKey[] {
    return this.bounded(span, () => boundedSortKeys(keys));
  }

  /** A search the query will send, refused while planning (at `span`) when over a bound. */
  checkSearch(span: Span, request: Parameters<typeof checkSearch>[0]): void {
    this.bounded(span, () => checkSearch(request, this.limits));
  }

  /**
   * A terms query of `count` values the query will send to `indices`, refused (at `span`) over
   * the smallest `index.max_terms_count` among them, read as the caller.
   */
  async checkTermsCount(span: Span, count: number, indices: string[]): Promise<void> {
    const limit = await readMaxTermsCount(this.deps.client, indices, this.limits.maxTermsCount);
    this.bounded(span, () => checkTermsCount(count, limit));
  }

  private bounded<T>(span: Span, check: () => T): T {
    try {
      return check();
    } catch (error) {
      if (error instanceof RequestBoundError) {
        throw this.error(error.message, span, error.attributes);
      }
      throw error;
    }
  }

  commandText(span: Span): string {
    return commandText(this.text, span);
  }

  /**
   * Adds a server operator and its `_explain` step (none with `step: false`). `keepsCount: false`
   * for an operator that drops, adds or groups rows (the count OpenSearch gives no longer holds).
   */
  add(
    span: Span,
    mode: 'streams' | 'buffers',
    operator: Operator,
    options: { detail?: string; keepsCount?: boolean; step?: false } = {}
  ): void {
    this.operators.push(operator);
    if (options.keepsCount === false) this.countPreserved = false;
    if (options.step === false) return;
    this.plan.push({
      command: this.commandText(span),
      mode,
      ...(options.detail === undefined ? {} : { detail: options.detail }),
    });
  }

  /**
   * The rows of everything planned so far, read now: for a command whose columns are named by
   * the data (spath without a path, timewrap). Undefined where there is no source of its own
   * (appendpipe). Throws {@link PlannedWhenRun} when planning only.
   */
  readSoFar(): RowStream | undefined {
    const source = this.sourceRows;
    if (source === undefined) return undefined;
    if (this.deps.planOnly) throw new PlannedWhenRun();
    const operators = [...this.operators];
    return operators.reduce<RowStream>((stream, op) => op(stream), source());
  }

  /**
   * Lists commands that could not be planned without their rows (see {@link PlannedWhenRun}),
   * each with its usual mode; the row count is then unknown.
   */
  plannedWhenRun(commands: Array<{ span: Span }>): void {
    this.countPreserved = false;
    commands.forEach((command, i) => {
      const text = this.commandText(command.span);
      const help = COMMAND_HELP[text.split(/[\s=]/)[0].toLowerCase() as HelpCommand];
      this.plan.push({
        command: text,
        mode: help?.modes[0] ?? 'buffers',
        detail:
          i === 0
            ? 'its columns are named by the rows it reads, so it and the commands after it are planned when the query runs (an explain reads no rows)'
            : 'planned when the query runs',
      });
    });
  }

  /** The `_explain` detail of a buffering operator. */
  buffered(what = 'rows'): string {
    return `${what} held in the server (at most ${this.deps.maxRows})`;
  }
}
