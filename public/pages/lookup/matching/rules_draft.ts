/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Matching form's draft: rules as the form edits them (strings from inputs), turned into the
 * `_match` body and checked in the browser with the server's own codec and row checks (over the
 * rows the page read), so most mistakes show before Save; the server checks every row again.
 */
import { decode } from '../../../../common/api/decode';
import {
  MatchBody,
  type MatchRule,
  type MatchSettings,
  type MatchType,
} from '../../../../common/match/codecs';
import { checkRules } from '../../../../common/match/validate';
import type { PplType } from '../../../../common/ppl/types';

export interface DraftRule {
  field: string;
  type: MatchType;
  to: string;
  caseSensitive: boolean;
  eventField: string;
}

export interface Draft {
  rules: DraftRule[];
  maxMatches: string;
  /** `field=value` per line. */
  defaults: string;
}

export const emptyRule = (field: string): DraftRule => ({
  field,
  type: 'exact',
  to: '',
  caseSensitive: true,
  eventField: '',
});

export function draftOf(settings: MatchSettings): Draft {
  return {
    rules: settings.rules.map((r) => ({
      field: r.field,
      type: r.type,
      to: 'to' in r && r.to ? r.to : '',
      caseSensitive: 'case_sensitive' in r ? r.case_sensitive !== false : true,
      eventField: r.type === 'time' ? (r.event_field ?? '') : '',
    })),
    maxMatches: settings.max_matches === undefined ? '' : String(settings.max_matches),
    defaults: Object.entries(settings.default ?? {})
      .map(([k, v]) => `${k}=${v === null ? '' : String(v)}`)
      .join('\n'),
  };
}

function ruleOf(d: DraftRule): Record<string, unknown> {
  switch (d.type) {
    case 'exact':
    case 'wildcard':
      return {
        field: d.field,
        type: d.type,
        ...(d.caseSensitive ? {} : { case_sensitive: false }),
      };
    case 'cidr':
      return { field: d.field, type: d.type };
    case 'range':
      return { field: d.field, type: d.type, to: d.to };
    case 'time':
      return {
        field: d.field,
        type: d.type,
        ...(d.to ? { to: d.to } : {}),
        ...(d.eventField.trim() ? { event_field: d.eventField.trim() } : {}),
      };
  }
}

export type DraftCheck =
  { ok: true; body: MatchBody } | { ok: false; message: string; rule?: number; field?: string };

/** The body the draft stands for, or what is wrong with it (over `rows`, as the server says it). */
export function checkDraft(
  draft: Draft,
  columns: ReadonlyMap<string, PplType>,
  rows: ReadonlyArray<Record<string, unknown>>
): DraftCheck {
  const defaults: Record<string, string> = {};
  for (const line of draft.defaults.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    if (at <= 0) return { ok: false, message: `Write each default as field=value: "${line}".` };
    defaults[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const raw: Record<string, unknown> = { rules: draft.rules.map(ruleOf) };
  if (draft.maxMatches.trim() !== '') raw.max_matches = Number(draft.maxMatches);
  if (Object.keys(defaults).length > 0) raw.default = defaults;
  const decoded = decode(MatchBody, raw);
  if (!decoded.ok) {
    const rule = /^rules\.(\d+)/.exec(decoded.field ?? '');
    return { ok: false, message: decoded.message, ...(rule ? { rule: Number(rule[1]) } : {}) };
  }
  const problem = checkRules(decoded.value, columns, rows, (row, f) => row[f] ?? null);
  if (problem)
    return { ok: false, message: problem.message, rule: problem.rule, field: problem.field };
  return { ok: true, body: decoded.value };
}

/** The fields "Try a value" asks for: each ruled key (a time rule asks for the event's time). */
export function tryFields(rules: MatchRule[]): string[] {
  return rules.filter((r) => r.type !== 'time').map((r) => r.field);
}
