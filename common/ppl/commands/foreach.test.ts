/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* foreach (foreach.md) as parsed: its modes, targets, placeholders, and what is refused. */
import type { Command } from '../ast';
import { parsePpl } from '../parser';
import { collectionTemplate, FOREACH_ITEM_SLOT, FOREACH_ITER_SLOT } from './foreach';
import type { ForeachCommand } from './foreach_ast';

function foreach(text: string): ForeachCommand {
  const r = parsePpl(text);
  if (!r.ok) throw new Error(r.error.message);
  const command: Command = r.query.commands[0];
  if (command.kind !== 'Foreach') throw new Error(command.kind);
  return command;
}
const refused = (text: string): string => {
  const r = parsePpl(text);
  if (r.ok) throw new Error(`expected ${text} to be refused`);
  return r.error.detail;
};

describe('foreach', () => {
  it('is multifield by default, over names and patterns', () => {
    const c = foreach('source=t | foreach a, b_* [ eval <<FIELD>>_2 = <<FIELD>> * 2 ]');
    expect(c.mode).toBe('multifield');
    expect(c.patterns.map((p) => p.pattern)).toEqual(['a', 'b_*']);
    expect(c.target).toBeUndefined();
  });

  it('takes one expression as the target of a collection mode', () => {
    const c = foreach('source=t | foreach mode=multivalue xs [ eval s = s + <<ITEM>> ]');
    expect(c.mode).toBe('multivalue');
    expect(c.target).toMatchObject({ kind: 'Field', name: 'xs' });
    const j = foreach(`source=t | foreach mode=json_array '[4, 5]' [ eval s = s + <<ITEM>> ]`);
    expect(j.target).toMatchObject({ kind: 'Literal', value: '[4, 5]' });
  });

  it('is json_array by default when the target is a json_array(…) call', () => {
    const c = foreach('source=t | foreach json_array(1, 2) [ eval s = s + <<ITEM>> ]');
    expect(c.mode).toBe('json_array');
    expect(c.target).toMatchObject({ kind: 'Call', name: 'json_array' });
  });

  it('lets auto_collections go without a target', () => {
    const c = foreach('source=t | foreach mode=auto_collections [ eval n = n + 1 ]');
    expect(c.mode).toBe('auto_collections');
    expect(c.target).toBeUndefined();
  });

  it('renames the placeholders, quoted or bare, with or without <<…>>', () => {
    const c = foreach(
      `source=t | foreach mode=multivalue itemstr=V iterstr='<<K>>' xs [ eval s = s + V * K ]`
    );
    expect([c.itemStr, c.iterStr]).toEqual(['V', 'K']);
  });

  it('puts the slot fields for the placeholders, outside quotes and backticks', () => {
    expect(
      collectionTemplate({
        template: "eval s = s + <<ITEM>> * <<ITER>>, t = '<<ITEM>>'",
        itemStr: 'ITEM',
        iterStr: 'ITER',
      })
    ).toBe(`eval s = s + ${FOREACH_ITEM_SLOT} * ${FOREACH_ITER_SLOT}, t = '<<ITEM>>'`);
    // A renamed placeholder is also read bare, as a whole word only.
    expect(
      collectionTemplate({
        template: 'eval IDXs = IDXs + IDX + `IDX`',
        itemStr: 'ITEM',
        iterStr: 'IDX',
      })
    ).toBe(`eval IDXs = IDXs + ${FOREACH_ITER_SLOT} + \`IDX\``);
  });

  it.each([
    ['source=t | foreach mode=each a [ eval t = 1 ]', /foreach mode "each" is not one of/],
    ['source=t | foreach [ eval t = 1 ]', /expected the fields to run over/],
    ['source=t | foreach mode=multivalue [ eval t = 1 ]', /expected the collection to run over/],
    [
      'source=t | foreach mode=multivalue xs [ eval t = t + <<ITEM>> | where t > 1 ]',
      /mode=multivalue the template is one eval/,
    ],
    ['source=t | foreach mode=json_array xs [ eval = 1 ]', /the foreach template does not parse/],
    ['source=t | foreach mode=multivalue mode=json_array xs [ eval t = 1 ]', /mode/],
    [
      'source=t | foreach mode=multivalue itemstr=5 xs [ eval t = 1 ]',
      /itemstr \(a name or a quoted string\)/,
    ],
  ])('%s is refused', (text, message) => {
    expect(refused(text)).toMatch(message);
  });
});
