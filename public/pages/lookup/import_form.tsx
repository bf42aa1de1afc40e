/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Importing a file into a lookup: CSV (with a header row) or NDJSON, sent as a multipart upload
 * with the same options as outputlookup. The server checks the whole file before it publishes
 * anything, so a bad line leaves the lookup as it was, and its message names the line.
 */
import { useState } from 'react';
import {
  EuiCallOut,
  EuiFieldNumber,
  EuiFieldText,
  EuiFilePicker,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiRadioGroup,
  EuiSelect,
  EuiSpacer,
  EuiSwitch,
  EuiTextColor,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { WriteResponse } from '../../../common/api/codecs';
import type { CsvDelimiter, ImportFormat } from '../../../common/api/search_codecs';
import { ApiErrorCallout } from '../../components/error_callout';
import { ActionButton, useGrant } from '../../components/permissions';
import { rowCount } from '../../components/format';
import type { ApiFailure, ImportOptions } from '../../services/api_client';
import { fileTooLarge } from '../../services/import_limits';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { importIntoLookup } from '../../store/operations';

type Mode = 'replace' | 'append' | 'upsert';

/** The form's choices as `_import` options; undefined values are left to the server. */
export function importOptions(form: {
  mode: Mode;
  keyFields: string;
  keepIfEmpty: boolean;
  max: string;
  format: ImportFormat | 'auto';
  delimiter: CsvDelimiter;
}): ImportOptions {
  const options: ImportOptions = {};
  if (form.mode === 'append') options.append = true;
  if (form.mode === 'upsert') {
    options.key_field = form.keyFields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  }
  if (form.keepIfEmpty) options.override_if_empty = false;
  if (form.max.trim() !== '') options.max = Number(form.max);
  if (form.format !== 'auto') options.format = form.format;
  if (form.format !== 'ndjson' && form.delimiter !== ',') options.delimiter = form.delimiter;
  return options;
}

export function ImportForm({ name }: { name: string }) {
  const dispatch = useAppDispatch();
  const { notifications, config } = useServices();
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = fileTooLarge(file, config.max_import_bytes);
  const [mode, setMode] = useState<Mode>('replace');
  const [keyFields, setKeyFields] = useState('');
  const [keepIfEmpty, setKeepIfEmpty] = useState(false);
  const [max, setMax] = useState('');
  const [format, setFormat] = useState<ImportFormat | 'auto'>('auto');
  const [delimiter, setDelimiter] = useState<CsvDelimiter>(',');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [done, setDone] = useState<WriteResponse | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const importGrant = useGrant(name, 'import');

  const needsKeys = mode === 'upsert' && keyFields.trim() === '';

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const options = importOptions({ mode, keyFields, keepIfEmpty, max, format, delimiter });
      const answer = await dispatch(importIntoLookup({ name, file, options })).unwrap();
      setDone(answer);
      setFile(null);
      setPickerKey((k) => k + 1);
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.import.doneToast', {
          defaultMessage: 'Imported {rows} into "{name}"',
          values: { rows: rowCount(answer.rows_written), name },
        }),
      });
    } catch (e) {
      setError(e as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-test-subj="lookupsImportForm">
      <EuiFormRow
        label={i18n.translate('lookups.import.file', { defaultMessage: 'File' })}
        isInvalid={tooLarge !== undefined}
        error={tooLarge}
        helpText={i18n.translate('lookups.import.fileHelp', {
          defaultMessage: 'CSV with a header row, or NDJSON (one JSON object per line).',
        })}
      >
        <EuiFilePicker
          key={pickerKey}
          accept=".csv,.tsv,.txt,.ndjson,.jsonl,.json"
          initialPromptText={
            // OUI greys this prompt below a 4.5:1 contrast; its subdued text colour passes, in the
            // light and the dark theme alike.
            <EuiTextColor color="subdued">
              {i18n.translate('lookups.import.prompt', {
                defaultMessage: 'Select or drag a file',
              })}
            </EuiTextColor>
          }
          onChange={(files) => setFile(files && files.length > 0 ? files[0] : null)}
          display="default"
          data-test-subj="lookupsImportFile"
        />
      </EuiFormRow>
      <EuiFormRow
        label={i18n.translate('lookups.import.mode', { defaultMessage: 'What the file does' })}
      >
        <EuiRadioGroup
          idSelected={mode}
          onChange={(id) => setMode(id as Mode)}
          name="lookupsImportMode"
          options={[
            {
              id: 'replace',
              label: i18n.translate('lookups.import.replace', {
                defaultMessage: 'Replace the rows (the old version is kept)',
              }),
            },
            {
              id: 'append',
              label: i18n.translate('lookups.import.append', {
                defaultMessage: 'Add the rows',
              }),
            },
            {
              id: 'upsert',
              label: i18n.translate('lookups.import.upsert', {
                defaultMessage: 'Add or replace rows by key fields',
              }),
            },
          ]}
          data-test-subj="lookupsImportMode"
        />
      </EuiFormRow>
      {mode === 'upsert' ? (
        <EuiFormRow
          label={i18n.translate('lookups.import.keyFields', { defaultMessage: 'Key fields' })}
          helpText={i18n.translate('lookups.import.keyFieldsHelp', {
            defaultMessage: 'Comma-separated column names that identify a row.',
          })}
          isInvalid={needsKeys}
        >
          <EuiFieldText
            value={keyFields}
            onChange={(e) => setKeyFields(e.target.value)}
            isInvalid={needsKeys}
            data-test-subj="lookupsImportKeyFields"
          />
        </EuiFormRow>
      ) : null}
      <EuiFlexGroup gutterSize="m" responsive={false} wrap>
        <EuiFlexItem grow={false} style={{ minWidth: 160 }}>
          <EuiFormRow label={i18n.translate('lookups.import.format', { defaultMessage: 'Format' })}>
            <EuiSelect
              value={format}
              onChange={(e) => setFormat(e.target.value as ImportFormat | 'auto')}
              options={[
                {
                  value: 'auto',
                  text: i18n.translate('lookups.import.formatAuto', {
                    defaultMessage: 'From the file name',
                  }),
                },
                { value: 'csv', text: 'CSV' },
                { value: 'ndjson', text: 'NDJSON' },
              ]}
            />
          </EuiFormRow>
        </EuiFlexItem>
        {format !== 'ndjson' ? (
          <EuiFlexItem grow={false} style={{ minWidth: 160 }}>
            <EuiFormRow
              label={i18n.translate('lookups.import.delimiter', {
                defaultMessage: 'CSV delimiter',
              })}
            >
              <EuiSelect
                value={delimiter}
                onChange={(e) => setDelimiter(e.target.value as CsvDelimiter)}
                options={[
                  {
                    value: ',',
                    text: i18n.translate('lookups.import.comma', { defaultMessage: 'Comma (,)' }),
                  },
                  {
                    value: ';',
                    text: i18n.translate('lookups.import.semicolon', {
                      defaultMessage: 'Semicolon (;)',
                    }),
                  },
                  {
                    value: '\t',
                    text: i18n.translate('lookups.import.tab', { defaultMessage: 'Tab' }),
                  },
                  {
                    value: '|',
                    text: i18n.translate('lookups.import.pipe', { defaultMessage: 'Pipe (|)' }),
                  },
                ]}
              />
            </EuiFormRow>
          </EuiFlexItem>
        ) : null}
        <EuiFlexItem grow={false} style={{ minWidth: 160 }}>
          <EuiFormRow
            label={i18n.translate('lookups.import.max', { defaultMessage: 'At most (rows)' })}
          >
            <EuiFieldNumber
              min={1}
              value={max}
              onChange={(e) => setMax(e.target.value)}
              placeholder={i18n.translate('lookups.import.maxPlaceholder', {
                defaultMessage: 'No limit',
              })}
            />
          </EuiFormRow>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      <EuiFormRow>
        <EuiSwitch
          label={i18n.translate('lookups.import.keepIfEmpty', {
            defaultMessage: 'Leave the lookup unchanged if the file has no rows',
          })}
          checked={keepIfEmpty}
          onChange={(e) => setKeepIfEmpty(e.target.checked)}
        />
      </EuiFormRow>
      <EuiSpacer size="s" />
      <ActionButton
        lookup={name}
        action="import"
        grant={importGrant}
        iconType="importAction"
        onClick={submit}
        isDisabled={!file || needsKeys || tooLarge !== undefined}
        isLoading={busy}
        data-test-subj="lookupsImportSubmit"
      >
        {i18n.translate('lookups.import.submit', { defaultMessage: 'Import' })}
      </ActionButton>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.import.failed', {
              defaultMessage: 'The file was not imported into "{name}"',
              values: { name },
            })}
            error={error}
            refused={{ lookup: name, action: 'import' }}
            data-test-subj="lookupsImportError"
          />
        </>
      ) : null}
      {done ? (
        <>
          <EuiSpacer size="m" />
          <EuiCallOut
            color="success"
            iconType="check"
            size="s"
            title={i18n.translate('lookups.import.done', {
              defaultMessage: '{rows} written ({action})',
              values: { rows: rowCount(done.rows_written), action: done.action },
            })}
            data-test-subj="lookupsImportDone"
          />
        </>
      ) : null}
    </div>
  );
}
