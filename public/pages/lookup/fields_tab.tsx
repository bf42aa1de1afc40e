/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's fields, from `_field_caps?fields=*` with the lookup's slices in the role of
 * indices: each field's type, whether it is searchable and aggregatable, and which versions
 * carry it (a field that only some versions have, or that changed type, shows here). By default
 * the fields of the current version only, as its rows, exports and `source=` show them; a
 * switch shows every stored version's (what a rollback would bring back).
 */
import { useMemo, useState } from 'react';
import {
  EuiBadge,
  EuiEmptyPrompt,
  EuiIcon,
  EuiInMemoryTable,
  EuiLoadingContent,
  EuiSpacer,
  EuiSwitch,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { FieldCapsResponse } from '../../../common/api/search_codecs';
import { typeDetail, typeWithMapping } from '../../components/data_columns';
import { ApiErrorCallout } from '../../components/error_callout';
import { shortSlice } from '../../components/format';
import { loadable, useGetFieldCapsQuery, useGetLookupQuery } from '../../store/api';

export interface FieldRow {
  id: string;
  field: string;
  type: string;
  /** true, false, or the slices where it is not. */
  searchable: boolean | string[];
  aggregatable: boolean | string[];
  /** Slices that carry the field with this type; undefined: every slice. */
  slices?: string[];
}

/**
 * Fields OpenSearch adds to every index: not the lookup's columns (nor is any field of a `_…`
 * type, such as `_feature`, which `_field_caps` lists on every index of OpenSearch 3).
 */
const METADATA_FIELDS = new Set([
  '_id',
  '_index',
  '_routing',
  '_source',
  '_seq_no',
  '_primary_term',
  '_version',
  '_field_names',
  '_ignored',
  '_nested_path',
  '_data_stream_timestamp',
  '_doc_count',
  '_tier',
  '_size',
]);

/**
 * One row per field and type (a field mapped differently across versions has several). The
 * `unmapped` entry (versions without the field) is not a row: the row of the type lists the
 * versions that do carry it.
 */
export function fieldRows(caps: FieldCapsResponse): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const field of Object.keys(caps.fields).sort()) {
    if (METADATA_FIELDS.has(field)) continue;
    for (const [type, cap] of Object.entries(caps.fields[field])) {
      // A metadata field has a type of its own name (`_feature`, `_id`): none a column can have.
      if (type === 'unmapped' || type.startsWith('_')) continue;
      rows.push({
        id: `${field}:${type}`,
        field,
        type,
        searchable: cap.non_searchable_indices?.length
          ? cap.non_searchable_indices
          : cap.searchable,
        aggregatable: cap.non_aggregatable_indices?.length
          ? cap.non_aggregatable_indices
          : cap.aggregatable,
        slices: cap.indices,
      });
    }
  }
  return rows;
}

/** The rows of the fields `slice` carries (a row without `slices` is in every version). */
export function rowsInSlice(rows: FieldRow[], slice: string): FieldRow[] {
  return rows.filter((row) => row.slices === undefined || row.slices.includes(slice));
}

function Capability({ value }: { value: boolean | string[] }) {
  if (Array.isArray(value)) {
    return (
      <span title={value.join(', ')}>
        <EuiIcon type="minusInCircle" color="warning" aria-hidden />{' '}
        {value.length === 1
          ? i18n.translate('lookups.fields.partlyOne', { defaultMessage: 'Not in 1 version' })
          : i18n.translate('lookups.fields.partly', {
              defaultMessage: 'Not in {count} versions',
              values: { count: value.length },
            })}
      </span>
    );
  }
  return value ? (
    <span>
      <EuiIcon type="check" color="success" aria-hidden />{' '}
      {i18n.translate('lookups.fields.yes', { defaultMessage: 'Yes' })}
    </span>
  ) : (
    <span>
      <EuiIcon type="cross" color="subdued" aria-hidden />{' '}
      {i18n.translate('lookups.fields.no', { defaultMessage: 'No' })}
    </span>
  );
}

export function FieldsTab({ name }: { name: string }) {
  const query = useGetFieldCapsQuery(name);
  const fieldCaps = loadable(query);
  const slices = useGetLookupQuery(name, { refetchOnMountOrArgChange: false }).currentData?.slices;

  const rows = useMemo(() => (fieldCaps.data ? fieldRows(fieldCaps.data) : []), [fieldCaps.data]);
  const current = slices?.find((s) => s.current)?.id;
  const allSlices = fieldCaps.data?.indices ?? [];
  const [allVersions, setAllVersions] = useState(false);
  // Until the current version is known there is nothing to narrow to.
  const showAll = allVersions || current === undefined;
  const shown = useMemo(
    () => (showAll || current === undefined ? rows : rowsInSlice(rows, current)),
    [rows, showAll, current]
  );

  if (fieldCaps.status === 'error' && fieldCaps.error) {
    return (
      <ApiErrorCallout
        title={i18n.translate('lookups.fields.loadFailed', {
          defaultMessage: 'The fields could not be read',
        })}
        error={fieldCaps.error}
        onRetry={() => void query.refetch()}
        data-test-subj="lookupsFieldsError"
      />
    );
  }
  if (!fieldCaps.data) return <EuiLoadingContent lines={5} data-test-subj="lookupsFieldsLoading" />;
  if (rows.length === 0) {
    return (
      <EuiEmptyPrompt
        iconType="indexMapping"
        title={
          <h3>{i18n.translate('lookups.fields.emptyTitle', { defaultMessage: 'No fields' })}</h3>
        }
        body={
          <p>
            {i18n.translate('lookups.fields.emptyBody', {
              defaultMessage: 'No version of this lookup has mapped fields yet.',
            })}
          </p>
        }
        data-test-subj="lookupsFieldsEmpty"
      />
    );
  }

  const columns: Array<EuiBasicTableColumn<FieldRow>> = [
    {
      field: 'field',
      name: i18n.translate('lookups.fields.col.field', { defaultMessage: 'Field' }),
      sortable: true,
      render: (field: string) => <code>{field}</code>,
    },
    {
      field: 'type',
      name: i18n.translate('lookups.fields.col.type', { defaultMessage: 'Type' }),
      sortable: true,
      // PPL's name, as query results say it, and the mapping type where it differs.
      render: (type: string) => (
        <EuiBadge color="hollow" title={typeDetail(type)}>
          {typeWithMapping(type)}
        </EuiBadge>
      ),
    },
    {
      field: 'searchable',
      name: i18n.translate('lookups.fields.col.searchable', { defaultMessage: 'Searchable' }),
      render: (value: boolean | string[]) => <Capability value={value} />,
    },
    {
      field: 'aggregatable',
      name: i18n.translate('lookups.fields.col.aggregatable', {
        defaultMessage: 'Aggregatable',
      }),
      render: (value: boolean | string[]) => <Capability value={value} />,
    },
    {
      field: 'slices',
      name: i18n.translate('lookups.fields.col.versions', { defaultMessage: 'In versions' }),
      render: (carrying: string[] | undefined) =>
        carrying === undefined ? (
          i18n.translate('lookups.fields.allVersions', {
            defaultMessage: 'All ({count})',
            values: { count: allSlices.length },
          })
        ) : (
          <span>
            {carrying.map((slice) => (
              <EuiBadge key={slice} color={slice === current ? 'success' : 'hollow'} title={slice}>
                {shortSlice(slice)}
                {slice === current
                  ? ` · ${i18n.translate('lookups.fields.current', { defaultMessage: 'current' })}`
                  : ''}
              </EuiBadge>
            ))}
          </span>
        ),
    },
  ];

  return (
    <>
      <EuiText size="s" color="subdued">
        <p data-test-subj="lookupsFieldsDescription">
          {showAll
            ? allSlices.length === 1
              ? i18n.translate('lookups.fields.descriptionOnly', {
                  defaultMessage: 'Fields of the one stored version of this lookup.',
                })
              : i18n.translate('lookups.fields.descriptionAll', {
                  defaultMessage:
                    'Fields across the {count} stored versions of this lookup. A field missing from some versions lists the versions that have it.',
                  values: { count: allSlices.length },
                })
            : i18n.translate('lookups.fields.descriptionCurrent', {
                defaultMessage:
                  "Fields of the current version: the columns its rows, exports and queries show. Older versions' fields come back with a rollback.",
              })}
        </p>
      </EuiText>
      <EuiSpacer size="s" />
      <EuiSwitch
        label={
          allSlices.length === 1
            ? i18n.translate('lookups.fields.allVersionsSwitchOne', {
                defaultMessage: 'Fields of every version (there is 1)',
              })
            : i18n.translate('lookups.fields.allVersionsSwitch', {
                defaultMessage: 'Fields of all {count} versions',
                values: { count: allSlices.length },
              })
        }
        checked={showAll}
        disabled={current === undefined}
        onChange={(event) => setAllVersions(event.target.checked)}
        data-test-subj="lookupsFieldsAllVersions"
      />
      <EuiSpacer size="s" />
      <EuiInMemoryTable<FieldRow>
        tableCaption={i18n.translate('lookups.fields.caption', { defaultMessage: 'Fields' })}
        items={shown}
        itemId="id"
        rowHeader="field"
        columns={columns}
        sorting={{ sort: { field: 'field', direction: 'asc' } }}
        pagination={shown.length > 50 ? { initialPageSize: 50 } : undefined}
        message={
          shown.length === 0
            ? i18n.translate('lookups.fields.noneInCurrent', {
                defaultMessage:
                  'The current version has no rows with fields (it is empty). Show all versions to see older ones.',
              })
            : undefined
        }
        data-test-subj="lookupsFieldsTable"
      />
    </>
  );
}
