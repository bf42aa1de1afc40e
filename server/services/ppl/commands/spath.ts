/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `spath` in the server (spath.md). With a path it streams: the value there, as text. Without
 * one it extracts every key, and the keys name columns, so the rows before it are read while
 * planning (at most max_rows, held until the run, which gives them out again): nested objects
 * give dotted names, an array's elements gather under `key{}`, every value is text, and a key
 * met twice (a dotted key and a nested one) or a column that already exists holds an array.
 */
import type { SpathCommand, SpathStep } from '../../../../common/ppl/commands/multivalue';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { readField } from '../evaluate';
import { checkValueDepth } from '../errors';
import { valueBytes } from '../memory';
import { BufferLimitError, Row } from '../operators';
import type { PlanContext } from '../plan_context';

/** The value at `steps` below `current`; undefined where the path leads nowhere. */
function walkSteps(current: unknown, steps: SpathStep[]): unknown {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof step === 'object') {
      // `{}`: every element, each followed down the rest of the path.
      if (!Array.isArray(current)) return undefined;
      const rest = steps.slice(i + 1);
      return current.map((e) => walkSteps(e, rest)).filter((e) => e !== undefined);
    }
    current = Array.isArray(current)
      ? typeof step === 'number'
        ? current[step]
        : undefined
      : (current as Record<string, unknown>)[String(step)];
    if (current === undefined) return undefined;
  }
  return current;
}

/** The value at `path` in JSON text (objects and arrays come back as JSON text). */
export function spathValue(text: PplValue, path: SpathStep[]): PplValue {
  if (typeof text !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const current = walkSteps(parsed, path);
  if (current === null || current === undefined) return null;
  if (typeof current === 'object') {
    checkValueDepth(current);
    return JSON.stringify(current);
  }
  return String(current);
}

/**
 * Every key of a JSON object's text, dotted through nested objects, an array's elements under
 * `key{}`, with its values as text (below `prefix`, spath's `output=`).
 */
export function spathKeys(text: PplValue, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (typeof text !== 'string') return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return out;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
  checkValueDepth(parsed);
  const add = (name: string, v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) {
      // An array's elements gather under `name{}` (objects' keys below it, `name{}.k`).
      for (const e of v) add(`${name}{}`, e);
      return;
    }
    if (typeof v === 'object') {
      walk(v as Record<string, unknown>, name);
      return;
    }
    const list = out.get(name);
    if (list) list.push(String(v));
    else out.set(name, [String(v)]);
  };
  const walk = (value: Record<string, unknown>, prefix: string) => {
    for (const [key, v] of Object.entries(value)) add(prefix === '' ? key : `${prefix}.${key}`, v);
  };
  walk(parsed as Record<string, unknown>, prefix);
  return out;
}

async function planSpathAuto(ctx: PlanContext, command: SpathCommand): Promise<void> {
  const upstream = ctx.readSoFar();
  if (upstream === undefined) {
    throw ctx.error(
      'spath without a path names its columns from the rows, which are not known here; give path=<path>',
      command.span
    );
  }
  const { maxRows } = ctx.deps;
  const input = command.input.name;
  const prefix = command.output;
  const rows: Row[] = [];
  const before = new Set(ctx.columns.map((c) => c.name));
  const kinds = new Map<string, PplType>();
  // Held from planning until the query ends.
  const hold = ctx.budget.hold('spath');
  for await (const batch of upstream) {
    if (rows.length + batch.length > maxRows) throw new BufferLimitError('spath', maxRows);
    hold.addRows(batch);
    for (const row of batch) {
      rows.push(row);
      for (const [key, values] of spathKeys(readField(row, input), prefix)) {
        const array = before.has(key) || values.length > 1;
        if (!kinds.has(key) || array) kinds.set(key, array ? 'array' : 'string');
      }
    }
  }
  for (const [key, type] of kinds) ctx.setColumn(key, type);
  const { budget } = ctx;
  ctx.add(
    command.span,
    'buffers',
    async function* () {
      for (let i = 0; i < rows.length; i += 1000) {
        // Copies: a run may be repeated (a count first), and later commands write to rows.
        const out = rows.slice(i, i + 1000).map((r) => ({ ...r }));
        await budget.eachRow(out, (row: Row) => {
          for (const [key, values] of spathKeys(readField(row, input), prefix)) {
            const had = before.has(key) ? readField(row, key) : null;
            const all: PplValue[] = had === null ? values : [had, ...values];
            row[key] = all.length > 1 ? all : all[0];
          }
        });
        yield out;
      }
    },
    { detail: `every key, read while planning: ${ctx.buffered()}` }
  );
}

export async function planSpath(ctx: PlanContext, command: SpathCommand): Promise<void> {
  ctx.requireColumn(command.input.name, command.input.span);
  const { input, output, path } = command;
  if (path === undefined) return planSpathAuto(ctx, command);
  ctx.setColumn(output, 'string');
  const { budget } = ctx;
  ctx.add(command.span, 'streams', async function* (rows) {
    const hold = budget.hold('spath');
    try {
      for await (const batch of rows) {
        hold.clear();
        await budget.eachRow(batch, (row: Row) => {
          const value = spathValue(readField(row, input.name), path);
          hold.add(valueBytes(value));
          row[output] = value;
        });
        yield batch;
      }
    } finally {
      hold.clear();
    }
  });
}
