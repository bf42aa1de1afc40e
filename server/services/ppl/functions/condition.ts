/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Conditions (condition.md). `if`, `ifnull`, `coalesce` evaluate lazily (only the branch taken)
 * and take the least restrictive common type of their results (numbers widen, a mix with strings
 * becomes strings). `isnull`, `isnotnull`, `isblank`, `isempty` never give null.
 */
import type { Expr } from '../../../../common/ppl/ast';
import { CONDITION_FUNCTIONS } from '../../../../common/ppl/functions';
import { commonType, engineTypeList, PplType } from '../../../../common/ppl/types';
import { PplTypeError } from '../errors';
import { compileRegex } from '../regex';
import { comparableDatetime, formatTimestamp, instantFromMillis } from './datetime_values';
import { relativeTime } from './relative_time';
import {
  CallContext,
  evaluationError,
  FamilyImplementations,
  requireCommonType,
  LazyEvaluator,
  requireString,
  returns,
  textArg,
} from './registry';
import { coerceTo, compareValues, Typed } from './values';

/** Java's `Character.isWhitespace` for every character (String.isBlank). */
const isWhitespace = (s: string): boolean =>
  [...s].every((c) => /\s/.test(c) || (c >= '\u001c' && c <= '\u001f'));

function timeBound(which: 'earliest' | 'latest') {
  return {
    type: returns('boolean'),
    apply: ([rel, field]: Typed[], ctx: CallContext) => {
      const bound = relativeTime(textArg(rel), ctx.now);
      if (bound === undefined) {
        return evaluationError(
          ctx,
          `cannot read the time "${textArg(rel)}": use now, an absolute time (yyyy-MM-dd HH:mm:ss or MM/dd/yyyy:HH:mm:ss) or a relative one such as -2d@d`
        );
      }
      const limit = comparableDatetime(
        formatTimestamp(instantFromMillis(bound)),
        'timestamp',
        ctx.today
      );
      const value = comparableDatetime(
        textArg(field),
        field.t === 'time' ? 'time' : 'timestamp',
        ctx.today
      );
      if (value === undefined || limit === undefined) {
        return evaluationError(ctx, `${textArg(field)} is not a time`);
      }
      return which === 'earliest' ? value >= limit : value <= limit;
    },
  };
}

export const conditionFunctions: FamilyImplementations<typeof CONDITION_FUNCTIONS.functions> = {
  isnull: { type: returns('boolean'), nulls: 'custom', apply: ([x]) => x.v === null },
  isnotnull: { type: returns('boolean'), nulls: 'custom', apply: ([x]) => x.v !== null },
  isblank: {
    type: returns('boolean'),
    nulls: 'custom',
    apply: ([x]) => x.v === null || (typeof x.v === 'string' && isWhitespace(x.v)),
  },
  isempty: {
    type: returns('boolean'),
    nulls: 'custom',
    apply: ([x]) => x.v === null || x.v === '',
  },
  nullif: {
    type: (args) => args[0],
    nulls: 'custom',
    apply: ([a, b]) => (a.v === null ? null : compareValues(a.v, b.v, a.t, b.t) === 0 ? null : a.v),
  },
  if: {
    // PPL's IF is Calcite's CASE: a boolean condition, branches of a common type.
    typeCall: (call, typeOf) => {
      const types = call.args.map((a) => typeOf(a));
      if (types[0] !== 'boolean' && types[0] !== 'undefined') {
        throw new PplTypeError(
          `IF function expects {[BOOLEAN,ANY,ANY]}, but got ${engineTypeList(types).replace(/, /g, ',')}: give it a condition first, e.g. if(x > 0, …, …)`,
          call.args[0].span
        );
      }
      return requireCommonType(types.slice(1), '"if" branches', call.span);
    },
    lazy: (call, ev) => {
      const type = ev.staticType(call);
      const branch = ev.eval(call.args[0]).v === true ? call.args[1] : call.args[2];
      return coerceTo(ev.eval(branch), type);
    },
  },
  ifnull: {
    // Calcite's COALESCE: its arguments need a common type (coalesce itself falls back to text).
    typeCall: (call, typeOf) =>
      requireCommonType(
        call.args.map((a) => typeOf(a)),
        '"ifnull" arguments',
        call.span
      ),
    lazy: (call, ev) => firstNonNull(call.args, ev, ev.staticType(call)),
  },
  coalesce: {
    typeCall: (call, typeOf) => commonType(call.args.map((a) => typeOf(a))),
    lazy: (call, ev) => firstNonNull(call.args, ev, ev.staticType(call)),
  },
  earliest: timeBound('earliest'),
  latest: timeBound('latest'),
  regexp_match: {
    type(args, site) {
      requireString(args, site, 0, 1);
      return 'boolean';
    },
    apply: ([s, pattern], ctx) =>
      compileRegex(textArg(pattern), ctx.span).matcher(textArg(s)).find(),
  },
};

function firstNonNull(args: Expr[], ev: LazyEvaluator, type: PplType): Typed {
  for (const a of args) {
    const x = ev.eval(a);
    if (x.v !== null) {
      return coerceTo(x, type);
    }
  }
  return { v: null, t: type };
}
