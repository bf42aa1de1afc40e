/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `convert` in the server (convert.md): text to numbers (`auto`, `num`, `rmcomma`, `rmunit`,
 * `memk`, `none`), times (`ctime`: epoch seconds to text in `timeformat`; `mktime`: text in
 * `timeformat` to epoch seconds), durations (`dur2sec`: `[D+]HH:MM:SS`; `mstime`: `[MM:]SS.SSS`).
 * All in UTC; what does not read is null.
 */
import type { ConvertCommand, ConvertFunction } from '../../../../common/ppl/commands/shaping';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { readField } from '../evaluate';
import { daysFromCivil, instantFromMillis, MONTH_NAMES } from '../functions/datetime_values';
import { strftime } from '../functions/strftime';
import type { PlanContext } from '../plan_context';

const LEADING_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const hasLetters = (s: string) => /[a-zA-Z]/.test(s.replace(/[eE][+-]?\d+$/, ''));

/** `rmunit`: the number the text starts with. */
function leadingNumber(s: string): number | null {
  const m = LEADING_NUMBER.exec(s.trim());
  return m ? Number(m[0]) : null;
}

/** `rmcomma`: the text without commas as a number; null when it holds letters. */
function withoutCommas(s: string): number | null {
  if (hasLetters(s)) return null;
  const t = s.replace(/,/g, '').trim();
  const n = t === '' ? NaN : Number(t);
  return Number.isNaN(n) ? null : n;
}

/** `memk`: kilobytes of `12`, `12k`, `3m`, `1.5g`. */
function kilobytes(s: string): number | null {
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))([kKmMgG]?)$/.exec(s.trim());
  if (!m) return null;
  const unit = m[2].toLowerCase();
  return Number(m[1]) * (unit === 'm' ? 1024 : unit === 'g' ? 1024 * 1024 : 1);
}

function numberValue(func: ConvertFunction, v: PplValue): PplValue {
  if (v === null || func === 'none') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v);
  if (typeof v !== 'string') return null;
  switch (func) {
    case 'rmcomma':
      return withoutCommas(v);
    case 'rmunit':
      return leadingNumber(v);
    case 'memk':
      return kilobytes(v);
    case 'num':
      return hasLetters(v) ? leadingNumber(v.split(',')[0]) : withoutCommas(v);
    case 'auto':
      return kilobytes(v) ?? withoutCommas(v) ?? leadingNumber(v);
    default:
      return null;
  }
}

/** `dur2sec`: `[D+]HH:MM:SS[.fff]` as seconds. */
function durationSeconds(s: string): number | null {
  const m = /^(?:(\d+)\+)?(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(s.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 86400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

/** `mstime`: `[MM:]SS[.fff]` as seconds. */
function minuteSeconds(s: string): number | null {
  const m = /^(?:(\d+):)?(\d+(?:\.\d+)?)$/.exec(s.trim());
  return m ? Number(m[1] ?? 0) * 60 + Number(m[2]) : null;
}

const MONTHS = MONTH_NAMES.map((n) => n.slice(0, 3).toLowerCase());

/** The fields a `timeformat` reads, as a regular expression built from fixed pieces. */
function timeReader(format: string): (s: string) => number | null {
  const fields: string[] = [];
  let source = '';
  const piece: Record<string, [string, string]> = {
    Y: ['(\\d{4})', 'Y'],
    y: ['(\\d{2})', 'y'],
    m: ['(\\d{1,2})', 'm'],
    d: ['(\\d{1,2})', 'd'],
    e: ['\\s?(\\d{1,2})', 'd'],
    H: ['(\\d{1,2})', 'H'],
    I: ['(\\d{1,2})', 'I'],
    M: ['(\\d{1,2})', 'M'],
    S: ['(\\d{1,2}(?:\\.\\d+)?)', 'S'],
    p: ['([AaPp][Mm])', 'p'],
    b: ['([A-Za-z]{3})', 'b'],
    s: ['(\\d+)', 's'],
  };
  const expanded = format.replace(/%T/g, '%H:%M:%S').replace(/%F/g, '%Y-%m-%d');
  for (let i = 0; i < expanded.length; i++) {
    const c = expanded.charAt(i);
    const next = expanded.charAt(i + 1);
    if (c === '%' && piece[next]) {
      source += piece[next][0];
      fields.push(piece[next][1]);
      i++;
    } else if (c === '%' && next === '%') {
      source += '%';
      i++;
    } else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const re = new RegExp(`^${source}$`);
  return (text) => {
    const m = re.exec(text.trim());
    if (!m) return null;
    const v: Record<string, string> = {};
    fields.forEach((f, i) => (v[f] = m[i + 1]));
    if (v.s !== undefined) return Number(v.s);
    const year = v.Y !== undefined ? Number(v.Y) : v.y !== undefined ? 2000 + Number(v.y) : 1970;
    const month = v.b !== undefined ? MONTHS.indexOf(v.b.toLowerCase()) + 1 : Number(v.m ?? 1);
    let hour = Number(v.H ?? v.I ?? 0);
    if (v.p !== undefined && v.I !== undefined) hour = (hour % 12) + (/p/i.test(v.p) ? 12 : 0);
    const day = Number(v.d ?? 1);
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23) return null;
    const days = daysFromCivil(year, month, day);
    return days * 86400 + hour * 3600 + Number(v.M ?? 0) * 60 + Number(v.S ?? 0);
  };
}

export function planConvert(ctx: PlanContext, command: ConvertCommand): void {
  const readTime = timeReader(command.timeFormat);
  const { timeFormat } = command;
  const convert = (func: ConvertFunction, v: PplValue): PplValue => {
    if (v === null) return null;
    switch (func) {
      case 'ctime': {
        const seconds = Number(v);
        if (typeof v === 'boolean' || Number.isNaN(seconds)) return null;
        return strftime(instantFromMillis(seconds * 1000), timeFormat);
      }
      case 'mktime':
        return typeof v === 'string' ? readTime(v) : typeof v === 'number' ? v : null;
      case 'dur2sec':
        return typeof v === 'string' ? durationSeconds(v) : null;
      case 'mstime':
        return typeof v === 'string' ? minuteSeconds(v) : null;
      default:
        return numberValue(func, v);
    }
  };
  const steps = command.conversions.map((c) => {
    ctx.requireColumn(c.field.name, c.field.span);
    const to = c.as?.name ?? c.field.name;
    const type: PplType =
      c.func === 'none' ? ctx.column(c.field.name)!.type : c.func === 'ctime' ? 'string' : 'double';
    ctx.setColumn(to, type);
    return { func: c.func, from: c.field.name, to };
  });
  ctx.add(command.span, 'streams', async function* (input) {
    for await (const batch of input) {
      for (const row of batch) {
        for (const s of steps) row[s.to] = convert(s.func, readField(row, s.from));
      }
      yield batch;
    }
  });
}
