/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * `join` (parse side; docs/user/ppl/cmd/join.md): the basic `on`/`where` syntax and the extended
 * field-list syntax, the right side an index or a subsearch, with an alias; the condition may hold
 * subsearches (`on l.a = r.a AND r.a in [ … ] <index>`, subquery.md). Node types:
 * combining_ast.ts; plan: server/services/ppl/commands/join.ts.
 */
import type { Expr, FieldRef, IndexName } from '../ast';
import type { Token } from '../tokenizer';
import type { JoinCommand, JoinType, Subsearch, SubsearchPredicate } from './combining_ast';
import { AppendParser } from './append';

const JOIN_TYPES: Record<string, JoinType> = {
  inner: 'inner',
  left: 'left',
  outer: 'left',
  right: 'right',
  full: 'full',
  semi: 'semi',
  anti: 'anti',
  cross: 'cross',
};

export class JoinParser extends AppendParser {
  /** `start` is the join type word (basic syntax) or `join`. */
  protected parseJoin(start: Token): JoinCommand {
    let type: JoinType = 'inner';
    const typeBefore = !this.isWord(start, 'join');
    if (typeBefore) {
      type = JOIN_TYPES[start.text.toLowerCase()];
      this.next();
      // `left semi join`, `left anti join`, `left outer join`, `right outer join`, `full outer join`
      const second = this.peek();
      if (type === 'left' && this.isWord(second, 'semi', 'anti', 'outer')) {
        type = JOIN_TYPES[second.text.toLowerCase()];
        this.next();
      } else if ((type === 'right' || type === 'full') && this.isWord(second, 'outer')) {
        this.next();
      }
      // `full` may stand without `join` (join.md: `source = table1 | full left = l …`).
      if (this.isWord(this.peek(), 'join')) this.next();
    } else {
      this.next();
    }
    const seen = new Map<string, Token>();
    let overwrite = true;
    let max = 0;
    let leftAlias: string | undefined;
    let rightAlias: string | undefined;
    for (;;) {
      // `left = a, right = b`: the grammar allows a comma between the two aliases.
      if (leftAlias !== undefined && this.isPunct(this.peek(), ',')) {
        const after = this.tokenAt(1);
        if (this.isWord(after, 'right') && this.isOptionAt(1)) this.next();
      }
      if (!this.isOptionAt()) break;
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (!['type', 'overwrite', 'max', 'left', 'right'].includes(name)) break;
      this.once(seen, option, 'join');
      this.next();
      this.next();
      if (name === 'type') {
        const t = this.peek();
        const known = JOIN_TYPES[t.text.toLowerCase()];
        if (!this.isWord(t) || known === undefined) {
          this.expected(
            'a join type (inner, left, outer, right, full, semi, anti, cross)',
            Object.keys(JOIN_TYPES)
          );
        }
        if (typeBefore && known !== type) {
          this.fail(
            t,
            `the join type is given twice ("${start.text}" before join and type=${t.text}): remove one`,
            []
          );
        }
        this.next();
        type = known;
      } else if (name === 'overwrite') overwrite = this.readBoolean();
      else if (name === 'max') max = this.readInt('max', 0);
      else if (name === 'left') leftAlias = this.requireField('the left alias').name;
      else rightAlias = this.requireField('the right alias').name;
    }
    let criteria: Expr | undefined;
    let fields: FieldRef[] | undefined;
    // Subsearches in the condition (subquery.md's "as join filter"), collected as a where's.
    const predicates: SubsearchPredicate[] = [];
    if (this.isWord(this.peek(), 'on', 'where')) {
      this.next();
      const outer = this.wherePredicates;
      this.wherePredicates = predicates;
      try {
        criteria = this.parseExpression('the join condition');
      } finally {
        this.wherePredicates = outer;
      }
    } else if (!this.isPunct(this.peek(), '[')) {
      // The extended syntax: a field list, then the right side (the last name before `|`/`[`).
      const names: FieldRef[] = [];
      for (;;) {
        if (this.isPunct(this.peek(), ',')) this.next();
        if (this.isPunct(this.peek(), '[') || this.endsCommand(this.peek())) break;
        const save = this.pos;
        const name = this.glueName('index');
        if (name === undefined)
          this.expected('a field name or the right side', ['field name', '[']);
        const t = this.peek();
        if (this.endsCommand(t) || this.isWord(t, 'as')) {
          // This name is the right index.
          this.pos = save;
          break;
        }
        names.push({ kind: 'Field', name: name.name, quoted: name.quoted, span: name.span });
      }
      fields = names;
    }
    let right: Subsearch;
    let rightName: string | undefined;
    if (this.isPunct(this.peek(), '[')) {
      right = this.parseSubsearch();
    } else {
      const index = this.requireJoinIndex();
      rightName = index.name;
      right = this.indexAsSubsearch(index);
    }
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      rightName = this.requireField('the right alias').name;
    }
    if (criteria === undefined && fields === undefined && type !== 'cross') {
      this.fail(start, 'join needs "on <condition>" or the fields to join on', [
        'on',
        'field name',
      ]);
    }
    return {
      kind: 'Join',
      type,
      ...(leftAlias === undefined ? {} : { leftAlias }),
      ...(rightAlias === undefined ? {} : { rightAlias }),
      ...(fields === undefined ? {} : { fields }),
      ...(criteria === undefined ? {} : { criteria }),
      ...(predicates.length === 0 ? {} : { predicates }),
      overwrite,
      max,
      right,
      ...((rightAlias ?? rightName) ? { rightName: rightAlias ?? rightName } : {}),
      span: this.spanFrom(start),
    };
  }

  private requireJoinIndex(): IndexName {
    const name = this.glueName('index');
    if (name === undefined)
      return this.expected('the right side: an index or [ subsearch ]', ['index name', '[']);
    return { name: name.name, quoted: name.quoted, span: name.span };
  }
}
