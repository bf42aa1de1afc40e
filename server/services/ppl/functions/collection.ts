/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Collections and multivalue fields (collection.md). Arrays are JSON-like arrays of values; a
 * single value where an array is expected is a one-element array. `filter`, `transform`,
 * `reduce`, `forall`, `exists` take a lambda (`x -> …`, `(acc, x) -> …`); `mvmap` binds the
 * field named by its first argument to each element in its expression. Indexes are 0-based.
 */
import type { Expr, FunctionCall, LambdaExpr } from '../../../../common/ppl/ast';
import { COLLECTION_FUNCTIONS } from '../../../../common/ppl/functions';
import { commonType, ENGINE_TYPE_NAMES, PplType, PplValue } from '../../../../common/ppl/types';
import { PplEvaluationError, PplTypeError } from '../errors';
import { stringBytes, valueBytes } from '../memory';
import { compileRegex } from '../regex';
import {
  CallContext,
  CallSite,
  evaluationError,
  FamilyImplementations,
  intArg,
  LazyEvaluator,
  returns,
  ScalarFunction,
  StaticTypeOf,
  textArg,
} from './registry';
import { coerceTo, runtimeType, sameValue, toPplString, Typed } from './values';

/** The elements of an array argument (a single value is one element). */
function elements(x: Typed): PplValue[] {
  return Array.isArray(x.v) ? x.v : [x.v];
}

const element = (v: PplValue): Typed => ({ v, t: runtimeType(v) });

/** The bytes of an array holding the values of `args` (arrays flattened). */
const elementsBytes = (args: Typed[]): number =>
  args.reduce((n, a) => n + valueBytes(Array.isArray(a.v) ? a.v : [a.v]), 0);

/** The characters of the elements as text, and how many there are. */
function textOfElements(x: Typed): { chars: number; count: number } {
  let chars = 0;
  const items = elements(x);
  for (const v of items) chars += v === null ? 0 : typeof v === 'string' ? v.length : 24;
  return { chars, count: items.length };
}

/**
 * An array built one element at a time from a lambda's results: each step may end the query at
 * its deadline, and the array is sized as it grows.
 */
function building(ctx: CallContext) {
  let bytes = 0;
  return (v: PplValue): PplValue => {
    ctx.checkpoint();
    bytes += 8 + valueBytes(v);
    ctx.ensureRoom(bytes);
    return v;
  };
}

function lambdaArg(call: FunctionCall, index: number, params: number[]): LambdaExpr {
  const arg = call.args[index];
  if (arg?.kind !== 'Lambda' || !params.includes(arg.params.length)) {
    throw new PplEvaluationError(
      `"${call.name}" expects a lambda with ${params.join(' or ')} parameter${params[params.length - 1] === 1 ? '' : 's'} as argument ${index + 1} (such as x -> x > 0)`,
      (arg ?? call).span
    );
  }
  return arg;
}

function bind(lambda: LambdaExpr, values: Typed[]): Map<string, Typed> {
  return new Map(lambda.params.map((p, i) => [p, values[i] ?? { v: null, t: 'undefined' }]));
}

/** A function over an array and a one-parameter lambda. */
function withLambda(
  type: PplType,
  run: (items: PplValue[], test: (v: PplValue, i: number) => Typed, ctx: CallContext) => PplValue,
  params = [1]
): ScalarFunction {
  return {
    typeCall: (call, typeOf: StaticTypeOf) => {
      typeOf(call.args[0]);
      return type;
    },
    lazy(call, ev: LazyEvaluator) {
      const lambda = lambdaArg(call, 1, params);
      const array = ev.eval(call.args[0]);
      if (array.v === null) return { v: null, t: type };
      const apply = (v: PplValue, i: number) => {
        ev.ctx.checkpoint();
        return ev.evalWith(lambda.body, bind(lambda, [element(v), { v: i, t: 'int' }]));
      };
      return { v: run(elements(array), apply, ev.ctx), t: type };
    },
  };
}

/** The first field a (sub)expression reads: the name mvmap binds to each element. */
function firstField(expr: Expr): string | undefined {
  switch (expr.kind) {
    case 'Field':
      return expr.name;
    case 'Call':
      for (const a of expr.args) {
        const f = firstField(a);
        if (f !== undefined) return f;
      }
      return undefined;
    default:
      return undefined;
  }
}

/**
 * array(…)'s element type must exist, as Calcite's ARRAY infers it: numbers and strings mix (as
 * strings; dates, times and timestamps are strings there), but a boolean, an array or an object
 * beside anything else has no common type and the SQL plugin refuses the query.
 */
function arrayType(args: PplType[], site: CallSite): PplType {
  const known = args.filter((t) => t !== 'undefined');
  const apart = (t: PplType) => t === 'boolean' || t === 'array' || t === 'struct';
  const odd = known.find((t) => apart(t) && known.some((u) => u !== t));
  if (odd !== undefined) {
    const names = args.map((t) => ENGINE_TYPE_NAMES[t] ?? t.toUpperCase()).join(', ');
    const fix = odd === 'boolean' ? 'cast(true as int) or cast(1 as string)' : 'tostring(…)';
    throw new PplTypeError(
      `array() cannot infer one element type for its values [${names}]: give them one type, e.g. with ${fix}`,
      site.span
    );
  }
  return 'array';
}

/** The element type of an array expression where it is known: that of array(…)'s values. */
function elementType(expr: Expr, typeOf: StaticTypeOf): PplType {
  const arrayType = typeOf(expr);
  if (expr.kind === 'Call' && expr.name === 'array') {
    return commonType(expr.args.map((a) => typeOf(a)));
  }
  return arrayType === 'array' ? 'undefined' : arrayType;
}

/**
 * reduce's type, as the SQL plugin infers it from its lambdas: the step's body with the
 * accumulator typed as the start value (and once more as that result when it differs), then the
 * finishing lambda's body over it (`reduce(a, 0, (acc, x) -> acc + x, acc -> acc * 10.0)` is a
 * double).
 */
function reduceType(call: FunctionCall, typeOf: StaticTypeOf): PplType {
  const element = elementType(call.args[0], typeOf);
  const start = typeOf(call.args[1]);
  const [step, finish] = [call.args[2], call.args[3]];
  if (step?.kind !== 'Lambda' || step.params.length !== 2) return start;
  const stepType = (acc: PplType) =>
    typeOf(
      step.body,
      new Map([
        [step.params[0], acc],
        [step.params[1], element],
      ])
    );
  let acc = stepType(start);
  if (acc !== start) acc = stepType(acc);
  if (finish?.kind !== 'Lambda' || finish.params.length !== 1) return acc;
  return typeOf(finish.body, new Map([[finish.params[0], acc]]));
}

function index(i: number, length: number): number {
  return i < 0 ? length + i : i;
}

export const collectionFunctions: FamilyImplementations<typeof COLLECTION_FUNCTIONS.functions> = {
  array: {
    type: arrayType,
    nulls: 'custom',
    outputBytes: elementsBytes,
    apply(args) {
      const type = commonType(args.map((a) => a.t));
      return args.map((a) => coerceTo(a, type).v);
    },
  },
  array_length: { type: returns('int'), apply: ([x]) => elements(x).length },
  mvcount: { type: returns('int'), apply: ([x]) => elements(x).length },
  forall: withLambda('boolean', (items, test) => items.every((v, i) => test(v, i).v === true)),
  exists: withLambda('boolean', (items, test) => items.some((v, i) => test(v, i).v === true)),
  filter: withLambda('array', (items, test) => items.filter((v, i) => test(v, i).v === true)),
  transform: withLambda(
    'array',
    (items, f, ctx) => {
      const add = building(ctx);
      return items.map((v, i) => add(f(v, i).v));
    },
    [1, 2]
  ),
  reduce: {
    typeCall: reduceType,
    lazy(call, ev) {
      const step = lambdaArg(call, 2, [2]);
      const finish = call.args.length > 3 ? lambdaArg(call, 3, [1]) : undefined;
      const array = ev.eval(call.args[0]);
      let acc = ev.eval(call.args[1]);
      if (array.v === null) return { v: null, t: acc.t };
      for (const v of elements(array)) {
        ev.ctx.checkpoint();
        acc = ev.evalWith(step.body, bind(step, [acc, element(v)]));
      }
      const result = finish === undefined ? acc : ev.evalWith(finish.body, bind(finish, [acc]));
      return coerceTo(result, ev.staticType(call));
    },
  },
  mvjoin: {
    type: returns('string'),
    outputBytes: ([x, sep]) => {
      const { chars, count } = textOfElements(x);
      return stringBytes(chars + count * textArg(sep).length);
    },
    apply: ([x, sep]) =>
      elements(x)
        .filter((v) => v !== null)
        .map((v) => toPplString(v))
        .join(textArg(sep)),
  },
  mvappend: {
    type: returns('array'),
    nulls: 'custom',
    outputBytes: elementsBytes,
    apply(args) {
      const out = args.flatMap((a) => elements(a)).filter((v) => v !== null);
      return out.length === 0 ? null : out;
    },
  },
  split: {
    type: returns('array'),
    outputBytes([s, sep]) {
      const text = textArg(s);
      const d = textArg(sep);
      let pieces = 1;
      if (d === '') pieces = text.length;
      else for (let at = text.indexOf(d); at >= 0; at = text.indexOf(d, at + d.length)) pieces++;
      return 24 + pieces * (8 + stringBytes(0)) + text.length;
    },
    apply([s, sep]) {
      const text = textArg(s);
      const d = textArg(sep);
      return d === '' ? [...text] : text.split(d);
    },
  },
  mvdedup: {
    type: returns('array'),
    apply([x], ctx) {
      const values = elements(x);
      const keyed = dedupKeys(values);
      const out: PplValue[] = [];
      if (keyed) {
        // Linear: one key per value, equal exactly when sameValue says so.
        const seen = new Set<string>();
        values.forEach((v, i) => {
          ctx.checkpoint();
          const key = keyed[i];
          if (key !== null && !seen.has(key)) {
            seen.add(key);
            out.push(v);
          }
        });
        return out;
      }
      for (const v of values) {
        ctx.checkpoint();
        if (v !== null && !out.some((o) => sameValue(o, v))) out.push(v);
      }
      return out;
    },
  },
  mvfind: {
    type: returns('int'),
    apply([x, pattern], ctx) {
      const re = compileRegex(textArg(pattern), ctx.span);
      const i = elements(x).findIndex((v) => v !== null && re.matcher(toPplString(v)).find());
      return i < 0 ? null : i;
    },
  },
  mvindex: {
    // One element: its type when the array's is known (array(…) of one type, split's strings).
    typeCall: (call, typeOf) => {
      const [array] = call.args;
      const types = call.args.map((a) => typeOf(a));
      if (types.length > 2) return 'array';
      if (array.kind === 'Call' && array.name === 'split') return 'string';
      if (array.kind === 'Call' && array.name === 'array') {
        return commonType(array.args.map((a) => typeOf(a)));
      }
      return 'undefined';
    },
    apply([x, start, end], ctx) {
      const items = elements(x);
      const from = index(intArg(start, ctx), items.length);
      if (end === undefined) return from >= 0 && from < items.length ? items[from] : null;
      const to = Math.min(index(intArg(end, ctx), items.length), items.length - 1);
      return from > to ? [] : items.slice(Math.max(0, from), to + 1);
    },
  },
  mvmap: {
    typeCall: (call, typeOf) => {
      typeOf(call.args[0]);
      return 'array';
    },
    lazy(call, ev) {
      const name = firstField(call.args[0]);
      if (name === undefined) {
        return evaluationError(
          ev.ctx,
          'the first argument must be (or contain) the array field the expression refers to'
        );
      }
      const array = ev.eval(call.args[0]);
      if (array.v === null) return { v: null, t: 'array' };
      const add = building(ev.ctx);
      return {
        v: elements(array).map((v) =>
          add(ev.evalWith(call.args[1], new Map([[name, element(v)]])).v)
        ),
        t: 'array',
      };
    },
  },
  mvzip: {
    type: returns('array'),
    outputBytes: ([l, r, sep]) => {
      const a = textOfElements(l);
      const b = textOfElements(r);
      const pairs = Math.min(a.count, b.count);
      return (
        24 +
        pairs * (8 + stringBytes(sep === undefined ? 1 : textArg(sep).length)) +
        a.chars +
        b.chars
      );
    },
    apply([l, r, sep]) {
      const a = elements(l);
      const b = elements(r);
      const d = sep === undefined ? ',' : textArg(sep);
      return a
        .slice(0, Math.min(a.length, b.length))
        .map((v, i) => `${toPplString(v)}${d}${toPplString(b[i])}`);
    },
  },
};

/**
 * Keys under which mvdedup's values are equal exactly when `sameValue` holds them equal: for
 * arrays of one kind of scalar (strings, numbers, booleans; nulls aside). Otherwise (mixed kinds,
 * nested values, integers beyond 2^53) undefined, and the values are compared pairwise.
 */
function dedupKeys(values: PplValue[]): Array<string | null> | undefined {
  let kind: string | undefined;
  const keys: Array<string | null> = [];
  for (const v of values) {
    if (v === null) {
      keys.push(null);
      continue;
    }
    let k: string;
    let key: string;
    if (typeof v === 'string') [k, key] = ['string', v];
    else if (typeof v === 'boolean') [k, key] = ['boolean', String(v)];
    else if (
      typeof v === 'number' &&
      !Number.isNaN(v) &&
      (!Number.isInteger(v) || Number.isSafeInteger(v))
    )
      [k, key] = ['number', String(v === 0 ? 0 : v)];
    else if (typeof v === 'bigint' && Number.isSafeInteger(Number(v)))
      [k, key] = ['number', String(Number(v))];
    else return undefined;
    if (kind !== undefined && kind !== k) return undefined;
    kind = k;
    keys.push(key);
  }
  return keys;
}
