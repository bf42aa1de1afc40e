/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The name of a lookup about to be created, as a create dialog checks it while it is typed: the
 * naming rules, a lookup that has the name already, and (once typing pauses) whether the user may
 * write a lookup of that name.
 */
import type { ActionGrant } from '../../../common/api/permissions';
import { validateLookupName } from '../../../common/substrate/names';
import { grantOf, refusedText, usePermissions } from '../../components/permissions';
import { useDebounced } from '../../components/use_debounced';
import type { Store } from '@reduxjs/toolkit';
import { useStore } from 'react-redux';
import { useAppDispatch, type RootState } from '../../store';
import { lookupsApi, useCatalog } from '../../store/api';
import { fetchPermissions } from '../../store/permissions_slice';

/** How long the name field waits for typing to pause before it asks what the user may write. */
const NAME_DEBOUNCE_MS = 400;

export interface NewLookupName {
  trimmed: string;
  /** The name follows the naming rules (and is not empty). */
  valid: boolean;
  /** A lookup has this name already. */
  taken: boolean;
  /** Whether the user may write it; undefined until asked. */
  grant: ActionGrant | undefined;
  /** Why the name cannot be used, for the field's error. */
  problem: string | undefined;
}

export function useNewLookupName(name: string, takenText: (name: string) => string): NewLookupName {
  const existing = useCatalog({ refetchOnMount: false }).lookups;
  const trimmed = name.trim();
  const check = trimmed === '' ? null : validateLookupName(trimmed, { purpose: 'write' });
  const taken = existing.some((l) => l.name === trimmed);
  const settled = useDebounced(check?.ok && !taken ? trimmed : '', NAME_DEBOUNCE_MS);
  const permissions = usePermissions(settled ? [settled] : null);
  const grant = settled ? grantOf(permissions.byName[settled], 'write') : undefined;
  let problem: string | undefined;
  if (check && !check.ok) problem = check.message;
  else if (check && taken) problem = takenText(trimmed);
  // Said at the name, as soon as it is known, not only on the Create button at the end.
  else if (grant && !grant.allowed && settled === trimmed) {
    problem = refusedText(trimmed, 'write', grant.missing);
  }
  return { trimmed, valid: check?.ok === true, taken, grant, problem };
}

/** The most names a suggestion asks about at once. */
const MAX_CANDIDATES = 20;

/**
 * Names to try for `base`, most likely first: `base`, then `base` under each prefix the caller's
 * lookups have (`lk_`, `lk_team_a_`: their first one or two `_`-ended parts), so a `lk_*` writer
 * picking `good.csv` is offered `lk_good`.
 */
export function candidateNames(base: string, known: readonly string[]): string[] {
  const prefixes = new Map<string, number>();
  for (const name of known) {
    const parts = name.split('_');
    for (let n = 1; n <= Math.min(2, parts.length - 1); n++) {
      const prefix = `${parts.slice(0, n).join('_')}_`;
      prefixes.set(prefix, (prefixes.get(prefix) ?? 0) + 1);
    }
  }
  // The prefix most lookups share first; base itself when it has one already.
  const ordered = [...prefixes.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
  const names = [base, ...ordered.filter((p) => !base.startsWith(p)).map((p) => `${p}${base}`)];
  return [...new Set(names)]
    .filter((n) => validateLookupName(n, { purpose: 'write' }).ok)
    .slice(0, MAX_CANDIDATES);
}

/** Resolves once none of `names` is being asked about (by this request or another one). */
function answered(store: Store<RootState>, names: readonly string[]): Promise<void> {
  const done = () => names.every((n) => store.getState().permissions.byName[n] !== 'loading');
  return new Promise((resolve) => {
    if (done()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A name for a new lookup from `base` that the user may write: asks about the candidates at once
 * (the answers stay in the store, so the name field knows them), and gives the first allowed
 * one, or `base` when none is (the field then says why). The candidates come from the catalog
 * as it is when the answer is given: a file picked while the catalog is still on its way waits
 * for it, rather than being offered only `base`.
 */
export function useWritableName() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  return async (base: string): Promise<string> => {
    const catalog = dispatch(
      lookupsApi.endpoints.getCatalog.initiate(undefined, { subscribe: false })
    );
    // A catalog that cannot be read leaves only `base` to ask about.
    const known = await catalog.unwrap().then(
      (c) => c.lookups.map((l) => l.name),
      () => []
    );
    const candidates = candidateNames(base, known);
    if (candidates.length === 0) return base;
    // Asks only about names not known yet, and waits for those another request is asking
    // about; a failure leaves `base`, which the field checks.
    await dispatch(fetchPermissions(candidates));
    await answered(store, candidates);
    const { byName } = store.getState().permissions;
    return candidates.find((name) => grantOf(byName[name], 'write')?.allowed === true) ?? base;
  };
}
