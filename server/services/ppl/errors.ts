/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Errors of PPL evaluation. Each is the user's doing (a bad value, a type mismatch, a limit), so
 * the server answers them with a 400 at the expression's position, never a 500.
 */
import { nestsDeeperThan } from '../../../common/substrate/field_types';
import type { Span } from '../../../common/ppl/ast';

/** A failure while evaluating: an overflow, a value that cannot be cast, a bad regex. */
export class PplEvaluationError extends Error {
  constructor(
    message: string,
    public readonly span: Span
  ) {
    super(message);
    this.name = 'PplEvaluationError';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** A type problem found without data: an unknown field, arithmetic on text, … */
export class PplTypeError extends Error {
  constructor(
    message: string,
    public readonly span: Span
  ) {
    super(message);
    this.name = 'PplTypeError';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/**
 * Values nest at most this deep (arrays and objects): deeper ones would overflow the stack of
 * every recursive walk (text, JSON, comparison). OpenSearch's own mapping depth limit is 20.
 */
export const MAX_VALUE_DEPTH = 100;

/** A value nested deeper than {@link MAX_VALUE_DEPTH}; `field` names where it was found. */
export class PplValueTooDeepError extends Error {
  constructor(public readonly field: string | undefined) {
    super(
      `the value${field === undefined ? '' : ` of "${field}"`} nests arrays or objects more than ` +
        `${MAX_VALUE_DEPTH} levels deep, more than this engine reads; exclude the field (fields - ${field ?? '<field>'}) or flatten it`
    );
    this.name = 'PplValueTooDeepError';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** Throws {@link PplValueTooDeepError} when `value` nests deeper than the limit (no recursion). */
export function checkValueDepth(value: unknown, field?: string): void {
  if (nestsDeeperThan(value, MAX_VALUE_DEPTH)) throw new PplValueTooDeepError(field);
}
