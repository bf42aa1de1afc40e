/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * timewrap over rows made in memory, worked out by hand from the rules of the SQL plugin's
 * timewrap (periods counted back from the latest row, named by their distance from the
 * reference time, only periods with rows as columns).
 */
import { parsePpl } from '../../../../common/ppl/parser';
import { inlineRows as data, runInMemory } from '../../../../test/support/ppl_in_memory';
import { periodName, periodRule } from './timewrap';

const NOW = new Date('2026-03-10T12:00:00Z');
const run = (query: string, now = NOW) => runInMemory(query, { now });

// Requests at 06:00 and 18:00 on three days; the first day also at 12:00.
const hits = `${data([
  { ts: '2026-03-01 06:00:00', v: 1 },
  { ts: '2026-03-01 12:00:00', v: 2 },
  { ts: '2026-03-01 18:00:00', v: 3 },
  { ts: '2026-03-02 06:00:00', v: 10 },
  { ts: '2026-03-02 18:00:00', v: 20 },
  { ts: '2026-03-03 06:00:00', v: 100 },
])} | eval @timestamp = timestamp(ts)`;
const range = (from: string, to: string) =>
  `${hits} | where @timestamp >= '${from}' and @timestamp <= '${to}' | timechart span=6h sum(v)`;
const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;

describe('timewrap', () => {
  it('counts periods back from the latest row, shown at their offsets in its day', async () => {
    const r = await run(`${range('2026-03-01 00:00:00', '2026-03-03 23:00:00')} | timewrap 1day`);
    expect(r.names).toEqual([
      '@timestamp',
      'sum(v)_2days_before',
      'sum(v)_1day_before',
      'sum(v)_latest_day',
    ]);
    // The latest row is Mar 3 06:00: Mar 1 12:00 and 18:00 lie less than two days before it, so
    // they are in the period before the latest, with Mar 2 06:00; Mar 2 18:00 is in the latest.
    expect(r.rows).toEqual([
      ['2026-03-03 06:00:00', 1, 10, 100],
      ['2026-03-03 12:00:00', null, 2, null],
      ['2026-03-03 18:00:00', null, 3, 20],
    ]);
  });

  it('names periods from the range end: a later end makes every period "before"', async () => {
    const r = await run(`${range('2026-03-01 00:00:00', '2026-03-05 10:00:00')} | timewrap 1day`);
    // The end is two days and 4 hours after the latest row.
    expect(r.names).toEqual([
      '@timestamp',
      'sum(v)_4days_before',
      'sum(v)_3days_before',
      'sum(v)_2days_before',
    ]);
  });

  it('align=now names them from the query start; series=short as s<N>', async () => {
    // A day and an hour after the latest row (Mar 3 06:00).
    const now = new Date('2026-03-04T07:00:00Z');
    const relative = await run(
      `${range('2026-03-01 00:00:00', '2026-03-03 23:00:00')} | timewrap 1day align=now`,
      now
    );
    expect(relative.names.slice(1)).toEqual([
      'sum(v)_3days_before',
      'sum(v)_2days_before',
      'sum(v)_1day_before',
    ]);
    const short = await run(
      `${range('2026-03-01 00:00:00', '2026-03-03 23:00:00')} | timewrap 1day series=short`
    );
    expect(short.names.slice(1)).toEqual(['sum(v)_s2', 'sum(v)_s1', 'sum(v)_s0']);
    // exact is named as short (the plugin's time_format is still to come).
    const exact = await run(
      `${range('2026-03-01 00:00:00', '2026-03-03 23:00:00')} | timewrap 1day series=exact time_format="%Y"`
    );
    expect(exact.names).toEqual(short.names);
  });

  it('without an upper bound on @timestamp, the query start is the reference', async () => {
    const r = await run(
      `${hits} | where @timestamp >= '2026-03-02 00:00:00' | timechart span=6h sum(v) | timewrap 1d`,
      new Date('2026-03-03T20:00:00Z')
    );
    expect(r.names).toEqual(['@timestamp', 'sum(v)_1day_before', 'sum(v)_latest_day']);
    expect(r.rows).toEqual([
      ['2026-03-03 06:00:00', 10, 100],
      ['2026-03-03 18:00:00', null, 20],
    ]);
  });

  it('a span of several units counts them in the names', async () => {
    const r = await run(`${range('2026-03-01 00:00:00', '2026-03-03 12:00:00')} | timewrap 2d`);
    // Latest Mar 3 06:00, in the epoch-aligned span Mar 2–3; each row shows at its offset in its
    // own span, moved to that one. Only Mar 1 06:00 is a whole span (2 days) before the latest.
    expect(r.names).toEqual(['@timestamp', 'sum(v)_2days_before', 'sum(v)_latest_day']);
    expect(r.rows).toEqual([
      ['2026-03-02 06:00:00', null, 10],
      ['2026-03-02 18:00:00', null, 20],
      ['2026-03-03 06:00:00', 1, 100],
      ['2026-03-03 12:00:00', null, 2],
      ['2026-03-03 18:00:00', null, 3],
    ]);
  });

  it("with no rows, gives the timechart's columns and its period bookkeeping, as the plugin", async () => {
    const r = await run(`${range('2026-04-01 00:00:00', '2026-04-03 00:00:00')} | timewrap 1day`);
    expect(r.names).toEqual(['@timestamp', 'sum(v)', '__base_offset__', '__period__']);
    expect(r.rows).toEqual([]);
  });

  it('is refused without a timechart before it, after a timechart with by, or by ms', () => {
    for (const [query, message] of [
      [`${hits} | timewrap 1day`, /timewrap must follow a timechart/],
      [`${hits} | timechart span=6h count() by v | timewrap 1day`, /"by" is not supported/],
      [`${range('2026-03-01', '2026-03-02')} | timewrap 10ms`, /cannot wrap by ms/],
      [`${range('2026-03-01', '2026-03-02')} | timewrap 1fortnight`, /needs a span such as/],
    ] as const) {
      const parsed = parsePpl(query);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.detail).toMatch(message);
    }
  });
});

describe('timewrap periods', () => {
  it('months are calendar months; M is a month and m a minute', () => {
    const months = parsePpl('source=x | timechart span=1d count() | timewrap 1M');
    const minutes = parsePpl('source=x | timechart span=1d count() | timewrap 1m');
    const unitOf = (p: typeof months) =>
      p.ok && p.query.commands.at(-1)?.kind === 'Timewrap'
        ? (p.query.commands.at(-1) as { unit: string }).unit
        : undefined;
    expect([unitOf(months), unitOf(minutes)]).toEqual(['month', 'minute']);
    const latest = seconds('2026-03-10 00:00:00');
    const rule = periodRule({ unit: 'month', size: 1 }, latest, seconds('2026-03-31 00:00:00'));
    expect(rule.period(seconds('2026-01-31 00:00:00'))).toBe(3);
    expect(rule.period(seconds('2026-02-01 00:00:00'))).toBe(2);
    // Shown at its offset from its month's start, in the latest row's month.
    expect(rule.display(seconds('2026-02-05 12:00:00'))).toBe(seconds('2026-03-05 12:00:00'));
    expect(rule.baseOffset).toBe(0);
    expect(periodName({ unit: 'month', size: 1, series: 'relative' }, 3, 0)).toBe('2months_before');
  });

  it('quarters and years; a later reference shifts the names', () => {
    const q = periodRule(
      { unit: 'quarter', size: 1 },
      seconds('2026-05-01 00:00:00'),
      seconds('2026-12-01 00:00:00')
    );
    expect(q.period(seconds('2026-01-15 00:00:00'))).toBe(2);
    expect(q.baseOffset).toBe(2);
    expect(periodName({ unit: 'quarter', size: 1, series: 'relative' }, 2, q.baseOffset)).toBe(
      '3quarters_before'
    );
    const y = periodRule(
      { unit: 'year', size: 1 },
      seconds('2026-05-01 00:00:00'),
      seconds('2025-01-01 00:00:00')
    );
    expect(periodName({ unit: 'year', size: 1, series: 'relative' }, 1, y.baseOffset)).toBe(
      '1year_after'
    );
  });
});
