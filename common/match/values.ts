/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reading cells and event values the way a rule compares them: networks and addresses (parsed
 * by ipaddr.js), dates as epoch milliseconds, wildcard patterns as their literal parts.
 */
import ipaddr from 'ipaddr.js';

/** An address as one number in the IPv6 space (IPv4 as `::ffff:a.b.c.d`), so both compare. */
export interface Address {
  v6: boolean;
  bytes: number[];
}

/** An address, or undefined when the value is not one. IPv4-mapped IPv6 reads as IPv4. */
export function parseAddress(value: unknown): Address | undefined {
  if (typeof value !== 'string' || !ipaddr.isValid(value.trim())) return undefined;
  const address = ipaddr.process(value.trim());
  return { v6: address.kind() === 'ipv6', bytes: address.toByteArray() };
}

export interface Network extends Address {
  prefix: number;
}

/** A network (`10.0.0.0/8`, `2001:db8::/32`); a plain address is its own network. */
export function parseNetwork(value: unknown): Network | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text.includes('/')) {
    const address = parseAddress(text);
    return address && { ...address, prefix: address.bytes.length * 8 };
  }
  try {
    const [address, prefix] = ipaddr.parseCIDR(text);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      if (prefix < 96) return undefined;
      return {
        v6: false,
        bytes: (address as ipaddr.IPv6).toIPv4Address().toByteArray(),
        prefix: prefix - 96,
      };
    }
    return { v6: address.kind() === 'ipv6', bytes: address.toByteArray(), prefix };
  } catch {
    return undefined;
  }
}

/** The first `prefix` bits of `bytes` as a map key (the other bits ignored). */
export function prefixKey(bytes: number[], prefix: number): string {
  let key = '';
  const whole = prefix >> 3;
  for (let i = 0; i < whole; i++) key += String.fromCharCode(bytes[i]);
  const rest = prefix & 7;
  if (rest > 0) key += String.fromCharCode(bytes[whole] & (0xff << (8 - rest)) & 0xff);
  return key;
}

/** An address as a bigint in the IPv6 space, for ranges of addresses. */
export function addressNumber(address: Address): bigint {
  let n = address.v6 ? 0n : 0xffffn;
  for (const b of address.bytes) n = (n << 8n) | BigInt(b);
  return n;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const PPL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A date as epoch milliseconds: PPL's `yyyy-MM-dd HH:mm:ss[.fff]` (UTC, as every read shows
 * dates), `yyyy-MM-dd`, ISO 8601, or epoch milliseconds as a number.
 */
export function dateMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  let iso = text;
  if (DATE_ONLY.test(text)) iso = `${text}T00:00:00Z`;
  else if (PPL_TIMESTAMP.test(text)) iso = `${text.replace(' ', 'T')}Z`;
  else if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) || !text.includes('T')) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A number, also from its text; undefined for anything else. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A wildcard pattern: `*` stands for any run of characters (none included). */
export interface Pattern {
  /** The literal parts between the stars, in order (the first and last may be empty). */
  parts: string[];
  /** How many literal characters it has: the more, the more specific. */
  literal: number;
}

export function compilePattern(text: string): Pattern {
  const parts = text.split('*');
  return { parts, literal: parts.reduce((n, p) => n + p.length, 0) };
}

/** Whether `value` matches the pattern (both already in the case the rule compares). */
export function matchesPattern(pattern: Pattern, value: string): boolean {
  const { parts } = pattern;
  if (parts.length === 1) return value === parts[0];
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (value.length < pattern.literal || !value.startsWith(first) || !value.endsWith(last)) {
    return false;
  }
  // The middle parts, leftmost first, in what the first and last leave.
  let at = first.length;
  const end = value.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = value.indexOf(parts[i], at);
    if (found < 0 || found + parts[i].length > end) return false;
    at = found + parts[i].length;
  }
  return true;
}

/** A scalar value as text for matching (numbers and booleans too); null for anything else. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return null;
}
