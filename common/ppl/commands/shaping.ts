/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Shaping commands (parse side): `table`, `reverse`, `fillnull`, `replace`, `fieldformat`,
 * `convert`, `addtotals`, `addcoltotals`, `transpose` (multivalue and JSON ones: multivalue.ts).
 * Their plan and operators: server/services/ppl/commands/shaping.ts.
 */
import type { EvalCommand, FieldRef, FieldsCommand } from '../ast';
import type { Token } from '../tokenizer';
import { MultivalueParser } from './multivalue';

export type {
  ExpandCommand,
  FlattenCommand,
  MvCombineCommand,
  NoMvCommand,
  SpathCommand,
} from './multivalue';
import {
  CONVERT_FUNCTIONS,
  type ReverseCommand,
  type FillNullCommand,
  type ReplaceCommand,
  type AddTotalsCommand,
  type TransposeCommand,
  type ConvertFunction,
  type ConvertCommand,
} from './shaping_ast';

export type {
  ReverseCommand,
  FillNullCommand,
  ReplaceCommand,
  AddTotalsCommand,
  TransposeCommand,
  ConvertFunction,
  ConvertCommand,
  ShapingCommand,
} from './shaping_ast';
export { CONVERT_FUNCTIONS } from './shaping_ast';

export class ShapingParser extends MultivalueParser {
  /** `table` is `fields` without `+`/`-` (docs/user/ppl/cmd/table.md); `-` still excludes. */
  protected parseTable(start: Token): FieldsCommand {
    return { ...this.parseFields(start), span: this.spanFrom(start) };
  }

  protected parseConvert(start: Token): ConvertCommand {
    this.next();
    let timeFormat = '%m/%d/%Y %H:%M:%S';
    if (this.isOptionAt()) {
      const t = this.peek();
      if (!this.isWord(t, 'timeformat')) {
        this.fail(
          t,
          `unknown convert option "${t.text}"; convert takes timeformat=<format>, then <function>(<field>) [as <field>]`,
          ['timeformat']
        );
      }
      this.next();
      this.next();
      timeFormat = this.readString('timeformat');
    }
    const conversions = this.list(() => {
      const f = this.peek();
      if (!this.isWord(f, ...CONVERT_FUNCTIONS) || !this.isPunct(this.tokenAt(1), '(')) {
        this.expected(`a conversion: ${CONVERT_FUNCTIONS.map((c) => `${c}(<field>)`).join(', ')}`, [
          ...CONVERT_FUNCTIONS,
        ]);
      }
      this.next();
      this.next();
      const field = this.requireField('convert');
      this.expectPunct(')');
      let as: FieldRef | undefined;
      if (this.isWord(this.peek(), 'as')) {
        this.next();
        as = this.requireField('convert … as');
      }
      return {
        func: f.text.toLowerCase() as ConvertFunction,
        field,
        ...(as ? { as } : {}),
        span: this.spanFrom(f),
      };
    }, 'required');
    return { kind: 'Convert', timeFormat, conversions, span: this.spanFrom(start) };
  }

  protected parseReverse(start: Token): ReverseCommand {
    this.next();
    return { kind: 'Reverse', span: this.spanFrom(start) };
  }

  /** `fieldformat f = expr, …`: the value as it is shown; runs as `eval`. */
  protected parseFieldFormat(start: Token): EvalCommand {
    return { ...this.parseEval(start), span: this.spanFrom(start) };
  }

  protected parseFillNull(start: Token): FillNullCommand {
    this.next();
    const t = this.peek();
    if (this.isWord(t, 'with')) {
      this.next();
      // Not a whole expression: `with 'x' in a` is the value 'x' and the fields, not `'x' IN …`.
      const value = this.parseSum();
      let fields: FieldRef[] = [];
      if (this.isWord(this.peek(), 'in')) {
        this.next();
        fields = this.list(() => this.requireField('fillnull'), 'required');
      }
      return {
        kind: 'FillNull',
        fills: [{ fields, value }],
        syntax: 'with',
        span: this.spanFrom(start),
      };
    }
    if (this.isWord(t, 'using')) {
      this.next();
      const fills = this.list(() => {
        const field = this.requireField('fillnull');
        if (!this.isOp(this.peek(), '=')) this.expected('"="', ['=']);
        this.next();
        return { fields: [field], value: this.parseExpression('the replacement value') };
      }, 'required');
      return { kind: 'FillNull', fills, syntax: 'using', span: this.spanFrom(start) };
    }
    if (this.isWord(t, 'value') && this.isOp(this.tokenAt(1), '=')) {
      this.next();
      this.next();
      const value = this.parseUnary();
      const fields = this.endsCommand(this.peek())
        ? []
        : this.list(() => this.requireField('fillnull'), 'optional');
      return {
        kind: 'FillNull',
        fills: [{ fields, value }],
        syntax: 'value',
        span: this.spanFrom(start),
      };
    }
    return this.expected('"with", "using" or "value="', ['with', 'using', 'value=']);
  }

  protected parseReplace(start: Token): ReplaceCommand {
    this.next();
    const pairs = this.list(() => {
      const p = this.peek();
      const pattern = this.readString('the text to replace');
      this.expectWord('with');
      const replacement = this.readString('the replacement');
      return { pattern, replacement, span: this.spanFrom(p) };
    }, 'required');
    this.expectWord('in');
    const fields = this.list(() => this.requireField('replace'), 'required');
    return { kind: 'Replace', pairs, fields, span: this.spanFrom(start) };
  }

  protected parseAddTotals(start: Token, command: 'addtotals' | 'addcoltotals'): AddTotalsCommand {
    this.next();
    const seen = new Map<string, Token>();
    const known =
      command === 'addtotals'
        ? ['row', 'col', 'labelfield', 'label', 'fieldname']
        : ['labelfield', 'label'];
    const options: Record<string, string | boolean> = {};
    const fields: FieldRef[] = [];
    while (!this.endsCommand(this.peek())) {
      if (this.isOptionAt()) {
        const option = this.peek();
        const name = option.text.toLowerCase();
        if (!known.includes(name)) {
          this.fail(
            option,
            `unknown ${command} option "${option.text}"; options: ${known.join(', ')}`,
            known
          );
        }
        this.once(seen, option, command);
        this.next();
        this.next();
        if (name === 'row' || name === 'col') options[name] = this.readBoolean();
        else if (this.peek().kind === 'string') options[name] = this.readString(name);
        else options[name] = this.requireField(name).name;
        continue;
      }
      if (this.isPunct(this.peek(), ',')) {
        this.next();
        continue;
      }
      fields.push(this.requireField(command));
    }
    const label = (options.label as string | undefined) ?? 'Total';
    return {
      kind: 'AddTotals',
      command,
      row: command === 'addtotals' ? ((options.row as boolean | undefined) ?? true) : false,
      col: command === 'addcoltotals' ? true : ((options.col as boolean | undefined) ?? false),
      ...(options.labelfield === undefined ? {} : { labelField: options.labelfield as string }),
      label,
      fieldName: (options.fieldname as string | undefined) ?? 'Total',
      fields,
      span: this.spanFrom(start),
    };
  }

  protected parseTranspose(start: Token): TransposeCommand {
    this.next();
    let limit = 5;
    let headerField: FieldRef | undefined;
    let includeEmpty = true;
    let columnName = 'column';
    const seen = new Map<string, Token>();
    if (this.peek().kind === 'number') limit = this.readInt('the transpose row count', 1);
    while (this.isOptionAt()) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      this.once(seen, option, 'transpose');
      this.next();
      this.next();
      if (name === 'header_field') headerField = this.requireField('header_field');
      else if (name === 'include_empty') includeEmpty = this.readBoolean();
      else if (name === 'column_name') columnName = this.readString('the column name');
      else
        this.fail(
          option,
          `unknown transpose option "${option.text}"; options: header_field, include_empty, column_name`,
          ['header_field', 'include_empty', 'column_name']
        );
    }
    return {
      kind: 'Transpose',
      limit,
      ...(headerField ? { headerField } : {}),
      includeEmpty,
      columnName,
      span: this.spanFrom(start),
    };
  }
}
