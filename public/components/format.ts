/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Numbers, sizes, times and ids as the pages show them, in the user's locale. */
import { i18n } from '@osd/i18n';
import { stringifyJson } from '../../common/api/lossless_json';

const locale = () => {
  const value = i18n.getLocale();
  try {
    return Intl.NumberFormat.supportedLocalesOf([value]).length > 0 ? value : 'en';
  } catch {
    return 'en';
  }
};

export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(locale()).format(n);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale(), { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

export function formatTime(
  iso: string | null | undefined,
  /** `short` leaves out the seconds, for a column with little room. */
  timeStyle: 'medium' | 'short' = 'medium'
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle }).format(date);
}

/** A slice id is a uuid; its first group tells versions apart at a glance. */
export function shortSlice(id: string | null | undefined): string {
  if (!id) return '—';
  return id.length > 12 ? id.slice(0, 8) : id;
}

/**
 * A cell value as text: null stays visible, objects and arrays as JSON; a long integer read
 * as a bigint (beyond 2^53) with every digit.
 */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return stringifyJson(value);
  return String(value);
}

/*
 * Counts with their noun. The host's i18n has no ICU plurals, so the two forms are two messages
 * (OSD's translators then see both).
 */
export function rowCount(n: number): string {
  return n === 1
    ? i18n.translate('lookups.count.row', { defaultMessage: '1 row' })
    : i18n.translate('lookups.count.rows', {
        defaultMessage: '{count} rows',
        values: { count: formatNumber(n) },
      });
}

export function versionCount(n: number): string {
  return n === 1
    ? i18n.translate('lookups.count.version', { defaultMessage: '1 version' })
    : i18n.translate('lookups.count.versions', {
        defaultMessage: '{count} versions',
        values: { count: formatNumber(n) },
      });
}

/** A duration as the pages show it: "850 ms", "12 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) {
    return i18n.translate('lookups.duration.ms', {
      defaultMessage: '{ms} ms',
      values: { ms: Math.round(ms) },
    });
  }
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) {
    return i18n.translate('lookups.duration.s', {
      defaultMessage: '{s} s',
      values: { s: seconds },
    });
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return i18n.translate('lookups.duration.min', {
      defaultMessage: '{min} min {s} s',
      values: { min: minutes, s: String(seconds % 60).padStart(2, '0') },
    });
  }
  return i18n.translate('lookups.duration.h', {
    defaultMessage: '{h} h {min} min',
    values: { h: Math.floor(minutes / 60), min: String(minutes % 60).padStart(2, '0') },
  });
}
