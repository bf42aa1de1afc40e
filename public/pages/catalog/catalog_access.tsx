/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What the catalog says about the user's access: read-only for all, or nothing to read at all. */
import { EuiCallOut, EuiEmptyPrompt } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupPermissions } from '../../../common/api/permissions';

/**
 * `readOnly` when every lookup asked about refuses every write action; `mixed` otherwise, once
 * all are known; `unknown` while answers are missing.
 */
export function summarizeAccess(
  names: string[],
  byName: Record<string, LookupPermissions | 'loading'>
): 'unknown' | 'readOnly' | 'mixed' {
  if (names.length === 0) return 'unknown';
  const known = names.map((name) => byName[name]);
  if (known.some((entry) => entry === undefined || entry === 'loading')) return 'unknown';
  const readOnly = (known as LookupPermissions[]).every((entry) =>
    Object.values(entry.actions).every((grant) => !grant.allowed)
  );
  return readOnly ? 'readOnly' : 'mixed';
}

/**
 * The list was refused: for most people that just means they have no lookups to read; the hint
 * about the cluster's settings goes only to those who can change them.
 */
export function NoReadableLookups({ operatorHint }: { operatorHint?: string }) {
  return (
    <EuiEmptyPrompt
      iconType="lock"
      title={
        <h3>
          {i18n.translate('lookups.catalog.noAccessTitle', {
            defaultMessage: 'There are no lookups you may read',
          })}
        </h3>
      }
      body={
        <>
          <p>
            {i18n.translate('lookups.catalog.noAccessBody', {
              defaultMessage:
                'Your user may not read any lookup. Ask an administrator for read access to the lookups you need.',
            })}
          </p>
          {operatorHint ? (
            <EuiCallOut
              size="s"
              color="warning"
              title={i18n.translate('lookups.catalog.noAccessOperator', {
                defaultMessage: 'For administrators',
              })}
              data-test-subj="lookupsCatalogOperatorHint"
            >
              <p>{operatorHint}</p>
            </EuiCallOut>
          ) : null}
        </>
      }
      data-test-subj="lookupsCatalogNoAccess"
    />
  );
}
