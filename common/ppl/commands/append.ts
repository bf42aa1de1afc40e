/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The append family (parse side): `append [ <subsearch> ]`, `appendpipe [ <commands> ]`,
 * `appendcol [override=<bool>] [ <commands> ]`. Node types: combining_ast.ts; plan:
 * server/services/ppl/commands/append.ts.
 */
import type { Token } from '../tokenizer';
import type { AppendColCommand, AppendCommand, AppendPipeCommand } from './combining_ast';
import { SubsearchParser } from './subsearch';

export class AppendParser extends SubsearchParser {
  protected parseAppend(start: Token): AppendCommand {
    this.next();
    return { kind: 'Append', search: this.parseSubsearch(), span: this.spanFrom(start) };
  }

  protected parseAppendPipe(start: Token): AppendPipeCommand {
    this.next();
    const { value } = this.inBrackets(() => this.parseCommandList(false));
    return { kind: 'AppendPipe', commands: value, span: this.spanFrom(start) };
  }

  protected parseAppendCol(start: Token): AppendColCommand {
    this.next();
    let override = false;
    if (this.isOptionAt() && this.isWord(this.peek(), 'override')) {
      this.next();
      this.next();
      override = this.readBoolean();
    }
    const { value } = this.inBrackets(() => this.parseCommandList(false));
    return { kind: 'AppendCol', commands: value, override, span: this.spanFrom(start) };
  }
}
