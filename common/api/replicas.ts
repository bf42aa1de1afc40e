/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's replica choice (`GET`/`PUT /api/lookups/{name}/_replicas`): the backing index's
 * `index.auto_expand_replicas`. `0-1` (the default for new lookups, `lookups.backing_index.
 * auto_expand_replicas`) keeps one node green and gives one replica once a second node joins;
 * `0-all` puts a copy on every node, as Elastic's enrich does, so a read-heavy lookup is read
 * locally everywhere at the cost of one copy per node on every write.
 */
import { refined, strictObject } from './decode';
import * as t from 'io-ts';

/** The choices the app offers; the API takes any valid range. */
export const REPLICA_CHOICES = ['0-1', '0-all'] as const;
export const DEFAULT_AUTO_EXPAND_REPLICAS = '0-1';

/**
 * OpenSearch's forms: `false` (replicas left to `number_of_replicas`), or `<min>-<max>` with
 * `max` a number no smaller than `min`, or `all`.
 */
export function isAutoExpandReplicas(value: string): boolean {
  if (value === 'false') return true;
  const range = /^(\d{1,3})-(\d{1,3}|all)$/.exec(value);
  if (!range) return false;
  return range[2] === 'all' || Number(range[1]) <= Number(range[2]);
}

export const AUTO_EXPAND_REPLICAS_EXPECTED =
  'expected a replica range such as "0-1" (one replica once a second node joins) or "0-all" (a copy on every node), or "false"';

export const AutoExpandReplicas = refined(
  'auto_expand_replicas',
  t.string,
  isAutoExpandReplicas,
  AUTO_EXPAND_REPLICAS_EXPECTED
);

export const ReplicasBody = strictObject(
  'replicas',
  { auto_expand_replicas: AutoExpandReplicas },
  {}
);
export type ReplicasBody = t.TypeOf<typeof ReplicasBody>;

/** The `GET` (and `PUT`) answer. */
export interface ReplicasSettings {
  /** In force on the backing index (null: the index sets none, replicas are fixed). */
  auto_expand_replicas: string | null;
  /** Replicas of the backing index now (what the expansion gives on this cluster). */
  number_of_replicas: number | null;
  /** What new lookups get (`lookups.backing_index.auto_expand_replicas`). */
  default: string;
  /** Who set the choice in the app or API, and when (null: never set, the default at creation). */
  updated_by: string | null;
  updated_at: string | null;
}
