/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Extraction commands in the server, all streaming: parse and grok (a whole-value match; each
 * named group a string, "" without a match), rex (the first or first n matches, null without;
 * mode=sed substitutes), regex (a filter); patterns: patterns.ts. Every pattern is the user's:
 * it is compiled by regex.ts for RE2, which runs in linear time.
 */
import type {
  GrokCommand,
  ParseCommand,
  RegexCommand,
  RexCommand,
} from '../../../../common/ppl/commands/extraction';
import type { PplValue } from '../../../../common/ppl/types';
import { readField, toPplString } from '../evaluate';
import { PplEvaluationError } from '../errors';
import { Row } from '../operators';
import type { PlanContext } from '../plan_context';
import { compileRegex, replaceAll, replaceFirst } from '../regex';
import { grokToRegex } from './grok';

/** The pattern compiled now, so that a bad one is a 400 before any row is read. */
function compile(ctx: PlanContext, pattern: string, span: ParseCommand['patternSpan']) {
  try {
    return compileRegex(pattern, span);
  } catch (e) {
    if (e instanceof PplEvaluationError) throw ctx.error(e.message, span);
    throw e;
  }
}

function groupNames(
  ctx: PlanContext,
  re: ReturnType<typeof compileRegex>,
  command: string,
  span: ParseCommand['span']
): string[] {
  const names = Object.entries(re.namedGroups() as Record<string, number>)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
  if (names.length === 0) {
    throw ctx.error(
      `${command}: the pattern has no named group; name what to extract with (?<name>…)`,
      span
    );
  }
  return names;
}

const asText = (v: PplValue): string | null =>
  v === null ? null : typeof v === 'string' ? v : toPplString(v);

function planWholeMatch(
  ctx: PlanContext,
  command: ParseCommand | GrokCommand,
  regex: string
): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const re = compile(ctx, regex, command.patternSpan);
  const names = groupNames(ctx, re, command.kind.toLowerCase(), command.patternSpan);
  for (const n of names) ctx.setColumn(n, 'string');
  const field = command.field.name;
  const { budget } = ctx;
  ctx.add(command.span, 'streams', async function* (input) {
    for await (const batch of input) {
      await budget.eachRow(batch, (row: Row) => {
        const text = asText(readField(row, field));
        const m = text === null ? null : re.matcher(text);
        const ok = m !== null && (command.kind === 'Parse' ? m.matches() : m.find());
        for (const n of names) row[n] = ok ? (m!.group(n) ?? '') : '';
      });
      yield batch;
    }
  });
}

export function planParse(ctx: PlanContext, command: ParseCommand): void {
  planWholeMatch(ctx, command, command.pattern);
}

export function planGrok(ctx: PlanContext, command: GrokCommand): void {
  const regex = grokToRegex(command.pattern);
  if (typeof regex !== 'string') throw ctx.error(regex.error, command.patternSpan);
  planWholeMatch(ctx, command, regex);
}

/** `s/<regex>/<replacement>/[g][i][n]` or `y/<from>/<to>/`. */
function parseSed(
  expr: string
):
  | { kind: 's'; regex: string; replacement: string; global: boolean; nth: number }
  | { kind: 'y'; from: string; to: string }
  | undefined {
  if (expr.length < 2 || (expr[0] !== 's' && expr[0] !== 'y')) return undefined;
  const delim = expr[1];
  const parts: string[] = [''];
  for (let i = 2; i < expr.length; i++) {
    const c = expr[i];
    if (c === '\\' && expr[i + 1] === delim) {
      parts[parts.length - 1] += delim;
      i++;
    } else if (c === delim) parts.push('');
    else parts[parts.length - 1] += c;
  }
  if (parts.length !== 3) return undefined;
  const [a, b, flags] = parts;
  if (expr[0] === 'y')
    return a.length === b.length && flags === '' ? { kind: 'y', from: a, to: b } : undefined;
  const m =
    /^(g?)(i?)(\d*)$/.exec(flags) ?? /^(g?)(i?)(\d*)$/.exec(flags.split('').sort().join(''));
  if (!m) return undefined;
  return {
    kind: 's',
    regex: m[2] ? `(?i)${a}` : a,
    replacement: b,
    global: m[1] === 'g',
    nth: m[3] === '' ? 1 : Number(m[3]),
  };
}

export function planRex(ctx: PlanContext, command: RexCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const field = command.field.name;
  const { budget } = ctx;
  if (command.mode === 'sed') {
    const sed = parseSed(command.pattern);
    if (!sed) {
      throw ctx.error(
        `rex mode=sed takes "s/<regex>/<replacement>/[g]" or "y/<from>/<to>/", found "${command.pattern}"`,
        command.patternSpan
      );
    }
    if (sed.kind === 's') compile(ctx, sed.regex, command.patternSpan);
    if (sed.kind === 's' && sed.nth > 1) {
      throw ctx.error(
        `rex mode=sed: "${command.pattern}" replaces the n-th match only, which is not supported here; ` +
          'end it with g to replace every match (s/<regex>/<replacement>/g), or with no flag for the first',
        command.patternSpan
      );
    }
    ctx.setColumn(field, 'string');
    ctx.add(command.span, 'streams', async function* (input) {
      for await (const batch of input) {
        await budget.eachRow(batch, (row: Row) => {
          const text = asText(readField(row, field));
          if (text === null) return;
          if (sed.kind === 'y') {
            row[field] = Array.from(text, (c) => {
              const i = sed.from.indexOf(c);
              return i < 0 ? c : sed.to[i];
            }).join('');
          } else {
            row[field] = sed.global
              ? replaceAll(text, sed.regex, sed.replacement, command.patternSpan)
              : replaceFirst(text, sed.regex, sed.replacement, command.patternSpan);
          }
        });
        yield batch;
      }
    });
    return;
  }
  const re = compile(ctx, command.pattern, command.patternSpan);
  const names = groupNames(ctx, re, 'rex', command.patternSpan);
  const bad = names.find((n) => !/^[A-Za-z][A-Za-z0-9]*$/.test(n));
  if (bad !== undefined) {
    throw ctx.error(
      `Invalid capture group name "${bad}": group names start with a letter and hold only letters and digits`,
      command.patternSpan
    );
  }
  const many = command.maxMatch > 1;
  for (const n of names) ctx.setColumn(n, many ? 'array' : 'string');
  if (command.offsetField !== undefined) ctx.setColumn(command.offsetField, 'string');
  const { maxMatch, offsetField } = command;
  const sortedNames = [...names].sort();
  ctx.add(command.span, 'streams', async function* (input) {
    for await (const batch of input) {
      await budget.eachRow(batch, (row: Row) => {
        const text = asText(readField(row, field));
        const found: Array<Record<string, string | null>> = [];
        let offsets = '';
        if (text !== null) {
          const m = re.matcher(text);
          while (found.length < maxMatch && m.find()) {
            const one: Record<string, string | null> = {};
            for (const n of names) one[n] = m.group(n);
            if (found.length === 0 && offsetField !== undefined) {
              offsets = sortedNames
                .filter((n) => m.group(n) !== null)
                .map((n) => `${n}=${m.start(n)}-${m.end(n) - 1}`)
                .join('&');
            }
            found.push(one);
            // An empty match moves on by one character, as Java's find does.
            if (m.end() === m.start() && m.end() >= text.length) break;
          }
        }
        for (const n of names) {
          row[n] = many
            ? found.length === 0
              ? null
              : (found.map((f) => f[n]).filter((v) => v !== null) as PplValue)
            : (found[0]?.[n] ?? null);
        }
        if (offsetField !== undefined) row[offsetField] = found.length === 0 ? null : offsets;
      });
      yield batch;
    }
  });
}

export function planRegex(ctx: PlanContext, command: RegexCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const type = ctx.column(command.field.name)!.type;
  if (type !== 'string' && type !== 'undefined') {
    throw ctx.error(
      `regex works on string fields; "${command.field.name}" is ${type} (cast it first)`,
      command.field.span
    );
  }
  const re = compile(ctx, command.pattern, command.patternSpan);
  const field = command.field.name;
  const { budget } = ctx;
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      for await (const batch of input) {
        const kept: Row[] = [];
        await budget.eachRow(batch, (row: Row) => {
          const text = asText(readField(row, field));
          if (text === null) return;
          if (re.matcher(text).find() !== command.negated) kept.push(row);
        });
        if (kept.length > 0) yield kept;
      }
    },
    { keepsCount: false }
  );
}
