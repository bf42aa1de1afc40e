/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The type of each CSV column, inferred over the whole file (every value of the column must fit
 * it), as the OSD data importer infers them: integer, double, boolean, ISO 8601 date, else
 * string. Empty cells fit any type; in a typed column they are left out of the row (no value),
 * in a string column they stay "". `types=strings` keeps every value a string. Shared: the
 * server types an import by it, and the app previews a file's types with it.
 */
import type { SchemaColumn } from './api/codecs';

export type ColumnType = 'integer' | 'double' | 'boolean' | 'date' | 'string';

// Leading zeros (`007`, a zip code) keep a column a string.
const INTEGER = /^[+-]?(0|[1-9]\d*)$/;
const DOUBLE = /^[+-]?((0|[1-9]\d*)(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const BOOLEAN = /^(true|false)$/i;
// A calendar date, or a date and time with `T`, seconds, a fraction and a zone optional: what
// OpenSearch's default date format (strict_date_optional_time) reads. Or PPL's own timestamp
// form (`yyyy-MM-dd HH:mm:ss[.fraction]`, UTC), which exports write and the writer stores as `.SSS`.
const DATE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?| ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?)?$/;

/** The PPL type each column is declared with (the writer's key encoding follows it). */
export const PPL_TYPE: Record<ColumnType, string> = {
  integer: 'long',
  double: 'double',
  boolean: 'boolean',
  date: 'timestamp',
  string: 'string',
};

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

// Bits of the types a value still fits.
const FITS_INTEGER = 1;
const FITS_DOUBLE = 2;
const FITS_BOOLEAN = 4;
const FITS_DATE = 8;
const FITS_ALL = FITS_INTEGER | FITS_DOUBLE | FITS_BOOLEAN | FITS_DATE;

function fits(value: string): number {
  let bits = 0;
  if (INTEGER.test(value)) {
    // A long (64 bits) is kept exactly, past 2^53 as a bigint; wider, the column stays a string.
    const exact = BigInt(value);
    if (exact >= LONG_MIN && exact <= LONG_MAX) bits |= FITS_INTEGER | FITS_DOUBLE;
  } else if (DOUBLE.test(value) && Number.isFinite(Number(value))) bits |= FITS_DOUBLE;
  if (BOOLEAN.test(value)) bits |= FITS_BOOLEAN;
  if (DATE.test(value) && !Number.isNaN(Date.parse(value))) bits |= FITS_DATE;
  return bits;
}

/** Watches every value of every column, then says each column's type. */
export class ColumnTypeInference {
  private readonly bits: number[];
  private readonly seen: boolean[];

  constructor(private readonly columns: string[]) {
    this.bits = columns.map(() => FITS_ALL);
    this.seen = columns.map(() => false);
  }

  add(values: string[]) {
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === '' || this.bits[i] === 0) continue;
      this.seen[i] = true;
      this.bits[i] &= fits(value);
    }
  }

  types(): ColumnType[] {
    return this.columns.map((_, i) => {
      const bits = this.bits[i];
      if (!this.seen[i]) return 'string';
      if (bits & FITS_INTEGER) return 'integer';
      if (bits & FITS_DOUBLE) return 'double';
      if (bits & FITS_BOOLEAN) return 'boolean';
      if (bits & FITS_DATE) return 'date';
      return 'string';
    });
  }
}

/** A value of a column of that type, or undefined for an empty cell of a typed column. */
export function convert(value: string, type: ColumnType): unknown {
  if (type === 'string') return value;
  if (value === '') return undefined;
  switch (type) {
    case 'integer': {
      const number = Number(value);
      return Number.isSafeInteger(number) ? number : BigInt(value);
    }
    case 'double':
      return Number(value);
    case 'boolean':
      return value.toLowerCase() === 'true';
    case 'date':
      return value;
  }
}

export function schemaOf(columns: string[], types: ColumnType[]): SchemaColumn[] {
  return columns.map((name, i) => ({ name, type: PPL_TYPE[types[i]] }));
}
