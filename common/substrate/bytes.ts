/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Byte helpers shared by the id encoder and the slice uuids, in plain TypeScript for the browser.
 */

const encoder = new TextEncoder();

/**
 * `text` with every unpaired UTF-16 surrogate replaced by `replacement`. A plain loop rather than a
 * regular expression with lookbehind, which older Safari versions cannot even parse.
 */
export function replaceUnpairedSurrogates(text: string, replacement: string): string {
  let out = '';
  let changed = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i] + text[i + 1];
        i++;
        continue;
      }
      out += replacement;
      changed = true;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      out += replacement;
      changed = true;
    } else {
      out += text[i];
    }
  }
  return changed ? out : text;
}

/** True when `text` holds an unpaired UTF-16 surrogate, which is not valid Unicode text. */
export function hasUnpairedSurrogate(text: string): boolean {
  return replaceUnpairedSurrogates(text, '') !== text;
}

/**
 * The UTF-8 bytes of `text` as Java's `String.getBytes(StandardCharsets.UTF_8)` gives them, so
 * that hashes agree with the Java writer. The two differ only on unpaired UTF-16 surrogates (which
 * `JSON.parse` can produce from `"\ud800"`): Java writes `?` for each, `TextEncoder` writes U+FFFD.
 */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(replaceUnpairedSurrogates(text, '?'));
}

/** Lower-case hexadecimal, two digits a byte. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    out += byte.toString(16).padStart(2, '0');
  }
  return out;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64 with the URL and file name safe alphabet (RFC 4648 section 5), without `=` padding. */
export function base64UrlNoPad(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out +=
      BASE64URL[(n >>> 18) & 63] +
      BASE64URL[(n >>> 12) & 63] +
      BASE64URL[(n >>> 6) & 63] +
      BASE64URL[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += BASE64URL[(n >>> 18) & 63] + BASE64URL[(n >>> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += BASE64URL[(n >>> 18) & 63] + BASE64URL[(n >>> 12) & 63] + BASE64URL[(n >>> 6) & 63];
  }
  return out;
}

/** Concatenates byte arrays. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
