/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The `brain` method of `patterns` (patterns.md), as far as the documentation describes it:
 * messages are split into words; obvious variables are replaced first (IPv4 addresses by
 * `<*IP*>`; numbers inside a word, a number ending the message and a word of letters then
 * digits by `<*>`); messages with as many words form a group; in each message the words that
 * share the most common frequency (above `frequency_threshold_percentage` of the group) are its
 * constant root, more frequent words are constant too, and a rarer word is variable (`<*>`) when
 * its position holds more than `variable_count_threshold` distinct words (as written). This approximates the
 * SQL plugin's parser (its tree and tie-breaks are not documented).
 */

/** One word after preprocessing: its text with placeholders, and the texts they replaced. */
interface Word {
  text: string;
  original: string;
  replaced: string[];
}

const IP = /(?:\/|)(?:\d+\.){3}\d+(?::\d+)?/g;
const INNER_NUMBER = /(?<![A-Za-z0-9])[-+]?\d+(?:\.\d+)*(?![A-Za-z0-9])/g;

function preprocess(word: string, last: boolean): Word {
  const replaced: string[] = [];
  const sub = (re: RegExp, placeholder: string) => (s: string) =>
    s.replace(re, (m) => {
      replaced.push(m);
      return placeholder;
    });
  if (/^[A-Za-z]+\d+$/.test(word) || (last && /^\d+$/.test(word))) {
    return { text: '<*>', original: word, replaced: [word] };
  }
  let text = sub(IP, '<*IP*>')(word);
  // A word that is only a number is left to the frequencies (a status code may be constant).
  if (!/^[-+]?\d+$/.test(text)) text = sub(INNER_NUMBER, '<*>')(text);
  return { text, original: word, replaced };
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
  const split = messages.map((m) => {
    const parts = m.split(/\s+/).filter((w) => w !== '');
    return parts.map((w, i) => preprocess(w, i === parts.length - 1));
  });
  const byLength = new Map<number, number[]>();
  split.forEach((words, i) => {
    const list = byLength.get(words.length);
    if (list) list.push(i);
    else byLength.set(words.length, [i]);
  });
  const out: BrainPattern[] = new Array(messages.length);
  for (const [length, members] of byLength) {
    // Frequencies of the preprocessed words; distinct values of the words as written.
    const counts = Array.from({ length }, () => new Map<string, number>());
    const distinct = Array.from({ length }, () => new Set<string>());
    for (const i of members)
      split[i].forEach((w, p) => {
        counts[p].set(w.text, (counts[p].get(w.text) ?? 0) + 1);
        distinct[p].add(w.original);
      });
    const least = options.frequencyThreshold * members.length;
    for (const i of members) {
      const freqs = split[i].map((w, p) => counts[p].get(w.text)!);
      // The root: the frequency most words share (the larger on a tie), among frequent words.
      const tally = new Map<number, number>();
      for (const f of freqs) if (f >= least) tally.set(f, (tally.get(f) ?? 0) + 1);
      let root = Infinity;
      let most = 0;
      for (const [f, n] of tally) if (n > most || (n === most && f > root)) [root, most] = [f, n];
      const words: string[] = [];
      const values: string[] = [];
      split[i].forEach((w, p) => {
        const variable = freqs[p] < root && distinct[p].size > options.variableCountThreshold;
        if (variable) {
          words.push('<*>');
          values.push(w.original);
        } else {
          words.push(w.text);
          values.push(...w.replaced);
        }
      });
      out[i] = { words, values };
    }
  }
  return out;
}
