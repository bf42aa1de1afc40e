/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `patterns` in the server (patterns.md). simple_pattern labels stream: each match of the regex
 * (by default a run of letters and digits) becomes `<*>`. brain needs its group's messages first,
 * so it buffers (brain.ts); `mode=aggregation` holds one entry per pattern: its count, up to
 * `max_sample_count` sample messages and, with `show_numbered_token`, what each `<tokenN>` held.
 */
import type { PatternsCommand } from '../../../../common/ppl/commands/patterns';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { readField, toPplString } from '../evaluate';
import { PplEvaluationError } from '../errors';
import { BufferLimitError, collect, handOver, keyEntryBytes, Row } from '../operators';
import { valueBytes } from '../memory';
import type { PlanContext } from '../plan_context';
import { compileRegex } from '../regex';
import { brainPatterns } from './brain';
import { keyOf } from './windows';

const DEFAULT_PATTERN = '[a-zA-Z\\d]+';

interface Labelled {
  /** The pattern with `<*>` placeholders (what rows are grouped by). */
  pattern: string;
  /** What each placeholder stood for, in order. */
  values: string[];
}

const asText = (v: PplValue): string | null =>
  v === null ? null : typeof v === 'string' ? v : toPplString(v);

/** `<*>`, `<*IP*>` → `<token1>`, `<token2>`, … in order. */
function numbered(pattern: string): string {
  let n = 0;
  return pattern.replace(/<\*(?:IP\*|DATETIME\*|UUID\*)?>/g, () => `<token${++n}>`);
}

function tokenMap(pattern: string, lists: string[][]): Record<string, string[]> {
  const names = numbered(pattern).match(/<token\d+>/g) ?? [];
  return Object.fromEntries(names.map((name, i) => [name, lists.map((values) => values[i] ?? '')]));
}

export function planPatterns(ctx: PlanContext, command: PatternsCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  const span = command.patternSpan ?? command.span;
  const regex = (() => {
    try {
      return compileRegex(command.pattern ?? DEFAULT_PATTERN, span);
    } catch (e) {
      if (e instanceof PplEvaluationError) throw ctx.error(e.message, span);
      throw e;
    }
  })();
  const field = command.field.name;
  const by = command.by.map((f) => f.name);
  const { newField, showNumberedToken, maxSampleCount, mode, method } = command;
  const { budget } = ctx;
  const { maxRows } = ctx.deps;

  const simple = (text: string): Labelled => {
    const m = regex.matcher(text);
    let pattern = '';
    let last = 0;
    const values: string[] = [];
    while (m.find()) {
      // An empty match replaces nothing (as a regex `replaceAll` of an empty match would).
      if (m.end() === m.start()) continue;
      pattern += `${text.slice(last, m.start())}<*>`;
      values.push(text.slice(m.start(), m.end()));
      last = m.end();
    }
    return { pattern: pattern + text.slice(last), values };
  };
  const shown = (pattern: string) => (showNumberedToken ? numbered(pattern) : pattern);

  /** Labels for a whole buffer of rows (brain reads its `by` group's messages together). */
  const labelAll = (rows: Row[]): Array<Labelled | null> => {
    const texts = rows.map((r) => asText(readField(r, field)));
    if (method === 'simple_pattern') return texts.map((t) => (t === null ? null : simple(t)));
    const groups = new Map<string, number[]>();
    texts.forEach((t, i) => {
      if (t === null) return;
      const k = keyOf(by.map((f) => readField(rows[i], f)));
      const list = groups.get(k);
      if (list) list.push(i);
      else groups.set(k, [i]);
    });
    const out: Array<Labelled | null> = texts.map(() => null);
    for (const members of groups.values()) {
      const found = brainPatterns(
        members.map((i) => texts[i]!),
        command
      );
      members.forEach(
        (i, j) => (out[i] = { pattern: found[j].words.join(' '), values: found[j].values })
      );
    }
    return out;
  };

  /** A row's label; with show_numbered_token also `tokens`, what each `<tokenN>` held there. */
  const setLabel = (row: Row, label: Labelled | null) => {
    row[newField] = label ? shown(label.pattern) : '';
    if (showNumberedToken)
      row.tokens = (label ? tokenMap(label.pattern, [label.values]) : {}) as unknown as PplValue;
  };

  if (mode === 'label') {
    ctx.setColumn(newField, 'string');
    if (showNumberedToken) ctx.setColumn('tokens', 'struct');
    if (method === 'simple_pattern') {
      ctx.add(command.span, 'streams', async function* (input) {
        for await (const batch of input) {
          await budget.eachRow(batch, (row: Row) => {
            const text = asText(readField(row, field));
            setLabel(row, text === null ? null : simple(text));
          });
          yield batch;
        }
      });
      return;
    }
    ctx.add(
      command.span,
      'buffers',
      async function* (input) {
        const hold = budget.hold('patterns');
        try {
          const rows = await collect(input, hold, maxRows);
          const labels = labelAll(rows);
          rows.forEach((row, i) => setLabel(row, labels[i]));
          yield* handOver(rows, hold);
        } finally {
          hold.clear();
        }
      },
      { detail: `brain reads every message first: ${ctx.buffered()}` }
    );
    return;
  }

  const types = ctx.types();
  const byColumns = by.map((name) => ({ name, type: types.get(name) ?? ('undefined' as PplType) }));
  const patternColumns = [
    { name: newField, type: 'string' as PplType },
    { name: 'pattern_count', type: 'bigint' as PplType },
    ...(showNumberedToken ? [{ name: 'tokens', type: 'struct' as PplType }] : []),
    { name: 'sample_logs', type: 'array' as PplType },
  ];
  // As the plugin's plans give them: simple_pattern groups by (pattern, by…) and its aggregate
  // puts the keys first, unless the numbered tokens move the pattern's columns to the end; brain
  // groups by the by fields, its patterns after them.
  ctx.columns =
    method === 'simple_pattern' && !showNumberedToken
      ? [patternColumns[0], ...byColumns, ...patternColumns.slice(1)]
      : [...byColumns, ...patternColumns];
  interface Group {
    keys: PplValue[];
    pattern: string;
    count: number;
    samples: string[];
    values: string[][];
  }
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const groups = new Map<string, Group>();
      const hold = budget.hold('patterns');
      const add = (row: Row, label: Labelled | null) => {
        const text = asText(readField(row, field));
        if (label === null || text === null) return;
        const keys = by.map((f) => readField(row, f));
        const id = `${keyOf(keys)}\u0000${label.pattern}`;
        let g = groups.get(id);
        if (!g) {
          if (groups.size >= maxRows) throw new BufferLimitError('patterns', maxRows);
          hold.add(keyEntryBytes(id) + valueBytes(keys));
          groups.set(id, (g = { keys, pattern: label.pattern, count: 0, samples: [], values: [] }));
        }
        g.count++;
        if (g.samples.length < maxSampleCount) {
          hold.add(valueBytes(text) + valueBytes(label.values));
          g.samples.push(text);
          g.values.push(label.values);
        }
      };
      try {
        if (method === 'simple_pattern') {
          for await (const batch of input) {
            await budget.eachRow(batch, (row: Row) => {
              const text = asText(readField(row, field));
              add(row, text === null ? null : simple(text));
            });
          }
        } else {
          const rows = await collect(input, hold, maxRows);
          const labels = labelAll(rows);
          rows.forEach((row, i) => add(row, labels[i]));
        }
        const sorted = [...groups.values()].sort(
          (a, b) =>
            (keyOf(a.keys) < keyOf(b.keys) ? -1 : keyOf(a.keys) > keyOf(b.keys) ? 1 : 0) ||
            (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0)
        );
        const out: Row[] = sorted.map((g) => {
          const row: Row = {
            [newField]: shown(g.pattern),
            pattern_count: g.count,
            sample_logs: g.samples,
          };
          if (showNumberedToken) row.tokens = tokenMap(g.pattern, g.values) as unknown as PplValue;
          by.forEach((f, i) => (row[f] = g.keys[i]));
          return row;
        });
        groups.clear();
        yield* handOver(out, hold);
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered('patterns') }
  );
}
