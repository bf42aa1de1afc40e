/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What of a `where` OpenSearch can answer itself, translated to the query DSL with PPL's
 * meaning kept: a comparison with a missing value is not true, so every negation also requires
 * the field to exist. Conjuncts that cannot be translated stay in the server.
 */
import type { Expr, Literal } from '../../../common/ppl/ast';
import { isNumericType } from '../../../common/ppl/types';
import type { SourceField, SourceSchema } from './source_schema';
import { relevanceQuery } from './functions/relevance_dsl';

import type { Dsl } from '../document_scan';

export type { Dsl };

export function splitConjuncts(expr: Expr): Expr[] {
  return expr.kind === 'Binary' && expr.op === 'AND'
    ? [...splitConjuncts(expr.left), ...splitConjuncts(expr.right)]
    : [expr];
}

export function joinConjuncts(parts: Expr[]): Expr | undefined {
  return parts.reduce<Expr | undefined>(
    (acc, part) =>
      acc
        ? {
            kind: 'Binary',
            op: 'AND',
            left: acc,
            right: part,
            span: { start: acc.span.start, end: part.span.end },
          }
        : part,
    undefined
  );
}

function fieldOf(expr: Expr, schema: SourceSchema): SourceField | undefined {
  return expr.kind === 'Field' ? schema.fields.get(expr.name) : undefined;
}

/** The literal as OpenSearch should see it for this field, or undefined when the kinds differ. */
function valueFor(
  field: SourceField,
  literal: Expr
): string | number | bigint | boolean | undefined {
  if (literal.kind !== 'Literal') return undefined;
  const lit = literal as Literal;
  // Beyond 2^53 only the text is exact; the client sends a bigint as a JSON number.
  if (isNumericType(field.type) && lit.literalType === 'bigint' && !Number.isSafeInteger(lit.value))
    return BigInt(lit.text);
  if (isNumericType(field.type)) {
    return ['int', 'bigint', 'float', 'double'].includes(lit.literalType)
      ? typeof lit.value === 'number'
        ? lit.value
        : Number(lit.text)
      : undefined;
  }
  if (field.type === 'string') return lit.literalType === 'string' ? String(lit.value) : undefined;
  if (field.type === 'boolean')
    return lit.literalType === 'boolean' ? Boolean(lit.value) : undefined;
  return undefined;
}

const exists = (field: SourceField): Dsl => ({ exists: { field: field.exactField ?? field.name } });
const negate = (query: Dsl, field: SourceField): Dsl => ({
  bool: { must_not: [query], filter: [exists(field)] },
});

const FLIP: Record<string, string> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '=': '=',
  '!=': '!=',
};
const RANGE: Record<string, string> = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };

/** `_id = '…'` / `_index = '…'` (metadata fields, commands/metadata.ts): an ids or term query. */
function metadataComparison(op: string, name: string, literal: Expr): Dsl | null {
  if (literal.kind !== 'Literal' || literal.literalType !== 'string') return null;
  const value = String(literal.value);
  const query = name === '_id' ? { ids: { values: [value] } } : { term: { _index: value } };
  if (op === '=') return query;
  return op === '!=' ? { bool: { must_not: [query] } } : null;
}

function comparison(op: string, fieldExpr: Expr, literal: Expr, schema: SourceSchema): Dsl | null {
  if (
    fieldExpr.kind === 'Field' &&
    (fieldExpr.name === '_id' || fieldExpr.name === '_index') &&
    !schema.fields.has(fieldExpr.name)
  )
    return metadataComparison(op, fieldExpr.name, literal);
  const field = fieldOf(fieldExpr, schema);
  if (!field?.exactField) return null;
  const value = valueFor(field, literal);
  if (value === undefined) return null;
  const term = { term: { [field.exactField]: value } };
  if (op === '=') return term;
  if (op === '!=') return negate(term, field);
  return RANGE[op] ? { range: { [field.exactField]: { [RANGE[op]]: value } } } : null;
}

/** A LIKE pattern as a wildcard pattern: `%` → `*`, `_` → `?`, with `\` escapes kept literal. */
export function likeToWildcard(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      out += next === '*' || next === '?' || next === '\\' ? `\\${next}` : next;
    } else if (c === '%') out += '*';
    else if (c === '_') out += '?';
    else if (c === '*' || c === '?') out += `\\${c}`;
    else out += c;
  }
  return out;
}

/** The queries a bool of only `place` (as toQuery makes for AND and OR) joins; else the query. */
function operands(query: Dsl, place: 'filter' | 'should'): Dsl[] {
  const bool = query.bool as Record<string, unknown> | undefined;
  if (!bool || Object.keys(query).length !== 1) return [query];
  const keys = Object.keys(bool).sort();
  const only = place === 'filter' ? ['filter'] : ['minimum_should_match', 'should'];
  if (keys.length !== only.length || keys.some((k, i) => k !== only[i])) return [query];
  if (place === 'should' && bool.minimum_should_match !== 1) return [query];
  return bool[place] as Dsl[];
}

/** The DSL for `expr`, or null when OpenSearch cannot answer it with PPL's meaning. */
export function toQuery(expr: Expr, schema: SourceSchema): Dsl | null {
  switch (expr.kind) {
    case 'Binary': {
      if (expr.op === 'AND' || expr.op === 'OR') {
        const left = toQuery(expr.left, schema);
        const right = toQuery(expr.right, schema);
        if (!left || !right) return null;
        // A chain of one operator is one bool: `a OR b OR c` nests no deeper than `a OR b`.
        return expr.op === 'AND'
          ? { bool: { filter: [...operands(left, 'filter'), ...operands(right, 'filter')] } }
          : {
              bool: {
                should: [...operands(left, 'should'), ...operands(right, 'should')],
                minimum_should_match: 1,
              },
            };
      }
      if (expr.left.kind === 'Field' && expr.right.kind === 'Literal')
        return comparison(expr.op, expr.left, expr.right, schema);
      if (expr.left.kind === 'Literal' && expr.right.kind === 'Field' && FLIP[expr.op]) {
        return comparison(FLIP[expr.op], expr.right, expr.left, schema);
      }
      return null;
    }
    case 'Unary': {
      if (expr.op !== 'NOT') return null;
      const inner = expr.operand;
      const field = singleField(inner, schema);
      const query = toQuery(inner, schema);
      return field && query ? negate(query, field) : null;
    }
    case 'In': {
      const field = fieldOf(expr.expr, schema);
      if (!field?.exactField) return null;
      const values = expr.values.map((v) => valueFor(field, v));
      if (values.some((v) => v === undefined)) return null;
      const terms = { terms: { [field.exactField]: values } };
      return expr.negated ? negate(terms, field) : terms;
    }
    case 'Between': {
      const field = fieldOf(expr.expr, schema);
      if (!field?.exactField) return null;
      const low = valueFor(field, expr.low);
      const high = valueFor(field, expr.high);
      if (low === undefined || high === undefined) return null;
      const range = { range: { [field.exactField]: { gte: low, lte: high } } };
      return expr.negated ? negate(range, field) : range;
    }
    case 'IsNull': {
      const field = fieldOf(expr.expr, schema);
      if (!field) return null;
      return expr.negated ? exists(field) : { bool: { must_not: [exists(field)] } };
    }
    case 'Like': {
      const field = fieldOf(expr.expr, schema);
      if (!field?.exactField || field.type !== 'string' || expr.pattern.kind !== 'Literal')
        return null;
      const wildcard = {
        wildcard: {
          [field.exactField]: {
            value: likeToWildcard(String(expr.pattern.value)),
            case_insensitive: expr.caseSensitive !== true,
          },
        },
      };
      return wildcard;
    }
    case 'Literal':
      return expr.literalType === 'boolean'
        ? expr.value
          ? { match_all: {} }
          : { match_none: {} }
        : null;
    case 'Field': {
      const field = fieldOf(expr, schema);
      return field?.type === 'boolean' && field.exactField
        ? { term: { [field.exactField]: true } }
        : null;
    }
    case 'Call':
      return relevanceQuery(expr, schema);
    default:
      return null;
  }
}

/** The one source field a simple predicate reads; none for logic over several predicates. */
function singleField(expr: Expr, schema: SourceSchema): SourceField | undefined {
  const names = new Set<string>();
  const visit = (e: Expr): boolean => {
    switch (e.kind) {
      case 'Field':
        names.add(e.name);
        return true;
      case 'Literal':
        return true;
      case 'Binary':
        return e.op !== 'AND' && e.op !== 'OR' && e.op !== 'XOR' && visit(e.left) && visit(e.right);
      case 'In':
      case 'IsNull':
        return visit(e.expr);
      case 'Between':
        return visit(e.expr) && visit(e.low) && visit(e.high);
      case 'Like':
        return visit(e.expr) && visit(e.pattern);
      default:
        return false;
    }
  };
  return visit(expr) && names.size === 1 ? schema.fields.get([...names][0]) : undefined;
}
