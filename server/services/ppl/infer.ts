/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The PPL type of an expression's result (the name PPL's response schema uses), known before
 * any row is read; a type mismatch is a {@link PplTypeError} at the expression.
 */
import type { Aggregation, Expr, FieldRef, Span } from '../../../common/ppl/ast';
import {
  ENGINE_TYPE_NAMES,
  engineTypeList,
  isNumericType,
  PplType,
  toPplType,
} from '../../../common/ppl/types';
import { PplTypeError } from './errors';
import { arithmeticType } from './functions/arithmetic';
import { scalarFunction } from './functions';
import { aggregationType } from './functions/aggregation_types';
import { requireCommonType } from './functions/registry';
import { lookupType, TypeMap } from './functions/values';

export type FieldTypeOf = (field: FieldRef) => PplType;

function requireBooleanType(t: PplType, what: string, span: Span): void {
  if (t !== 'boolean' && t !== 'undefined') {
    throw new PplTypeError(`${what} expects a boolean, found ${t}`, span);
  }
}

function subExpressions(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'In':
      return [expr.expr, ...expr.values];
    case 'Between':
      return [expr.expr, expr.low, expr.high];
    case 'Like':
      return [expr.expr, expr.pattern];
    case 'IsNull':
      return [expr.expr];
    default:
      return [];
  }
}

/**
 * As the SQL plugin's BETWEEN: the value and bounds need a common type. Numbers mix; a number
 * with a string or a boolean does not (`age between '35' and 38.5`), and is refused rather than
 * compared as text.
 */
function checkBetweenTypes(types: PplType[], span: Span): void {
  const known = types.filter((t) => t !== 'undefined');
  const numeric = known.some(isNumericType);
  const other = known.some((t) => t === 'string' || t === 'boolean');
  const booleanMix = known.some((t) => t === 'boolean') && known.some((t) => t !== 'boolean');
  if ((numeric && other) || booleanMix) {
    throw new PplTypeError(
      `BETWEEN expression types are incompatible: [${types.map((t) => ENGINE_TYPE_NAMES[t] ?? t.toUpperCase()).join(', ')}]; ` +
        "give the value and both bounds one kind of type, e.g. cast('35' as int)",
      span
    );
  }
}

/**
 * Whether an expression reads one of these bound names (a lambda's parameters): the SQL plugin
 * does not widen the integer operands of such an operation (see widenArithmetic).
 */
export function readsBinding(expr: Expr, bound: ReadonlyMap<string, unknown> | undefined): boolean {
  if (bound === undefined || bound.size === 0) return false;
  const visit = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(visit);
    if (node === null || typeof node !== 'object') return false;
    const e = node as Expr;
    if (e.kind === 'Field' && bound.has(e.name)) return true;
    return Object.entries(node).some(([k, v]) => k !== 'span' && visit(v));
  };
  return visit(expr);
}

export function typeOf(
  expr: Expr,
  fieldType: FieldTypeOf,
  bindings?: ReadonlyMap<string, PplType>
): PplType {
  switch (expr.kind) {
    case 'Literal':
      return expr.literalType;
    case 'Field': {
      const bound = bindings?.get(expr.name);
      if (bound !== undefined) return bound;
      if (!expr.optional) return fieldType(expr);
      try {
        return fieldType(expr);
      } catch (error) {
        // coalesce's argument may be absent: it reads as null.
        if (error instanceof PplTypeError) return 'undefined';
        throw error;
      }
    }
    case 'Binary': {
      const l = typeOf(expr.left, fieldType, bindings);
      const r = typeOf(expr.right, fieldType, bindings);
      switch (expr.op) {
        case '+':
        case '-':
        case '*':
        case '/':
        case '%':
          return arithmeticType(
            expr.op,
            l,
            r,
            expr.span,
            !readsBinding(expr.left, bindings) && !readsBinding(expr.right, bindings)
          );
        case 'AND':
        case 'OR':
        case 'XOR':
          requireBooleanType(l, expr.op, expr.left.span);
          requireBooleanType(r, expr.op, expr.right.span);
          return 'boolean';
        default:
          return 'boolean';
      }
    }
    case 'Unary': {
      const t = typeOf(expr.operand, fieldType, bindings);
      if (expr.op === 'NOT') {
        requireBooleanType(t, 'NOT', expr.operand.span);
        return 'boolean';
      }
      if (t !== 'undefined' && !isNumericType(t)) {
        throw new PplTypeError(`cannot apply "${expr.op}" to ${t}`, expr.span);
      }
      return t;
    }
    case 'Between':
      checkBetweenTypes(
        subExpressions(expr).map((e) => typeOf(e, fieldType, bindings)),
        expr.span
      );
      return 'boolean';
    case 'In':
    case 'Like':
    case 'IsNull':
      // Operands are still checked, so that an unknown field inside is reported.
      for (const e of subExpressions(expr)) {
        typeOf(e, fieldType, bindings);
      }
      return 'boolean';
    case 'Case': {
      // As the SQL plugin's visitCase: each condition a boolean, the branches of a common type.
      const types: PplType[] = [];
      for (const b of expr.branches) {
        const when = typeOf(b.when, fieldType, bindings);
        if (when !== 'boolean' && when !== 'undefined') {
          throw new PplTypeError(
            `Condition expected a boolean type, but got ${engineTypeList([when]).slice(1, -1)}: write a comparison, e.g. case(x > 0, …)`,
            b.when.span
          );
        }
        types.push(typeOf(b.then, fieldType, bindings));
      }
      if (expr.otherwise !== undefined) {
        types.push(typeOf(expr.otherwise, fieldType, bindings));
      }
      return requireCommonType(types, 'case branches', expr.span);
    }
    case 'Cast':
      typeOf(expr.expr, fieldType, bindings);
      return expr.targetType;
    case 'Interval': {
      const t = typeOf(expr.value, fieldType, bindings);
      if (t !== 'undefined' && !isNumericType(t) && t !== 'string') {
        throw new PplTypeError(`an interval needs a number, found ${t}`, expr.value.span);
      }
      return 'interval';
    }
    case 'Lambda':
      // Typed where it is applied (its parameters are bound there).
      return 'undefined';
    case 'Call': {
      const impl = scalarFunction(expr.name);
      if (impl === undefined) {
        throw new PplTypeError(`unknown function "${expr.name}"`, expr.nameSpan);
      }
      if (impl.typeCall !== undefined) {
        return impl.typeCall(expr, (e, more) => {
          if (more === undefined) return typeOf(e, fieldType, bindings);
          const merged = new Map(bindings ?? []);
          for (const [k, v] of more) merged.set(k, v);
          return typeOf(e, fieldType, merged);
        });
      }
      const args = expr.args.map((a) => typeOf(a, fieldType, bindings));
      return impl.type === undefined
        ? 'undefined'
        : impl.type(args, {
            name: expr.name,
            span: expr.span,
            argSpans: expr.args.map((a) => a.span),
          });
    }
  }
}

function fieldTypesFrom(inputTypes: TypeMap): FieldTypeOf {
  return (field) => {
    const t = lookupType(inputTypes, field.name);
    if (t === undefined) {
      throw new PplTypeError(`unknown field "${field.name}"`, field.span);
    }
    return toPplType(t);
  };
}

/**
 * The PPL type of an expression's result, given the types of the input columns. Throws
 * {@link PplTypeError} for an unknown field or mismatched operands.
 */
export function inferType(expr: Expr, inputTypes: TypeMap): PplType {
  const type = typeOf(expr, fieldTypesFrom(inputTypes));
  if (type === 'interval') {
    throw new PplTypeError(
      'an INTERVAL is not a value: use it as the second argument of date_add, date_sub, adddate or subdate',
      expr.span
    );
  }
  return type;
}

/**
 * The BETWEENs of a condition type-checked before any row is read (a `where` is otherwise
 * evaluated, or pushed down, without inferring its type), so mixed types are refused as PPL does.
 */
export function checkBetweens(condition: Expr, inputTypes: TypeMap): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      if ((node as Expr).kind === 'Between') typeOf(node as Expr, fieldTypesFrom(inputTypes));
      Object.values(node).forEach(visit);
    }
  };
  visit(condition);
}

/** The type of an aggregation's column (aggregations.md): `count`/`dc` bigint, `avg` double, … */
export function inferAggregationType(agg: Aggregation, inputTypes: TypeMap): PplType {
  const arg = agg.arg === undefined ? undefined : inferType(agg.arg, inputTypes);
  for (const p of agg.params ?? []) inferType(p, inputTypes);
  return aggregationType(agg, arg);
}
