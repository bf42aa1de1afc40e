/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* PPL text parsed for the server: a syntax error is a 400 that points at its position. */
import type { OutputLookup, Query } from '../../../common/ppl/ast';
import { parsePpl } from '../../../common/ppl/parser';
import { BadRequestError } from '../../lib/errors';

export function parseOrRefuse(text: string): Query {
  const parsed = parsePpl(text);
  if (!parsed.ok) {
    const { message, line, column, offset, length, expected } = parsed.error;
    throw new BadRequestError(message, { line, column, offset, length, expected });
  }
  return parsed.query;
}

/** A query that must write a lookup; `missing` says why and how when it does not. */
export function parseWriteQuery(
  text: string,
  missing: { message: string; attributes: Record<string, string> }
): Query & { output: OutputLookup } {
  const query = parseOrRefuse(text);
  if (!query.output) throw new BadRequestError(missing.message, missing.attributes);
  return query as Query & { output: OutputLookup };
}
