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
import { useCatalog } from '../../store/api';

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
