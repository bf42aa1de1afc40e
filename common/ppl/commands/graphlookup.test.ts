/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { parsePpl } from '../parser';
import type { GraphLookupCommand } from './graphlookup_ast';
import { readEdge } from './graphlookup';

const piped = (query: string): GraphLookupCommand => {
  const parsed = parsePpl(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.query.commands[0] as GraphLookupCommand;
};
const refusal = (query: string): string => {
  const parsed = parsePpl(query);
  if (parsed.ok) throw new Error(`parsed: ${query}`);
  return parsed.error.message;
};

describe('graphLookup parsing', () => {
  it('reads the edge as the SQL plugin lexes it', () => {
    expect(readEdge('=a-->b')).toMatchObject({ from: 'a', to: 'b', bidirectional: false });
    expect(readEdge(' = a<->  b rest')).toMatchObject({ from: 'a', to: 'b', bidirectional: true });
    expect(readEdge('=my-field- --> to-x')).toMatchObject({ from: 'my-field-', to: 'to-x' });
    expect(readEdge('=a.b-->c')).toBeUndefined();
    expect(readEdge('=a --> c')).toBeUndefined();
  });

  it('takes every option, any case, with their defaults', () => {
    const plain = piped('source=s | graphLookup g start=p edge=up-->id as out');
    expect(plain).toMatchObject({
      tables: [{ name: 'g' }],
      start: { kind: 'field', field: { name: 'p' } },
      fromField: 'up',
      toField: 'id',
      bidirectional: false,
      maxDepth: 0,
      supportArray: false,
      batchMode: false,
      usePit: false,
      as: { name: 'out' },
    });
    const all = piped(
      "source=s | GRAPHLOOKUP g START=p EDGE=up<->id MAXDEPTH=3 depthField=lvl supportArray=true batchMode=true usePIT=true filter=(kind = 'x' OR n > 2) as out"
    );
    expect(all).toMatchObject({
      bidirectional: true,
      maxDepth: 3,
      depthField: { name: 'lvl' },
      supportArray: true,
      batchMode: true,
      usePit: true,
      filter: { kind: 'Binary', op: 'OR' },
    });
  });

  it('reads literal start values, as the first command too', () => {
    const parsed = parsePpl("graphLookup g start='a', 7, -2 edge=up-->id as out");
    expect(parsed.ok && parsed.query.source).toMatchObject({
      kind: 'GraphLookupSource',
      command: {
        start: { kind: 'literals', values: [{ value: 'a' }, { value: 7 }, { value: -2 }] },
      },
    });
    expect(piped('source=s | graphLookup g start="a" edge=up-->id as out').start).toMatchObject({
      kind: 'literals',
    });
  });

  it.each([
    [
      'graphLookup g start=p edge=up-->id as out',
      /starts from literal values: write start='<value>'/,
    ],
    [
      'source=s | graphLookup g start=p edge=a.b-->id as out',
      /a dotted path cannot be an edge field/,
    ],
    ['source=s | graphLookup g edge=up-->id as out', /expected start=/],
    ['source=s | graphLookup g start=p as out', /expected edge=<from>--><to>/],
    [
      'source=s | graphLookup g start=p edge=up-->id maxDepth=1 maxDepth=2 as out',
      /"maxdepth" is given twice/,
    ],
    [
      'source=s | graphLookup g start=p edge=up-->id depth=1 as out',
      /unknown graphLookup option "depth"/,
    ],
    [
      "source=s | graphLookup g start=p edge=up-->id filter=kind='x' as out",
      /filter=\(<condition>\)/,
    ],
    ['source=s | graphLookup g start=p edge=up-->id', /"as <field>"/],
    ["source=s | graphLookup g start='a' + 1 edge=up-->id as out", /a start value is a literal/],
  ])('%s is refused', (query, message) => {
    expect(refusal(query)).toMatch(message);
  });
});
