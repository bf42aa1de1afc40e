/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `source=emp as e | where e.sal > 1000 | fields e.name`: a field qualified by the source's name
 * (its alias, else its one index) is the source's field, as the SQL plugin resolves qualified
 * names. Rewritten in the commands before they are planned, so such a filter still pushes down.
 */
import type { Command } from '../../../../common/ppl/ast';

/**
 * The commands with `<qualifier>.<field>` read as `<field>` wherever `<field>` is a field of the
 * source and `<qualifier>.<field>` is not a name of its own (an object's path, or a column an
 * eval or rename made). Up to the first join, which qualifies its sides itself; subsearches keep
 * their names (their correlated fields are qualified on purpose). A stats group so written keeps
 * the written name (a rename after the stats).
 */
export function unqualifySourceFields(
  commands: Command[],
  qualifier: string,
  sourceNames: ReadonlySet<string>
): Command[] {
  const prefix = `${qualifier}.`;
  const made = new Set<string>();
  const resolve = (name: string): string | undefined => {
    if (!name.startsWith(prefix) || sourceNames.has(name) || made.has(name)) return undefined;
    const rest = name.slice(prefix.length);
    return sourceNames.has(rest) ? rest : undefined;
  };
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const object = node as Record<string, unknown>;
    if (object.kind === 'Subsearch') return node;
    if (object.kind === 'Field' && typeof object.name === 'string') {
      const rest = resolve(object.name);
      return rest === undefined ? node : { ...object, name: rest };
    }
    if (object.kind === 'FieldPattern' && !object.wildcard && typeof object.pattern === 'string') {
      const rest = resolve(object.pattern);
      return rest === undefined ? node : { ...object, pattern: rest };
    }
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, rewrite(v)]));
  };
  const out: Command[] = [];
  for (const [i, command] of commands.entries()) {
    if (command.kind === 'Join') return [...out, ...commands.slice(i)];
    if (command.kind === 'Eval') {
      out.push({
        ...command,
        assignments: command.assignments.map((a) => ({
          ...a,
          expr: rewrite(a.expr) as typeof a.expr,
        })),
      });
      for (const a of command.assignments) made.add(a.field.name);
      continue;
    }
    if (command.kind === 'Rename') {
      out.push({
        ...command,
        renames: command.renames.map((r) => ({ ...r, from: rewrite(r.from) as typeof r.from })),
      });
      for (const r of command.renames) made.add(r.to.pattern);
      continue;
    }
    const rewritten = rewrite(command) as Command;
    out.push(rewritten);
    if (command.kind === 'Stats' && rewritten.kind === 'Stats') {
      // The plugin names a group by the text as written (`by e.dept` gives `e.dept`).
      const renames = command.by.flatMap((f, i) => {
        const read = rewritten.by[i];
        if (read.name === f.name) return [];
        made.add(f.name);
        const pattern = (name: string) => ({
          kind: 'FieldPattern' as const,
          pattern: name,
          wildcard: false,
          quoted: false,
          span: f.span,
        });
        return [{ from: pattern(read.name), to: pattern(f.name), span: f.span }];
      });
      if (renames.length > 0)
        out.push({ kind: 'Rename', renames, implicit: true, span: command.span });
    }
  }
  return out;
}
