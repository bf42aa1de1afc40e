/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Query page's conversations with the server: completion sources, whether the user may write
 * the lookup the query names, and a running job's progress.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionGrant } from '../../../common/api/permissions';
import { validateLookupName } from '../../../common/substrate/names';
import { grantOf, usePermissions } from '../../components/permissions';
import { useDebounced } from '../../components/use_debounced';
import { isAbort, toApiFailure } from '../../services/api_client';
import { useApi } from '../../services/services_context';
import { useAppDispatch, useAppSelector } from '../../store';
import { lookupsChanged } from '../../store/api';
import { isFinalJob, jobPollFailed, jobUpdated } from '../../store/query_slice';

/**
 * The fields of each of `wanted`, asked once per name with `fieldsOf` (which must keep its
 * identity between renders). Completion is a help: a name whose fields cannot be read offers none.
 */
function useFieldsAskedOnce(
  wanted: string[],
  fieldsOf: (name: string) => Promise<string[]>
): string[] {
  const [known, setKnown] = useState<Record<string, string[]>>({});
  const asked = useRef(new Set<string>());
  const key = wanted.join(',');
  useEffect(() => {
    for (const name of key ? key.split(',') : []) {
      if (asked.current.has(name)) continue;
      asked.current.add(name);
      fieldsOf(name).then(
        (fields) => setKnown((k) => ({ ...k, [name]: fields })),
        () => undefined
      );
    }
  }, [fieldsOf, key]);
  return useMemo(() => (key ? key.split(',') : []).flatMap((n) => known[n] ?? []), [key, known]);
}

/** Fields of the lookups a query reads, asked once per lookup from `_field_caps`. */
export function useLookupFields(names: string[], lookups: ReadonlySet<string>): string[] {
  const api = useApi();
  const fieldsOf = useCallback(
    (name: string) => api.fieldCaps(name).then((caps) => Object.keys(caps.fields)),
    [api]
  );
  return useFieldsAskedOnce(
    names.filter((n) => lookups.has(n)),
    fieldsOf
  );
}

/**
 * What the cluster says, as the caller: the sources they may query (asked once) and the fields
 * of each listed source the query reads (asked once per source). Completion is a help: when a
 * route fails, the editor keeps what it knows from the catalog and recent queries.
 */
export function useClusterSources(
  names: string[],
  lookups: ReadonlySet<string>
): { indices: string[]; fields: string[] } {
  const api = useApi();
  const [indices, setIndices] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api.sources(controller.signal).then(
      (answer) => setIndices(answer.sources.map((s) => s.name)),
      () => undefined
    );
    return () => controller.abort();
  }, [api]);
  const listed = useMemo(() => new Set(indices), [indices]);
  const fieldsOf = useCallback(
    (name: string) => api.sourceFields(name).then((answer) => answer.fields.map((f) => f.name)),
    [api]
  );
  // Lookups get their fields from `_field_caps` (useLookupFields); names being typed are not asked.
  const fields = useFieldsAskedOnce(
    names.filter((n) => listed.has(n) && !lookups.has(n)),
    fieldsOf
  );
  return useMemo(() => ({ indices, fields }), [indices, fields]);
}

/** How often a running job is asked how far it got. */
const JOB_POLL_MS = 500;

/**
 * Polls the tracked job until it reaches a final state; stops when the page unmounts (and
 * starts again when it mounts while the job still runs).
 */
export function useJobPolling(id: string | undefined, ended: boolean) {
  const api = useApi();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!id || ended) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const job = await api.job(id, controller.signal);
        dispatch(jobUpdated(job));
        if (isFinalJob(job)) {
          if (job.state === 'finished') dispatch(lookupsChanged([job.lookup]));
          return;
        }
      } catch (e) {
        if (isAbort(e) || controller.signal.aborted) return;
        const error = toApiFailure(e);
        dispatch(jobPollFailed({ id, error }));
        // Not the caller's job (or gone): asking again will not help.
        if (error.statusCode === 404) return;
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, JOB_POLL_MS);
    };
    timer = setTimeout(poll, JOB_POLL_MS);
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, dispatch, id, ended]);
}

/** How long the editor waits for typing to pause before it asks whether the target may be written. */
const TARGET_DEBOUNCE_MS = 400;

/**
 * Whether the user may write `target` (the query's outputlookup name), once typing pauses;
 * undefined while unknown, so the write stays offered until the answer says otherwise.
 */
export function useWriteGrant(target: string | undefined): ActionGrant | undefined {
  const settled = useDebounced(target, TARGET_DEBOUNCE_MS);
  const valid =
    settled !== undefined && validateLookupName(settled, { purpose: 'write' }).ok ? settled : null;
  usePermissions(valid === null ? null : [valid]);
  const grant = useAppSelector((s) =>
    valid === null ? undefined : grantOf(s.permissions.byName[valid], 'write')
  );
  return settled === target ? grant : undefined;
}
