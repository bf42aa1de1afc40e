/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Two versions of a lookup compared: how many rows each has, which columns came or went, and,
 * by key fields the user picks, which rows were added, removed or changed (with a few of each).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  EuiButton,
  EuiLoadingSpinner,
  EuiCheckboxGroup,
  EuiCodeBlock,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiPanel,
  EuiSelect,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { SliceInfo } from '../../../common/api/codecs';
import { stringifyJson } from '../../../common/api/lossless_json';
import type { CompareResponse } from '../../../common/api/compare';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatNumber, formatTime, rowCount, shortSlice } from '../../components/format';
import { toApiFailure, type ApiFailure } from '../../services/api_client';
import { useApi } from '../../services/services_context';

const sliceLabel = (slice: SliceInfo) =>
  [
    slice.current
      ? i18n.translate('lookups.compare.currentSlice', {
          defaultMessage: '{id} (current)',
          values: { id: shortSlice(slice.id) },
        })
      : shortSlice(slice.id),
    ...(slice.created_at ? [formatTime(slice.created_at, 'short')] : []),
    rowCount(slice.rows),
  ].join(' · ');

const none = i18n.translate('lookups.compare.none', { defaultMessage: 'none' });

/** Compares two versions, by key fields when given; only the newest request's answer is kept. */
export function useVersionCompare(name: string) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<CompareResponse | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  // Only the newest request's answer is shown: one sent earlier may come back later.
  const latest = useRef(0);
  const run = useCallback(
    async (pair: { from: string; to: string }, keyFields: string[]) => {
      const request = ++latest.current;
      setBusy(true);
      setError(null);
      try {
        const next = await api.compare(name, {
          ...pair,
          ...(keyFields.length ? { key_field: keyFields } : {}),
        });
        if (request === latest.current) setAnswer(next);
      } catch (e) {
        if (request !== latest.current) return;
        setError(toApiFailure(e));
        setAnswer(null);
      } finally {
        if (request === latest.current) setBusy(false);
      }
    },
    [api, name]
  );
  // An answer arriving after the view is gone is dropped.
  useEffect(
    () => () => {
      latest.current++;
    },
    []
  );
  return { busy, answer, error, run };
}

/**
 * "Compare rows by key": a checkbox per column of either version, then, by the keys picked, the
 * rows added, removed and changed (or, while it is asked, that it is being compared).
 */
export function CompareByKey({
  answer,
  keys,
  busy,
  onKeys,
}: {
  answer: CompareResponse;
  keys: string[];
  busy: boolean;
  onKeys: (keys: string[]) => void;
}) {
  const columns = [...new Set([...answer.from.columns, ...answer.to.columns])];
  return (
    <>
      <EuiFormRow
        hasChildLabel={false}
        label={i18n.translate('lookups.compare.keys', {
          defaultMessage: 'Compare rows by key',
        })}
        helpText={i18n.translate('lookups.compare.keysHelp', {
          defaultMessage: 'Rows with the same values in these columns are the same row.',
        })}
      >
        <EuiCheckboxGroup
          options={columns.map((c, i) => ({ id: `lookupsCompareKey-${i}`, label: c }))}
          idToSelectedMap={Object.fromEntries(
            columns.map((c, i) => [`lookupsCompareKey-${i}`, keys.includes(c)])
          )}
          onChange={(id) => {
            const column = columns[Number(id.split('-').pop())];
            onKeys(keys.includes(column) ? keys.filter((k) => k !== column) : [...keys, column]);
          }}
          data-test-subj="lookupsCompareKeys"
        />
      </EuiFormRow>
      {busy ? (
        <EuiText size="s" color="subdued" data-test-subj="lookupsCompareBusy">
          <p role="status">
            <EuiLoadingSpinner size="s" />{' '}
            {keys.length
              ? i18n.translate('lookups.compare.busyByKey', {
                  defaultMessage: 'Comparing the rows by {keys}…',
                  values: { keys: keys.join(', ') },
                })
              : i18n.translate('lookups.compare.busy', {
                  defaultMessage: 'Comparing the versions…',
                })}
          </p>
        </EuiText>
      ) : answer.by_key ? (
        <ByKey byKey={answer.by_key} />
      ) : null}
    </>
  );
}

export function CompareVersions({ name, slices }: { name: string; slices: SliceInfo[] }) {
  const current = slices.find((s) => s.current) ?? slices[slices.length - 1];
  // Newest first: the version before the current one.
  const previous = slices.find((s) => s.id !== current?.id);
  const [from, setFrom] = useState(previous?.id ?? '');
  const [to, setTo] = useState(current?.id ?? '');
  const [keys, setKeys] = useState<string[]>([]);
  const { busy, answer, error, run } = useVersionCompare(name);

  if (slices.length < 2) return null;
  const options = slices.map((s) => ({ value: s.id, text: sliceLabel(s) }));

  // Once something is shown, it follows the pickers: a new pair of versions is compared at once.
  const pick = (pair: { from: string; to: string }) => {
    setFrom(pair.from);
    setTo(pair.to);
    if (answer && pair.from !== pair.to) void run(pair, keys);
  };

  return (
    <EuiPanel paddingSize="m" hasBorder data-test-subj="lookupsCompare">
      <EuiTitle size="xs">
        <h3>{i18n.translate('lookups.compare.title', { defaultMessage: 'Compare versions' })}</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      <EuiFlexGroup gutterSize="m" alignItems="flexEnd" responsive={false} wrap>
        <EuiFlexItem>
          <EuiFormRow label={i18n.translate('lookups.compare.from', { defaultMessage: 'From' })}>
            <EuiSelect
              options={options}
              value={from}
              onChange={(e) => pick({ from: e.target.value, to })}
              data-test-subj="lookupsCompareFrom"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiFormRow label={i18n.translate('lookups.compare.to', { defaultMessage: 'To' })}>
            <EuiSelect
              options={options}
              value={to}
              onChange={(e) => pick({ from, to: e.target.value })}
              data-test-subj="lookupsCompareTo"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            onClick={() => run({ from, to }, keys)}
            isLoading={busy}
            isDisabled={from === to}
            data-test-subj="lookupsCompareRun"
          >
            {i18n.translate('lookups.compare.run', { defaultMessage: 'Compare' })}
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.compare.failed', {
              defaultMessage: 'The versions could not be compared',
            })}
            error={error}
            data-test-subj="lookupsCompareError"
          />
        </>
      ) : null}
      {answer ? (
        <>
          <EuiSpacer size="m" />
          <EuiDescriptionList
            compressed
            type="column"
            data-test-subj="lookupsCompareSummary"
            listItems={[
              {
                title: i18n.translate('lookups.compare.rows', { defaultMessage: 'Rows' }),
                description: `${formatNumber(answer.from.rows)} → ${formatNumber(answer.to.rows)}`,
              },
              {
                title: i18n.translate('lookups.compare.added', {
                  defaultMessage: 'Columns added',
                }),
                description: answer.columns.added.join(', ') || none,
              },
              {
                title: i18n.translate('lookups.compare.removed', {
                  defaultMessage: 'Columns removed',
                }),
                description: answer.columns.removed.join(', ') || none,
              },
            ]}
          />
          <EuiSpacer size="m" />
          <CompareByKey
            answer={answer}
            keys={keys}
            busy={busy}
            onKeys={(next) => {
              setKeys(next);
              void run({ from, to }, next);
            }}
          />
        </>
      ) : null}
    </EuiPanel>
  );
}

function Samples({
  title,
  rows,
  total,
  testSubj,
}: {
  title: string;
  rows: unknown[];
  /** How many rows of this kind there are; `rows` may be only the first few. */
  total: number;
  testSubj: string;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <EuiSpacer size="s" />
      <EuiText size="xs">
        <h4>{title}</h4>
        {rows.length < total ? (
          <p data-test-subj={`${testSubj}Sample`}>
            {i18n.translate('lookups.compare.sampleOf', {
              defaultMessage: 'A sample: the first {shown} of {total}.',
              values: { shown: formatNumber(rows.length), total: formatNumber(total) },
            })}
          </p>
        ) : null}
      </EuiText>
      <EuiCodeBlock language="text" fontSize="s" paddingSize="s" data-test-subj={testSubj}>
        {rows.map((r) => stringifyJson(r)).join('\n')}
      </EuiCodeBlock>
    </>
  );
}

export function ByKey({ byKey }: { byKey: NonNullable<CompareResponse['by_key']> }) {
  return (
    <div data-test-subj="lookupsCompareByKey">
      <EuiSpacer size="s" />
      <EuiText size="s">
        <p data-test-subj="lookupsCompareCounts">
          {i18n.translate('lookups.compare.counts', {
            defaultMessage:
              'By {keys}: {added} added, {removed} removed, {changed} changed, {unchanged} unchanged.',
            values: {
              keys: byKey.key_field.join(', '),
              added: formatNumber(byKey.added),
              removed: formatNumber(byKey.removed),
              changed: formatNumber(byKey.changed),
              unchanged: formatNumber(byKey.unchanged),
            },
          })}
        </p>
      </EuiText>
      <Samples
        title={i18n.translate('lookups.compare.sampleAdded', { defaultMessage: 'Added' })}
        rows={byKey.samples.added}
        total={byKey.added}
        testSubj="lookupsCompareAdded"
      />
      <Samples
        title={i18n.translate('lookups.compare.sampleRemoved', { defaultMessage: 'Removed' })}
        rows={byKey.samples.removed}
        total={byKey.removed}
        testSubj="lookupsCompareRemovedRows"
      />
      <Samples
        title={i18n.translate('lookups.compare.sampleChanged', {
          defaultMessage: 'Changed (before → after)',
        })}
        rows={byKey.samples.changed.map((c) => ({ before: c.from, after: c.to }))}
        total={byKey.changed}
        testSubj="lookupsCompareChanged"
      />
    </div>
  );
}
