/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What a job's history says of the error that ended it, and which errors the server log wants. */
import {
  isOpenSearchResponseError,
  LookupError,
  openSearchReason,
  openSearchStatus,
} from '../../lib/errors';

/** Neither our own refusal nor OpenSearch's answer: a fault for the server log. */
export function isUnexpectedJobError(error: unknown): boolean {
  return !(error instanceof LookupError) && !isOpenSearchResponseError(error);
}

/** What a user may read of an error: our own messages whole, anything else summarized. */
export function jobErrorMessage(error: unknown): string {
  if (error instanceof LookupError) return error.message;
  const status = openSearchStatus(error);
  if (isOpenSearchResponseError(error) && status !== undefined && status < 500) {
    const reason = openSearchReason(error);
    return status === 403
      ? `OpenSearch refused this for the job's user: ${reason}. Ask an administrator for the index permissions it names.`
      : `OpenSearch refused the job's request (${status}): ${reason}`;
  }
  return 'The job stopped on an unexpected error; it is in the server log.';
}
