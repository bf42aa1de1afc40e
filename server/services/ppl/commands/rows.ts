/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Row commands in the server: where, fields/table, rename, eval, dedup, sort, head. */
import type {
  DedupCommand,
  EvalCommand,
  FieldPattern,
  FieldsCommand,
  HeadCommand,
  RenameCommand,
  SortCommand,
  WhereCommand,
} from '../../../../common/ppl/ast';
import { inferType } from '../evaluate';
import { dedupOp, evalOp, headOp, projectOp, renameOp, sortOp, whereOp } from '../operators';
import { Column, fieldRefs, matchPattern, PlanContext, wildcardCaptures } from '../plan_context';

export function planWhere(ctx: PlanContext, command: WhereCommand): void {
  ctx.checkFields(command.condition);
  const types = ctx.types();
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
    // A metadata field is picked only by its own name, and is then shown.
    for (const p of patterns)
      for (const c of ctx.columns)
        if (matchPattern(p, c.name) && !(c.hidden && p.wildcard) && !picked.includes(c))
          picked.push(c);
    ctx.columns = picked.map((c) => (c.hidden ? { name: c.name, type: c.type } : c));
  } else {
    ctx.columns = ctx.columns.filter((c) => !patterns.some((p) => matchPattern(p, c.name)));
  }
}

export function planFields(ctx: PlanContext, command: FieldsCommand): void {
  applyFields(ctx, command.mode, command.fields);
  const names = ctx.columns.map((c) => c.name);
  ctx.add(command.span, 'streams', (input) => projectOp(input, names));
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
  ctx.add(command.span, 'streams', (input) => renameOp(input, pairs));
}

export function planEval(ctx: PlanContext, command: EvalCommand): void {
  const types = ctx.types();
  const running = new Map(types);
  for (const a of command.assignments) {
    for (const ref of fieldRefs(a.expr))
      if (!running.has(ref.name)) ctx.requireColumn(ref.name, ref.span);
    const type = inferType(a.expr, running);
    running.set(a.field.name, type);
    ctx.setColumn(a.field.name, type);
  }
  const { budget } = ctx;
  ctx.add(command.span, 'streams', (input) => evalOp(input, command, types, budget, ctx.deps.now));
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
