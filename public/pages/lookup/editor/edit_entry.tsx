/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The way into Edit mode from the Rows tab, offered only to who may write the lookup; a reader
 * sees the rows read-only with the missing permission as the reason. When the lookup itself
 * cannot be edited the button is disabled and says why: "migrate first" for an importer lookup,
 * and for a lookup over `lookups.editor.max_rows` the ways to change a large one (a query, a
 * file import, `_write`).
 */
import { EuiButton, EuiFlexGroup, EuiFlexItem, EuiText, EuiToolTip } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { useHistory } from 'react-router-dom';
import type { LookupDetail } from '../../../../common/api/codecs';
import { DEFAULT_EDITOR_MAX_ROWS } from '../../../../common/api/edit';
import { appRoutes } from '../../../../common/api/paths';
import { formatNumber } from '../../../components/format';
import { refusedText, useGrant } from '../../../components/permissions';
import { useServices } from '../../../services/services_context';

/** The query string that opens the Rows tab in Edit mode. */
export const EDIT_PARAM = 'edit';

export const editorPath = (name: string) => `${appRoutes.lookup(name, 'rows')}?${EDIT_PARAM}=true`;

export function useEditorMaxRows(): number {
  return useServices().config.editor?.max_rows ?? DEFAULT_EDITOR_MAX_ROWS;
}

export function tooLargeText(rows: number, maxRows: number): string {
  return i18n.translate('lookups.editor.tooLarge', {
    defaultMessage:
      'This lookup has {rows} rows; the editor opens lookups of up to {max} rows (lookups.editor.max_rows), as it holds every row in the page. Change a larger one with a query ending in outputlookup, a file import (Settings tab), or POST _write.',
    values: { rows: formatNumber(rows), max: formatNumber(maxRows) },
  });
}

/** Why the lookup cannot be edited here, whoever asks; undefined when it can. */
function editProblem(lookup: LookupDetail | undefined, maxRows: number): string | undefined {
  if (!lookup) return undefined;
  if (lookup.kind === 'legacy') {
    return i18n.translate('lookups.editor.legacy', {
      defaultMessage:
        'This lookup lives in the data importer’s index: migrate it first (the Migrate button above), then edit it.',
    });
  }
  if (lookup.kind !== 'managed') {
    return (
      lookup.reason ??
      i18n.translate('lookups.editor.notManaged', {
        defaultMessage: 'This lookup cannot be edited.',
      })
    );
  }
  if (lookup.rows > maxRows) return tooLargeText(lookup.rows, maxRows);
  return undefined;
}

export function EditEntry({ name, lookup }: { name: string; lookup?: LookupDetail }) {
  const history = useHistory();
  const grant = useGrant(name, 'write');
  const problem = editProblem(lookup, useEditorMaxRows());
  // Who may not write the lookup is offered no edit control at all, only the reason.
  const refused = grant && !grant.allowed ? refusedText(name, 'write', grant.missing) : undefined;
  const reason = refused ?? problem;
  const button =
    grant?.allowed === true ? (
      <EuiButton
        size="s"
        iconType="pencil"
        isDisabled={!lookup || problem !== undefined}
        onClick={() => history.push(editorPath(name))}
        data-test-subj="lookupsRowsEdit"
      >
        {i18n.translate('lookups.editor.edit', { defaultMessage: 'Edit rows' })}
      </EuiButton>
    ) : null;
  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
      {button ? (
        <EuiFlexItem grow={false}>
          {problem ? (
            <EuiToolTip content={problem}>
              {/* A disabled button fires no hover or focus events; its wrapper does. */}
              <span tabIndex={0}>{button}</span>
            </EuiToolTip>
          ) : (
            button
          )}
        </EuiFlexItem>
      ) : null}
      {reason ? (
        <EuiFlexItem>
          <EuiText size="xs" color="subdued">
            <p data-test-subj="lookupsRowsReadOnly">
              {i18n.translate('lookups.editor.readOnly', {
                defaultMessage: 'Read-only: {reason}',
                values: { reason },
              })}
            </p>
          </EuiText>
        </EuiFlexItem>
      ) : null}
    </EuiFlexGroup>
  );
}
