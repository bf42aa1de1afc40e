/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * `graphLookup` (parse side; docs/user/ppl/cmd/graphlookup.md), after a pipe or as the first
 * command:
 *
 *   graphLookup <index>[, <index>…] start=(<field> | <literal>[, <literal>…])
 *     edge=<from>(-->|<->)<to> [maxDepth=<int>] [depthField=<field>] [supportArray=<bool>]
 *     [batchMode=<bool>] [usePIT=<bool>] [filter=(<condition>)] as <field>
 *
 * The edge is one word as the SQL plugin's lexer reads it (its EDGE_CLAUSE token): two plain
 * names (letters, digits, `_`, `@`, inner `-`; a name ending in `-` is written with a space
 * before the arrow), no space before the arrow, spaces allowed after it and around `=`. A dotted
 * path is no edge field there either. Options are given once each (PPL lets a later one win).
 * Node: graphlookup_ast.ts; plan: server/services/ppl/commands/graphlookup.ts.
 */
import type { Expr, IndexName, Literal } from '../ast';
import type { Token } from '../tokenizer';
import type { GraphLookupCommand, GraphLookupSource, GraphLookupStart } from './graphlookup_ast';
import { ForeachParser } from './foreach';

/** The options between `edge=` and `as`, as written (any case). */
export const GRAPHLOOKUP_OPTIONS = [
  'maxdepth',
  'depthfield',
  'supportarray',
  'batchmode',
  'usepit',
  'filter',
] as const;

const EDGE_FIELD = '[A-Za-z_@*][A-Za-z_0-9]*(?:-[A-Za-z_0-9]+)*';
/** After `edge`: `=`, the from field (trailing hyphens then a space), the arrow, the to field. */
const EDGE = new RegExp(
  `^[ \\t]*=[ \\t]*(${EDGE_FIELD})(-+[ \\t]+)?(-->|<->)[ \\t]*(${EDGE_FIELD})`
);

/** The edge text after the word `edge`, or undefined when it is not of the lexer's form. */
export function readEdge(
  text: string
): { from: string; to: string; bidirectional: boolean; length: number } | undefined {
  const m = EDGE.exec(text);
  if (!m) return undefined;
  return {
    from: m[1] + (m[2] ?? '').trim(),
    to: m[4],
    bidirectional: m[3] === '<->',
    length: m[0].length,
  };
}

export class GraphLookupParser extends ForeachParser {
  protected override parseGraphLookupSource(start: Token): GraphLookupSource {
    const command = this.parseGraphLookup(start);
    if (command.start.kind === 'field') {
      this.fail(
        command.start.field.span,
        `graphLookup as the first command starts from literal values: write start='<value>'[, '<value>' …], or read rows first (source=<index> | graphLookup … start=${command.start.field.name} …)`,
        ['string']
      );
    }
    return { kind: 'GraphLookupSource', command, span: command.span };
  }

  protected parseGraphLookup(start: Token): GraphLookupCommand {
    this.next();
    const tables: IndexName[] = [this.requireIndexName()];
    while (this.isPunct(this.peek(), ',')) {
      this.next();
      tables.push(this.requireIndexName());
    }
    if (!this.isOptionAt() || !this.isWord(this.peek(), 'start')) {
      this.expected('start=<field or values>', ['start=']);
    }
    const startOption = this.next();
    this.next();
    const startClause = this.parseStart(startOption);
    const edge = this.parseEdge();
    const seen = new Map<string, Token>();
    const written: GraphLookupCommand['written'] = {};
    let depthField: GraphLookupCommand['depthField'];
    let filter: Expr | undefined;
    const known = GRAPHLOOKUP_OPTIONS as readonly string[];
    while (this.isOptionAt()) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (!known.includes(name)) {
        this.fail(
          option,
          `unknown graphLookup option "${option.text}"; options: maxDepth, depthField, supportArray, batchMode, usePIT, filter, then "as <field>"`,
          ['maxDepth=', 'depthField=', 'supportArray=', 'batchMode=', 'usePIT=', 'filter=', 'as']
        );
      }
      this.once(seen, option, 'graphLookup');
      this.next();
      this.next();
      switch (name as (typeof GRAPHLOOKUP_OPTIONS)[number]) {
        case 'maxdepth':
          written.maxDepth = this.readInt('maxDepth', -2147483648, true);
          break;
        case 'depthfield':
          depthField = this.requireField('depthField');
          break;
        case 'supportarray':
          written.supportArray = this.readBoolean();
          break;
        case 'batchmode':
          written.batchMode = this.readBoolean();
          break;
        case 'usepit':
          written.usePit = this.readBoolean();
          break;
        case 'filter': {
          if (!this.isPunct(this.peek(), '(')) {
            this.expected('"(": the filter is written in parentheses, filter=(<condition>)', ['(']);
          }
          this.next();
          filter = this.parseExpression('a condition');
          this.expectPunct(')');
          break;
        }
      }
    }
    if (!this.isWord(this.peek(), 'as')) {
      this.expected('"as <field>" (graphLookup ends with the name of its output field)', [
        'as',
        ...known.filter((o) => !seen.has(o)),
      ]);
    }
    this.next();
    const as = this.requireField('graphLookup as');
    return {
      kind: 'GraphLookup',
      tables,
      start: startClause,
      ...edge,
      maxDepth: written.maxDepth ?? 0,
      ...(depthField ? { depthField } : {}),
      supportArray: written.supportArray ?? false,
      batchMode: written.batchMode ?? false,
      usePit: written.usePit ?? false,
      ...(filter ? { filter } : {}),
      as,
      written,
      span: this.spanFrom(start),
    };
  }

  /** `start=<field>` or `start=<literal>[, <literal>…]`. */
  private parseStart(option: Token): GraphLookupStart {
    const t = this.peek();
    const literalAhead =
      t.kind === 'string' ||
      t.kind === 'number' ||
      ((this.isOp(t, '-') || this.isOp(t, '+')) && this.tokenAt(1).kind === 'number');
    if (!literalAhead) {
      if (this.isWord(t, 'edge') && this.isOp(this.tokenAt(1), '=')) {
        this.expected('the start field or values after "start="', ['field name', 'string']);
      }
      return { kind: 'field', field: this.requireField('graphLookup start') };
    }
    const values: Literal[] = [];
    for (;;) {
      const expr = this.parseExpression('a start value');
      const literal = literalValue(expr);
      if (!literal) {
        this.fail(expr.span, 'a start value is a literal: a quoted string or a number', [
          'string',
          'number',
        ]);
      }
      values.push(literal);
      if (!this.isPunct(this.peek(), ',')) break;
      this.next();
    }
    return { kind: 'literals', values, span: this.spanFrom(option) };
  }

  /** `edge=<from>--><to>` or `edge=<from><-><to>`, read from the text as one word. */
  private parseEdge(): Pick<
    GraphLookupCommand,
    'fromField' | 'toField' | 'bidirectional' | 'edgeSpan'
  > {
    const word = this.peek();
    if (!this.isWord(word, 'edge')) {
      this.expected('edge=<from>--><to> (or <from><-><to> both ways)', ['edge=']);
    }
    const edge = readEdge(this.text.slice(word.end));
    if (!edge) {
      this.fail(
        word,
        'the edge is written edge=<from>--><to> (or <from><-><to> to follow it both ways), two plain field names of the lookup index (letters, digits, _ and inner -) with no space before the arrow; a dotted path cannot be an edge field (PPL reads plain names there): walk an index whose edge fields are top-level, e.g. a lookup made with eval <name> = <path> | outputlookup <lookup>',
        ['edge=']
      );
    }
    const end = word.end + edge.length;
    while (!this.atEnd() && this.tokenAt(0).start < end) this.next();
    return {
      fromField: edge.from,
      toField: edge.to,
      bidirectional: edge.bidirectional,
      edgeSpan: { start: word.start, end },
    };
  }
}

/** A literal, or a signed number literal, as one literal. */
function literalValue(expr: Expr): Literal | undefined {
  if (expr.kind === 'Literal') return expr;
  if (
    expr.kind === 'Unary' &&
    expr.operand.kind === 'Literal' &&
    typeof expr.operand.value === 'number'
  ) {
    const sign = expr.op === '-' ? -1 : 1;
    return {
      ...expr.operand,
      value: sign * expr.operand.value,
      text: `${expr.op === '-' ? '-' : ''}${expr.operand.text}`,
      span: expr.span,
    };
  }
  return undefined;
}
