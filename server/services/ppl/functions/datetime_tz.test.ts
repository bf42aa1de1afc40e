/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Dates and times are UTC whatever the host's zone: the same cases evaluated in a child process
 * under TZ=America/New_York (Jest's sandbox cannot change the zone of its own process), at an
 * instant where New York is still on the previous day, and around its DST changes.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { PplValue } from '../../../../common/ppl/types';

const ROOT = path.resolve(__dirname, '../../../..');

/** Evaluates each expression in a child process under `tz`, at `now`. */
function evaluateUnder(
  tz: string,
  now: string,
  texts: string[]
): { hostDay: number; values: PplValue[] } {
  const script = `
    const { evaluate } = require('./server/services/ppl/evaluate.ts');
    const { parsePpl } = require('./common/ppl/parser.ts');
    const now = new Date(${JSON.stringify(now)});
    const values = ${JSON.stringify(texts)}.map((text) => {
      const r = parsePpl('source=x | eval r = ' + text);
      return evaluate(r.query.commands[0].assignments[0].expr, {}, { now });
    });
    process.stdout.write(JSON.stringify({ hostDay: now.getDate(), values }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { hostDay: number; values: PplValue[] };
}

// 03:30 UTC on 2024-03-10 is 22:30 on 2024-03-09 in New York (and its DST starts that night).
const NOW = '2024-03-10T03:30:00Z';

describe('datetime under TZ=America/New_York', () => {
  const cases: Array<[string, PplValue]> = [
    ['curdate()', '2024-03-10'],
    ['now()', '2024-03-10 03:30:00'],
    ['curtime()', '03:30:00'],
    ["unix_timestamp(timestamp('2024-03-10 03:30:00'))", 1710041400],
    ['from_unixtime(1710041400)', '2024-03-10 03:30:00'],
    ["date_add(timestamp('2024-03-10 01:30:00'), INTERVAL 1 HOUR)", '2024-03-10 02:30:00'],
    ["hour(timestamp('2024-03-10 02:30:00'))", 2],
    ["dayofweek(date('2024-03-10'))", 1],
    ["date_format(timestamp('2024-11-03 01:30:00'), '%H:%i %W')", '01:30 Sunday'],
    ["strftime(1710041400, '%F %T %Z')", '2024-03-10 03:30:00 UTC'],
    ["timestampdiff(HOUR, '2024-03-10 00:00:00', '2024-03-10 05:00:00')", 5],
    ["earliest('@d', timestamp('2024-03-10 00:00:00'))", true],
    ["earliest('@d', timestamp('2024-03-09 23:59:59'))", false],
  ];
  it('gives the UTC answers while the host is on New York time', () => {
    const { hostDay, values } = evaluateUnder(
      'America/New_York',
      NOW,
      cases.map(([text]) => text)
    );
    // The child really ran in New York: its local day is still the 9th.
    expect(hostDay).toBe(9);
    expect(values).toEqual(cases.map(([, expected]) => expected));
  });
});
