/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The reference lists what the parser accepts, and completion and highlighting know the same
 * commands and options. The parser is asked directly: a command it knows is never answered
 * "unknown command" / "not supported", whatever its arguments.
 */
import { parsePpl } from '../../../common/ppl/parser';
import { tokenize } from '../../../common/ppl/tokenizer';
import { completionsAt } from '../query/completion';
import { commandEntries, matchesSearch, refusedEntries } from './command_reference_entries';

const entries = commandEntries();
const byName = new Map(entries.map((e) => [e.name, e]));
const NO_SOURCES = { indices: [], lookups: [], fields: [] };

function errorOf(query: string): string {
  const result = parsePpl(query);
  return result.ok ? '' : result.error.detail;
}

/** The commands the parser names as accepted after `|`, from its own error message. */
function parserPipeCommands(): string[] {
  const detail = errorOf('source=logs | no_such_command');
  const list = /supported commands: (.*)$/.exec(detail)?.[1];
  if (!list) throw new Error(`unexpected parser message: ${detail}`);
  return list.split(', ');
}

describe('the command reference', () => {
  it('lists every command the parser accepts after a pipe, and no other', () => {
    const accepted = parserPipeCommands();
    expect(accepted.length).toBeGreaterThan(40);
    const pipeEntries = entries.filter(
      (e) => !e.leading || ['union', 'graphlookup'].includes(e.name)
    );
    expect(pipeEntries.map((e) => e.name).sort()).toEqual([...accepted].sort());
  });

  it('lists commands that open a query, each of which the parser takes at the start', () => {
    const leading = entries.filter((e) => e.leading).map((e) => e.name);
    expect(leading).toEqual(
      expect.arrayContaining(['source', 'search', 'makeresults', 'describe', 'multisearch'])
    );
    const notAtStart = errorOf('no_such_command x');
    expect(notAtStart).toMatch(/at the start of the query/);
    for (const name of leading) {
      const query = name === 'source' ? 'source=logs' : `${name} x`;
      expect([name, errorOf(query)]).not.toEqual([name, notAtStart]);
      expect(errorOf(query)).not.toMatch(/at the start of the query/);
    }
  });

  it('never names a listed command unknown or unsupported to the parser', () => {
    for (const e of entries.filter(
      (x) => !x.leading || ['union', 'graphlookup'].includes(x.name)
    )) {
      expect([e.name, errorOf(`source=logs | ${e.name}`)]).not.toEqual([
        e.name,
        expect.stringMatching(/unknown command|not supported here|cannot run in Dashboards/),
      ]);
    }
  });

  it('gives each command a summary, a syntax that starts with its name, and at least one mode', () => {
    for (const e of entries) {
      expect(e.summary.length).toBeGreaterThan(10);
      expect(e.summary).not.toContain('\n');
      // `join` may be preceded by its type (`left join`).
      expect(e.syntax.replace(/^\[<type>\] /, '')).toMatch(new RegExp(`^${e.name}\\b`));
      expect(e.modes.length).toBeGreaterThan(0);
    }
  });

  it("shows each command's options in its syntax", () => {
    expect(byName.get('outputlookup')?.options).toEqual([
      'append',
      'override_if_empty',
      'key_field',
      'max',
    ]);
    for (const e of entries) {
      for (const option of e.options)
        expect([e.name, e.syntax]).toEqual([e.name, expect.stringContaining(`${option}=`)]);
    }
  });

  it('lists every refused and unsupported command with the reason the parser gives', () => {
    const refused = refusedEntries();
    expect(refused.map((r) => r.name)).toEqual(
      expect.arrayContaining(['ml', 'kmeans', 'explain', 'collect', 'cluster', 'multikv'])
    );
    for (const r of refused) {
      const detail = errorOf(`source=logs | ${r.name} x`);
      expect(detail).toContain(r.reason);
      expect(detail).toMatch(
        r.status === 'refused' ? /cannot run in Dashboards/ : /not supported here/
      );
    }
  });

  it('highlights every listed command as a command and its options as keywords', () => {
    for (const e of entries) {
      const opening = e.leading ? '' : 'source=logs | ';
      const text =
        e.name === 'source'
          ? 'source=logs'
          : `${opening}${e.name} ${e.options.map((o) => `${o}=1`).join(' ')}`;
      const tokens = tokenize(text).filter((t) => t.kind !== 'whitespace');
      const word = (w: string) => tokens.filter((t) => t.text === w).map((t) => t.kind);
      if (e.name === 'source') {
        expect(word('source')).toEqual(['keyword']);
        continue;
      }
      expect([e.name, word(e.name).pop()]).toEqual([e.name, 'command']);
      for (const o of e.options) expect([e.name, o, word(o)]).toEqual([e.name, o, ['keyword']]);
    }
  });

  it('completes the same commands after a pipe and at the start, and every option', () => {
    const labels = (text: string) =>
      (completionsAt(text, text.length, NO_SOURCES)?.items ?? []).map((i) => i.label);
    const pipe = entries
      .filter((e) => !e.leading || ['union', 'graphlookup'].includes(e.name))
      .map((e) => e.name);
    expect(labels('source=logs | ').sort()).toEqual([...pipe].sort());
    const start = entries
      .filter((e) => e.leading)
      .map((e) => (e.name === 'source' ? 'source=' : e.name));
    expect(labels('').sort()).toEqual([...start].sort());
    for (const e of entries.filter((x) => x.options.length > 0)) {
      const text = e.name === 'makeresults' ? 'makeresults ' : `source=logs | ${e.name} `;
      expect([e.name, labels(text)]).toEqual([
        e.name,
        expect.arrayContaining(e.options.map((o) => `${o}=`)),
      ]);
    }
  });

  it('matches a search against names, descriptions, syntax and options', () => {
    const names = (search: string) =>
      entries.filter((e) => matchesSearch(e, search)).map((e) => e.name);
    expect(names('reset_after')).toEqual(['streamstats']);
    expect(names('MOVING averages')).toEqual(['trendline']);
    expect(names('')).toHaveLength(entries.length);
    expect(
      refusedEntries()
        .filter((r) => matchesSearch(r, 'ML Commons'))
        .map((r) => r.name)
    ).toEqual(['ad', 'kmeans', 'ml']);
  });
});
