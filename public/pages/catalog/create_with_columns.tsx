/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A new, empty lookup from the catalog by naming its columns and their types; it is created by
 * an edit with no base (`_edit` with `base_slice: null`), and the user lands in the editor to
 * fill it.
 */
import { useState } from 'react';
import { useHistory } from 'react-router-dom';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiButtonIcon,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiSelect,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { NEW_COLUMN_TYPES, type NewColumnType } from '../../../common/edit/cell_values';
import { Dialog } from '../../components/dialogs';
import { ApiErrorCallout } from '../../components/error_callout';
import { Refusable } from '../../components/permissions';
import { toApiFailure, type ApiFailure } from '../../services/api_client';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { editLookup } from '../../store/operations';
import { editorPath } from '../lookup/editor/edit_entry';
import { columnNameProblem, newTypeLabel } from '../lookup/editor/column_modals';
import { useNewLookupName } from './new_lookup_name';

interface DraftColumn {
  key: number;
  name: string;
  type: NewColumnType;
}

export function CreateWithColumnsModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const history = useHistory();
  const { notifications } = useServices();
  const [name, setName] = useState('');
  const [columns, setColumns] = useState<DraftColumn[]>([{ key: 0, name: '', type: 'string' }]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const { trimmed, valid, taken, grant, problem } = useNewLookupName(name, (named) =>
    i18n.translate('lookups.createColumns.taken', {
      defaultMessage:
        'A lookup named "{name}" exists; open it and edit it, or choose another name.',
      values: { name: named },
    })
  );
  const problems = columns.map((c, i) =>
    columnNameProblem(
      c.name,
      columns.filter((_, j) => j !== i).map((o) => o.name)
    )
  );
  const ready =
    valid &&
    !taken &&
    columns.length > 0 &&
    columns.every((c, i) => c.name !== '' && problems[i] === undefined);

  const change = (key: number, patch: Partial<DraftColumn>) =>
    setColumns((cs) => cs.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  const create = async () => {
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await dispatch(
        editLookup({
          name: trimmed,
          body: {
            base_slice: null,
            columns: { add: columns.map((c) => ({ name: c.name, type: c.type })) },
          },
        })
      ).unwrap();
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.createColumns.done', {
          defaultMessage: 'Created the empty lookup "{name}"',
          values: { name: trimmed },
        }),
      });
      onClose();
      history.push(editorPath(trimmed));
    } catch (e) {
      setError(toApiFailure(e));
      setBusy(false);
    }
  };

  return (
    <Dialog
      id="lookupsCreateColumnsTitle"
      title={i18n.translate('lookups.createColumns.title', {
        defaultMessage: 'Create an empty lookup',
      })}
      testSubj="lookupsCreateColumnsModal"
      width={720}
      onClose={onClose}
      footer={
        <>
          <EuiButtonEmpty onClick={onClose} data-test-subj="lookupsCreateColumnsCancel">
            {i18n.translate('lookups.createColumns.cancel', { defaultMessage: 'Cancel' })}
          </EuiButtonEmpty>
          <Refusable name={trimmed} action="write" grant={grant}>
            {(refused) => (
              <EuiButton
                fill
                onClick={() => void create()}
                isLoading={busy}
                isDisabled={refused || !ready}
                data-test-subj="lookupsCreateColumnsSubmit"
              >
                {i18n.translate('lookups.createColumns.submit', {
                  defaultMessage: 'Create and edit',
                })}
              </EuiButton>
            )}
          </Refusable>
        </>
      }
    >
      <EuiText size="s" color="subdued">
        <p>
          {i18n.translate('lookups.createColumns.intro', {
            defaultMessage:
              'Name the lookup and its columns; then add its rows in the editor, or paste them from a spreadsheet.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiFormRow
        fullWidth
        label={i18n.translate('lookups.createColumns.name', { defaultMessage: 'Lookup name' })}
        isInvalid={problem !== undefined}
        error={problem}
      >
        <EuiFieldText
          fullWidth
          value={name}
          onChange={(e) => setName(e.target.value)}
          isInvalid={problem !== undefined}
          data-test-subj="lookupsCreateColumnsName"
        />
      </EuiFormRow>
      <EuiSpacer size="m" />
      {columns.map((column, index) => (
        <EuiFlexGroup
          key={column.key}
          gutterSize="s"
          alignItems="flexStart"
          responsive={false}
          data-test-subj="lookupsCreateColumnsRow"
        >
          <EuiFlexItem>
            <EuiFormRow
              label={i18n.translate('lookups.createColumns.columnName', {
                defaultMessage: 'Column {n} name',
                values: { n: index + 1 },
              })}
              isInvalid={problems[index] !== undefined}
              error={problems[index]}
            >
              <EuiFieldText
                value={column.name}
                onChange={(e) => change(column.key, { name: e.target.value })}
                isInvalid={problems[index] !== undefined}
                data-test-subj="lookupsCreateColumnsColumnName"
              />
            </EuiFormRow>
          </EuiFlexItem>
          <EuiFlexItem grow={false} style={{ minWidth: 200 }}>
            <EuiFormRow
              label={i18n.translate('lookups.createColumns.columnType', {
                defaultMessage: 'Column {n} type',
                values: { n: index + 1 },
              })}
            >
              <EuiSelect
                options={NEW_COLUMN_TYPES.map((t) => ({ value: t, text: newTypeLabel(t) }))}
                value={column.type}
                onChange={(e) => change(column.key, { type: e.target.value as NewColumnType })}
                data-test-subj="lookupsCreateColumnsColumnType"
              />
            </EuiFormRow>
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiFormRow hasEmptyLabelSpace>
              <EuiButtonIcon
                iconType="trash"
                color="danger"
                isDisabled={columns.length === 1}
                onClick={() => setColumns((cs) => cs.filter((c) => c.key !== column.key))}
                aria-label={i18n.translate('lookups.createColumns.remove', {
                  defaultMessage: 'Remove column {n}',
                  values: { n: index + 1 },
                })}
                data-test-subj="lookupsCreateColumnsRemove"
              />
            </EuiFormRow>
          </EuiFlexItem>
        </EuiFlexGroup>
      ))}
      <EuiSpacer size="s" />
      <EuiButtonEmpty
        size="s"
        iconType="plusInCircle"
        onClick={() =>
          setColumns((cs) => [
            ...cs,
            { key: Math.max(...cs.map((c) => c.key)) + 1, name: '', type: 'string' },
          ])
        }
        data-test-subj="lookupsCreateColumnsAdd"
      >
        {i18n.translate('lookups.createColumns.add', { defaultMessage: 'Add a column' })}
      </EuiButtonEmpty>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.createColumns.failed', {
              defaultMessage: '"{name}" was not created',
              values: { name: trimmed },
            })}
            error={error}
            refused={{ lookup: trimmed, action: 'write' }}
            data-test-subj="lookupsCreateColumnsError"
          />
        </>
      ) : null}
    </Dialog>
  );
}
