/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Deleting several lookups: a few at a time (each delete takes its lookup's lease and removes an
 * index, so many at once would only queue in the cluster), each one's progress told as it goes,
 * and the catalog asked again once, at the end: the list does not change under the dialog.
 */
import { useCallback, useRef, useState } from 'react';
import { toApiFailure, type ApiFailure } from '../../services/api_client';
import { useApi } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { lookupsApi } from '../../store/api';

/** Deletes in flight at once. */
export const DELETE_CONCURRENCY = 4;

export type DeleteProgress =
  | { state: 'waiting' }
  | { state: 'deleting' }
  | { state: 'deleted'; rows: number }
  | { state: 'failed'; error: ApiFailure }
  /** Stopped by the user before it started. */
  | { state: 'skipped' };

/**
 * Runs `work` over `items`, at most `limit` at once, in order; `stopped()` is asked before each
 * item starts.
 */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean = () => false
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stopped()) {
      const item = items[next++];
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface BulkDelete {
  progress: Record<string, DeleteProgress>;
  running: boolean;
  /** Deletes `names`; resolves with the names that went once every delete has answered. */
  start: (names: string[]) => Promise<{ gone: string[]; rows: number; failed: number }>;
  /** Starts no more deletes; those in flight still finish. */
  stop: () => void;
}

export function useBulkDelete(): BulkDelete {
  const api = useApi();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<Record<string, DeleteProgress>>({});
  const [running, setRunning] = useState(false);
  const stopRequested = useRef(false);

  const start = useCallback(
    async (names: string[]) => {
      stopRequested.current = false;
      setRunning(true);
      setProgress(Object.fromEntries(names.map((n) => [n, { state: 'waiting' } as const])));
      const set = (name: string, value: DeleteProgress) =>
        setProgress((p) => ({ ...p, [name]: value }));
      const gone: string[] = [];
      let rows = 0;
      let failed = 0;
      await inPool(
        names,
        DELETE_CONCURRENCY,
        async (name) => {
          set(name, { state: 'deleting' });
          try {
            const done = await api.remove(name);
            gone.push(name);
            rows += done.rows;
            set(name, { state: 'deleted', rows: done.rows });
          } catch (e) {
            failed++;
            set(name, { state: 'failed', error: toApiFailure(e) });
          }
        },
        () => stopRequested.current
      );
      if (stopRequested.current) {
        setProgress((p) =>
          Object.fromEntries(
            Object.entries(p).map(([n, v]) => [n, v.state === 'waiting' ? { state: 'skipped' } : v])
          )
        );
      }
      // Once, at the end: the catalog (and any view of these lookups) is asked again.
      if (gone.length > 0) dispatch(lookupsApi.util.invalidateTags(['Catalog']));
      setRunning(false);
      return { gone, rows, failed };
    },
    [api, dispatch]
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);

  return { progress, running, start, stop };
}
