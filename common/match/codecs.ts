/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's match rules (`PUT`/`GET /api/lookups/{name}/_match`), like a Splunk lookup
 * definition: how `lookup` matches the fields that have a rule (the others match exactly), how
 * many rows one event may get, and the values an event gets when nothing matches.
 */
import { isLeft } from 'fp-ts/lib/Either';
import * as t from 'io-ts';
import { refined, strictObject } from '../api/decode';

export const MAX_MATCHES_LIMIT = 1000;

const FieldName = refined(
  'field name',
  t.string,
  (s) => s.trim().length > 0,
  'expected a field name'
);

export const ExactRule = strictObject(
  'exact rule',
  { field: FieldName, type: t.literal('exact') },
  { case_sensitive: t.boolean }
);
export const CidrRule = strictObject(
  'cidr rule',
  { field: FieldName, type: t.literal('cidr') },
  {}
);
export const WildcardRule = strictObject(
  'wildcard rule',
  { field: FieldName, type: t.literal('wildcard') },
  { case_sensitive: t.boolean }
);
export const RangeRule = strictObject(
  'range rule',
  { field: FieldName, type: t.literal('range'), to: FieldName },
  {}
);
export const TimeRule = strictObject(
  'time rule',
  { field: FieldName, type: t.literal('time') },
  { to: FieldName, event_field: FieldName }
);

export type ExactRule = t.TypeOf<typeof ExactRule>;
export type CidrRule = t.TypeOf<typeof CidrRule>;
export type WildcardRule = t.TypeOf<typeof WildcardRule>;
export type RangeRule = t.TypeOf<typeof RangeRule>;
export type TimeRule = t.TypeOf<typeof TimeRule>;
export type MatchRule = ExactRule | CidrRule | WildcardRule | RangeRule | TimeRule;
export type MatchType = MatchRule['type'];

const RULE_CODECS = {
  exact: ExactRule,
  cidr: CidrRule,
  wildcard: WildcardRule,
  range: RangeRule,
  time: TimeRule,
} as const;
export const MATCH_TYPES = Object.keys(RULE_CODECS) as MatchType[];

/** Chooses the codec by `type`, so an error speaks of the rule the caller meant. */
export const MatchRule = new t.Type<MatchRule, unknown, unknown>(
  'match rule',
  (u): u is MatchRule => Object.values(RULE_CODECS).some((c) => c.is(u)),
  (u, c) => {
    if (typeof u !== 'object' || u === null || Array.isArray(u)) {
      return t.failure(u, c, 'expected a rule: { field, type, … }');
    }
    const type = (u as { type?: unknown }).type;
    const codec = typeof type === 'string' ? RULE_CODECS[type as MatchType] : undefined;
    if (!codec) {
      return t.failure(
        u,
        t.appendContext(c, 'type', t.unknown, type),
        `expected one of ${MATCH_TYPES.join(', ')}`
      );
    }
    return (codec as t.Type<MatchRule, unknown, unknown>).validate(u, c);
  },
  (a) => a
);

/** A default is what an output field gets when nothing matches: a scalar or null. */
const DefaultValue = t.union([t.string, t.number, t.boolean, t.null]);

const MaxMatches = refined(
  'max_matches',
  t.number,
  (n) => Number.isInteger(n) && n >= 1 && n <= MAX_MATCHES_LIMIT,
  `expected an integer from 1 to ${MAX_MATCHES_LIMIT}`
);

const RuleArray = t.array(MatchRule);
/** Each rule checked first (its own message), then the list: one rule per field, one time rule. */
const RuleList = new t.Type<MatchRule[], unknown, unknown>(
  'rules',
  RuleArray.is,
  (u, c) => {
    const decoded = RuleArray.validate(u, c);
    if (isLeft(decoded)) return decoded;
    const rules = decoded.right;
    if (new Set(rules.map((r) => r.field)).size !== rules.length) {
      return t.failure(u, c, 'expected at most one rule per field');
    }
    if (rules.filter((r) => r.type === 'time').length > 1) {
      return t.failure(u, c, 'expected at most one time rule');
    }
    return decoded;
  },
  (a) => a
);

/** `PUT /api/lookups/{name}/_match`. An empty `rules` list removes the rules. */
export const MatchBody = strictObject(
  'match rules',
  { rules: RuleList },
  { max_matches: MaxMatches, default: t.record(t.string, DefaultValue) }
);
export type MatchBody = t.TypeOf<typeof MatchBody>;

/** `GET /api/lookups/{name}/_match`, and the `PUT`'s answer. */
export interface MatchSettings extends MatchBody {
  updated_by: string | null;
  updated_at: string | null;
}

/** What a lookup without rules answers: exact matches, as the SQL plugin's `lookup`. */
export const NO_RULES: MatchSettings = { rules: [], updated_by: null, updated_at: null };

/** A rule other than case-sensitive exact: the lookup no longer matches as the SQL plugin's. */
export const isInexact = (rule: MatchRule): boolean =>
  !(rule.type === 'exact' && rule.case_sensitive !== false);

/**
 * How many rows one event may get: as set, else 1 when a rule is not exact, else unbounded
 * (every matching row, as today).
 */
export function effectiveMaxMatches(settings: Pick<MatchBody, 'rules' | 'max_matches'>): number {
  if (settings.max_matches !== undefined) return settings.max_matches;
  return settings.rules.some(isInexact) ? 1 : Infinity;
}

/** The lookup's match mode in one word, as the catalog and `_explain` name it. */
export function matchMode(rules: MatchRule[]): string {
  if (rules.length === 0) return 'exact';
  return [...new Set(rules.map((r) => r.type))].join('+');
}

/** One rule as a person reads it, for messages and `_explain`. */
export function describeRule(rule: MatchRule): string {
  switch (rule.type) {
    case 'exact':
      return `${rule.field} exact${rule.case_sensitive === false ? ' (any case)' : ''}`;
    case 'cidr':
      return `${rule.field} cidr`;
    case 'wildcard':
      return `${rule.field} wildcard${rule.case_sensitive === false ? ' (any case)' : ''}`;
    case 'range':
      return `${rule.field}..${rule.to} range`;
    case 'time':
      return `${rule.field} time as of ${rule.event_field ?? '@timestamp'}${rule.to ? ` before ${rule.to}` : ''}`;
  }
}

/**
 * `POST /api/lookups/{name}/_match/_try`: the rows an event with these values would get, in
 * order, under the lookup's rules (or under `rules`, not yet saved). Each field of `values` is a
 * key, as `lookup <name> <field>` names it; `event_time` is the event's time for a time rule.
 */
export const MatchTryBody = strictObject(
  'match try',
  { values: t.record(t.string, DefaultValue) },
  { event_time: t.union([t.string, t.number]), rules: MatchBody }
);
export type MatchTryBody = t.TypeOf<typeof MatchTryBody>;

export interface MatchTryResponse {
  /** The matching rows, best first, at most `max_matches`. */
  matches: Array<Record<string, unknown>>;
  /** null: every matching row. */
  max_matches: number | null;
  /** Filled in from `default` because nothing matched. */
  defaulted: boolean;
}
