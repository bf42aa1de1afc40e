/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The cleanup rule as the user sets it: how many of the newest old versions to keep, and how old
 * the others must be before they go. Invalid input is said at its field and never sent.
 */
import { EuiFieldNumber, EuiFlexGroup, EuiFlexItem, EuiFormRow, EuiSelect } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { CleanupRule } from './cleanup_rule';

/** The form's text, before it is a rule. */
export interface CleanupRuleInput {
  keep: string;
  age: string;
  unit: 'm' | 'h' | 'd';
}

export const MAX_KEEP = 1000;

export function ruleInput(rule: CleanupRule): CleanupRuleInput {
  const match = /^(\d+)(m|h|d)$/.exec(rule.older_than);
  return {
    keep: String(rule.keep),
    age: match ? match[1] : '1',
    unit: match ? (match[2] as CleanupRuleInput['unit']) : 'h',
  };
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

export function keepProblem(input: CleanupRuleInput): string | undefined {
  const keep = whole(input.keep);
  return keep === undefined || keep > MAX_KEEP
    ? i18n.translate('lookups.cleanup.keepInvalid', {
        defaultMessage: 'Keep a whole number from 0 to {max}.',
        values: { max: MAX_KEEP },
      })
    : undefined;
}

export function ageProblem(input: CleanupRuleInput): string | undefined {
  return whole(input.age) === undefined
    ? i18n.translate('lookups.cleanup.ageInvalid', {
        defaultMessage: 'A whole number of minutes, hours or days (0 for any age).',
      })
    : undefined;
}

/** The rule the input says, or undefined while it says none. */
export function ruleOf(input: CleanupRuleInput): CleanupRule | undefined {
  if (keepProblem(input) || ageProblem(input)) return undefined;
  return { keep: whole(input.keep)!, older_than: `${whole(input.age)!}${input.unit}` };
}

export function CleanupRuleFields({
  input,
  onChange,
  disabled,
}: {
  input: CleanupRuleInput;
  onChange: (input: CleanupRuleInput) => void;
  disabled?: boolean;
}) {
  const keepError = keepProblem(input);
  const ageError = ageProblem(input);
  return (
    <EuiFlexGroup gutterSize="m" responsive={false} wrap data-test-subj="lookupsCleanupRuleFields">
      <EuiFlexItem grow={false} style={{ minWidth: 200 }}>
        <EuiFormRow
          label={i18n.translate('lookups.cleanup.keepLabel', {
            defaultMessage: 'Keep the newest old versions',
          })}
          isInvalid={keepError !== undefined}
          error={keepError}
        >
          <EuiFieldNumber
            min={0}
            max={MAX_KEEP}
            step={1}
            value={input.keep}
            isInvalid={keepError !== undefined}
            disabled={disabled}
            onChange={(e) => onChange({ ...input, keep: e.target.value })}
            data-test-subj="lookupsCleanupKeep"
          />
        </EuiFormRow>
      </EuiFlexItem>
      <EuiFlexItem grow={false} style={{ minWidth: 280 }}>
        <EuiFormRow
          label={i18n.translate('lookups.cleanup.ageLabel', {
            defaultMessage: 'And any younger than',
          })}
          isInvalid={ageError !== undefined}
          error={ageError}
        >
          <EuiFlexGroup gutterSize="s" responsive={false}>
            <EuiFlexItem>
              <EuiFieldNumber
                min={0}
                step={1}
                value={input.age}
                isInvalid={ageError !== undefined}
                disabled={disabled}
                onChange={(e) => onChange({ ...input, age: e.target.value })}
                aria-label={i18n.translate('lookups.cleanup.ageAmount', {
                  defaultMessage: 'Age',
                })}
                data-test-subj="lookupsCleanupAge"
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiSelect
                value={input.unit}
                disabled={disabled}
                options={[
                  {
                    value: 'm',
                    text: i18n.translate('lookups.cleanup.minutes', { defaultMessage: 'minutes' }),
                  },
                  {
                    value: 'h',
                    text: i18n.translate('lookups.cleanup.hours', { defaultMessage: 'hours' }),
                  },
                  {
                    value: 'd',
                    text: i18n.translate('lookups.cleanup.days', { defaultMessage: 'days' }),
                  },
                ]}
                onChange={(e) =>
                  onChange({ ...input, unit: e.target.value as CleanupRuleInput['unit'] })
                }
                aria-label={i18n.translate('lookups.cleanup.ageUnit', {
                  defaultMessage: 'Age unit',
                })}
                data-test-subj="lookupsCleanupAgeUnit"
              />
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFormRow>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
