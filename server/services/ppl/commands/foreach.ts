/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `foreach` in the server (foreach.md). `multifield` plans its template once per matching column.
 * The collection modes run their one eval once per element of the target in each row, as an
 * accumulator (each assignment sees the ones before it), `<<ITEM>>`/`<<ITER>>` read from two
 * slot fields that are removed afterwards. Both stream.
 */
import type { EvalCommand, Expr } from '../../../../common/ppl/ast';
import type { ForeachCommand } from '../../../../common/ppl/commands/foreach_ast';
import {
  collectionTemplate,
  FOREACH_ITEM_SLOT,
  FOREACH_ITER_SLOT,
} from '../../../../common/ppl/commands/foreach';
import { parseForeachTemplate } from '../../../../common/ppl/parser';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { evaluate, inferType } from '../evaluate';
import { valueBytes } from '../memory';
import type { Row, RowStream } from '../operators';
import { fieldRefs, matchPattern, Operator, PlanContext, wildcardCaptures } from '../plan_context';
import { requireSub } from './combine_rows';

export async function planForeach(ctx: PlanContext, command: ForeachCommand): Promise<void> {
  if (command.mode === 'multifield') return planMultifield(ctx, command);
  return planCollection(ctx, command);
}

/** `multifield`: the template parsed for each matching column (in column order) and planned in turn. */
async function planMultifield(ctx: PlanContext, command: ForeachCommand): Promise<void> {
  const sub = requireSub(ctx, command.span);
  const matched: Array<{ name: string; match: string }> = [];
  for (const c of ctx.columns) {
    const p = command.patterns.find((pattern) => matchPattern(pattern, c.name));
    if (p)
      matched.push({
        name: c.name,
        match: p.wildcard ? (wildcardCaptures(p.pattern, c.name) ?? []).join('') : c.name,
      });
  }
  if (matched.length === 0) {
    throw ctx.error(
      `foreach: no field matches ${command.patterns.map((p) => p.pattern).join(', ')}`,
      command.span
    );
  }
  const operators: Operator[] = [];
  for (const m of matched) {
    const text = command.template
      .split(command.fieldStr)
      .join(m.name)
      .split(command.matchStr)
      .join(m.match);
    const parsed = parseForeachTemplate(text);
    if (!parsed.ok) {
      throw ctx.error(
        `foreach: for "${m.name}" the template reads "${text}": ${parsed.error.detail}`,
        command.templateSpan
      );
    }
    const planned = await sub.plan(parsed.commands, ctx.columns);
    ctx.columns = planned.columns;
    operators.push(...planned.operators);
  }
  ctx.add(
    command.span,
    'streams',
    (input) => operators.reduce<RowStream>((stream, op) => op(stream), input),
    {
      keepsCount: false,
      detail: `the template once for each of ${matched.map((m) => m.name).join(', ')}`,
    }
  );
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

/** Whether the element slot is an operand of arithmetic somewhere in `expr` (foreach.md: JSON text elements are then numbers). */
function itemInArithmetic(expr: unknown): boolean {
  if (expr === null || typeof expr !== 'object') return false;
  const node = expr as { kind?: string; op?: string; left?: Expr; right?: Expr };
  if (node.kind === 'Binary' && node.op !== undefined && ARITHMETIC.has(node.op)) {
    const isItem = (e?: Expr) => e?.kind === 'Field' && e.name === FOREACH_ITEM_SLOT;
    if (isItem(node.left) || isItem(node.right)) return true;
  }
  return Object.values(expr as Record<string, unknown>).some((v) =>
    Array.isArray(v) ? v.some(itemInArithmetic) : itemInArithmetic(v)
  );
}

function jsonElements(text: PplValue): unknown[] | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON element as the slot's type: a number (null when it is none) or text. */
function elementAs(type: PplType, element: unknown): PplValue {
  if (element === null || element === undefined) return null;
  if (type === 'double') {
    const n = typeof element === 'number' ? element : Number(element);
    return typeof element === 'boolean' || typeof element === 'object' || !Number.isFinite(n)
      ? null
      : n;
  }
  if (type === 'boolean' && typeof element === 'boolean') return element;
  return typeof element === 'string' ? element : JSON.stringify(element);
}

/** The type of a JSON array's elements known while planning; mixed strings and numbers are refused. */
function constantElementType(
  ctx: PlanContext,
  command: ForeachCommand,
  elements: unknown[]
): PplType {
  const kinds = new Set(elements.filter((e) => e !== null).map((e) => typeof e));
  if (kinds.has('number') && kinds.has('string')) {
    throw ctx.error(
      'foreach mode=json_array: the JSON array mixes strings and numbers; give elements of one type',
      command.target?.span ?? command.span
    );
  }
  if (kinds.size === 1 && kinds.has('number')) return 'double';
  if (kinds.size === 1 && kinds.has('boolean')) return 'boolean';
  return 'string';
}

async function planCollection(ctx: PlanContext, command: ForeachCommand): Promise<void> {
  const text = collectionTemplate(command);
  const parsed = parseForeachTemplate(text);
  if (!parsed.ok || parsed.commands.length !== 1 || parsed.commands[0].kind !== 'Eval') {
    throw ctx.error(
      `foreach mode=${command.mode}: the template must be one eval (${parsed.ok ? 'found other commands' : parsed.error.detail})`,
      command.templateSpan
    );
  }
  const template: EvalCommand = parsed.commands[0];
  let target = command.target;
  if (target === undefined) {
    const first = ctx.columns.find((c) => c.type === 'array');
    if (first === undefined) {
      throw ctx.error(
        'foreach mode=auto_collections without a target runs over the first array field, and there is none: name the field or JSON text to run over',
        command.span
      );
    }
    target = { kind: 'Field', name: first.name, quoted: false, span: command.span };
  }
  ctx.checkFields(target);
  const targetType = inferType(target, ctx.types());
  const mode =
    command.mode === 'auto_collections'
      ? targetType === 'array'
        ? 'multivalue'
        : 'json_array'
      : command.mode;

  let itemType: PplType = 'undefined';
  let constant: unknown[] | undefined;
  if (mode === 'json_array' && targetType !== 'array') {
    if (fieldRefs(target).length === 0) {
      const value = evaluate(target, {}, { now: ctx.deps.now });
      constant = jsonElements(value);
      if (constant === undefined) {
        throw ctx.error(
          `foreach mode=json_array: ${JSON.stringify(value)} is not a JSON array`,
          target.span
        );
      }
      itemType = constantElementType(ctx, command, constant);
    } else {
      itemType = template.assignments.some((a) => itemInArithmetic(a.expr)) ? 'double' : 'string';
    }
  }

  const types = ctx.types();
  types.set(FOREACH_ITEM_SLOT, itemType);
  types.set(FOREACH_ITER_SLOT, 'int');
  for (const a of template.assignments) {
    // An accumulator: the target field must exist before the loop (foreach.md).
    ctx.requireColumn(a.field.name, a.field.span);
    for (const ref of fieldRefs(a.expr))
      if (!types.has(ref.name)) ctx.requireColumn(ref.name, ref.span);
  }
  // Twice: a type widened by the first element (int + double) holds from then on.
  for (let pass = 0; pass < 2; pass++)
    for (const a of template.assignments) types.set(a.field.name, inferType(a.expr, types));
  for (const a of template.assignments) ctx.setColumn(a.field.name, types.get(a.field.name)!);

  const resolved = target;
  const { budget } = ctx;
  const now = ctx.deps.now;
  const options = { types, now, budget, command: 'foreach' };
  const elementsOf = (row: Row): unknown[] => {
    if (constant !== undefined) return constant;
    const value = evaluate(resolved, row, options);
    // multivalue over a non-array and json_array over a native array are no-ops (foreach.md).
    if (mode === 'multivalue') return Array.isArray(value) ? value : [];
    return Array.isArray(value) ? [] : (jsonElements(value) ?? []);
  };
  const toItem = (element: unknown): PplValue =>
    mode === 'json_array' ? elementAs(itemType, element) : (element as PplValue);
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      // As eval: the values made for the batch in hand are held until the next one.
      const hold = budget.hold('foreach');
      try {
        for await (const batch of input) {
          hold.clear();
          await budget.eachRow(batch, (row) => {
            const elements = elementsOf(row);
            for (let i = 0; i < elements.length; i++) {
              budget.checkpoint();
              row[FOREACH_ITEM_SLOT] = toItem(elements[i]);
              row[FOREACH_ITER_SLOT] = i;
              for (const a of template.assignments)
                row[a.field.name] = evaluate(a.expr, row, options);
            }
            delete row[FOREACH_ITEM_SLOT];
            delete row[FOREACH_ITER_SLOT];
            for (const a of template.assignments) hold.add(valueBytes(row[a.field.name]));
          });
          yield batch;
        }
      } finally {
        hold.clear();
      }
    },
    {
      detail: `the eval once per element of ${mode === 'multivalue' ? 'the array' : 'the JSON array'}`,
    }
  );
}
