/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Cancelling a write: its job's cancel, or the client going away, aborts the write's signal. The
 * write stops at its next batch or just before publishing; once publishing has begun it runs to
 * the end. Its own module because the rows, the record and the writer all ask about it.
 */
import { LookupError } from '../../lib/errors';

/** The write was cancelled (by its job's cancel, or the client going away) before publishing. */
export class WriteCancelledError extends LookupError {
  constructor() {
    super(409, 'The write was cancelled before it was published; the lookup is as it was.', {
      reason: 'cancelled',
    });
  }
}

export function throwIfCancelled(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new WriteCancelledError();
}
