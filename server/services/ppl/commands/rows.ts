/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Row commands in the server: where, fields/table, rename, eval, dedup, sort, head. */
import type {
  DedupCommand,
  EvalCommand,
  Expr,
  FieldPattern,
  FieldsCommand,
  HeadCommand,
  RenameCommand,
  SortCommand,
  WhereCommand,
} from '../../../../common/ppl/ast';
import { commonType, type PplType } from '../../../../common/ppl/types';
import { checkBetweens, inferType } from '../evaluate';
import {
  dedupOp,
  evalOp,
  headOp,
  projectOp,
  renameOp,
  sortOp,
  type Types,
  whereOp,
} from '../operators';
import { Column, fieldRefs, matchPattern, PlanContext, wildcardCaptures } from '../plan_context';

export function planWhere(ctx: PlanContext, command: WhereCommand): void {
  ctx.checkFields(command.condition);
  const types = ctx.types();
  checkBetweens(command.condition, types);
  const { budget } = ctx;
  ctx.add(
    command.span,
    'streams',
    (input) => whereOp(input, command.condition, types, budget, ctx.deps.now),
    {
      keepsCount: false,
    }
  );
}

/** A column `fields` may pick, or a path inside an object column (see {@link withFlattenedPaths}). */
interface Candidate {
  name: string;
  column?: Column;
  inside?: boolean;
}

/**
 * The columns, each object column followed by the paths inside it (objects too, depth first, in
 * the mapping's order; not inside arrays), as the SQL plugin's row of an index has them.
 */
function withFlattenedPaths(ctx: PlanContext): Candidate[] {
  const paths = ctx.paths;
  const out: Candidate[] = [];
  for (const c of ctx.columns) {
    if (c.hidden && paths?.has(c.name) && c.name.includes('.')) continue;
    out.push({ name: c.name, column: c });
    if (c.type !== 'struct' || c.hidden || !paths) continue;
    for (const [path] of paths) {
      if (!path.startsWith(`${c.name}.`)) continue;
      const parts = path.split('.');
      const inArray = parts
        .slice(0, -1)
        .some((_, i) => i > 0 && paths.get(parts.slice(0, i + 1).join('.')) === 'array');
      if (!inArray) out.push({ name: path, inside: true });
    }
  }
  return out;
}

/** The columns `fields` keeps: patterns in the order written (each column once), or all but. */
export function applyFields(
  ctx: PlanContext,
  mode: 'include' | 'exclude',
  patterns: FieldPattern[]
): void {
  for (const p of patterns) {
    if (!p.wildcard && !ctx.has(p.pattern)) ctx.requireColumn(p.pattern, p.span);
  }
  if (mode === 'include') {
    const picked: Column[] = [];
    // `fields *` alone is every column as the source shows them; any other wildcard also ranges
    // over the paths inside object columns (the SQL plugin's row holds them flattened).
    const allAlone = patterns.length === 1 && patterns[0].pattern === '*' && !patterns[0].quoted;
    const columns = ctx.columns.map((c): Candidate => ({ name: c.name, column: c }));
    const candidates = allAlone ? columns : withFlattenedPaths(ctx);
    // A metadata field is picked only by its own name, and is then shown.
    for (const p of patterns)
      for (const candidate of p.wildcard ? candidates : columns) {
        if (!matchPattern(p, candidate.name)) continue;
        if (candidate.column?.hidden && p.wildcard) continue;
        if (candidate.inside) ctx.requireColumn(candidate.name, p.span);
        const c = candidate.column ?? ctx.column(candidate.name)!;
        if (!picked.includes(c)) picked.push(c);
      }
    ctx.columns = picked.map((c) =>
      c.hidden
        ? { name: c.name, type: c.type, ...(c.qualifies ? { qualifies: c.qualifies } : {}) }
        : c
    );
  } else {
    ctx.columns = ctx.columns.filter((c) => !patterns.some((p) => matchPattern(p, c.name)));
  }
}

export function planFields(ctx: PlanContext, command: FieldsCommand): void {
  applyFields(ctx, command.mode, command.fields);
  const names = ctx.columns.map((c) => c.name);
  // A qualified name after a join (`a.name`) shows under its column's name, unless that is kept too.
  const renames: Array<[string, string]> = [];
  for (const c of ctx.columns) {
    if (c.qualifies === undefined || names.includes(c.qualifies)) continue;
    if (renames.some(([, to]) => to === c.qualifies)) continue;
    renames.push([c.name, c.qualifies]);
    c.name = c.qualifies;
  }
  for (const c of ctx.columns) delete c.qualifies;
  ctx.add(command.span, 'streams', (input) =>
    renames.length === 0 ? projectOp(input, names) : renameOp(projectOp(input, names), renames)
  );
}

/** `rename a* as b*`: each `*` of the target takes what the source's `*` matched. */
export function planRename(ctx: PlanContext, command: RenameCommand): void {
  const pairs: Array<[string, string]> = [];
  for (const r of command.renames) {
    if (!r.from.wildcard) {
      ctx.requireColumn(r.from.pattern, r.from.span);
      pairs.push([r.from.pattern, r.to.pattern]);
      continue;
    }
    const stars = r.from.pattern.split('*').length - 1;
    const targetStars = r.to.pattern.split('*').length - 1;
    if (targetStars !== 0 && targetStars !== stars) {
      throw ctx.error(
        `The rename target "${r.to.pattern}" has ${targetStars} wildcards and the source "${r.from.pattern}" ${stars}: give the same number, or none`,
        r.to.span
      );
    }
    for (const c of ctx.columns) {
      const captures = wildcardCaptures(r.from.pattern, c.name);
      if (!captures) continue;
      let i = 0;
      const to = r.to.pattern.replace(/\*/g, () => captures[i++] ?? '');
      pairs.push([c.name, to]);
    }
  }
  const renamed = new Map(pairs);
  const targets = new Set(renamed.values());
  ctx.columns = ctx.columns
    .filter((c) => !targets.has(c.name) || renamed.has(c.name))
    .map((c) => ({ ...c, name: renamed.get(c.name) ?? c.name }));
  ctx.add(command.span, 'streams', (input) => renameOp(input, pairs), {
    ...(command.implicit ? { step: false } : {}),
  });
}

export function planEval(ctx: PlanContext, command: EvalCommand): void {
  const types = ctx.types();
  const running = new Map(types);
  for (const a of command.assignments) {
    for (const ref of fieldRefs(a.expr))
      if (!running.has(ref.name)) ctx.requireColumn(ref.name, ref.span);
    const type = inferType(a.expr, running);
    const element = type === 'array' ? arrayElementType(ctx, a.expr, running) : undefined;
    running.set(a.field.name, type);
    ctx.setColumn(a.field.name, type, element);
  }
  const { budget } = ctx;
  ctx.add(command.span, 'streams', (input) => evalOp(input, command, types, budget, ctx.deps.now));
}

/**
 * The element type of an array expression where the SQL plugin's types make it plain: split()
 * gives strings, array(…) its values' common type, filter() its input's, a column what it holds.
 */
function arrayElementType(ctx: PlanContext, expr: Expr, types: Types): PplType | undefined {
  if (expr.kind === 'Field') return ctx.column(expr.name)?.element;
  if (expr.kind !== 'Call') return undefined;
  if (expr.name === 'split') return 'string';
  if (expr.name === 'array' && expr.args.length > 0) {
    const t = commonType(expr.args.map((e) => inferType(e, types)));
    return t === 'undefined' ? undefined : t;
  }
  if (expr.name === 'filter' && expr.args[0]) return arrayElementType(ctx, expr.args[0], types);
  return undefined;
}

export function planDedup(ctx: PlanContext, command: DedupCommand): void {
  for (const f of command.fields) ctx.requireColumn(f.name, f.span);
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  ctx.add(command.span, 'streams', (input) => dedupOp(input, command, maxRows, budget), {
    keepsCount: false,
    detail: command.consecutive
      ? 'compares each row with the one before'
      : 'keeps the keys seen so far',
  });
}

export function planSort(ctx: PlanContext, command: SortCommand): void {
  for (const k of command.keys) ctx.requireColumn(k.field.name, k.field.span);
  const keys = ctx.sortKeys(command.keys, command.span);
  const types = ctx.types();
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  ctx.add(
    command.span,
    'buffers',
    (input) => sortOp(input, keys, command.count, types, maxRows, budget),
    { detail: ctx.buffered() }
  );
  if (command.count > 0) ctx.cap = Math.min(ctx.cap ?? Infinity, command.count);
}

export function planHead(ctx: PlanContext, command: HeadCommand): void {
  ctx.add(command.span, 'streams', (input) => headOp(input, command));
  if (ctx.countPreserved) {
    const { size, from } = command;
    const previousCap = ctx.cap;
    ctx.cap = Math.max(0, Math.min(size, (previousCap ?? Infinity) - from));
    if (from > 0 && previousCap === undefined) ctx.countPreserved = false;
  }
}
