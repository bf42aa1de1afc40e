/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Subsearches in a join's condition (subquery.md's "as join filter"; the SQL plugin's grammar
 * takes any logical expression after on/where): what the tree holds, and the indices read.
 */
import type { Command, Expr } from '../ast';
import { parsePpl } from '../parser';
import { indicesOfQuery } from '../query_indices';
import type { JoinCommand } from './combining_ast';

function join(text: string): JoinCommand {
  const r = parsePpl(text);
  if (!r.ok) throw new Error(r.error.message);
  const command: Command | undefined = r.query.commands.find((c) => c.kind === 'Join');
  if (command?.kind !== 'Join') throw new Error(`no join in ${text}`);
  return command;
}

/** The condition as text, a subsearch's slot shown as `<slot N>`. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'Field':
      return e.name.startsWith('\u0000')
        ? `<slot ${e.name.slice('\u0000subsearch'.length)}>`
        : e.name;
    case 'Literal':
      return String(e.value);
    case 'Binary':
      return `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case 'Unary':
      return `${e.op} ${show(e.operand)}`;
    default:
      return e.kind;
  }
}

describe('join: subsearches in the condition', () => {
  it("the SQL plugin's form: an in subsearch, then the right index", () => {
    const c = join(
      'source=EMP | inner join left=e, right=d ON e.DEPTNO = d.DEPTNO AND e.ENAME in [ source=BONUS | WHERE SAL > 1000 | fields ENAME ] DEPT | sort - e.EMPNO'
    );
    expect(c).toMatchObject({
      type: 'inner',
      leftAlias: 'e',
      rightAlias: 'd',
      right: { source: { kind: 'Source', indices: [{ name: 'DEPT' }] } },
      predicates: [
        {
          kind: 'InSubsearch',
          negated: false,
          values: [{ kind: 'Field', name: 'e.ENAME' }],
          search: {
            source: { indices: [{ name: 'BONUS' }] },
            commands: [{ kind: 'Where' }, { kind: 'Fields' }],
          },
        },
      ],
    });
    expect(show(c.criteria!)).toBe('((e.DEPTNO = d.DEPTNO) AND <slot 0>)');
  });

  it('not in, exists, not exists and a scalar, each in its slot, with the right side a subsearch', () => {
    const c = join(
      'source=t | left join left=l right=r on l.a = r.a and r.b not in [ source=u | fields b ] and exists [ source=v ] and not exists [ source=w ] and l.x > [ source=t | stats avg(x) ] [ source=s | fields a, b ] as r'
    );
    expect(c.predicates?.map((p) => [p.kind, p.negated, p.slot])).toEqual([
      ['InSubsearch', true, '\u0000subsearch0'],
      ['Exists', false, '\u0000subsearch1'],
      ['Exists', false, '\u0000subsearch2'],
      ['Scalar', false, '\u0000subsearch3'],
    ]);
    expect(show(c.criteria!)).toBe(
      '(((((l.a = r.a) AND <slot 0>) AND <slot 1>) AND NOT <slot 2>) AND (l.x > <slot 3>))'
    );
    expect(c).toMatchObject({
      type: 'left',
      rightName: 'r',
      right: { source: { indices: [{ name: 's' }] }, commands: [{ kind: 'Fields' }] },
    });
  });

  it('the where syntax, a tuple, and an OR around a subsearch', () => {
    const c = join(
      'source=t | join left=l right=r where l.a = r.a and ((l.a, r.b) in [ source=u | fields a, b ] or r.c = 1) u'
    );
    expect(c.predicates).toMatchObject([
      { kind: 'InSubsearch', values: [{ name: 'l.a' }, { name: 'r.b' }] },
    ]);
    expect(show(c.criteria!)).toBe('((l.a = r.a) AND (<slot 0> OR (r.c = 1)))');
  });

  it('a condition without subsearches has no predicates; a subsearch of the right side keeps its own', () => {
    expect(join('source=t | join on a = b u').predicates).toBeUndefined();
    const c = join(
      'source=t | join left=l right=r on l.a = r.a [ source=u | where a in [ source=v | fields a ] ] as r'
    );
    expect(c.predicates).toBeUndefined();
    expect(c.right.commands[0]).toMatchObject({ kind: 'WhereSubsearch', predicates: [{}] });
  });

  it('a join inside a where subsearch collects its own condition subsearches', () => {
    const r = parsePpl(
      'source=t | where k in [ source=a | join left=l right=r on l.k = r.k and r.z in [ source=c | fields z ] b | fields k ]'
    );
    if (!r.ok) throw new Error(r.error.message);
    const where = r.query.commands[0];
    if (where.kind !== 'WhereSubsearch') throw new Error(where.kind);
    expect(where.predicates).toHaveLength(1);
    const inner = where.predicates[0].search.commands[0];
    expect(inner).toMatchObject({ kind: 'Join', predicates: [{ kind: 'InSubsearch' }] });
  });

  it("the indices read include the condition's subsearches (permission checks depend on them)", () => {
    const r = parsePpl(
      'source=emp | join left=e right=d on e.k = d.k and e.n in [ source=bonus | where x in [ source=deep | fields x ] | fields n ] and exists [ source=other ] dept'
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(indicesOfQuery(r.query).sort()).toEqual(['bonus', 'deep', 'dept', 'emp', 'other']);
  });

  it('the right side is still required after the condition', () => {
    const r = parsePpl(
      'source=t | join left=l right=r on l.a = r.a and r.a in [ source=u ] | fields a'
    );
    expect(r).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/the right side: an index or \[ subsearch \]/) },
    });
  });
});
