/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What the combining commands share: the planner of subsearches, row buffers, column unions. */
import type { Expr, Span } from '../../../../common/ppl/ast';
import { commonType, isNumericType, type PplValue } from '../../../../common/ppl/types';
import { toPplString } from '../evaluate';
import type { Row, RowStream } from '../operators';
import type { Column, PlanContext } from '../plan_context';

export const OUT_BATCH = 1000;

export const keyText = (values: PplValue[]) =>
  JSON.stringify(values.map((v) => (v === null ? null : toPplString(v))));

/** Replaces each field of `expr` by `rename(field)` (a copy; the AST stays as parsed). */
export function renameFields(expr: Expr, rename: (name: string, span: Span) => string): Expr {
  const walk = (e: Expr): Expr => {
    switch (e.kind) {
      case 'Field':
        return { ...e, name: rename(e.name, e.span) };
      case 'Binary':
        return { ...e, left: walk(e.left), right: walk(e.right) };
      case 'Unary':
        return { ...e, operand: walk(e.operand) };
      case 'Call':
        return { ...e, args: e.args.map(walk) };
      case 'In':
      case 'IsNull':
      case 'Cast':
        return { ...e, expr: walk(e.expr) } as Expr;
      case 'Between':
        return { ...e, expr: walk(e.expr), low: walk(e.low), high: walk(e.high) };
      case 'Like':
        return { ...e, expr: walk(e.expr), pattern: walk(e.pattern) };
      case 'Case':
        return {
          ...e,
          branches: e.branches.map((b) => ({ when: walk(b.when), then: walk(b.then) })),
          ...(e.otherwise ? { otherwise: walk(e.otherwise) } : {}),
        };
      default:
        return e;
    }
  };
  return walk(expr);
}

export function requireSub(ctx: PlanContext, span: Span) {
  if (!ctx.sub) throw ctx.error('subsearches are not available here', span);
  return ctx.sub;
}

/** Columns of both, the first's order first; a name in both keeps the first's type. */
export function unionColumns(a: Column[], b: Column[]): Column[] {
  const out = a.map((c) => ({ ...c }));
  for (const c of b) if (!out.some((o) => o.name === c.name)) out.push({ ...c });
  return out;
}

/** The SQL type names the plugin's messages use, for the types append tells apart. */
const SQL_TYPE_NAMES: Record<string, string> = {
  byte: 'TINYINT',
  short: 'SMALLINT',
  int: 'INTEGER',
  bigint: 'BIGINT',
  float: 'REAL',
  double: 'DOUBLE',
  string: 'VARCHAR',
  boolean: 'BOOLEAN',
};

/**
 * `append` and `appendpipe` as the plugin unifies them (SchemaUnifier's conflict resolution): a
 * name in both sides must have one SQL type there, or the query is refused; there is no widening
 * (int and bigint conflict too). Types it keys by another name (dates, arrays, objects) and unknown
 * or null-only columns pass, keeping the first side's type.
 */
export function appendedColumns(
  ctx: PlanContext,
  main: Column[],
  side: Column[],
  span: Span
): Column[] {
  for (const c of side) {
    const o = main.find((m) => m.name === c.name);
    const [a, b] = [SQL_TYPE_NAMES[o?.type ?? ''], SQL_TYPE_NAMES[c.type]];
    if (a && b && a !== b)
      throw ctx.error(
        `Unable to process column '${c.name}' due to incompatible types: '${a}' and '${b}': ` +
          `give both sides one type (eval ${c.name} = cast(${c.name} as …)) or rename one of them`,
        span
      );
  }
  return unionColumns(main, side);
}

/** union.md: a name in both takes the two types' common type (numbers widen, else string). */
export function coercedColumns(a: Column[], b: Column[]): Column[] {
  const out = unionColumns(a, b);
  for (const c of b) {
    const o = out.find((x) => x.name === c.name)!;
    if (o.type !== c.type) o.type = commonType([o.type, c.type]);
  }
  return out;
}

/**
 * multisearch.md: a name in both with types that do not go together (numbers do) is kept apart,
 * the later one renamed `name0`, `name1`, …. Gives the columns and, per input, its renames.
 */
export function separatedColumns(inputs: Column[][]): {
  columns: Column[];
  renames: Array<Array<[string, string]>>;
} {
  const columns: Column[] = [];
  const renames = inputs.map((cols) => {
    const own: Array<[string, string]> = [];
    for (const c of cols) {
      const o = columns.find((x) => x.name === c.name);
      if (o === undefined) columns.push({ ...c });
      else if (o.type === c.type || o.type === 'undefined' || c.type === 'undefined') continue;
      else if (isNumericType(o.type) && isNumericType(c.type))
        o.type = commonType([o.type, c.type]);
      else {
        let n = 0;
        while (columns.some((x) => x.name === `${c.name}${n}`)) n++;
        columns.push({ name: `${c.name}${n}`, type: c.type });
        own.push([c.name, `${c.name}${n}`]);
      }
    }
    return own;
  });
  return { columns, renames };
}

export { collect } from '../operators';

/** Held rows given out again in batches, each row a copy (the commands after may change it). */
export async function* copies(rows: Row[]): RowStream {
  for (let i = 0; i < rows.length; i += OUT_BATCH)
    yield rows.slice(i, i + OUT_BATCH).map((r) => ({ ...r }));
}
