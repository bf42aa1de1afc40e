/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Replicas section of a lookup's Settings tab: one replica (`0-1`, the default) or a copy on
 * every node (`0-all`, for a lookup many searches read, as Elastic's enrich does). A value set
 * through the API outside these two is shown and kept until another is chosen. Whoever may not
 * write the lookup sees the choice read-only.
 */
import { useCallback, useState } from 'react';
import {
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiLoadingContent,
  EuiSelect,
  EuiSpacer,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { REPLICA_CHOICES, type ReplicasSettings } from '../../../common/api/replicas';
import { ApiErrorCallout } from '../../components/error_callout';
import { ActionButton, useGrant } from '../../components/permissions';
import { useApi } from '../../services/services_context';
import { SectionTitle, SettingsSection, useSettingsSection } from './settings/settings_section';

const choiceLabel = (value: string) =>
  value === '0-1'
    ? i18n.translate('lookups.replicas.oneReplica', {
        defaultMessage: 'One replica once a second node joins (0-1)',
      })
    : value === '0-all'
      ? i18n.translate('lookups.replicas.everyNode', {
          defaultMessage: 'A copy on every node (0-all)',
        })
      : value === 'false'
        ? i18n.translate('lookups.replicas.fixed', {
            defaultMessage: 'Fixed replica count (false)',
          })
        : value;

/* The host's i18n has no ICU plurals: two messages (as format.ts counts). */
const replicasNow = (n: number) =>
  n === 1
    ? i18n.translate('lookups.replicas.nowOne', {
        defaultMessage: '1 replica on this cluster now',
      })
    : i18n.translate('lookups.replicas.nowMany', {
        defaultMessage: '{count} replicas on this cluster now',
        values: { count: n },
      });

export function ReplicasSection({ name }: { name: string }) {
  const api = useApi();
  const grant = useGrant(name, 'write');
  const [settings, setSettings] = useState<ReplicasSettings | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const { error, busy, run } = useSettingsSection(
    useCallback(async () => setSettings(await api.replicas(name)), [api, name])
  );

  const title = i18n.translate('lookups.replicas.title', { defaultMessage: 'Replicas' });
  if (!settings) {
    return (
      <div data-test-subj="lookupsReplicas">
        <SectionTitle>{title}</SectionTitle>
        <EuiSpacer size="s" />
        {error ? (
          <ApiErrorCallout
            title={i18n.translate('lookups.replicas.loadFailed', {
              defaultMessage: 'The replica choice could not be read',
            })}
            error={error}
          />
        ) : (
          <EuiLoadingContent lines={2} data-test-subj="lookupsReplicasLoading" />
        )}
      </div>
    );
  }
  const current = settings.auto_expand_replicas ?? 'false';
  const selected = choice ?? current;
  const values = [...new Set<string>([...REPLICA_CHOICES, current])];
  const save = () =>
    run(async () => {
      setSettings(await api.setReplicas(name, { auto_expand_replicas: selected }));
      setChoice(null);
    });

  return (
    <SettingsSection
      data-test-subj="lookupsReplicas"
      title={title}
      help={i18n.translate('lookups.replicas.body', {
        defaultMessage:
          'A copy on every node lets every node read the lookup locally, and keeps it readable with all but one node down; each write then copies it to every node. New lookups get {default}. The choice is kept across new versions.',
        values: { default: settings.default },
      })}
      saveError={error}
      saveFailedTitle={i18n.translate('lookups.replicas.saveFailed', {
        defaultMessage: 'The replicas were not changed',
      })}
    >
      <EuiFlexGroup gutterSize="s" alignItems="flexEnd" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiFormRow
            label={i18n.translate('lookups.replicas.label', { defaultMessage: 'Replicas' })}
            helpText={
              settings.number_of_replicas === null
                ? undefined
                : replicasNow(settings.number_of_replicas)
            }
          >
            <EuiSelect
              options={values.map((v) => ({ value: v, text: choiceLabel(v) }))}
              value={selected}
              disabled={grant?.allowed === false || busy}
              onChange={(e) => setChoice(e.target.value)}
              data-test-subj="lookupsReplicasSelect"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFormRow hasEmptyLabelSpace>
            <ActionButton
              lookup={name}
              action="write"
              grant={grant}
              isDisabled={selected === current}
              isLoading={busy}
              onClick={save}
              data-test-subj="lookupsReplicasSave"
            >
              {i18n.translate('lookups.replicas.save', { defaultMessage: 'Save replicas' })}
            </ActionButton>
          </EuiFormRow>
        </EuiFlexItem>
      </EuiFlexGroup>
    </SettingsSection>
  );
}
