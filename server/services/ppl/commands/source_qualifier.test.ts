/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Names qualified by the source's alias or index read as its fields (the SQL plugin's rule). */
import type { Command } from '../../../../common/ppl/ast';
import { parsePpl } from '../../../../common/ppl/parser';
import { unqualifySourceFields } from './source_qualifier';

const commandsOf = (query: string): Command[] => {
  const parsed = parsePpl(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.query.commands;
};

/** Every field name the commands read or pick, in order. */
const namesIn = (node: unknown): string[] => {
  if (Array.isArray(node)) return node.flatMap(namesIn);
  if (node === null || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  if (o.kind === 'Field') return [String(o.name)];
  if (o.kind === 'FieldPattern') return [String(o.pattern)];
  return Object.values(o).flatMap(namesIn);
};

// The source's names: fields sal, name, dept, an object `e` with a path `e.sal`.
const source = new Set(['sal', 'name', 'dept', 'e', 'e.sal']);

describe('unqualifySourceFields', () => {
  it('reads <alias>.<field> as the field in conditions, sorts, stats and fields', () => {
    const out = unqualifySourceFields(
      commandsOf('source=t as x | where x.sal > 10 | sort - x.dept | stats avg(x.sal) by x.dept'),
      'x',
      source
    );
    // The group keeps its written name: a rename after the stats.
    expect(namesIn(out)).toEqual(['sal', 'dept', 'sal', 'dept', 'dept', 'x.dept']);
    expect(out.map((c) => c.kind)).toEqual(['Where', 'Sort', 'Stats', 'Rename']);
    expect(
      namesIn(unqualifySourceFields(commandsOf('source=t as x | fields x.name, dept'), 'x', source))
    ).toEqual(['name', 'dept']);
  });

  it("keeps a name of its own: an object's path, an eval's or rename's column, an unknown field", () => {
    const out = unqualifySourceFields(
      commandsOf(
        'source=t as e | where e.sal > 1 | eval e.name = upper(e.name) | rename dept as e.dept | fields e.name, e.dept, e.other'
      ),
      'e',
      source
    );
    // e.sal is the object's path; e.name in the eval's expression is the source's name, after it
    // the eval's column; e.dept the rename's.
    expect(namesIn(out)).toEqual([
      'e.sal',
      'e.name',
      'name',
      'dept',
      'e.dept',
      'e.name',
      'e.dept',
      'e.other',
    ]);
  });

  it('stops at a join and leaves subsearches as written', () => {
    const out = unqualifySourceFields(
      commandsOf(
        'source=t as x | where x.sal in [ source=u as y | where y.k = x.dept | fields k ] | join on x.dept = d.dept [ source=d ] | where x.sal > 1'
      ),
      'x',
      source
    );
    expect(out[0].kind).toBe('WhereSubsearch');
    const where = out[0] as Extract<Command, { kind: 'WhereSubsearch' }>;
    // The value compared is the outer query's; the subsearch's own names stay.
    expect(namesIn(where.predicates[0].values)).toEqual(['sal']);
    expect(namesIn(where.predicates.map((p) => p.search))).toEqual(['y.k', 'x.dept', 'k']);
    expect(namesIn(out.slice(1))).toEqual(['x.dept', 'd.dept', 'x.sal']);
  });
});
