/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Subsearches in the server: in `where` conditions (`in [ … ]`, `exists [ … ]`, subquery.md),
 * and the commands that combine whole searches, `multisearch` and `union`. A subsearch whose rows
 * are compared is the build side: held in the server, at most max_rows rows.
 */
import type { Command, EvalCommand, Expr, Span } from '../../../../common/ppl/ast';
import type {
  MultiSearch,
  Subsearch,
  SubsearchPredicate,
  UnionCommand,
  WhereSubsearchCommand,
} from '../../../../common/ppl/commands/combining_ast';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { evaluate, evaluatePredicate, readField, toPplString } from '../evaluate';
import type { QueryBudget } from '../budget';
import { keyEntryBytes, type Row, type RowStream } from '../operators';
import {
  fieldRefs,
  QueryError,
  type Column,
  type CompiledPipeline,
  type PlanContext,
  type SubPlanner,
} from '../plan_context';
import { splitConjuncts } from '../pushdown';
import {
  coercedColumns,
  collect,
  keyText,
  OUT_BATCH,
  renameFields,
  requireSub,
  separatedColumns,
  unionColumns,
} from './combine_rows';
import {
  conditionOf,
  correlation,
  isSlot,
  outerResolver,
  planCorrelatedScalar,
} from './correlated';

/**
 * A predicate's result for one row of the outer search (true, false or null), or a scalar
 * subsearch's value for it (awaited where it runs the subsearch's commands for that row).
 */
export type RowTest = (row: Row) => PplValue | Promise<PplValue>;

export interface PreparedSlot {
  slot: string;
  prepare: () => Promise<RowTest>;
  detail: string;
  type?: PplType;
}

/**
 * Each subsearch of a `where`, `eval` or join condition, planned (the values of an `in` read from
 * `ctx`'s columns); its test made once the rows start. `command` names what holds an `in`'s set.
 */
export async function prepareSlots(
  ctx: PlanContext,
  predicates: SubsearchPredicate[],
  span: Span,
  command = 'where'
): Promise<PreparedSlot[]> {
  const sub = requireSub(ctx, span);
  const prepared: PreparedSlot[] = [];
  for (const p of predicates) {
    prepared.push({
      slot: p.slot,
      ...(p.kind === 'Exists'
        ? await planExists(ctx, sub, p)
        : p.kind === 'Scalar'
          ? await planScalar(ctx, sub, p)
          : await planIn(ctx, sub, p, `${command} … in [ ]`)),
    });
  }
  return prepared;
}

export async function readyTests(prepared: PreparedSlot[]): Promise<Array<[string, RowTest]>> {
  const tests: Array<[string, RowTest]> = [];
  for (const p of prepared) tests.push([p.slot, await p.prepare()]);
  return tests;
}

/** Each row of the batch given each test's value in its slot, within the query's time. */
async function fillSlots(
  batch: Row[],
  tests: Array<[string, RowTest]>,
  budget: QueryBudget
): Promise<void> {
  budget.begin();
  for (const row of batch) {
    for (const [slot, test] of tests) {
      const value = test(row);
      row[slot] = value instanceof Promise ? await value : value;
    }
    if (budget.tick()) await budget.pause();
  }
  await budget.endBatch();
}

/** `where <condition with subsearches>`: each subsearch ready before the first row is tested. */
export async function planWhereSubsearch(
  ctx: PlanContext,
  command: WhereSubsearchCommand
): Promise<void> {
  const prepared = await prepareSlots(ctx, command.predicates, command.span);
  for (const ref of fieldRefs(command.condition))
    if (!isSlot(ref.name)) ctx.requireColumn(ref.name, ref.span);
  const types = ctx.types();
  for (const p of prepared) types.set(p.slot, p.type ?? 'boolean');
  const { condition } = command;
  const { budget } = ctx;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const tests = await readyTests(prepared);
      for await (const batch of input) {
        const kept: Row[] = [];
        await fillSlots(batch, tests, budget);
        await budget.eachRow(batch, (row) => {
          const keep = evaluatePredicate(condition, row, { types, budget, command: 'where' });
          for (const [slot] of tests) delete row[slot];
          if (keep) kept.push(row);
        });
        if (kept.length > 0) yield kept;
      }
    },
    { keepsCount: false, detail: prepared.map((p) => p.detail).join('; ') }
  );
}

/**
 * `eval` with subsearches (`eval n = [ source=… | stats count() ]`): each row gets the
 * subsearches' values in hidden columns, the eval runs as any other, then they are dropped.
 */
export async function planEvalSubsearch(
  ctx: PlanContext,
  command: EvalCommand,
  planEval: (ctx: PlanContext, command: EvalCommand) => void
): Promise<void> {
  const predicates = command.subsearches ?? [];
  const prepared = await prepareSlots(ctx, predicates, command.span);
  const { budget } = ctx;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const tests = await readyTests(prepared);
      for await (const batch of input) {
        await fillSlots(batch, tests, budget);
        yield batch;
      }
    },
    { detail: prepared.map((p) => p.detail).join('; ') }
  );
  for (const p of prepared)
    ctx.columns.push({ name: p.slot, type: p.type ?? 'boolean', hidden: true });
  planEval(ctx, command);
  const slots = prepared.map((p) => p.slot);
  ctx.columns = ctx.columns.filter((c) => !slots.includes(c.name));
  ctx.operators.push(async function* (input) {
    for await (const batch of input) {
      for (const row of batch) for (const slot of slots) delete row[slot];
      yield batch;
    }
  });
}

/**
 * `<values> [not] in [ … ]`: the subsearch's first columns held as a set. As SQL's IN: a null
 * value, or no match when the subsearch gave a null, is null (neither in nor not in).
 */
async function planIn(ctx: PlanContext, sub: SubPlanner, p: SubsearchPredicate, label: string) {
  for (const v of p.values) ctx.checkFields(v);
  const compiled = await sub.compile(p.search);
  if (compiled.columns.length < p.values.length) {
    throw ctx.error(
      `the subsearch gives ${compiled.columns.length} column(s) to compare ${p.values.length} value(s) with: ` +
        'end it with fields naming as many columns',
      p.search.span
    );
  }
  const names = compiled.columns.slice(0, p.values.length).map((c) => c.name);
  const types = ctx.types();
  const { maxRows } = ctx.deps;
  const { values, negated } = p;
  return {
    detail: `the subsearch's ${names.join(', ')} held in the server (at most ${maxRows} rows)`,
    prepare: async (): Promise<RowTest> => {
      const set = new Set<string>();
      let sawNull = false;
      // The rows while the set is made, then the set, until the query ends.
      const rows = ctx.budget.hold(label);
      const keys = ctx.budget.hold(label);
      for (const row of await collect(compiled.run(), rows, maxRows)) {
        const key = names.map((n) => readField(row, n));
        if (key.some((v) => v === null)) sawNull = true;
        else {
          const id = keyText(key);
          if (!set.has(id)) keys.add(keyEntryBytes(id));
          set.add(id);
        }
      }
      rows.clear();
      const options = { types, budget: ctx.budget, command: label };
      return (row) => {
        const key = values.map((e) => evaluate(e, row, options));
        if (key.some((v) => v === null)) return null;
        if (set.has(keyText(key))) return !negated;
        return sawNull ? null : negated;
      };
    },
  };
}

/**
 * A scalar subsearch (uncorrelated): its first column's value in its one row, null without rows;
 * more than one row is an error, as a scalar subquery's.
 */
async function planScalar(ctx: PlanContext, sub: SubPlanner, p: SubsearchPredicate) {
  const correlated = await planCorrelatedScalar(ctx, sub, p);
  if (correlated) return correlated;
  const compiled = await sub.compile(p.search);
  const column = compiled.columns[0];
  if (column === undefined)
    throw ctx.error('the subsearch gives no column for its value', p.search.span);
  const query = ctx.text;
  return {
    type: column.type,
    detail: `the subsearch runs once for its value (${column.name})`,
    prepare: async (): Promise<RowTest> => {
      let first: Row | undefined;
      let count = 0;
      for await (const batch of compiled.run()) {
        count += batch.length;
        first ??= batch[0];
        if (count > 1) break;
      }
      if (count > 1) {
        throw new QueryError(
          'a scalar subsearch gives more than one row: end it with stats or head 1',
          query,
          p.search.span
        );
      }
      const value = first === undefined ? null : readField(first, column.name);
      return () => value;
    },
  };
}

/**
 * `exists [ … ]`. Correlated (subquery.md): a `where` of the subsearch names fields of the outer
 * rows. The subsearch then runs once without those conditions, its rows held (at most max_rows),
 * and each outer row exists when one held row meets them with it (equalities of an outer and an
 * inner field by a hash lookup). After the first such `where` only where, fields, table, sort
 * and head may follow: they do not change whether a row exists.
 */
async function planExists(ctx: PlanContext, sub: SubPlanner, p: SubsearchPredicate) {
  const search = p.search;
  const { outer, resolve, refersOuter } = outerResolver(ctx, search);
  let inner = (await sub.compile({ ...search, commands: [] })).columns as Column[];

  const commands = search.commands;
  let first = commands.length;
  for (let i = 0; i < commands.length; i++) {
    const condition = conditionOf(commands[i]);
    if (condition && refersOuter(condition, inner)) {
      first = i;
      break;
    }
    inner = (await sub.plan([commands[i]], inner)).columns;
  }
  const innerFilters: Command[] = [];
  const correlated: Expr[] = [];
  for (const c of commands.slice(first)) {
    const condition = conditionOf(c);
    if (condition === undefined) {
      if (c.kind === 'Fields' || c.kind === 'Sort') continue;
      if (c.kind === 'Head' && c.size > 0) continue;
      throw ctx.error(
        'exists [ … ]: after the where that refers to the outer rows only where, fields, table, sort ' +
          'and head may follow (they do not change whether a row exists); move this command before it',
        c.span
      );
    }
    if (!refersOuter(condition, inner)) {
      innerFilters.push(c);
      continue;
    }
    if (c.kind === 'WhereSubsearch') {
      throw ctx.error(
        'exists [ … ]: a where with a subsearch of its own cannot also refer to the outer rows; split it in two wheres',
        c.span
      );
    }
    for (const part of splitConjuncts(condition)) {
      if (refersOuter(part, inner)) correlated.push(part);
      else {
        const unqualified = renameFields(part, (n) => resolve(n, inner)?.name ?? n);
        innerFilters.push({ kind: 'Where', condition: unqualified, span: c.span });
      }
    }
  }
  const compiled: CompiledPipeline = await sub.compile({
    ...search,
    commands: [...commands.slice(0, first), ...innerFilters],
  });
  const innerColumns = compiled.columns as Column[];
  const { maxRows } = ctx.deps;

  if (correlated.length === 0) {
    return {
      detail: 'the subsearch runs once, until its first row',
      prepare: async (): Promise<RowTest> => {
        let found = false;
        for await (const batch of compiled.run()) {
          if (batch.length > 0) {
            found = true;
            break;
          }
        }
        return () => found;
      },
    };
  }

  // Correlated: outer=inner equalities are hash keys, the rest checked on each candidate pair.
  const { keysOuter, group, outerKey, matches } = correlation(
    ctx,
    resolve,
    outer,
    innerColumns,
    correlated,
    'exists [ ]'
  );
  return {
    detail: `the subsearch's rows held in the server (at most ${maxRows}), matched to each row`,
    prepare: async (): Promise<RowTest> => {
      // Held until the query ends (the test runs on every outer row).
      const built = await collect(compiled.run(), ctx.budget.hold('exists [ ]'), maxRows);
      const table = group(built);
      return (row) => {
        let candidates = built;
        if (keysOuter.length > 0) {
          const key = outerKey(row);
          if (key === undefined) return false;
          candidates = table.get(key) ?? [];
        }
        return candidates.some((r) => matches(row, r));
      };
    },
  };
}

/** A row with `renames` applied and each value of a column whose type became string as text. */
function conform(columns: Column[], renames: Array<[string, string]>, from: Column[]) {
  const toText = from
    .filter((c) => c.type !== 'string' && columns.find((o) => o.name === c.name)?.type === 'string')
    .map((c) => c.name);
  if (renames.length === 0 && toText.length === 0) return undefined;
  return (row: Row): Row => {
    const out: Row = { ...row };
    for (const n of toText) {
      const v = out[n];
      if (v !== null && v !== undefined) out[n] = toPplString(v);
    }
    for (const [a, b] of renames) {
      out[b] = out[a] ?? null;
      delete out[a];
    }
    return out;
  };
}

async function* mapped(stream: RowStream, fix: ((row: Row) => Row) | undefined): RowStream {
  for await (const batch of stream) yield fix ? batch.map(fix) : batch;
}

async function* capped(stream: RowStream, max: number): RowStream {
  if (max <= 0) return yield* stream;
  let left = max;
  for await (const batch of stream) {
    yield batch.length <= left ? batch : batch.slice(0, left);
    left -= batch.length;
    if (left <= 0) return;
  }
}

/** Newest `@timestamp` first across streams that each come newest first (a k-way merge). */
async function* interleaved(streams: RowStream[]): RowStream {
  const heads = streams.map((s) => ({
    it: s[Symbol.asyncIterator](),
    batch: [] as Row[],
    i: 0,
    done: false,
  }));
  const fill = async (h: (typeof heads)[number]) => {
    while (!h.done && h.i >= h.batch.length) {
      const next = await h.it.next();
      if (next.done) h.done = true;
      else {
        h.batch = next.value;
        h.i = 0;
      }
    }
  };
  for (const h of heads) await fill(h);
  let out: Row[] = [];
  for (;;) {
    let best: (typeof heads)[number] | undefined;
    let bestTime: string | null = null;
    for (const h of heads) {
      if (h.done) continue;
      const t = readField(h.batch[h.i], '@timestamp');
      const time = t === null ? null : toPplString(t);
      if (best === undefined || (time !== null && (bestTime === null || time > bestTime))) {
        best = h;
        bestTime = time;
      }
    }
    if (best === undefined) break;
    out.push(best.batch[best.i++]);
    await fill(best);
    if (out.length >= OUT_BATCH) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

const newestFirst = (search: Subsearch): Subsearch => {
  const field = { kind: 'Field' as const, name: '@timestamp', quoted: false, span: search.span };
  return {
    ...search,
    commands: [
      ...search.commands,
      {
        kind: 'Sort',
        count: 0,
        keys: [{ field, order: 'desc', notation: 'prefix', span: search.span }],
        span: search.span,
      },
    ],
  };
};

/**
 * `multisearch` / leading `union`: every subsearch compiled on its own. multisearch interleaves
 * them newest `@timestamp` first when each has that column (each sorted, then merged, so the
 * rows still stream), and keeps columns of clashing types apart; union runs them one after the
 * other, its columns of clashing types in their common type, at most `maxout` rows.
 */
export async function planMultiSearch(
  ctx: PlanContext,
  source: MultiSearch
): Promise<{ run: () => RowStream; count: () => Promise<number | undefined> }> {
  const sub = requireSub(ctx, source.span);
  let compiled: CompiledPipeline[] = [];
  for (const search of source.searches) compiled.push(await sub.compile(search));
  const byTime =
    source.command === 'multisearch' &&
    compiled.every((c) =>
      c.columns.some((col) => col.name === '@timestamp' && col.type === 'timestamp')
    );
  if (byTime) {
    compiled = [];
    for (const search of source.searches) compiled.push(await sub.compile(newestFirst(search)));
  }
  const inputs = compiled.map((c) => c.columns as Column[]);
  let fixes: Array<((row: Row) => Row) | undefined>;
  if (source.command === 'multisearch') {
    const { columns, renames } = separatedColumns(inputs);
    ctx.columns = columns;
    fixes = inputs.map((cols, i) => conform(columns, renames[i], cols));
  } else {
    ctx.columns = inputs.reduce<Column[]>((cols, c) => coercedColumns(cols, c), []);
    fixes = inputs.map((cols) => conform(ctx.columns, [], cols));
  }
  const { maxout } = source;
  ctx.plan.push({
    command: ctx.commandText(source.span),
    mode: 'streams',
    detail:
      `${compiled.length} subsearches, ` +
      (byTime ? 'merged newest @timestamp first' : 'one after the other') +
      (maxout > 0 ? `, at most ${maxout} rows` : ''),
  });
  const streams = () => compiled.map((c, i) => mapped(c.run(), fixes[i]));
  return {
    run: () =>
      capped(
        byTime
          ? interleaved(streams())
          : (async function* () {
              for (const s of streams()) yield* s;
            })(),
        maxout
      ),
    count: async () => {
      let total = 0;
      for (const c of compiled) {
        const n = await c.count();
        if (n === undefined) return undefined;
        total += n;
      }
      return maxout > 0 ? Math.min(total, maxout) : total;
    },
  };
}

/** `… | union [maxout=<n>] <dataset> …`: the rows so far, then each dataset's, at most maxout. */
export async function planUnion(ctx: PlanContext, command: UnionCommand): Promise<void> {
  const sub = requireSub(ctx, command.span);
  const compiled: CompiledPipeline[] = [];
  for (const search of command.searches) compiled.push(await sub.compile(search));
  const inputs = [
    ctx.columns.map((c) => ({ ...c })),
    ...compiled.map((c) => c.columns as Column[]),
  ];
  const columns = inputs.reduce<Column[]>((cols, c) => coercedColumns(cols, c), []);
  const fixes = inputs.map((cols) => conform(columns, [], cols));
  ctx.columns = unionColumns(columns, []);
  const { maxout } = command;
  ctx.add(
    command.span,
    'streams',
    (input) =>
      capped(
        (async function* () {
          yield* mapped(input, fixes[0]);
          for (let i = 0; i < compiled.length; i++) yield* mapped(compiled[i].run(), fixes[i + 1]);
        })(),
        maxout
      ),
    {
      keepsCount: false,
      detail: `${compiled.length} dataset(s) after the rows so far${maxout > 0 ? `, at most ${maxout} rows` : ''}`,
    }
  );
}
