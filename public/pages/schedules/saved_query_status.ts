/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Where each schedule made from a saved query stands against it now: the saved query as it is
 * (its title may have changed), and whether its text changed since the schedule took it (saved
 * later, and different from the schedule's copy) or the saved query is gone. Read in one
 * request (core's bulk get) each time the list is read.
 */
import { useEffect, useState } from 'react';
import type { Schedule } from '../../../common/api/schedules';
import type { SavedPplQuery } from '../../services/saved_queries';
import { useSavedQueries } from '../../services/services_context';

export type SavedQueryStanding =
  | { state: 'same'; current: SavedPplQuery }
  | { state: 'changed'; current: SavedPplQuery }
  | { state: 'deleted' };

export function standingOf(
  schedule: Schedule,
  current: SavedPplQuery | undefined
): SavedQueryStanding | undefined {
  const link = schedule.saved_query;
  if (!link) return undefined;
  if (!current) return { state: 'deleted' };
  const savedLater =
    link.updated_at === undefined ||
    current.updatedAt === undefined ||
    Date.parse(current.updatedAt) > Date.parse(link.updated_at);
  return savedLater && current.text !== schedule.query
    ? { state: 'changed', current }
    : { state: 'same', current };
}

/** Each linked schedule's standing, by schedule id; empty until read (or when unreadable). */
export function useSavedQueryStandings(
  schedules: Schedule[] | null
): Map<string, SavedQueryStanding> {
  const savedQueries = useSavedQueries();
  const [standings, setStandings] = useState(new Map<string, SavedQueryStanding>());
  useEffect(() => {
    const linked = (schedules ?? []).filter((s) => s.saved_query);
    if (!savedQueries || linked.length === 0) {
      setStandings(new Map());
      return undefined;
    }
    let current = true;
    savedQueries.getMany(linked.map((s) => s.saved_query!.id)).then(
      (found) => {
        if (!current) return;
        setStandings(
          new Map(linked.map((s) => [s.id, standingOf(s, found.get(s.saved_query!.id))!] as const))
        );
      },
      // The saved queries cannot be read now: the list shows the titles the schedules keep.
      () => current && setStandings(new Map())
    );
    return () => {
      current = false;
    };
  }, [savedQueries, schedules]);
  return standings;
}
