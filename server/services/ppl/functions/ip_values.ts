/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** IPv4 and IPv6 addresses as numbers, for `cidrmatch` and `cast(… as ip)`. */

export interface IpAddress {
  version: 4 | 6;
  /** The address as a 32- or 128-bit number. */
  value: bigint;
}

function parseIpv4(s: string): bigint | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    value = (value << 8n) | BigInt(Number(p));
  }
  return value;
}

function parseIpv6(s: string): bigint | undefined {
  let text = s;
  let tail: bigint[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.') && lastColon >= 0) {
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    tail = [v4 >> 16n, v4 & 0xffffn];
    const prefix = text.slice(0, lastColon + 1);
    text = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const group = (h: string): bigint[] | undefined => {
    if (h === '') return [];
    const out: bigint[] = [];
    for (const g of h.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      out.push(BigInt(`0x${g}`));
    }
    return out;
  };
  const head = group(halves[0]);
  const rest = halves.length === 2 ? group(halves[1]) : [];
  if (head === undefined || rest === undefined) return undefined;
  const total = head.length + rest.length + tail.length;
  if (halves.length === 1 ? total !== 8 : total > 7) return undefined;
  const groups = [...head, ...Array(8 - total).fill(0n), ...rest, ...tail];
  return groups.reduce((acc, g) => (acc << 16n) | g, 0n);
}

export function parseIp(s: string): IpAddress | undefined {
  const t = s.trim();
  const v4 = parseIpv4(t);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const v6 = t.includes(':') ? parseIpv6(t) : undefined;
  return v6 === undefined ? undefined : { version: 6, value: v6 };
}

/** RFC 5952 text for IPv6 (the longest run of zero groups as `::`, lower case). */
export function formatIp(ip: IpAddress): string {
  if (ip.version === 4) {
    return [24n, 16n, 8n, 0n].map((s) => String((ip.value >> s) & 0xffn)).join('.');
  }
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((ip.value >> BigInt(i * 16)) & 0xffffn));
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

export function canonicalIp(s: string): string | undefined {
  const ip = parseIp(s);
  return ip === undefined ? undefined : formatIp(ip);
}

/** Whether `ip` is inside `cidr` (`10.0.0.0/8`, `2001:db8::/32`); undefined if either is malformed. */
export function cidrContains(ipText: string, cidr: string): boolean | undefined {
  const ip = parseIp(ipText);
  const slash = cidr.indexOf('/');
  const network = parseIp(slash < 0 ? cidr : cidr.slice(0, slash));
  if (ip === undefined || network === undefined) return undefined;
  const bits = network.version === 4 ? 32 : 128;
  const prefix = slash < 0 ? bits : Number(cidr.slice(slash + 1));
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) return undefined;
  if (ip.version !== network.version) return false;
  const shift = BigInt(bits - prefix);
  return ip.value >> shift === network.value >> shift;
}
