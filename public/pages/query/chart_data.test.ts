/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  chartData,
  groupColumnsOf,
  isChartable,
  MAX_SERIES,
  parseTime,
  timeTickFormat,
} from './chart_data';

const col = (name: string, type: string) => ({ name, type });
const ms = (iso: string) => Date.parse(iso);

describe('isChartable', () => {
  it('needs a time column and a numeric one beside it', () => {
    expect(isChartable([col('@timestamp', 'timestamp'), col('count()', 'bigint')])).toBe(true);
    expect(isChartable([col('day', 'date'), col('avg(bytes)', 'double')])).toBe(true);
    expect(isChartable([col('host', 'string'), col('count()', 'bigint')])).toBe(false);
    expect(isChartable([col('@timestamp', 'timestamp'), col('host', 'string')])).toBe(false);
    expect(isChartable([])).toBe(false);
  });
});

describe('parseTime', () => {
  it('reads PPL times as UTC, with or without a time or fraction, and ISO with a zone', () => {
    expect(parseTime('2026-11-01 00:00:00')).toBe(ms('2026-11-01T00:00:00Z'));
    expect(parseTime('2026-11-01 13:45:10.250')).toBe(ms('2026-11-01T13:45:10.250Z'));
    expect(parseTime('2026-11-01')).toBe(ms('2026-11-01T00:00:00Z'));
    expect(parseTime('2026-11-01T02:00:00+02:00')).toBe(ms('2026-11-01T00:00:00Z'));
  });

  it('gives nothing for what is no time', () => {
    for (const value of [null, undefined, '', '  ', 'yesterday', 1_700_000_000_000, {}]) {
      expect(parseTime(value)).toBeUndefined();
    }
  });
});

describe('chartData', () => {
  it('draws each numeric column over time as its own series when nothing splits them', () => {
    const data = chartData(
      [col('@timestamp', 'timestamp'), col('count()', 'bigint'), col('avg(bytes)', 'double')],
      [
        ['2026-11-02 00:00:00', 4, 10.5],
        ['2026-11-01 00:00:00', 3, 20],
      ]
    )!;
    expect(data.time).toBe('@timestamp');
    expect(data.measures).toEqual(['count()', 'avg(bytes)']);
    expect(data.series).toEqual(['count()', 'avg(bytes)']);
    // Sorted by time, whatever the row order.
    expect(data.points).toEqual([
      { x: ms('2026-11-01T00:00:00Z'), y: 3, series: 'count()' },
      { x: ms('2026-11-01T00:00:00Z'), y: 20, series: 'avg(bytes)' },
      { x: ms('2026-11-02T00:00:00Z'), y: 4, series: 'count()' },
      { x: ms('2026-11-02T00:00:00Z'), y: 10.5, series: 'avg(bytes)' },
    ]);
    expect(data.omitted).toBe(0);
  });

  it('splits a measure into one series per value of a by field, in the order they appear', () => {
    const data = chartData(
      [col('@timestamp', 'timestamp'), col('host', 'string'), col('count()', 'bigint')],
      [
        ['2026-11-01 00:00:00', 'web-1', 7],
        ['2026-11-01 00:00:00', 'web-2', 1],
        ['2026-11-02 00:00:00', 'web-1', 9],
        ['2026-11-02 00:00:00', null, 2],
      ]
    )!;
    expect(data.measures).toEqual(['count()']);
    expect(data.series).toEqual(['web-1', 'web-2', '—']);
    expect(data.points.filter((p) => p.series === 'web-1').map((p) => p.y)).toEqual([7, 9]);
  });

  it('splits by a group key of numbers (the query names it), not drawing it as a measure', () => {
    const schema = [
      col('@timestamp', 'timestamp'),
      col('status', 'integer'),
      col('count()', 'bigint'),
    ];
    const rows = [
      ['2026-11-01 00:00:00', 200, 7],
      ['2026-11-01 00:00:00', 404, 1],
    ];
    const groups = groupColumnsOf('source=web_logs | timechart span=1d count() by status');
    expect(groups).toEqual(['status']);
    const data = chartData(schema, rows, groups)!;
    expect(data.measures).toEqual(['count()']);
    expect(data.series).toEqual(['200', '404']);
    // Without the query, every number column is a measure.
    expect(chartData(schema, rows)!.measures).toEqual(['status', 'count()']);
  });

  it('names series by field value and measure when several measures are split', () => {
    const data = chartData(
      [
        col('@timestamp', 'timestamp'),
        col('host', 'string'),
        col('count()', 'bigint'),
        col('max(bytes)', 'long'),
      ],
      [['2026-11-01 00:00:00', 'a', 1, 500]]
    )!;
    expect(data.series).toEqual(['a · count()', 'a · max(bytes)']);
  });

  it('reads numbers sent as text or as big integers, and skips rows without a time or value', () => {
    const data = chartData(
      [col('@timestamp', 'timestamp'), col('sum(bytes)', 'long')],
      [
        ['2026-11-01 00:00:00', '12'],
        ['2026-11-02 00:00:00', BigInt('9007199254740993')],
        ['not a time', 5],
        ['2026-11-03 00:00:00', null],
        ['2026-11-04 00:00:00', 'n/a'],
      ]
    )!;
    expect(data.points.map((p) => p.y)).toEqual([12, 9007199254740992]);
  });

  it('keeps the largest series and counts the ones left out', () => {
    const rows = Array.from({ length: MAX_SERIES + 3 }, (_, i) => [
      '2026-11-01 00:00:00',
      `host${i}`,
      i + 1,
    ]);
    const data = chartData(
      [col('@timestamp', 'timestamp'), col('host', 'string'), col('count()', 'bigint')],
      rows
    )!;
    expect(data.series).toHaveLength(MAX_SERIES);
    expect(data.omitted).toBe(3);
    // The three smallest (host0..host2) are the ones left out.
    expect(data.series).not.toContain('host0');
    expect(data.series).not.toContain('host2');
    expect(data.series).toContain('host3');
    expect(data.points.every((p) => data.series.includes(p.series))).toBe(true);
  });

  it('gives nothing without a time column or a numeric one', () => {
    expect(chartData([col('host', 'string'), col('count()', 'bigint')], [['a', 1]])).toBeNull();
    expect(
      chartData([col('@timestamp', 'timestamp'), col('host', 'string')], [['2026-11-01', 'a']])
    ).toBeNull();
  });
});

describe('groupColumnsOf', () => {
  it('names the group keys of the last stats, timechart or chart', () => {
    expect(
      groupColumnsOf('source=web_logs | stats count() by span(@timestamp, 1h), host, status')
    ).toEqual(['host', 'status']);
    expect(groupColumnsOf('source=web_logs | timechart span=1h avg(bytes)')).toEqual([]);
    expect(groupColumnsOf('source=web_logs | chart count() over host by status')).toEqual([
      'host',
      'status',
    ]);
    expect(
      groupColumnsOf('source=web_logs | stats count() by host | stats avg(`count()`)')
    ).toEqual([]);
  });

  it('gives none for text that does not parse, or nothing at all', () => {
    expect(groupColumnsOf('source=web_logs | stats count( by')).toEqual([]);
    expect(groupColumnsOf(undefined)).toEqual([]);
  });
});

describe('timeTickFormat', () => {
  const day = ms('2026-11-01T00:00:00Z');
  it('labels in UTC, as precise as the span needs', () => {
    expect(timeTickFormat(day, day + 3_600_000)(day + 5_400_000)).toBe('01:30');
    expect(timeTickFormat(day, day + 3 * 86_400_000)(day + 5_400_000)).toBe('11-01 01:30');
    expect(timeTickFormat(day, day + 30 * 86_400_000)(day + 5_400_000)).toBe('2026-11-01');
  });
});
