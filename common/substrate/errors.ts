/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The one error type the substrate's pure functions throw. The server turns it into a 4xx: the
 * `code` says which rule was broken (stable, for tests, logs and i18n keys) and `field`, when set,
 * names the key field at fault so the response can point at it.
 */
export type SubstrateErrorCode =
  /** A key field holds several values (an array): a keyed upsert needs one value per key. */
  | 'multivalue_key'
  /** A key field holds a value that cannot be read as its column's type (e.g. "abc" in a long). */
  | 'invalid_key_value'
  /** A key field holds a value no key can be made from (an object). */
  | 'unsupported_key_value'
  /** Neither browsers nor Node offered `crypto.getRandomValues`. */
  | 'no_random_source';

export class SubstrateError extends Error {
  public readonly code: SubstrateErrorCode;
  public readonly field?: string;

  constructor(code: SubstrateErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'SubstrateError';
    this.code = code;
    if (field !== undefined) {
      this.field = field;
    }
    // Keeps `instanceof` working when the code is compiled down to ES5 classes.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

export function isSubstrateError(error: unknown): error is SubstrateError {
  return error instanceof SubstrateError;
}
