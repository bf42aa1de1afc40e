/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The editor's small dialogs: add a column (a name and a type), rename one, and paste a block of
 * rows copied from a spreadsheet for who would rather not paste into a focused cell. Names are
 * checked as they are typed, by the rules the server applies.
 */
import { useState } from 'react';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiSelect,
  EuiTextArea,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { NEW_COLUMN_TYPES, type NewColumnType } from '../../../../common/edit/cell_values';
import { newColumnNameProblem } from '../../../../common/edit/column_names';
import { Dialog } from '../../../components/dialogs';

export function newTypeLabel(type: NewColumnType): string {
  switch (type) {
    case 'string':
      return i18n.translate('lookups.editor.type.string', { defaultMessage: 'Text' });
    case 'bigint':
      return i18n.translate('lookups.editor.type.bigint', { defaultMessage: 'Whole number' });
    case 'double':
      return i18n.translate('lookups.editor.type.double', { defaultMessage: 'Decimal number' });
    case 'boolean':
      return i18n.translate('lookups.editor.type.boolean', { defaultMessage: 'True or false' });
    case 'timestamp':
      return i18n.translate('lookups.editor.type.timestamp', {
        defaultMessage: 'Date and time (UTC)',
      });
    case 'ip':
      return i18n.translate('lookups.editor.type.ip', { defaultMessage: 'IP address' });
  }
}

/** Why a column may not take `name` next to `taken` (the other columns), or undefined. */
export function columnNameProblem(name: string, taken: readonly string[]): string | undefined {
  if (name === '') return undefined;
  const rule = newColumnNameProblem(name);
  if (rule) return rule;
  return taken.includes(name)
    ? i18n.translate('lookups.editor.nameTaken', {
        defaultMessage: 'There is a column named "{name}" already.',
        values: { name },
      })
    : undefined;
}

/** A small dialog whose form submits with Enter as with its button. */
function FormDialog({
  title,
  id,
  onClose,
  onSubmit,
  submitText,
  canSubmit,
  testSubj,
  children,
}: {
  title: string;
  id: string;
  onClose: () => void;
  onSubmit: () => void;
  submitText: string;
  canSubmit: boolean;
  testSubj: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog
      id={id}
      title={title}
      testSubj={testSubj}
      onClose={onClose}
      footer={
        <>
          <EuiButtonEmpty onClick={onClose}>
            {i18n.translate('lookups.editor.cancel', { defaultMessage: 'Cancel' })}
          </EuiButtonEmpty>
          <EuiButton
            fill
            onClick={onSubmit}
            isDisabled={!canSubmit}
            data-test-subj={`${testSubj}-submit`}
          >
            {submitText}
          </EuiButton>
        </>
      }
    >
      <EuiForm
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit) onSubmit();
        }}
      >
        {children}
      </EuiForm>
    </Dialog>
  );
}

export function AddColumnModal({
  taken,
  onAdd,
  onClose,
}: {
  taken: readonly string[];
  onAdd: (name: string, type: NewColumnType) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<NewColumnType>('string');
  const problem = columnNameProblem(name, taken);
  return (
    <FormDialog
      title={i18n.translate('lookups.editor.addColumnTitle', { defaultMessage: 'Add a column' })}
      id="lookupsAddColumnTitle"
      onClose={onClose}
      onSubmit={() => onAdd(name, type)}
      submitText={i18n.translate('lookups.editor.addColumnSubmit', {
        defaultMessage: 'Add column',
      })}
      canSubmit={name !== '' && problem === undefined}
      testSubj="lookupsAddColumn"
    >
      <ColumnFields name={name} onName={setName} problem={problem} type={type} onType={setType} />
    </FormDialog>
  );
}

/** A column's name and type, as the add-column dialog and the new-lookup form ask them. */
export function ColumnFields({
  name,
  onName,
  problem,
  type,
  onType,
  compressed,
  index,
}: {
  name: string;
  onName: (name: string) => void;
  problem?: string;
  type: NewColumnType;
  onType: (type: NewColumnType) => void;
  compressed?: boolean;
  /** Set when the fields are one row of several: labels then say which. */
  index?: number;
}) {
  const nth = index === undefined ? '' : ` ${index + 1}`;
  return (
    <>
      <EuiFormRow
        label={i18n.translate('lookups.editor.columnName', {
          defaultMessage: 'Column name{nth}',
          values: { nth },
        })}
        isInvalid={problem !== undefined}
        error={problem}
        display={compressed ? 'rowCompressed' : 'row'}
      >
        <EuiFieldText
          value={name}
          onChange={(e) => onName(e.target.value)}
          isInvalid={problem !== undefined}
          compressed={compressed}
          autoFocus={index === undefined || index === 0}
          data-test-subj="lookupsColumnName"
        />
      </EuiFormRow>
      <EuiFormRow
        label={i18n.translate('lookups.editor.columnType', {
          defaultMessage: 'Type{nth}',
          values: { nth },
        })}
        display={compressed ? 'rowCompressed' : 'row'}
      >
        <EuiSelect
          options={NEW_COLUMN_TYPES.map((t) => ({ value: t, text: newTypeLabel(t) }))}
          value={type}
          onChange={(e) => onType(e.target.value as NewColumnType)}
          compressed={compressed}
          data-test-subj="lookupsColumnType"
        />
      </EuiFormRow>
    </>
  );
}

export function RenameColumnModal({
  current,
  taken,
  onRename,
  onClose,
}: {
  current: string;
  taken: readonly string[];
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(current);
  const problem = name === current ? undefined : columnNameProblem(name, taken);
  return (
    <FormDialog
      title={i18n.translate('lookups.editor.renameTitle', {
        defaultMessage: 'Rename the column "{name}"',
        values: { name: current },
      })}
      id="lookupsRenameColumnTitle"
      onClose={onClose}
      onSubmit={() => onRename(name)}
      submitText={i18n.translate('lookups.editor.renameSubmit', { defaultMessage: 'Rename' })}
      canSubmit={name !== '' && name !== current && problem === undefined}
      testSubj="lookupsRenameColumn"
    >
      <EuiFormRow
        label={i18n.translate('lookups.editor.newName', { defaultMessage: 'New name' })}
        isInvalid={problem !== undefined}
        error={problem}
      >
        <EuiFieldText
          value={name}
          onChange={(e) => setName(e.target.value)}
          isInvalid={problem !== undefined}
          autoFocus
          data-test-subj="lookupsColumnName"
        />
      </EuiFormRow>
    </FormDialog>
  );
}

export function PasteRowsModal({
  columns,
  onPaste,
  onClose,
}: {
  columns: readonly string[];
  onPaste: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  return (
    <FormDialog
      title={i18n.translate('lookups.editor.pasteTitle', { defaultMessage: 'Paste rows' })}
      id="lookupsPasteRowsTitle"
      onClose={onClose}
      onSubmit={() => onPaste(text)}
      submitText={i18n.translate('lookups.editor.pasteSubmit', {
        defaultMessage: 'Add these rows',
      })}
      canSubmit={text.trim() !== ''}
      testSubj="lookupsPasteRows"
    >
      <EuiFormRow
        label={i18n.translate('lookups.editor.pasteLabel', {
          defaultMessage: 'Cells copied from a spreadsheet, one row per line',
        })}
        helpText={i18n.translate('lookups.editor.pasteHelp', {
          defaultMessage:
            'Columns separated by tabs, in this order: {columns}. They are added as new rows.',
          values: { columns: columns.join(', ') },
        })}
        fullWidth
      >
        <EuiTextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          fullWidth
          rows={8}
          autoFocus
          data-test-subj="lookupsPasteRowsText"
        />
      </EuiFormRow>
    </FormDialog>
  );
}
