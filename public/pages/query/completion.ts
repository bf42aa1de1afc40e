/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the PPL editor offers at the cursor: command names after `|`, `source=` and friends at
 * the start, index names after `source=` (and lookup names after `lookup` / `outputlookup`),
 * outputlookup's options, field names (those the pipeline so far leaves) and functions inside
 * commands. Pure: the editor passes the
 * text, the cursor and what it knows (indices, lookups, fields), and gets the items back.
 *
 * The Query page gathers them: index names from `GET _sources` (what the caller may read), the
 * catalog's lookups and the indices of recent queries; field names from `_sources/{name}/_fields`,
 * lookups' `_field_caps` and result schemas.
 */
import {
  AGGREGATION_FUNCTIONS,
  COMMAND_OPTIONS,
  FUNCTIONS,
  LEADING_COMMANDS,
  LOOKUP_STRATEGIES,
  OUTPUTLOOKUP_OPTIONS,
  SUPPORTED_COMMANDS,
} from '../../../common/ppl/language';
import { RATE_FUNCTIONS } from '../../../common/ppl/commands/charts';
import { CONVERT_FUNCTIONS } from '../../../common/ppl/commands/shaping';
import { tokenize, type Token } from '../../../common/ppl/tokenizer';
import { fieldsAfterPipeline } from './pipeline_fields';

export type CompletionKind =
  'command' | 'option' | 'index' | 'lookup' | 'field' | 'function' | 'keyword' | 'value';

export interface CompletionItem {
  /** What the list shows and what the typed prefix is matched against. */
  label: string;
  /** What replaces the prefix. */
  insert: string;
  kind: CompletionKind;
  /** A lookup's match mode when it has match rules (shown instead of the kind). */
  matchMode?: string;
}

export interface CompletionSources {
  indices: readonly string[];
  lookups: readonly string[];
  fields: readonly string[];
  /** How `lookup` matches each lookup that has match rules (`cidr`, `exact+time`, …). */
  matchModes?: Readonly<Record<string, string>>;
}

export interface Completion {
  /** The range the chosen item replaces: the word being typed. */
  from: number;
  to: number;
  prefix: string;
  items: CompletionItem[];
}

const MAX_ITEMS = 50;
const BOOLEAN_OPTIONS = new Set([
  'append',
  'override_if_empty',
  'keepempty',
  'consecutive',
  'showcount',
  'usenull',
  'bucket_nullable',
  'current',
  'global',
  'useother',
  'show_numbered_token',
]);
const EXPRESSION_WORDS = [
  'and',
  'or',
  'not',
  'in',
  'exists',
  'like',
  'between',
  'is',
  'null',
  'true',
  'false',
];
const PLAIN_NAME = /^[A-Za-z_@][A-Za-z0-9_]*(\.[A-Za-z_@][A-Za-z0-9_]*)*$/;

/** A field as PPL reads it: plain names as they are, anything else in backticks. */
export function fieldText(name: string): string {
  return PLAIN_NAME.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

const significant = (t: Token) => t.kind !== 'whitespace' && t.kind !== 'comment';

/** The tokens of the command the cursor is in, and whether a `|` came before it. */
function currentSegment(tokens: Token[]): { segment: Token[]; afterPipe: boolean } {
  let depth = 0;
  let start = 0;
  let afterPipe = false;
  tokens.forEach((t, i) => {
    if (t.text === '(') depth++;
    else if (t.text === ')') depth = Math.max(0, depth - 1);
    else if (t.text === '|' && t.kind === 'punctuation' && depth === 0) {
      start = i + 1;
      afterPipe = true;
    }
  });
  return { segment: tokens.slice(start), afterPipe };
}

const word = (t: Token | undefined) => (t ? t.text.toLowerCase() : '');
const isText = (t: Token | undefined, text: string) => t !== undefined && t.text === text;

function fieldItems(fields: readonly string[]): CompletionItem[] {
  return fields.map((f) => ({ label: f, insert: fieldText(f), kind: 'field' as const }));
}
function functionItems(names: readonly string[]): CompletionItem[] {
  return names.map((f) => ({ label: `${f}()`, insert: `${f}(`, kind: 'function' as const }));
}
function keywordItems(words: readonly string[]): CompletionItem[] {
  return words.map((w) => ({ label: w, insert: `${w} `, kind: 'keyword' as const }));
}
function optionItems(options: readonly string[], used: Set<string>): CompletionItem[] {
  return options
    .filter((o) => !used.has(o))
    .map((o) => ({ label: `${o}=`, insert: `${o}=`, kind: 'option' as const }));
}
function nameItems(
  names: readonly string[],
  kind: 'index' | 'lookup',
  modes: Readonly<Record<string, string>> = {}
): CompletionItem[] {
  return names.map((n) => ({
    label: n,
    insert: n,
    kind,
    ...(kind === 'lookup' && modes[n] ? { matchMode: modes[n] } : {}),
  }));
}

/** Options already given in a command (`name=` pairs), so they are not offered twice. */
function usedOptions(segment: Token[]): Set<string> {
  const used = new Set<string>();
  segment.forEach((t, i) => {
    if (isText(segment[i + 1], '=') && t.kind !== 'string') used.add(word(t));
  });
  return used;
}

/** Inside `key_field=a,b,` of outputlookup: the list runs back to `key_field=` over `,` and names. */
function inKeyFieldList(segment: Token[]): boolean {
  let i = segment.length - 1;
  if (!isText(segment[i], ',') && !isText(segment[i], '=')) return false;
  while (i >= 1) {
    const t = segment[i];
    if (isText(t, '=')) return word(segment[i - 1]) === 'key_field';
    if (!isText(t, ',') && t.kind !== 'identifier') return false;
    i--;
  }
  return false;
}

function itemsFor(
  text: string,
  before: Token[],
  sources: CompletionSources
): {
  items: CompletionItem[];
  names: boolean;
} {
  const { segment, afterPipe } = currentSegment(before);
  const last = segment[segment.length - 1];
  const prev = segment[segment.length - 2];
  if (afterPipe) {
    // The fields the commands before this one leave (stats replaces them with its own).
    const pipe = before[before.length - segment.length - 1];
    sources = {
      ...sources,
      fields: fieldsAfterPipeline(text.slice(0, pipe.start), sources.fields),
    };
  }
  const uniqueIndices = [...new Set([...sources.lookups, ...sources.indices])].sort();

  if (!afterPipe) {
    if (segment.length === 0) {
      return {
        items: [
          { label: 'source=', insert: 'source=', kind: 'keyword' },
          ...LEADING_COMMANDS.map((c) => ({
            label: c,
            insert: c === 'search' ? 'search source=' : `${c} `,
            kind: 'command' as const,
          })),
        ],
        names: false,
      };
    }
    const inSource = segment.some(
      (t, i) => ['source', 'index'].includes(word(t)) && isText(segment[i + 1], '=')
    );
    if (
      (isText(last, '=') && ['source', 'index'].includes(word(prev))) ||
      (isText(last, ',') && inSource)
    ) {
      // Names already in the list are not offered again.
      const listed = new Set(indicesIn(text.slice(segment[0].start, last.end)));
      return {
        items: nameItems(
          uniqueIndices.filter((n) => !listed.has(n)),
          'index'
        ),
        names: true,
      };
    }
    if (segment.length === 1 && word(segment[0]) === 'search') {
      return { items: [{ label: 'source=', insert: 'source=', kind: 'keyword' }], names: false };
    }
    if (word(segment[0]) === 'makeresults') {
      if (isText(last, '=') && word(prev) === 'format') {
        return {
          items: ['csv', 'json'].map((v) => ({
            label: v,
            insert: `${v} `,
            kind: 'value' as const,
          })),
          names: false,
        };
      }
      if (!isText(last, '=')) {
        return {
          items: optionItems(COMMAND_OPTIONS.makeresults, usedOptions(segment)),
          names: false,
        };
      }
    }
    return { items: [], names: false };
  }

  if (segment.length === 0) {
    return {
      items: SUPPORTED_COMMANDS.map((c) => ({
        label: c,
        insert: `${c} `,
        kind: 'command' as const,
      })),
      names: false,
    };
  }

  const command = word(segment[0]);
  const options = COMMAND_OPTIONS[command] ?? [];
  if (isText(last, '=') && options.includes(word(prev))) {
    if (BOOLEAN_OPTIONS.has(word(prev))) {
      return {
        items: ['true', 'false'].map((v) => ({
          label: v,
          insert: `${v} `,
          kind: 'value' as const,
        })),
        names: false,
      };
    }
    if (word(prev) === 'key_field') return { items: fieldItems(sources.fields), names: false };
    return { items: [], names: false };
  }

  switch (command) {
    case 'outputlookup':
      if (inKeyFieldList(segment)) return { items: fieldItems(sources.fields), names: false };
      return {
        items: [
          ...optionItems(OUTPUTLOOKUP_OPTIONS, usedOptions(segment)),
          ...nameItems(sources.lookups, 'lookup'),
        ],
        names: true,
      };
    case 'lookup':
      if (segment.length === 1) {
        return { items: nameItems(uniqueIndices, 'lookup', sources.matchModes), names: true };
      }
      return {
        items: [...fieldItems(sources.fields), ...keywordItems(['as', ...LOOKUP_STRATEGIES])],
        names: false,
      };
    case 'where':
    case 'eval':
      return {
        items: [
          ...fieldItems(sources.fields),
          ...functionItems(FUNCTIONS),
          ...keywordItems(EXPRESSION_WORDS),
        ],
        names: false,
      };
    case 'stats':
      return {
        items: [
          ...functionItems(AGGREGATION_FUNCTIONS),
          ...(segment.length > 1 ? keywordItems(['by', 'as']) : []),
          ...fieldItems(sources.fields),
          ...optionItems(options, usedOptions(segment)),
          ...functionItems(FUNCTIONS),
        ],
        names: false,
      };
    case 'timechart':
    case 'chart':
    case 'eventstats':
    case 'streamstats':
      return {
        items: [
          ...functionItems(
            command === 'timechart'
              ? [...AGGREGATION_FUNCTIONS, ...Object.keys(RATE_FUNCTIONS)]
              : AGGREGATION_FUNCTIONS
          ),
          ...(segment.length > 1
            ? keywordItems(command === 'chart' ? ['by', 'over', 'as'] : ['by', 'as'])
            : []),
          ...fieldItems(sources.fields),
          ...optionItems(options, usedOptions(segment)),
        ],
        names: false,
      };
    case 'convert':
      return {
        items: [
          ...functionItems(CONVERT_FUNCTIONS),
          ...optionItems(options, usedOptions(segment)),
          ...fieldItems(sources.fields),
          ...keywordItems(['as']),
        ],
        names: false,
      };
    case 'bin':
    case 'patterns':
      return {
        items: [
          ...fieldItems(sources.fields),
          ...optionItems(options, usedOptions(segment)),
          ...keywordItems(command === 'bin' ? ['as'] : ['by']),
        ],
        names: false,
      };
    case 'sort':
      return {
        items: [...fieldItems(sources.fields), ...keywordItems(['asc', 'desc'])],
        names: false,
      };
    case 'rename':
      return { items: [...fieldItems(sources.fields), ...keywordItems(['as'])], names: false };
    case 'top':
    case 'rare':
      return {
        items: [
          ...fieldItems(sources.fields),
          ...optionItems(options, usedOptions(segment)),
          ...keywordItems(['by']),
        ],
        names: false,
      };
    case 'fields':
    case 'dedup':
    case 'head':
      return {
        items: [...fieldItems(sources.fields), ...optionItems(options, usedOptions(segment))],
        names: false,
      };
    case 'union':
      return {
        items: [
          ...optionItems(options, usedOptions(segment)),
          ...nameItems(uniqueIndices, 'index'),
        ],
        names: true,
      };
    default:
      // Any other command: its options, then the fields it may name.
      return {
        items: [...optionItems(options, usedOptions(segment)), ...fieldItems(sources.fields)],
        names: false,
      };
  }
}

const NAME_CHARS = /[A-Za-z0-9_@.\-*]*$/;
const WORD_CHARS = /[A-Za-z0-9_@.]*$/;

export function completionsAt(
  text: string,
  cursor: number,
  sources: CompletionSources
): Completion | null {
  const tokens = tokenize(text);
  // No completion inside a string, a comment or a backticked name.
  const inside = tokens.find((t) => t.start < cursor && cursor < t.end);
  if (inside && (inside.kind === 'string' || inside.kind === 'comment' || inside.quoted)) {
    return null;
  }
  const atEnd = tokens.find((t) => t.end === cursor && t.start < cursor);
  if (
    atEnd &&
    ((atEnd.kind === 'string' && atEnd.error) ||
      (atEnd.kind === 'comment' && atEnd.error) ||
      (atEnd.quoted && atEnd.error) ||
      (atEnd.kind === 'comment' && atEnd.text.startsWith('//')))
  ) {
    return null;
  }

  const head = text.slice(0, cursor);
  // Names (indices, lookups) may hold `-` and `*`; decide the context on the wider word first.
  const wide = NAME_CHARS.exec(head)?.[0] ?? '';
  const wideContext = itemsFor(
    text,
    tokens.filter((t) => t.end <= cursor - wide.length).filter(significant),
    sources
  );
  let prefix = wide;
  let result = wideContext;
  if (!wideContext.names) {
    prefix = WORD_CHARS.exec(head)?.[0] ?? '';
    if (prefix !== wide) {
      result = itemsFor(
        text,
        tokens.filter((t) => t.end <= cursor - prefix.length).filter(significant),
        sources
      );
    }
  }
  const tail =
    (result.names ? /^[A-Za-z0-9_@.\-*]*/ : /^[A-Za-z0-9_@.]*/).exec(text.slice(cursor))?.[0] ?? '';

  const needle = prefix.toLowerCase();
  const seen = new Set<string>();
  const items = result.items.filter((item) => {
    const label = item.label.toLowerCase();
    if (seen.has(label)) return false;
    seen.add(label);
    return needle === '' || (label.startsWith(needle) && label !== needle);
  });
  return {
    from: cursor - prefix.length,
    to: cursor + tail.length,
    prefix,
    items: items.slice(0, MAX_ITEMS),
  };
}

/** Index names a query reads (`source=a,b`, `lookup x`), for completing them later. */
export function indicesIn(query: string): string[] {
  const tokens = tokenize(query).filter(significant);
  const names: string[] = [];
  const readName = (start: number): number => {
    // A name is adjacent tokens without spaces between them (`web-logs-*` is five tokens).
    let end = start;
    let name = '';
    while (
      end < tokens.length &&
      (end === start || tokens[end].start === tokens[end - 1].end) &&
      !isText(tokens[end], ',') &&
      !isText(tokens[end], '|')
    ) {
      name += tokens[end].quoted ? (tokens[end].value ?? '') : tokens[end].text;
      end++;
    }
    if (name) names.push(name);
    return end;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (['source', 'index'].includes(word(t)) && isText(tokens[i + 1], '=')) {
      let j = readName(i + 2);
      while (isText(tokens[j], ',')) j = readName(j + 1);
      i = j - 1;
    } else if (t.kind === 'command' && word(t) === 'lookup' && tokens[i + 1]) {
      i = readName(i + 1) - 1;
    }
  }
  return [...new Set(names.filter((n) => !n.includes('*')))];
}
