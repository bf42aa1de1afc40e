/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The cleanup rule in words, and the account that squares a preview with the catalog's count of
 * old versions: every old version is either removed or kept for a stated part of the rule.
 */
import { i18n } from '@osd/i18n';
import { REAP_DEFAULTS, type ReapResponse } from '../../../common/api/codecs';

/** The rule the app asks for, sent explicitly so that what is said is what runs. */
export interface CleanupRule {
  keep: number;
  older_than: string;
}
export const CLEANUP_RULE: CleanupRule = {
  keep: REAP_DEFAULTS.keep,
  older_than: REAP_DEFAULTS.older_than,
};

/** One message per unit and number form: the plugin's messages carry `{name}` placeholders only. */
const UNIT_WORDS: Record<string, (n: number) => string> = {
  ms: (n) =>
    n === 1
      ? i18n.translate('lookups.cleanup.unit.msOne', { defaultMessage: '1 millisecond' })
      : i18n.translate('lookups.cleanup.unit.msMany', {
          defaultMessage: '{n} milliseconds',
          values: { n },
        }),
  s: (n) =>
    n === 1
      ? i18n.translate('lookups.cleanup.unit.sOne', { defaultMessage: '1 second' })
      : i18n.translate('lookups.cleanup.unit.sMany', {
          defaultMessage: '{n} seconds',
          values: { n },
        }),
  m: (n) =>
    n === 1
      ? i18n.translate('lookups.cleanup.unit.mOne', { defaultMessage: '1 minute' })
      : i18n.translate('lookups.cleanup.unit.mMany', {
          defaultMessage: '{n} minutes',
          values: { n },
        }),
  h: (n) =>
    n === 1
      ? i18n.translate('lookups.cleanup.unit.hOne', { defaultMessage: '1 hour' })
      : i18n.translate('lookups.cleanup.unit.hMany', {
          defaultMessage: '{n} hours',
          values: { n },
        }),
  d: (n) =>
    n === 1
      ? i18n.translate('lookups.cleanup.unit.dOne', { defaultMessage: '1 day' })
      : i18n.translate('lookups.cleanup.unit.dMany', {
          defaultMessage: '{n} days',
          values: { n },
        }),
};

/** `"1h"` as "1 hour"; anything else as it is. */
export function durationWords(value: string): string {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(value);
  return match ? UNIT_WORDS[match[2]](Number(match[1])) : value;
}

export function cleanupRuleText(rule: CleanupRule = CLEANUP_RULE): string {
  const values = { keep: rule.keep, age: durationWords(rule.older_than) };
  return rule.keep === 1
    ? i18n.translate('lookups.cleanup.ruleOne', {
        defaultMessage:
          'Cleanup keeps the newest old version of each lookup and any old version younger than {age}, and removes the rest. The current version is never removed.',
        values,
      })
    : i18n.translate('lookups.cleanup.rule', {
        defaultMessage:
          'Cleanup keeps the {keep} newest old versions of each lookup and any old version younger than {age}, and removes the rest. The current version is never removed.',
        values,
      });
}

export interface CleanupAccount {
  /** Old versions the preview speaks of (removed or kept), without those still being written. */
  old: number;
  removed: number;
  newest: number;
  younger: number;
  inFlight: number;
}

export function cleanupAccount(preview: ReapResponse): CleanupAccount {
  const kept = (rule: string) => preview.kept.filter((k) => k.rule === rule).length;
  const newest = kept('newest');
  const younger = kept('younger');
  return {
    old: preview.removed.length + newest + younger,
    removed: preview.removed.length,
    newest,
    younger,
    inFlight: kept('in_flight'),
  };
}

/** "5 old versions: 2 removed, 3 kept as the 3 newest, none kept for being younger than 1 hour." */
export function cleanupAccountText(
  account: CleanupAccount,
  rule: CleanupRule = CLEANUP_RULE
): string {
  const text = i18n.translate('lookups.cleanup.account', {
    defaultMessage:
      '{old}: {removed} removed, {newest} kept as one of the {keep} newest, {younger} kept for being younger than {age}.',
    values: {
      old: oldVersions(account.old),
      removed: account.removed,
      newest: account.newest,
      younger: account.younger,
      keep: rule.keep,
      age: durationWords(rule.older_than),
    },
  });
  if (account.inFlight === 0) return text;
  return `${text} ${i18n.translate('lookups.cleanup.accountInFlight', {
    defaultMessage: 'Being written, and not touched: {count}.',
    values: { count: account.inFlight },
  })}`;
}

export const oldVersions = (n: number) =>
  n === 1
    ? i18n.translate('lookups.cleanup.oldOne', { defaultMessage: '1 old version' })
    : i18n.translate('lookups.cleanup.oldMany', {
        defaultMessage: '{n} old versions',
        values: { n },
      });
