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
import type { SearchExpr, SearchValue } from '../../../../common/ppl/commands/search_ast';
import { isNumericType } from '../../../../common/ppl/types';
import type { PlanContext } from '../plan_context';
import type { Dsl } from '../pushdown';
import type { SourceSchema } from '../source_schema';

/** Characters query_string gives a meaning to; escaped in what the user wrote as text. */
const RESERVED = new Set('+-=&|><!(){}[]^"~:\\/ '.split(''));

/**
 * A value as query_string text: a quoted value is a phrase, unless it holds `*` or `?` (then a
 * wildcard term, its spaces and other characters escaped, as for `path="/api/*"`).
 */
function escapeText(value: SearchValue): string {
  const wildcard = value.text.includes('*') || value.text.includes('?');
  if (value.quoted && !wildcard) return `"${value.text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  let out = '';
  for (const c of value.text) out += RESERVED.has(c) ? `\\${c}` : c;
  return out;
}

function escapeField(name: string): string {
  let out = '';
  for (const c of name) out += RESERVED.has(c) || c === '*' || c === '?' ? `\\${c}` : c;
  return out;
}

const UNITS: Record<string, 's' | 'm' | 'h' | 'd' | 'w' | 'mon' | 'q' | 'y'> = {
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
  w: 'w',
  week: 'w',
  weeks: 'w',
  mon: 'mon',
  month: 'mon',
  months: 'mon',
  q: 'q',
  qtr: 'q',
  qtrs: 'q',
  quarter: 'q',
  quarters: 'q',
  y: 'y',
  yr: 'y',
  yrs: 'y',
  year: 'y',
  years: 'y',
};

function shift(date: Date, amount: number, unit: string): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 's':
      d.setUTCSeconds(d.getUTCSeconds() + amount);
      break;
    case 'm':
      d.setUTCMinutes(d.getUTCMinutes() + amount);
      break;
    case 'h':
      d.setUTCHours(d.getUTCHours() + amount);
      break;
    case 'd':
      d.setUTCDate(d.getUTCDate() + amount);
      break;
    case 'w':
      d.setUTCDate(d.getUTCDate() + 7 * amount);
      break;
    case 'mon':
      d.setUTCMonth(d.getUTCMonth() + amount);
      break;
    case 'q':
      d.setUTCMonth(d.getUTCMonth() + 3 * amount);
      break;
    case 'y':
      d.setUTCFullYear(d.getUTCFullYear() + amount);
      break;
  }
  return d;
}

/** The start of the unit `date` falls in (weeks start on Sunday, as `@w0`). */
function snap(date: Date, unit: string): Date {
  const d = new Date(date.getTime());
  const order = ['s', 'm', 'h', 'd'];
  if (unit === 'w') {
    d.setUTCHours(0, 0, 0, 0);
    d.setUTCDate(d.getUTCDate() - d.getUTCDay());
    return d;
  }
  if (unit === 'mon' || unit === 'q' || unit === 'y') {
    d.setUTCHours(0, 0, 0, 0);
    d.setUTCDate(1);
    if (unit === 'q') d.setUTCMonth(d.getUTCMonth() - (d.getUTCMonth() % 3));
    if (unit === 'y') d.setUTCMonth(0);
    return d;
  }
  const level = order.indexOf(unit);
  d.setUTCMilliseconds(0);
  if (level >= 1) d.setUTCSeconds(0);
  if (level >= 2) d.setUTCMinutes(0);
  if (level >= 3) d.setUTCHours(0);
  return d;
}

/**
 * A time modifier as an instant: `now`, `now()`, `yyyy-MM-dd HH:mm:ss`, `MM/dd/yyyy:HH:mm:ss`,
 * epoch seconds, or relative offsets with an optional snap (`-7d`, `-1h@h`, `+1d@d`,
 * `@month`, `-1month@month`). Undefined when it is none of those.
 */
export function resolveTimeModifier(text: string, now: Date): Date | undefined {
  const t = text.trim();
  if (/^now(\(\))?$/i.test(t)) return new Date(now.getTime());
  if (/^-?\d+(\.\d+)?$/.test(t)) return new Date(Math.round(Number(t) * 1000));
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(t);
  if (m) {
    return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)));
  }
  m = /^(\d{2})\/(\d{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})$/.exec(t);
  if (m) return new Date(Date.UTC(+m[3], +m[1] - 1, +m[2], +m[4], +m[5], +m[6]));
  let date = new Date(now.getTime());
  let rest = t.replace(/^now/i, '');
  if (rest === '') return undefined;
  while (rest !== '') {
    const offset = /^([+-])(\d*)([a-zA-Z]+)/.exec(rest);
    if (offset) {
      const unit = UNITS[offset[3].toLowerCase()];
      if (!unit) return undefined;
      const amount = (offset[2] === '' ? 1 : Number(offset[2])) * (offset[1] === '-' ? -1 : 1);
      date = shift(date, amount, unit);
      rest = rest.slice(offset[0].length);
      continue;
    }
    const round = /^@([a-zA-Z]+)\d?/.exec(rest);
    if (round) {
      const unit = UNITS[round[1].toLowerCase()];
      if (!unit) return undefined;
      date = snap(date, unit);
      rest = rest.slice(round[0].length);
      continue;
    }
    return undefined;
  }
  return date;
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
