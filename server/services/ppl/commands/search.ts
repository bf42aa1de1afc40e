/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Search expressions (`source=<index> <expression>`, docs/user/ppl/cmd/search.md) as the query
 * DSL. As in PPL, free text and `field=value` become `query_string` queries (so a text field is
 * matched on its analyzed terms, a keyword field exactly, and `*` / `?` are wildcards); ranges
 * become `range` queries; `!=` requires the field to exist (unlike NOT, which keeps rows without
 * it); `earliest` / `latest` bound `@timestamp`. Nothing of it runs in the server.
 */
import { relativeTime } from '../functions/relative_time';
import type { SearchExpr, SearchValue } from '../../../../common/ppl/commands/search_ast';
import { isNumericType } from '../../../../common/ppl/types';
import type { PlanContext } from '../plan_context';
import type { Dsl } from '../pushdown';
import type { SourceSchema } from '../source_schema';

/** Characters query_string gives a meaning to; escaped in what the user wrote as text. */
const RESERVED = new Set('+-=&|><!(){}[]^"~:\\/ '.split(''));

/**
 * A value as query_string text, as the SQL plugin's SearchLiteral writes it: a quoted value with a
 * space is a phrase; any other value a term with query_string's operators escaped (`*` and `?`
 * stay wildcards), so on a text field `"cart-service"` matches either of its analyzed terms.
 */
function escapeText(value: SearchValue): string {
  if (value.quoted && value.text.includes(' '))
    return `"${value.text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  let out = '';
  for (const c of value.text) out += RESERVED.has(c) ? `\\${c}` : c;
  return out;
}

function escapeField(name: string): string {
  let out = '';
  for (const c of name) out += RESERVED.has(c) || c === '*' || c === '?' ? `\\${c}` : c;
  return out;
}

/**
 * A time modifier as an instant: epoch seconds (search expressions only), else what `earliest`
 * and `latest` read as functions (`now`, absolute times, offsets and snaps such as `-1h@h`).
 * Undefined when it is none of those.
 */
export function resolveTimeModifier(text: string, now: Date): Date | undefined {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return new Date(Math.round(Number(t) * 1000));
  const ms = relativeTime(/^now(\(\))?$/i.test(t) ? 'now' : t, now);
  return ms === undefined ? undefined : new Date(ms);
}

const RANGE_OPS: Record<string, string> = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };

/** The DSL of a search expression over `schema`; an error names a term it cannot run. */
export function searchToDsl(ctx: PlanContext, expr: SearchExpr, schema: SourceSchema): Dsl {
  const fieldQuery = (name: string, value: SearchValue): Dsl => ({
    query_string: { query: `${escapeField(name)}:${escapeText(value)}`, lenient: true },
  });
  const requireField = (name: string, span: SearchExpr['span']) => {
    const field = schema.fields.get(name);
    if (!field) ctx.requireColumn(name, span);
    return field!;
  };
  const visit = (e: SearchExpr): Dsl => {
    switch (e.kind) {
      case 'SearchAnd':
        return { bool: { filter: [visit(e.left), visit(e.right)] } };
      case 'SearchOr':
        return { bool: { should: [visit(e.left), visit(e.right)], minimum_should_match: 1 } };
      case 'SearchNot':
        return { bool: { must_not: [visit(e.operand)] } };
      case 'SearchText':
        return { query_string: { query: escapeText(e.value), lenient: true } };
      case 'SearchIn': {
        requireField(e.field.name, e.field.span);
        return {
          bool: {
            should: e.values.map((v) => fieldQuery(e.field.name, v)),
            minimum_should_match: 1,
          },
        };
      }
      case 'SearchCompare': {
        const field = requireField(e.field.name, e.field.span);
        const name = field.exactField ?? field.name;
        if (e.op === '=') return fieldQuery(e.field.name, e.value);
        if (e.op === '!=')
          return {
            bool: {
              filter: [{ exists: { field: name } }],
              must_not: [fieldQuery(e.field.name, e.value)],
            },
          };
        let bound: string | number = e.value.text;
        if (isNumericType(field.type)) {
          const n = Number(e.value.text);
          if (Number.isNaN(n))
            throw ctx.error(
              `"${e.field.name}" is numeric; compare it with a number, not "${e.value.text}"`,
              e.value.span
            );
          bound = n;
        } else if (field.type === 'timestamp' || field.type === 'date') {
          const at = resolveTimeModifier(e.value.text, ctx.deps.now);
          if (at) bound = at.toISOString();
        }
        return { range: { [name]: { [RANGE_OPS[e.op]]: bound } } };
      }
      case 'SearchTime': {
        const at = resolveTimeModifier(e.value.text, ctx.deps.now);
        if (!at)
          throw ctx.error(
            `"${e.value.text}" is not a time: use now, -7d, -1h@h, "yyyy-MM-dd HH:mm:ss", "MM/dd/yyyy:HH:mm:ss" or epoch seconds`,
            e.value.span
          );
        if (!schema.fields.has('@timestamp'))
          throw ctx.error(
            `${e.bound} filters on @timestamp, and the source has no @timestamp field`,
            e.span
          );
        return {
          range: { '@timestamp': { [e.bound === 'earliest' ? 'gte' : 'lte']: at.toISOString() } },
        };
      }
    }
  };
  return visit(expr);
}
