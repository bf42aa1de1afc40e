/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * When a schedule runs: a fixed interval (`every: "15m"`, counted from when the schedule was
 * made) or a cron expression in a time zone (parsed by croner, which both sides share so the
 * editor can preview the next runs). Pure: the server and the browser compute the same times.
 */
import { Cron } from 'croner';

export interface CadenceInput {
  every?: string;
  cron?: string;
  time_zone?: string;
}

export type Cadence =
  | { kind: 'every'; ms: number; text: string }
  | { kind: 'cron'; expression: string; timeZone: string };

export type CadenceResult =
  | { ok: true; cadence: Cadence }
  | { ok: false; message: string; field: 'every' | 'cron' | 'time_zone' };

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const EVERY = /^(\d{1,6})\s*([smhd])$/;

export const DEFAULT_TIME_ZONE = 'UTC';

/** A time zone the platform knows (IANA names such as `Europe/Paris`, or `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function parseCadence(input: CadenceInput): CadenceResult {
  const { every, cron } = input;
  const timeZone = input.time_zone ?? DEFAULT_TIME_ZONE;
  if ((every === undefined) === (cron === undefined)) {
    return {
      ok: false,
      field: every === undefined ? 'every' : 'cron',
      message:
        'Give exactly one of every (an interval such as "15m", "1h" or "1d") or cron (such as "0 3 * * *").',
    };
  }
  if (!isTimeZone(timeZone)) {
    return {
      ok: false,
      field: 'time_zone',
      message: `Unknown time zone "${timeZone}": use an IANA name such as "UTC" or "Europe/Paris".`,
    };
  }
  if (every !== undefined) {
    const match = EVERY.exec(every.trim());
    const ms = match ? Number(match[1]) * UNIT_MS[match[2]] : 0;
    if (!match || ms <= 0) {
      return {
        ok: false,
        field: 'every',
        message: `every must be a whole number and a unit (s, m, h or d), such as "15m"; got "${every}".`,
      };
    }
    return { ok: true, cadence: { kind: 'every', ms, text: every.trim() } };
  }
  const expression = cron!.trim();
  try {
    const parsed = new Cron(expression, { timezone: timeZone, paused: true });
    if (parsed.nextRun() === null) throw new Error('it never runs');
  } catch (error) {
    return {
      ok: false,
      field: 'cron',
      message: `cron "${expression}" is not a valid expression (${(error as Error).message}). Use five fields (minute hour day month weekday), or six with seconds first.`,
    };
  }
  return { ok: true, cadence: { kind: 'cron', expression, timeZone } };
}

/** The first run strictly after `after`; intervals count from `anchor`. */
export function nextRunAfter(cadence: Cadence, after: Date, anchor: Date): Date {
  if (cadence.kind === 'every') {
    const elapsed = after.getTime() - anchor.getTime();
    const periods = elapsed < 0 ? 0 : Math.floor(elapsed / cadence.ms) + 1;
    return new Date(anchor.getTime() + periods * cadence.ms);
  }
  const cron = new Cron(cadence.expression, { timezone: cadence.timeZone, paused: true });
  // A valid expression always has a next run (checked by parseCadence).
  return cron.nextRun(after) ?? new Date(8.64e15);
}

/** The time between two runs around `at` (a cron's gap can vary; the one after `at` counts). */
export function periodMs(cadence: Cadence, at: Date): number {
  if (cadence.kind === 'every') return cadence.ms;
  const cron = new Cron(cadence.expression, { timezone: cadence.timeZone, paused: true });
  const [first, second] = cron.nextRuns(2, at);
  return first && second ? second.getTime() - first.getTime() : Number.POSITIVE_INFINITY;
}

/**
 * Why a cadence runs too often (its period around `at` is under `minIntervalMs`), or
 * undefined. The server refuses such a schedule with this message; the editor shows it as the
 * cadence is typed.
 */
export function tooFrequent(cadence: Cadence, at: Date, minIntervalMs: number): string | undefined {
  const period = periodMs(cadence, at);
  if (period >= minIntervalMs) return undefined;
  return `This schedule would run every ${Math.round(period / 1000)} s; the shortest period allowed is ${Math.round(minIntervalMs / 1000)} s (lookups.schedules.min_interval_ms).`;
}

/**
 * A scheduled lookup is stale when its last successful run is older than twice its period (or,
 * never having succeeded, the schedule itself is).
 */
export function isStale(
  cadence: Cadence,
  lastSuccessAt: Date | undefined,
  createdAt: Date,
  now: Date
): boolean {
  const since = (lastSuccessAt ?? createdAt).getTime();
  return now.getTime() - since > 2 * periodMs(cadence, now);
}
