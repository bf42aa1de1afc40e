/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Shaping commands in the server: reverse (buffers), fillnull, replace, addtotals /
 * addcoltotals (stream; the totals row comes last), transpose (buffers its rows). Multivalue
 * commands: multivalue.ts; spath: spath.ts; convert: convert.ts.
 */
import type {
  AddTotalsCommand,
  FillNullCommand,
  ReplaceCommand,
  ReverseCommand,
  TransposeCommand,
} from '../../../../common/ppl/commands/shaping';
import { isNumericType, type PplType, type PplValue } from '../../../../common/ppl/types';
import { evaluate, inferType, readField, toPplString } from '../evaluate';
import { collect, handOver, Row, RowStream } from '../operators';
import type { MemoryHold } from '../memory';
import type { PlanContext } from '../plan_context';

/** Every row first (at most maxRows, held in `hold`), then `finish` over them. */
export async function* buffered(
  input: RowStream,
  hold: MemoryHold,
  maxRows: number,
  finish: (rows: Row[]) => Row[]
): RowStream {
  try {
    yield* handOver(finish(await collect(input, hold, maxRows)), hold);
  } finally {
    hold.clear();
  }
}

/**
 * `reverse` (reverse.md): after a sort, the rows backwards (the sort flipped); else, with a
 * `@timestamp` column, newest first; else nothing to flip, the rows as they come.
 */
export function planReverse(ctx: PlanContext, command: ReverseCommand): void {
  const { maxRows } = ctx.deps;
  if (ctx.sorted) {
    ctx.add(
      command.span,
      'buffers',
      (input) => buffered(input, ctx.budget.hold('reverse'), maxRows, (rows) => rows.reverse()),
      { detail: ctx.buffered() }
    );
    return;
  }
  const timestamp = ctx.column('@timestamp');
  if (timestamp && !timestamp.hidden) {
    // Display-form timestamps of one column compare as text; nulls last.
    const key = (row: Row) => row['@timestamp'];
    const newestFirst = (a: Row, b: Row) => {
      const x = key(a);
      const y = key(b);
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return String(x) < String(y) ? 1 : -1;
    };
    ctx.add(
      command.span,
      'buffers',
      (input) =>
        buffered(input, ctx.budget.hold('reverse'), maxRows, (rows) => rows.sort(newestFirst)),
      { detail: `by @timestamp, newest first (no sort to flip); ${ctx.buffered()}` }
    );
    ctx.sorted = true;
    return;
  }
  ctx.add(command.span, 'streams', (input) => input, {
    detail: 'no sort to flip and no @timestamp: the rows as they come',
  });
}

const kindOf = (t: PplType) =>
  isNumericType(t) ? 'number' : t === 'string' ? 'string' : t === 'boolean' ? 'boolean' : 'other';

export function planFillNull(ctx: PlanContext, command: FillNullCommand): void {
  const types = ctx.types();
  const steps = command.fills.map((fill) => {
    for (const f of fill.fields) ctx.requireColumn(f.name, f.span);
    ctx.checkFields(fill.value);
    const names =
      fill.fields.length > 0 ? fill.fields.map((f) => f.name) : ctx.columns.map((c) => c.name);
    const valueType = inferType(fill.value, types);
    for (const name of names) {
      const type = types.get(name) ?? 'undefined';
      if (type !== 'undefined' && kindOf(type) !== kindOf(valueType) && kindOf(type) !== 'other') {
        throw ctx.error(
          `fillnull: the replacement (${valueType}) does not match the type of "${name}" (${type}); give fields of one type, or one fillnull per type`,
          fill.value.span
        );
      }
      if (type === 'undefined') ctx.setColumn(name, valueType);
    }
    return { names, value: fill.value };
  });
  const { budget } = ctx;
  ctx.add(command.span, 'streams', async function* (input) {
    for await (const batch of input) {
      await budget.eachRow(batch, (row) => {
        for (const step of steps) {
          let value: PplValue | undefined;
          for (const name of step.names) {
            if (readField(row, name) !== null) continue;
            value ??= evaluate(step.value, row, { types, budget, command: 'fillnull' });
            row[name] = value;
          }
        }
      });
      yield batch;
    }
  });
}

/** A `replace` pattern: text between unescaped `*`s (`\*` a literal star, `\\` a backslash). */
function splitStars(pattern: string): string[] {
  const parts: string[] = [''];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && (pattern[i + 1] === '*' || pattern[i + 1] === '\\')) {
      parts[parts.length - 1] += pattern[++i];
    } else if (c === '*') parts.push('');
    else parts[parts.length - 1] += c;
  }
  return parts;
}

/** The value with `pattern` replaced: plain text everywhere it occurs; with `*`, the whole value. */
export function replaceWildcard(value: string, pattern: string, replacement: string): string {
  const parts = splitStars(pattern);
  if (parts.length === 1) return parts[0] === '' ? value : value.split(parts[0]).join(replacement);
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (
    !value.startsWith(first) ||
    !value.endsWith(last) ||
    value.length < first.length + last.length
  )
    return value;
  const captures: string[] = [];
  let at = first.length;
  const end = value.length - last.length;
  for (let i = 1; i < parts.length; i++) {
    const next = i === parts.length - 1 ? end : value.indexOf(parts[i], at);
    if (next < 0 || next > end) return value;
    captures.push(value.slice(at, next));
    at = next + parts[i].length;
  }
  const out = splitStars(replacement);
  if (out.length === 1) return out[0];
  return out.map((text, i) => (i === 0 ? text : (captures[i - 1] ?? '') + text)).join('');
}

export function planReplace(ctx: PlanContext, command: ReplaceCommand): void {
  for (const f of command.fields) ctx.requireColumn(f.name, f.span);
  for (const p of command.pairs) {
    const stars = splitStars(p.pattern).length - 1;
    const out = splitStars(p.replacement).length - 1;
    if (out !== 0 && out !== stars) {
      throw ctx.error(
        `replace: "${p.replacement}" has ${out} wildcards and "${p.pattern}" ${stars}; give the same number, or none`,
        p.span
      );
    }
  }
  const names = command.fields.map((f) => f.name);
  ctx.add(command.span, 'streams', async function* (input) {
    for await (const batch of input) {
      for (const row of batch) {
        for (const name of names) {
          const v = row[name];
          if (typeof v !== 'string') continue;
          row[name] = command.pairs.reduce(
            (s, p) => replaceWildcard(s, p.pattern, p.replacement),
            v
          );
        }
      }
      yield batch;
    }
  });
}

export function planAddTotals(ctx: PlanContext, command: AddTotalsCommand): void {
  for (const f of command.fields) ctx.requireColumn(f.name, f.span);
  const named = command.fields.map((f) => f.name);
  const numeric = (named.length > 0 ? named : ctx.columns.map((c) => c.name)).filter((n) =>
    isNumericType(ctx.column(n)?.type ?? 'undefined')
  );
  const integral = numeric.every((n) =>
    ['tinyint', 'smallint', 'int', 'bigint'].includes(ctx.column(n)!.type)
  );
  const totalType: PplType = integral ? 'bigint' : 'double';
  if (command.row) ctx.setColumn(command.fieldName, totalType);
  const labelField = command.labelField;
  if (command.col && labelField !== undefined && !ctx.has(labelField))
    ctx.setColumn(labelField, 'string');
  // addtotals.md: the totals row leaves the row-total column empty.
  const sumColumns = numeric;
  const { row: perRow, col, fieldName, label } = command;
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      const totals = new Map<string, number>(sumColumns.map((n) => [n, 0]));
      for await (const batch of input) {
        for (const row of batch) {
          if (perRow) {
            let total = 0;
            for (const n of numeric) total += Number(readField(row, n) ?? 0);
            row[fieldName] = total;
          }
          if (col)
            for (const n of sumColumns)
              totals.set(n, totals.get(n)! + Number(readField(row, n) ?? 0));
        }
        yield batch;
      }
      if (col) {
        const last: Row = {};
        for (const [n, v] of totals) last[n] = v;
        if (labelField !== undefined) last[labelField] = label;
        yield [last];
      }
    },
    {
      keepsCount: !command.col,
      detail: command.col ? 'a totals row after the last row' : undefined,
    }
  );
}

export function planTranspose(ctx: PlanContext, command: TransposeCommand): void {
  if (command.headerField) {
    throw ctx.error(
      'transpose header_field= names columns from the data, which must be known before the query runs; leave it out (columns are "row 1", "row 2", …)',
      command.headerField.span
    );
  }
  const names = ctx.columns.map((c) => c.name);
  const rowColumns = Array.from({ length: command.limit }, (_, i) => `row ${i + 1}`);
  ctx.columns = [
    { name: command.columnName, type: 'string' },
    ...rowColumns.map((name) => ({ name, type: 'string' as PplType })),
  ];
  const { limit, columnName, includeEmpty } = command;
  const { maxRows } = ctx.deps;
  ctx.add(
    command.span,
    'buffers',
    (input) =>
      buffered(input, ctx.budget.hold('transpose'), maxRows, (rows) => {
        const taken = rows.slice(0, limit);
        return names
          .map((name) => {
            const out: Row = { [columnName]: name };
            rowColumns.forEach((c, i) => {
              const v = taken[i] === undefined ? null : readField(taken[i], name);
              out[c] = v === null ? null : toPplString(v);
            });
            return out;
          })
          .filter((r) => includeEmpty || rowColumns.some((c) => r[c] !== null));
      }),
    { keepsCount: false, detail: `the first ${command.limit} rows held in the server` }
  );
}
