/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Row commands: `where`, `fields`, `rename`, `eval`, `dedup`, `sort`, `head`. */
import type {
  DedupCommand,
  EvalCommand,
  FieldRef,
  FieldsCommand,
  HeadCommand,
  RenameCommand,
  SortCommand,
  SortKey,
  WhereCommand,
} from './ast';
import type { SubsearchPredicate, WhereSubsearchCommand } from './commands/combining_ast';
import { METADATA_FIELD_NAMES, SORT_TYPES } from './language';
import type { Token } from './tokenizer';
import { SourceParser } from './parse_sources';

const SORT_DIRECTIONS: Readonly<Record<string, 'asc' | 'desc'>> = {
  asc: 'asc',
  a: 'asc',
  desc: 'desc',
  d: 'desc',
};

export class CommandParser extends SourceParser {
  // -------------------------------------------------------------------------------------------
  // Row commands

  /** `where <condition>`; subsearches in it (subquery.md) make it a `WhereSubsearch`. */
  protected parseWhere(start: Token): WhereCommand | WhereSubsearchCommand {
    this.next();
    return this.parseCondition(start);
  }

  protected parseFields(start: Token): FieldsCommand {
    this.next();
    const sign = this.peek();
    let mode: FieldsCommand['mode'] = 'include';
    let signWritten = false;
    if (this.isOp(sign, '+') || this.isOp(sign, '-')) {
      this.next();
      mode = sign.text === '-' ? 'exclude' : 'include';
      signWritten = true;
    }
    const fields = this.list(() => this.requirePattern(), 'optional');
    return { kind: 'Fields', mode, signWritten, fields, span: this.spanFrom(start) };
  }

  protected parseRename(start: Token): RenameCommand {
    this.next();
    const renames = this.list(() => {
      const from = this.requirePattern();
      this.expectWord('as');
      const to = this.requirePattern();
      return { from, to, span: { start: from.span.start, end: to.span.end } };
    }, 'optional');
    return { kind: 'Rename', renames, span: this.spanFrom(start) };
  }

  protected parseEval(start: Token): EvalCommand {
    this.next();
    const outer = this.wherePredicates;
    const subsearches: SubsearchPredicate[] = [];
    this.wherePredicates = subsearches;
    try {
      const assignments = this.parseAssignments();
      return {
        kind: 'Eval',
        assignments,
        ...(subsearches.length > 0 ? { subsearches } : {}),
        span: this.spanFrom(start),
      };
    } finally {
      this.wherePredicates = outer;
    }
  }

  private parseAssignments(): EvalCommand['assignments'] {
    return this.list(() => {
      const at = this.peek();
      const field = this.requireField('eval');
      if (METADATA_FIELD_NAMES.includes(field.name)) {
        this.fail(
          at,
          `cannot use the metadata field "${field.name}" as an eval field: choose another name`,
          []
        );
      }
      if (!this.isOp(this.peek(), '=')) {
        this.expected('"="', ['=']);
      }
      this.next();
      const expr = this.parseExpression('an expression');
      return { field, expr, span: { start: field.span.start, end: expr.span.end } };
    }, 'required');
  }

  protected parseDedup(start: Token): DedupCommand {
    this.next();
    const written: DedupCommand['written'] = {};
    if (this.peek().kind === 'number') {
      written.count = this.readInt('the dedup count', 1);
    }
    const fields = this.list(() => this.requireField('dedup'), 'optional');
    const seen = new Map<string, Token>();
    while (this.isOptionAt() && this.isWord(this.peek(), 'keepempty', 'consecutive')) {
      const option = this.peek();
      this.once(seen, option, 'dedup');
      this.next();
      this.next();
      if (option.text.toLowerCase() === 'keepempty') {
        written.keepEmpty = this.readBoolean();
      } else {
        written.consecutive = this.readBoolean();
      }
    }
    if (this.isOptionAt()) {
      const t = this.peek();
      this.fail(t, `unknown dedup option "${t.text}"; options: "keepempty", "consecutive"`, [
        'keepempty',
        'consecutive',
      ]);
    }
    return {
      kind: 'Dedup',
      count: written.count ?? 1,
      fields,
      keepEmpty: written.keepEmpty ?? false,
      consecutive: written.consecutive ?? false,
      written,
      span: this.spanFrom(start),
    };
  }

  protected parseSort(start: Token): SortCommand {
    this.next();
    let count = 0;
    const t = this.peek();
    const signedCount =
      (this.isOp(t, '-') || this.isOp(t, '+')) &&
      this.tokenAt(1).kind === 'number' &&
      !this.endsCommand(this.tokenAt(2)) &&
      !this.isPunct(this.tokenAt(2), ',');
    if (t.kind === 'number' || signedCount) {
      // PPL: "A value of 0 or less returns all results".
      count = Math.max(0, this.readInt('the sort count', -2147483648, true));
    }
    let notation: { kind: 'prefix' | 'suffix'; token: Token } | undefined;
    const keys = this.list((): SortKey => {
      const keyStart = this.peek();
      let order: SortKey['order'] = 'asc';
      let keyNotation: SortKey['notation'] = 'none';
      let marker: Token | undefined;
      if (this.isOp(keyStart, '+') || this.isOp(keyStart, '-')) {
        marker = this.next();
        order = marker.text === '-' ? 'desc' : 'asc';
        keyNotation = 'prefix';
      }
      let as: SortKey['as'];
      let field: FieldRef;
      const f = this.peek();
      if (this.isWord(f, ...SORT_TYPES) && this.isPunct(this.tokenAt(1), '(')) {
        as = f.text.toLowerCase() as SortKey['as'];
        this.next();
        this.next();
        field = this.requireField('sort');
        this.expectPunct(')');
      } else {
        field = this.requireField('sort');
      }
      const d = this.peek();
      if (this.isWord(d, 'asc', 'a', 'desc', 'd')) {
        if (marker !== undefined) {
          this.fail(
            d,
            `cannot use both "${marker.text}" and "${d.text}" on one sort field: use one notation`,
            []
          );
        }
        this.next();
        order = SORT_DIRECTIONS[d.text.toLowerCase()];
        keyNotation = 'suffix';
        marker = d;
      }
      if (keyNotation !== 'none' && marker !== undefined) {
        if (notation === undefined) {
          notation = { kind: keyNotation, token: marker };
        } else if (notation.kind !== keyNotation) {
          this.fail(
            marker,
            'cannot mix prefix (+/-) and suffix (asc/desc) sort direction syntax in the same command',
            []
          );
        }
      }
      return {
        field,
        order,
        ...(as === undefined ? {} : { as }),
        notation: keyNotation,
        span: this.spanFrom(keyStart),
      };
    }, 'required');
    return { kind: 'Sort', count, keys, span: this.spanFrom(start) };
  }

  protected parseHead(start: Token): HeadCommand {
    this.next();
    const written: HeadCommand['written'] = {};
    if (this.isOptionAt() && this.isWord(this.peek(), 'limit')) {
      this.next();
      this.next();
      written.size = this.readInt('the head size', 0);
    } else if (this.peek().kind === 'number') {
      written.size = this.readInt('the head size', 0);
    }
    if (this.isWord(this.peek(), 'from')) {
      this.next();
      written.from = this.readInt('the head offset', 0);
    }
    return {
      kind: 'Head',
      size: written.size ?? 10,
      from: written.from ?? 0,
      written,
      span: this.spanFrom(start),
    };
  }
}
