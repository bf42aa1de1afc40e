/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Pivots (parse side): `xyseries` (xyseries.md), rows of (x, name, values…) into one row per x
 * with a column per listed name and value field. Plan: server/services/ppl/commands/pivot.ts.
 */
import type { FieldRef, Span } from '../ast';
import type { Token } from '../tokenizer';
import { WindowParser } from './windows';

/**
 * `xyseries [sep=<s>] [format=<s>] <x> <name-field> in ("v", …) <value-field>[, …]`: columns named
 * `<value-field><sep><v>` (sep default ": "), or `format` with `$AGG$` and `$VAL$` in it.
 */
export interface XySeriesCommand {
  kind: 'XySeries';
  x: FieldRef;
  nameField: FieldRef;
  /** The pivot values, as text (the name field's values are compared as strings). */
  values: string[];
  dataFields: FieldRef[];
  sep: string;
  format?: string;
  span: Span;
}

export class PivotParser extends WindowParser {
  protected parseXySeries(start: Token): XySeriesCommand {
    this.next();
    let sep = ': ';
    let format: string | undefined;
    const seen = new Map<string, Token>();
    while (this.isOptionAt() && this.isWord(this.peek(), 'sep', 'format')) {
      const option = this.peek();
      this.once(seen, option, 'xyseries');
      this.next();
      this.next();
      if (option.text.toLowerCase() === 'sep') sep = this.readString('sep');
      else format = this.readString('format');
    }
    const x = this.requireField('xyseries (the x field)');
    const nameField = this.requireField('xyseries (the field naming the columns)');
    if (!this.isWord(this.peek(), 'in')) this.expected('in ("value", …)', ['in']);
    this.next();
    this.expectPunct('(');
    const values = this.list(() => {
      const t = this.peek();
      if (t.kind !== 'string' && t.kind !== 'number')
        this.expected('a pivot value (a quoted string)', ['string']);
      this.next();
      return t.kind === 'string' ? (t.value ?? '') : t.text;
    }, 'required');
    this.expectPunct(')', [',', ')']);
    const dataFields = this.list(() => this.requireField('xyseries (a value field)'), 'required');
    return {
      kind: 'XySeries',
      x,
      nameField,
      values,
      dataFields,
      sep,
      ...(format === undefined ? {} : { format }),
      span: this.spanFrom(start),
    };
  }
}
