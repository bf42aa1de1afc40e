/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Every index a parsed query reads: its source, the sources of its subsearches (a subsearch as
 * the source, join and its condition, append, where, eval), at any depth, and the lookups it enriches from. Who may see a
 * query's text depends on these.
 */
import type { Command, Query } from './ast';
import type { Subsearch } from './commands/combining_ast';

export function indicesOfQuery(query: Pick<Query, 'source' | 'commands'>): string[] {
  const names: string[] = [];
  const visit = (search: Pick<Subsearch, 'source' | 'commands'>): void => {
    if (search.source.kind === 'Source') names.push(...search.source.indices.map((i) => i.name));
    if (search.source.kind === 'MultiSearch') search.source.searches.forEach(visit);
    if (search.source.kind === 'SubsearchSource') visit(search.source.subsearch);
    if (search.source.kind === 'GraphLookupSource') visitCommand(search.source.command);
    search.commands.forEach(visitCommand);
  };
  const visitCommand = (command: Command): void => {
    if (command.kind === 'Lookup') names.push(command.table.name);
    else if (command.kind === 'GraphLookup') names.push(...command.tables.map((t) => t.name));
    else if (command.kind === 'Join') {
      visit(command.right);
      command.predicates?.forEach((p) => visit(p.search));
    } else if (command.kind === 'Append') visit(command.search);
    else if (command.kind === 'Union') command.searches.forEach(visit);
    else if (command.kind === 'WhereSubsearch') command.predicates.forEach((p) => visit(p.search));
    else if (command.kind === 'Eval') command.subsearches?.forEach((p) => visit(p.search));
    else if (command.kind === 'AppendPipe' || command.kind === 'AppendCol')
      command.commands.forEach(visitCommand);
  };
  visit(query);
  return [...new Set(names)];
}
