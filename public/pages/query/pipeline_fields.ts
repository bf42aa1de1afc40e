/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The columns a pipeline leaves, for completing field names further on: stats (and top, rare)
 * replace them with their own, fields keeps or drops some, rename renames, eval adds. Other
 * commands keep what they get. Pure, from the parser's tree; where the text before the cursor
 * does not parse, the caller keeps the fields it had.
 */
import type { Command, Query } from '../../../common/ppl/ast';
import { parsePpl } from '../../../common/ppl/parser';

/** A `fields`/`rename` pattern (`*` any run of characters) as a test on a name. */
function matcher(pattern: string): (name: string) => boolean {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  const re = new RegExp(`^${escaped}$`);
  return (name) => re.test(name);
}

function after(command: Command, fields: string[]): string[] {
  switch (command.kind) {
    case 'Stats':
      return [
        ...command.aggregations.map((a) => a.name),
        ...(command.bucket ? [command.bucket.name] : []),
        ...command.by.map((f) => f.name),
      ];
    case 'Top':
    case 'Rare':
      return [
        ...command.fields.map((f) => f.name),
        ...command.by.map((f) => f.name),
        ...(command.showCount ? [command.countField] : []),
      ];
    case 'Fields': {
      const tests = command.fields.map((f) => matcher(f.pattern));
      const listed = (name: string) => tests.some((test) => test(name));
      if (command.mode === 'exclude') return fields.filter((f) => !listed(f));
      // Named without a wildcard, a field is kept even when the list before did not know it.
      const named = command.fields.filter((f) => !f.wildcard).map((f) => f.pattern);
      return [...new Set([...fields.filter(listed), ...named])];
    }
    case 'Rename': {
      let out = fields;
      for (const { from, to } of command.renames) {
        if (from.wildcard || to.wildcard) continue;
        out = [...out.filter((f) => f !== from.pattern && f !== to.pattern), to.pattern];
      }
      return out;
    }
    case 'Eval':
      return [...new Set([...fields, ...command.assignments.map((a) => a.field.name)])];
    default:
      return fields;
  }
}

/** The fields a subsearch as the source (`source=[ … ]`, nested) leaves of its index's. */
function leadingFields(source: Query['source'], fields: string[]): string[] {
  if (source.kind !== 'SubsearchSource') return fields;
  const { subsearch } = source;
  return subsearch.commands.reduce<string[]>(
    (known, c) => after(c, known),
    leadingFields(subsearch.source, fields)
  );
}

/**
 * The fields after the pipeline `text` (everything before the command the cursor is in),
 * starting from the source's `fields`; those very fields when the text does not parse.
 */
export function fieldsAfterPipeline(text: string, fields: readonly string[]): readonly string[] {
  const parsed = parsePpl(text);
  if (!parsed.ok) return fields;
  return parsed.query.commands.reduce<string[]>(
    (known, c) => after(c, known),
    leadingFields(parsed.query.source, [...fields])
  );
}
