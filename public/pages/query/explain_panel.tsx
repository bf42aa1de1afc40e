/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * "Explain": the plan of a query, step by step, with where each step runs (pushed down into
 * OpenSearch, streamed through the server, or buffered there), and for a write the action it
 * would take on its target, before anything is run.
 */
import {
  EuiAccordion,
  EuiBadge,
  EuiBasicTable,
  EuiCallOut,
  EuiCodeBlock,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { ExplainResponse, PlanStep, WriteAction } from '../../../common/api/codecs';
import { rowCount } from '../../components/format';

const MODES: Record<PlanStep['mode'], { color: string; label: () => string; help: () => string }> =
  {
    pushed_down: {
      color: 'success',
      label: () =>
        i18n.translate('lookups.explain.mode.pushedDown', { defaultMessage: 'pushed down' }),
      help: () =>
        i18n.translate('lookups.explain.mode.pushedDownHelp', {
          defaultMessage: 'runs inside OpenSearch',
        }),
    },
    streams: {
      color: 'primary',
      label: () => i18n.translate('lookups.explain.mode.streams', { defaultMessage: 'streams' }),
      help: () =>
        i18n.translate('lookups.explain.mode.streamsHelp', {
          defaultMessage: 'runs in the server, row by row',
        }),
    },
    buffers: {
      color: 'warning',
      label: () => i18n.translate('lookups.explain.mode.buffers', { defaultMessage: 'buffers' }),
      help: () =>
        i18n.translate('lookups.explain.mode.buffersHelp', {
          defaultMessage: 'holds rows in the server',
        }),
    },
  };

/** What a run would do to its target, before it runs. */
export function wouldDo(action: WriteAction): string {
  switch (action) {
    case 'created':
      return i18n.translate('lookups.explain.would.created', {
        defaultMessage: 'It would create the lookup.',
      });
    case 'overwritten':
      return i18n.translate('lookups.explain.would.overwritten', {
        defaultMessage: 'It would replace the rows; the current version is kept as an old version.',
      });
    case 'appended':
      return i18n.translate('lookups.explain.would.appended', {
        defaultMessage: 'It would add the rows to the ones the lookup holds.',
      });
    case 'upserted':
      return i18n.translate('lookups.explain.would.upserted', {
        defaultMessage:
          'It would add the rows by key: each replaces a stored row written with the same key, if there is one.',
      });
    case 'migrated':
      return i18n.translate('lookups.explain.would.migrated', {
        defaultMessage: 'It would move the legacy lookup to a managed one and write the rows.',
      });
    case 'unchanged':
      return i18n.translate('lookups.explain.would.unchanged', {
        defaultMessage: 'It would leave the lookup unchanged.',
      });
  }
}

export function ModeBadge({ mode }: { mode: PlanStep['mode'] }) {
  const spec = MODES[mode] ?? { color: 'default', label: () => mode, help: () => '' };
  return (
    <EuiBadge color={spec.color} title={spec.help()} data-test-subj={`lookupsPlanMode-${mode}`}>
      {spec.label()}
    </EuiBadge>
  );
}

export function ExplainPanel({ result }: { result: ExplainResponse }) {
  const output = result.output;
  return (
    <div data-test-subj="lookupsExplain">
      {output ? (
        <>
          {output.action === 'refused' ? (
            <EuiCallOut
              color="danger"
              iconType="alert"
              title={i18n.translate('lookups.explain.refused', {
                defaultMessage: 'A write to {name} would be refused',
                values: { name: output.name },
              })}
              data-test-subj="lookupsExplainOutput"
            >
              {output.message ? <p>{output.message}</p> : null}
            </EuiCallOut>
          ) : (
            <EuiCallOut
              color={output.message ? 'warning' : 'primary'}
              iconType={output.message ? 'alert' : 'iInCircle'}
              title={i18n.translate('lookups.explain.wouldWrite', {
                defaultMessage: 'Running it would write to {name}: {action}',
                values: { name: output.name, action: output.action },
              })}
              data-test-subj="lookupsExplainOutput"
            >
              <p>
                {wouldDo(output.action)}{' '}
                {i18n.translate('lookups.explain.targetKind', {
                  defaultMessage: '(The target is now: {kind}.)',
                  values: { kind: output.target_kind },
                })}
              </p>
              {output.message ? <p>{output.message}</p> : null}
            </EuiCallOut>
          )}
          <EuiSpacer size="m" />
        </>
      ) : null}
      {result.rows !== undefined ? (
        <EuiText size="s">
          <p data-test-subj="lookupsExplainRows">
            {i18n.translate('lookups.explain.rows', {
              defaultMessage: 'It would produce {rows}.',
              values: { rows: rowCount(result.rows) },
            })}
          </p>
        </EuiText>
      ) : null}
      <EuiTitle size="xxs">
        <h3>{i18n.translate('lookups.explain.plan', { defaultMessage: 'Plan' })}</h3>
      </EuiTitle>
      <EuiBasicTable<PlanStep & { step: number }>
        tableCaption={i18n.translate('lookups.explain.planCaption', {
          defaultMessage: 'Plan steps',
        })}
        items={result.plan.map((step, i) => ({ ...step, step: i + 1 }))}
        columns={[
          {
            field: 'step',
            name: '#',
            width: '40px',
          },
          {
            field: 'command',
            name: i18n.translate('lookups.explain.col.command', { defaultMessage: 'Command' }),
            render: (command: string) => <code>{command}</code>,
          },
          {
            field: 'mode',
            name: i18n.translate('lookups.explain.col.mode', { defaultMessage: 'Runs' }),
            width: '130px',
            render: (mode: PlanStep['mode']) => <ModeBadge mode={mode} />,
          },
          {
            field: 'detail',
            name: i18n.translate('lookups.explain.col.detail', { defaultMessage: 'Detail' }),
            render: (detail?: string) => detail ?? '',
          },
        ]}
        data-test-subj="lookupsExplainPlan"
      />
      {result.request !== undefined ? (
        <>
          <EuiSpacer size="s" />
          <EuiAccordion
            id="lookupsExplainRequest"
            buttonContent={i18n.translate('lookups.explain.request', {
              defaultMessage: 'OpenSearch request',
            })}
          >
            <EuiCodeBlock language="json" paddingSize="s" fontSize="s" isCopyable>
              {JSON.stringify(result.request, null, 2)}
            </EuiCodeBlock>
          </EuiAccordion>
        </>
      ) : null}
    </div>
  );
}
