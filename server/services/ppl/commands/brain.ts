/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The `brain` method of `patterns`, as the SQL plugin's BrainLogParser works:
 *  1. each message has its obvious variables replaced (addresses by `<*IP*>`, date-times by
 *     `<*DATETIME*>`, UUIDs by `<*UUID*>`, hex numbers, letters-then-digits, long or decimal
 *     numbers and numbers between punctuation by `<*>`, side by side ones as one, as patterns.md
 *     shows `HTTP/1.0` as `HTTP/<*>`), `,` and `+` become spaces, and it is split into words;
 *  2. every (position, word) of the group is counted;
 *  3. in each message, the frequencies are tallied: the frequency most of its words share (the
 *     higher on a tie) above `frequency_threshold_percentage` of its highest is its root; messages
 *     with as many words and the same root (frequency and count) form a pattern group;
 *  4. a word more frequent than the root is variable unless it is the only word at its position
 *     in the pattern group; a rarer one is variable when its position holds at least
 *     `variable_count_threshold` words there; a word at the root's frequency is constant.
 */

/** One word after preprocessing: its text with placeholders, and the texts they replaced. */
interface Word {
  text: string;
  original: string;
  replaced: string[];
}

const VARIABLE = '<*>';
/** The replacements, in order: each to the text of what it stands for. */
const FILTERS: Array<[RegExp, string]> = [
  [/(\/|)([0-9]+\.){3}[0-9]+(:[0-9]+|)(:|)/g, '<*IP*>'],
  [/(\d{4}-\d{2}-\d{2})[T ]?(\d{2}:\d{2}:\d{2})(\.\d{3})?(Z|([+-]\d{2}:?\d{2}))?/g, '<*DATETIME*>'],
  [/\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g, '<*UUID*>'],
  [/((0x|0X)[0-9a-fA-F]+)|[a-zA-Z]+\d+|([+-]?(?!\d{3}$)\d{4,}(\.\d*)?|\.\d+)/g, VARIABLE],
  [/(?<=[^A-Za-z0-9 ])(-?\+?\d+)(?=[^A-Za-z0-9])/g, VARIABLE],
];

/**
 * A message as words. Each placeholder keeps the text it replaced (in order), so a word's
 * original text and its placeholders' values can be given back.
 */
function preprocess(message: string): Word[] {
  // Segments of literal text and of replaced text; replacing again works on the literal parts.
  let segments: Array<{ text: string; replaced?: string }> = [{ text: message }];
  for (const [pattern, placeholder] of FILTERS) {
    const joined = segments.map((s) => s.text).join('');
    // Match over the whole current text (placeholders included, as the parser's replaceAll does).
    const next: Array<{ text: string; replaced?: string }> = [];
    const owners: Array<{ start: number; end: number; seg: (typeof segments)[number] }> = [];
    let at = 0;
    for (const seg of segments) {
      owners.push({ start: at, end: at + seg.text.length, seg });
      at += seg.text.length;
    }
    const originalOf = (from: number, to: number) =>
      owners
        .filter((o) => o.end > from && o.start < to)
        .map((o) =>
          o.seg.replaced !== undefined
            ? o.seg.replaced
            : o.seg.text.slice(
                Math.max(0, from - o.start),
                Math.min(o.seg.text.length, to - o.start)
              )
        )
        .join('');
    const literal = (from: number, to: number) => {
      // Keep the existing segments' split between from and to.
      for (const o of owners) {
        if (o.end <= from || o.start >= to) continue;
        if (o.seg.replaced !== undefined) next.push(o.seg);
        else
          next.push({
            text: o.seg.text.slice(
              Math.max(0, from - o.start),
              Math.min(o.seg.text.length, to - o.start)
            ),
          });
      }
    };
    let last = 0;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(joined); m; m = pattern.exec(joined)) {
      if (m[0] === '') {
        pattern.lastIndex++;
        continue;
      }
      literal(last, m.index);
      next.push({ text: placeholder, replaced: originalOf(m.index, m.index + m[0].length) });
      last = m.index + m[0].length;
    }
    literal(last, joined.length);
    segments = next.filter((s) => s.text !== '' || s.replaced !== undefined);
  }
  // Placeholders side by side stand for one variable (`HTTP/1.0` is `HTTP/<*>`, as patterns.md shows).
  segments = segments.reduce<typeof segments>((merged, seg) => {
    const last = merged[merged.length - 1];
    if (last?.text === VARIABLE && seg.text === VARIABLE && seg.replaced !== undefined)
      merged[merged.length - 1] = { text: VARIABLE, replaced: `${last.replaced}${seg.replaced}` };
    else merged.push(seg);
    return merged;
  }, []);
  // Delimiters to spaces, then words on whitespace.
  const words: Word[] = [];
  let current: Word | undefined;
  const end = () => {
    if (current && current.text !== '') words.push(current);
    current = undefined;
  };
  for (const seg of segments) {
    if (seg.replaced !== undefined) {
      current ??= { text: '', original: '', replaced: [] };
      current.text += seg.text;
      current.original += seg.replaced;
      current.replaced.push(seg.replaced);
      continue;
    }
    for (const ch of seg.text) {
      if (/\s/.test(ch) || ch === ',' || ch === '+') {
        end();
        continue;
      }
      current ??= { text: '', original: '', replaced: [] };
      current.text += ch;
      current.original += ch;
    }
  }
  end();
  return words;
}

export interface BrainOptions {
  variableCountThreshold: number;
  frequencyThreshold: number;
}

/** A message's pattern: its words (placeholders for variables), and what each placeholder held. */
export interface BrainPattern {
  words: string[];
  values: string[];
}

/** The patterns of one group of messages (same `by` values), in the order given. */
export function brainPatterns(messages: string[], options: BrainOptions): BrainPattern[] {
  const split = messages.map(preprocess);
  const key = (p: number, w: string) => `${p}\u0000${w}`;
  const freq = new Map<string, number>();
  for (const words of split)
    words.forEach((w, p) => freq.set(key(p, w.text), (freq.get(key(p, w.text)) ?? 0) + 1));

  // Each message's root: [frequency, how many of its words have it].
  const roots = split.map((words) => {
    const tally = new Map<number, number>();
    for (const [p, w] of words.entries()) {
      const f = freq.get(key(p, w.text))!;
      tally.set(f, (tally.get(f) ?? 0) + 1);
    }
    const combos = [...tally].sort(([fa, na], [fb, nb]) => nb - na || fb - fa);
    if (combos.length === 0) return [0, 0] as const;
    const least = Math.max(...combos.map(([f]) => f)) * options.frequencyThreshold;
    return combos.find(([f]) => f > least) ?? combos[0];
  });
  const groupOf = (i: number) => `${split[i].length},${roots[i][0]},${roots[i][1]}`;
  const groupWords = new Map<string, Set<string>>();
  split.forEach((words, i) =>
    words.forEach((w, p) => {
      const k = `${groupOf(i)}\u0000${p}`;
      const set = groupWords.get(k) ?? new Set<string>();
      set.add(w.text);
      groupWords.set(k, set);
    })
  );

  return split.map((words, i) => {
    const root = roots[i][0];
    const out: BrainPattern = { words: [], values: [] };
    words.forEach((w, p) => {
      const f = freq.get(key(p, w.text))!;
      const seen = groupWords.get(`${groupOf(i)}\u0000${p}`)!.size;
      const variable =
        (f > root && seen !== 1) || (f < root && seen >= options.variableCountThreshold);
      if (variable) {
        out.words.push(VARIABLE);
        out.values.push(w.original);
      } else {
        out.words.push(w.text);
        // The placeholders left in a constant word stand for what they replaced.
        out.values.push(...w.replaced);
      }
    });
    return out;
  });
}
