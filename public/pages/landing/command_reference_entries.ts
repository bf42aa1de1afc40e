/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The rows of the landing page's command reference, read from common/ppl/language.ts: the
 * words the parser checks, the tokenizer colours and completion offers are the ones listed.
 */
import {
  COMMAND_HELP,
  COMMAND_OPTIONS,
  LEADING_COMMANDS,
  REFUSED_COMMANDS,
  UNSUPPORTED_PPL_COMMANDS,
  type CommandMode,
  type HelpCommand,
} from '../../../common/ppl/language';

export interface CommandEntry {
  name: HelpCommand;
  summary: string;
  syntax: string;
  /** Its `name=value` options. */
  options: readonly string[];
  modes: readonly CommandMode[];
  modeNote?: string;
  /** Opens a query rather than following a `|` (`union` does both). */
  leading: boolean;
}

export interface RefusedEntry {
  name: string;
  /** `refused`: cannot run in Dashboards; `unsupported`: not implemented yet. */
  status: 'refused' | 'unsupported';
  reason: string;
}

const LEADING = new Set<string>(['source', ...LEADING_COMMANDS]);

export function commandEntries(): CommandEntry[] {
  return (Object.keys(COMMAND_HELP) as HelpCommand[]).map((name) => ({
    name,
    ...COMMAND_HELP[name],
    options: COMMAND_OPTIONS[name] ?? [],
    leading: LEADING.has(name),
  }));
}

export function refusedEntries(): RefusedEntry[] {
  return [
    ...Object.entries(REFUSED_COMMANDS).map(([name, reason]) => ({
      name,
      status: 'refused' as const,
      reason,
    })),
    ...Object.entries(UNSUPPORTED_PPL_COMMANDS).map(([name, reason]) => ({
      name,
      status: 'unsupported' as const,
      reason,
    })),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether an entry matches the search box: every word in its name, text, syntax or options. */
export function matchesSearch(entry: CommandEntry | RefusedEntry, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (
    'syntax' in entry
      ? [entry.name, entry.summary, entry.syntax, entry.modeNote ?? '', ...entry.options]
      : [entry.name, entry.reason]
  )
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}
