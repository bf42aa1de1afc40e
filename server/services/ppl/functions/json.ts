/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * JSON functions (json.md) over JSON text. Paths are `key{index}.key…` (`{}` is every element);
 * results are compact JSON text, except that a single extracted string comes back as itself.
 */
import { JSON_FUNCTIONS } from '../../../../common/ppl/functions';
import type { PplValue } from '../../../../common/ppl/types';
import { checkValueDepth } from '../errors';
import { FamilyImplementations, returns, textArg } from './registry';
import { javaDoubleToString } from '../../../../common/substrate/java_double';
import { jsonText, Typed } from './values';

type Json = PplValue;
type Step = { key: string; index?: number | '*' };

function parse(text: string): { ok: true; value: Json } | { ok: false } {
  try {
    const value = JSON.parse(text) as Json;
    checkValueDepth(value);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

function parsePath(path: string): Step[] {
  const body = path.trim().replace(/^\$\.?/, '');
  if (body === '') return [];
  return body.split('.').map((part) => {
    const m = /^(.*?)\{(\d*|\*)\}$/.exec(part);
    if (!m) return { key: part };
    return { key: m[1], index: m[2] === '' || m[2] === '*' ? '*' : Number(m[2]) };
  });
}

const isObject = (v: Json): v is { [k: string]: Json } =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The values at a path (several with a wildcard). */
function select(root: Json, steps: Step[]): Json[] {
  let current: Json[] = [root];
  for (const step of steps) {
    const next: Json[] = [];
    for (const v of current) {
      const child = step.key === '' ? v : isObject(v) && step.key in v ? v[step.key] : undefined;
      if (child === undefined) continue;
      if (step.index === undefined) next.push(child);
      else if (Array.isArray(child)) {
        if (step.index === '*') next.push(...child);
        else if (step.index < child.length) next.push(child[step.index]);
      }
    }
    current = next;
  }
  return current;
}

/** The containers holding the last step of a path, with the key or index there. */
function parents(root: Json, steps: Step[]): Array<{ holder: Json; key: string | number }> {
  if (steps.length === 0) return [];
  const last = steps[steps.length - 1];
  const holders = select(root, steps.slice(0, -1));
  const out: Array<{ holder: Json; key: string | number }> = [];
  for (const h of holders) {
    if (last.index === undefined) {
      out.push({ holder: h, key: last.key });
      continue;
    }
    const arr = isObject(h) ? h[last.key] : undefined;
    if (!Array.isArray(arr)) continue;
    if (last.index === '*') arr.forEach((_, i) => out.push({ holder: arr, key: i }));
    else if (last.index < arr.length) out.push({ holder: arr, key: last.index });
  }
  return out;
}

const valueOf = (x: Typed): Json => x.v;

/**
 * A number json_extend read from JSON text: the engine's parser (Gson) reads every JSON number as
 * a double, so it is written back as Java writes a double (`1.0`).
 */
class ParsedDouble {
  constructor(readonly value: number) {}
}

/** Compact JSON text, {@link ParsedDouble}s as Java doubles. */
function text(doc: Json): string {
  checkValueDepth(doc);
  const write = (x: Json | ParsedDouble): string => {
    if (x instanceof ParsedDouble) return javaDoubleToString(x.value);
    if (x !== null && typeof x === 'object') {
      return Array.isArray(x)
        ? `[${x.map(write).join(',')}]`
        : `{${Object.entries(x)
            .map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`)
            .join(',')}}`;
    }
    return jsonText(x);
  };
  return write(doc);
}

function modify(
  args: Typed[],
  change: (target: { holder: Json; key: string | number }, value: Json) => void
): PplValue {
  const doc = parse(textArg(args[0]));
  if (!doc.ok) return null;
  for (let i = 1; i + 1 < args.length; i += 2) {
    for (const target of parents(doc.value, parsePath(textArg(args[i])))) {
      change(target, valueOf(args[i + 1]));
    }
  }
  return text(doc.value);
}

function targetArray(t: { holder: Json; key: string | number }): Json[] | undefined {
  const v = Array.isArray(t.holder)
    ? t.holder[t.key as number]
    : isObject(t.holder)
      ? t.holder[t.key as string]
      : undefined;
  return Array.isArray(v) ? v : undefined;
}

export const jsonFunctions: FamilyImplementations<typeof JSON_FUNCTIONS.functions> = {
  json: { type: returns('string'), apply: ([s]) => (parse(textArg(s)).ok ? textArg(s) : null) },
  json_valid: { type: returns('boolean'), apply: ([s]) => parse(textArg(s)).ok },
  json_object: {
    type: returns('string'),
    nulls: 'custom',
    apply(args) {
      const out: { [k: string]: Json } = {};
      for (let i = 0; i + 1 < args.length; i += 2) out[textArg(args[i])] = valueOf(args[i + 1]);
      return jsonText(out);
    },
  },
  json_array: {
    type: returns('string'),
    nulls: 'custom',
    apply: (args) => jsonText(args.map(valueOf)),
  },
  json_array_length: {
    type: returns('int'),
    apply([s]) {
      const doc = parse(textArg(s));
      return doc.ok && Array.isArray(doc.value) ? doc.value.length : null;
    },
  },
  json_extract: {
    type: returns('string'),
    apply([s, ...paths]) {
      const doc = parse(textArg(s));
      if (!doc.ok) return null;
      const results = paths.map((p) => {
        const steps = parsePath(textArg(p));
        const found = select(doc.value, steps);
        const wildcard = steps.some((st) => st.index === '*');
        return wildcard ? found : found.length === 0 ? null : found[0];
      });
      if (results.length === 1) {
        const [r] = results;
        return r === null ? null : typeof r === 'string' ? r : jsonText(r);
      }
      return jsonText(results);
    },
  },
  json_delete: {
    type: returns('string'),
    apply([s, ...paths]) {
      const doc = parse(textArg(s));
      if (!doc.ok) return null;
      for (const p of paths) {
        const targets = parents(doc.value, parsePath(textArg(p)));
        // Highest index first, so that removing one does not shift the next.
        targets.sort((a, b) =>
          typeof b.key === 'number' && typeof a.key === 'number' ? b.key - a.key : 0
        );
        for (const { holder, key } of targets) {
          if (Array.isArray(holder)) holder.splice(key as number, 1);
          else if (isObject(holder)) delete holder[key as string];
        }
      }
      return jsonText(doc.value);
    },
  },
  json_set: {
    type: returns('string'),
    nulls: 'custom',
    apply: (args) =>
      args[0].v === null
        ? null
        : modify(args, ({ holder, key }, value) => {
            if (Array.isArray(holder)) holder[key as number] = value;
            else if (isObject(holder)) holder[key as string] = value;
          }),
  },
  json_append: {
    type: returns('string'),
    nulls: 'custom',
    apply: (args) =>
      args[0].v === null ? null : modify(args, (t, value) => void targetArray(t)?.push(value)),
  },
  json_extend: {
    type: returns('string'),
    nulls: 'custom',
    apply: (args) =>
      args[0].v === null
        ? null
        : modify(args, (t, value) => {
            const arr = targetArray(t);
            if (arr === undefined) return;
            const parsed = typeof value === 'string' ? parse(value) : { ok: false as const };
            if (parsed.ok && Array.isArray(parsed.value)) {
              arr.push(
                ...parsed.value.map((v) =>
                  typeof v === 'number' ? (new ParsedDouble(v) as unknown as Json) : v
                )
              );
            } else arr.push(value);
          }),
  },
  json_keys: {
    type: returns('string'),
    apply([s]) {
      const doc = parse(textArg(s));
      return doc.ok && isObject(doc.value) ? jsonText(Object.keys(doc.value)) : null;
    },
  },
};
