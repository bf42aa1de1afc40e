/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { Cadence, isStale, nextRunAfter, parseCadence, periodMs, tooFrequent } from './cadence';

const at = (iso: string) => new Date(iso);
function cadence(input: Parameters<typeof parseCadence>[0]): Cadence {
  const parsed = parseCadence(input);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.cadence;
}

describe('parseCadence', () => {
  it.each([
    ['30s', 30_000],
    ['15m', 900_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    [' 5 m ', 300_000],
  ])('reads every=%j as %d ms', (every, ms) => {
    expect(cadence({ every })).toMatchObject({ kind: 'every', ms });
  });

  it.each(['', '0m', '15', 'm', '1w', '1.5h', '-1h'])(
    'refuses every=%j naming the field',
    (every) => {
      expect(parseCadence({ every })).toMatchObject({ ok: false, field: 'every' });
    }
  );

  it('wants exactly one of every and cron', () => {
    expect(parseCadence({})).toMatchObject({ ok: false, field: 'every' });
    expect(parseCadence({ every: '1h', cron: '0 * * * *' })).toMatchObject({ ok: false });
  });

  it('refuses an invalid cron expression and an unknown time zone', () => {
    expect(parseCadence({ cron: '61 * * * *' })).toMatchObject({ ok: false, field: 'cron' });
    expect(parseCadence({ cron: 'every day' })).toMatchObject({ ok: false, field: 'cron' });
    expect(parseCadence({ cron: '0 3 * * *', time_zone: 'Mars/Olympus' })).toMatchObject({
      ok: false,
      field: 'time_zone',
    });
  });
});

describe('nextRunAfter', () => {
  it('counts intervals from the anchor, strictly after the given time', () => {
    const every = cadence({ every: '10m' });
    const anchor = at('2026-01-01T00:00:00Z');
    expect(nextRunAfter(every, at('2026-01-01T00:00:00Z'), anchor).toISOString()).toBe(
      '2026-01-01T00:10:00.000Z'
    );
    expect(nextRunAfter(every, at('2026-01-01T00:25:00Z'), anchor).toISOString()).toBe(
      '2026-01-01T00:30:00.000Z'
    );
    // Runs missed for hours collapse into the one next due time.
    expect(nextRunAfter(every, at('2026-01-01T05:01:00Z'), anchor).toISOString()).toBe(
      '2026-01-01T05:10:00.000Z'
    );
  });

  it('reads cron in its time zone, across a daylight saving change', () => {
    // 03:00 in New York is 08:00 UTC in winter (EST) and 07:00 UTC in summer (EDT).
    const daily = cadence({ cron: '0 3 * * *', time_zone: 'America/New_York' });
    expect(
      nextRunAfter(daily, at('2026-01-10T12:00:00Z'), at('2026-01-01T00:00:00Z')).toISOString()
    ).toBe('2026-01-11T08:00:00.000Z');
    expect(
      nextRunAfter(daily, at('2026-07-10T12:00:00Z'), at('2026-01-01T00:00:00Z')).toISOString()
    ).toBe('2026-07-11T07:00:00.000Z');
    const utc = cadence({ cron: '30 * * * *' });
    expect(
      nextRunAfter(utc, at('2026-03-01T10:30:00Z'), at('2026-01-01T00:00:00Z')).toISOString()
    ).toBe('2026-03-01T11:30:00.000Z');
  });
});

describe('periodMs and isStale', () => {
  it('gives the gap between runs', () => {
    expect(periodMs(cadence({ every: '1h' }), at('2026-01-01T00:00:00Z'))).toBe(3_600_000);
    expect(periodMs(cadence({ cron: '*/5 * * * *' }), at('2026-01-01T00:01:00Z'))).toBe(300_000);
  });

  it('is stale past twice the period since the last success (or since creation)', () => {
    const hourly = cadence({ every: '1h' });
    const created = at('2026-01-01T00:00:00Z');
    expect(isStale(hourly, at('2026-01-01T05:00:00Z'), created, at('2026-01-01T06:59:00Z'))).toBe(
      false
    );
    expect(isStale(hourly, at('2026-01-01T05:00:00Z'), created, at('2026-01-01T07:01:00Z'))).toBe(
      true
    );
    expect(isStale(hourly, undefined, created, at('2026-01-01T01:30:00Z'))).toBe(false);
    expect(isStale(hourly, undefined, created, at('2026-01-01T02:30:00Z'))).toBe(true);
  });
});

describe('tooFrequent', () => {
  it('says why a cadence runs more often than the shortest period allowed', () => {
    const now = at('2026-01-01T00:00:00Z');
    expect(tooFrequent(cadence({ every: '30s' }), now, 60_000)).toBe(
      'This schedule would run every 30 s; the shortest period allowed is 60 s (lookups.schedules.min_interval_ms).'
    );
    expect(tooFrequent(cadence({ cron: '* * * * * *' }), now, 60_000)).toMatch(/every 1 s/);
    expect(tooFrequent(cadence({ every: '1m' }), now, 60_000)).toBeUndefined();
    expect(tooFrequent(cadence({ cron: '*/5 * * * *' }), now, 60_000)).toBeUndefined();
  });
});
