/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * `graphLookup`'s syntax tree (docs/user/ppl/cmd/graphlookup.md): a breadth-first walk over a
 * lookup index, one terms search per level. Parsed by graphlookup.ts beside this file; planned in
 * server/services/ppl/commands/graphlookup.ts.
 */
import type { Expr, FieldRef, Literal, Span } from '../expr_ast';

/** An index name as written (ast.ts's IndexName, repeated here: ast.ts imports this file). */
export interface GraphLookupTable {
  name: string;
  quoted: boolean;
  span: Span;
}

export type GraphLookupStart =
  /** `start=<field>`: each row's value (one, or an array) seeds its own walk. */
  | { kind: 'field'; field: FieldRef }
  /** `start='a'[, 'b' …]`: the literals seed one walk, whatever came before. */
  | { kind: 'literals'; values: Literal[]; span: Span };

export interface GraphLookupCommand {
  kind: 'GraphLookup';
  /** The index (or indices) walked. */
  tables: GraphLookupTable[];
  start: GraphLookupStart;
  /** `edge=<from>--><to>` or `<from><-><to>`: a match's `from` values are the next level's. */
  fromField: string;
  toField: string;
  /** `<->`: also follows edges backwards (matches on `from`, goes on with `to`). */
  bidirectional: boolean;
  edgeSpan: Span;
  /** Levels after the first (default 0: the direct matches only). */
  maxDepth: number;
  /** A field added to each match: its level, from 0. */
  depthField?: FieldRef;
  /** Visited values are not excluded in OpenSearch (array-valued edges). */
  supportArray: boolean;
  /** One walk from every row's start values: one row, the rows and the matches as two arrays. */
  batchMode: boolean;
  /** Each level read whole (paged), not up to the index's result window. */
  usePit: boolean;
  /** `filter=(<condition>)`: only the lookup documents matching it take part. */
  filter?: Expr;
  as: FieldRef;
  written: {
    maxDepth?: number;
    supportArray?: boolean;
    batchMode?: boolean;
    usePit?: boolean;
  };
  span: Span;
}

/** `graphLookup …` as the first command: literal start values, one row of matches. */
export interface GraphLookupSource {
  kind: 'GraphLookupSource';
  command: GraphLookupCommand;
  span: Span;
}
