/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A new lookup from a file, from the catalog (as the OSD data importer and Kibana's file upload
 * do): pick a CSV or NDJSON file, see its first rows and the type of each column, choose the
 * name and any key fields, and create it with the import route.
 */
import { useEffect, useRef, useState } from 'react';
import { useHistory } from 'react-router-dom';
import {
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiCheckboxGroup,
  EuiFieldText,
  EuiFilePicker,
  EuiFormRow,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { appRoutes } from '../../../common/api/paths';
import { rowsToItems, schemaColumns, type TableRow } from '../../components/data_columns';
import { Dialog } from '../../components/dialogs';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatNumber, rowCount } from '../../components/format';
import { Refusable } from '../../components/permissions';
import type { ApiFailure } from '../../services/api_client';
import { fileTooLarge } from '../../services/import_limits';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { importIntoLookup } from '../../store/operations';
import { previewFile, type FilePreview } from './file_preview';
import { useNewLookupName, useWritableName } from './new_lookup_name';

/** A lookup name from a file name: lower case, letters, digits and `_`. */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function CreateFromFileModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const history = useHistory();
  const { notifications, config } = useServices();
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = fileTooLarge(file, config.max_import_bytes);
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [keys, setKeys] = useState<string[]>([]);
  const writableName = useWritableName();
  // The name follows each file picked until the user types one; a suggestion for an earlier
  // pick, or one arriving after the user typed, changes nothing.
  const nameTyped = useRef(false);
  const pick = useRef(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // The dialog scrolls: a refusal at its end is brought into view, with the focus on it.
  useEffect(() => {
    if (!error || !errorRef.current) return;
    errorRef.current.scrollIntoView?.({ block: 'nearest' });
    errorRef.current.focus();
  }, [error]);

  useEffect(() => {
    if (!file) return undefined;
    let live = true;
    setPreview(null);
    setPreviewError(null);
    setKeys([]);
    previewFile(file).then(
      (p) => live && setPreview(p),
      (e: Error) => live && setPreviewError(e.message)
    );
    return () => {
      live = false;
    };
  }, [file]);

  const {
    trimmed,
    valid,
    taken,
    grant,
    problem: nameProblem,
  } = useNewLookupName(name, (named) =>
    i18n.translate('lookups.create.taken', {
      defaultMessage:
        'A lookup named "{name}" exists; import into it from its Settings tab, or choose another name.',
      values: { name: named },
    })
  );
  const ready =
    file !== null &&
    preview !== null &&
    preview.schema.length > 0 &&
    preview.problem === undefined &&
    valid;

  const create = async () => {
    if (!file || !preview || !ready || taken) return;
    setBusy(true);
    setError(null);
    try {
      const done = await dispatch(
        importIntoLookup({
          name: trimmed,
          file,
          options: {
            format: preview.format,
            ...(preview.delimiter ? { delimiter: preview.delimiter } : {}),
            ...(keys.length > 0 ? { key_field: keys } : {}),
          },
        })
      ).unwrap();
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.create.done', {
          defaultMessage: 'Created "{name}" with {rows}',
          values: { name: trimmed, rows: rowCount(done.rows_written) },
        }),
      });
      onClose();
      history.push(appRoutes.lookup(trimmed, 'rows'));
    } catch (e) {
      setError(e as ApiFailure);
      setBusy(false);
    }
  };

  return (
    <Dialog
      id="lookupsCreateTitle"
      title={i18n.translate('lookups.create.title', {
        defaultMessage: 'Create a lookup from a file',
      })}
      testSubj="lookupsCreateModal"
      width={880}
      onClose={onClose}
      footer={
        <>
          <EuiButtonEmpty onClick={onClose} data-test-subj="lookupsCreateCancel">
            {i18n.translate('lookups.create.cancel', { defaultMessage: 'Cancel' })}
          </EuiButtonEmpty>
          {/* A file that cannot be read is the problem to fix first: no refusal of the name yet. */}
          <Refusable name={trimmed} action="write" grant={preview ? grant : undefined}>
            {(refused) => (
              <EuiButton
                fill
                onClick={create}
                isLoading={busy}
                isDisabled={refused || !ready || taken || tooLarge !== undefined}
                data-test-subj="lookupsCreateSubmit"
              >
                {preview
                  ? i18n.translate('lookups.create.submitColumns', {
                      defaultMessage: 'Create with {columns} columns',
                      values: { columns: formatNumber(preview.schema.length) },
                    })
                  : i18n.translate('lookups.create.submit', { defaultMessage: 'Create' })}
              </EuiButton>
            )}
          </Refusable>
        </>
      }
    >
      <EuiFormRow
        fullWidth
        label={i18n.translate('lookups.create.file', { defaultMessage: 'File' })}
        isInvalid={tooLarge !== undefined}
        error={tooLarge}
        helpText={i18n.translate('lookups.create.fileHelp', {
          defaultMessage: 'CSV with a header row, or NDJSON (one JSON object per line).',
        })}
      >
        <EuiFilePicker
          fullWidth
          accept=".csv,.tsv,.txt,.ndjson,.jsonl,.json"
          initialPromptText={i18n.translate('lookups.create.prompt', {
            defaultMessage: 'Select or drag a file',
          })}
          onChange={(files) => {
            const picked = files && files.length > 0 ? files[0] : null;
            setFile(picked);
            const thisPick = ++pick.current;
            if (picked && !nameTyped.current) {
              // A name the user may write, so the field starts without a refusal.
              const base = nameFromFile(picked.name);
              setName(base);
              void writableName(base).then((suggested) => {
                if (thisPick === pick.current && !nameTyped.current) setName(suggested);
              });
            }
          }}
          display="default"
          data-test-subj="lookupsCreateFile"
        />
      </EuiFormRow>
      {previewError ? (
        <EuiCallOut
          color="danger"
          iconType="alert"
          size="s"
          title={i18n.translate('lookups.create.previewFailed', {
            defaultMessage: 'This file cannot be read: {problem}',
            values: { problem: previewError },
          })}
          data-test-subj="lookupsCreatePreviewError"
        />
      ) : null}
      {preview ? (
        <>
          <EuiSpacer size="m" />
          <EuiText size="s">
            <h3>{i18n.translate('lookups.create.preview', { defaultMessage: 'Preview' })}</h3>
            <p data-test-subj="lookupsCreatePreviewNote">
              {i18n.translate('lookups.create.previewNote', {
                defaultMessage:
                  'The first rows, and each column’s type as read from {rows}{partial}. The import reads the whole file and may type a column differently.',
                values: {
                  rows: rowCount(preview.rowsRead),
                  partial: preview.partial
                    ? i18n.translate('lookups.create.partial', {
                        defaultMessage: ' at the start of the file',
                      })
                    : '',
                },
              })}
            </p>
            {preview.formulasUnescaped ? (
              <p data-test-subj="lookupsCreateFormulasNote">
                {i18n.translate('lookups.create.formulasNote', {
                  defaultMessage:
                    'Cells that start with a quote before =, +, - or @ (as an export writes them, so a spreadsheet does not run them) are imported without that quote.',
                })}
              </p>
            ) : null}
          </EuiText>
          {preview.problem ? (
            <>
              <EuiSpacer size="s" />
              <EuiCallOut
                color="danger"
                iconType="alert"
                size="s"
                role="alert"
                title={i18n.translate('lookups.create.previewProblem', {
                  defaultMessage: 'The import would refuse this file: {problem}.',
                  values: { problem: preview.problem },
                })}
                data-test-subj="lookupsCreatePreviewProblem"
              >
                <p>
                  {i18n.translate('lookups.create.previewProblemHelp', {
                    defaultMessage:
                      'Every row needs one value per column of the header. Fix the file and pick it again.',
                  })}
                </p>
              </EuiCallOut>
            </>
          ) : null}
          <EuiSpacer size="s" />
          <div style={{ overflowX: 'auto' }}>
            <EuiBasicTable<TableRow>
              tableCaption={i18n.translate('lookups.create.previewCaption', {
                defaultMessage: 'The first rows of the file',
              })}
              items={rowsToItems(preview.rows)}
              columns={schemaColumns(preview.schema, { sortable: false })}
              data-test-subj="lookupsCreatePreview"
            />
          </div>
          <EuiSpacer size="m" />
          <EuiFormRow
            fullWidth
            label={i18n.translate('lookups.create.name', { defaultMessage: 'Lookup name' })}
            isInvalid={nameProblem !== undefined}
            error={nameProblem}
          >
            <EuiFieldText
              value={name}
              onChange={(e) => {
                nameTyped.current = e.target.value !== '';
                setName(e.target.value);
              }}
              isInvalid={nameProblem !== undefined}
              data-test-subj="lookupsCreateName"
            />
          </EuiFormRow>
          <EuiFormRow
            fullWidth
            hasChildLabel={false}
            label={i18n.translate('lookups.create.keys', {
              defaultMessage: 'Key fields (optional)',
            })}
            helpText={i18n.translate('lookups.create.keysHelp', {
              defaultMessage:
                'Rows with the same key replace each other, in this file and in later appends.',
            })}
          >
            <EuiCheckboxGroup
              options={preview.schema.map((c, i) => ({
                id: `lookupsCreateKey-${i}`,
                label: c.name,
              }))}
              idToSelectedMap={Object.fromEntries(
                preview.schema.map((c, i) => [`lookupsCreateKey-${i}`, keys.includes(c.name)])
              )}
              onChange={(id) => {
                const column = preview.schema[Number(id.split('-').pop())].name;
                setKeys((k) =>
                  k.includes(column) ? k.filter((c) => c !== column) : [...k, column]
                );
              }}
              data-test-subj="lookupsCreateKeys"
            />
          </EuiFormRow>
        </>
      ) : null}
      {error ? (
        <div ref={errorRef} tabIndex={-1}>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.create.failed', {
              defaultMessage: '"{name}" was not created',
              values: { name: trimmed },
            })}
            error={error}
            refused={{ lookup: trimmed, action: 'write' }}
            data-test-subj="lookupsCreateError"
          />
        </div>
      ) : null}
    </Dialog>
  );
}
