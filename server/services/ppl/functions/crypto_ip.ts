/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Cryptographic digests (cryptographic.md), IP addresses (ip.md) and `typeof` (system.md). */
import { createHash } from 'node:crypto';
import { CRYPTO_FUNCTIONS, IP_FUNCTIONS, SYSTEM_FUNCTIONS } from '../../../../common/ppl/functions';
import { evaluationError, FamilyImplementations, intArg, returns, textArg } from './registry';
import { cidrContains } from './ip_values';

const digest = (algorithm: string, text: string): string =>
  createHash(algorithm).update(text, 'utf8').digest('hex');

export const cryptoFunctions: FamilyImplementations<typeof CRYPTO_FUNCTIONS.functions> = {
  md5: { type: returns('string'), apply: ([s]) => digest('md5', textArg(s)) },
  sha1: { type: returns('string'), apply: ([s]) => digest('sha1', textArg(s)) },
  sha2: {
    type: returns('string'),
    apply([s, bits], ctx) {
      const n = intArg(bits, ctx);
      const size = n === 0 ? 256 : n;
      if (![224, 256, 384, 512].includes(size)) {
        return evaluationError(ctx, `the bit length must be 224, 256, 384 or 512, found ${n}`);
      }
      return digest(`sha${size}`, textArg(s));
    },
  },
};

export const ipFunctions: FamilyImplementations<typeof IP_FUNCTIONS.functions> = {
  cidrmatch: {
    type: returns('boolean'),
    apply([ip, cidr], ctx) {
      const inside = cidrContains(textArg(ip), textArg(cidr));
      if (inside === undefined) {
        return evaluationError(
          ctx,
          `"${textArg(ip)}" or "${textArg(cidr)}" is not a valid address or CIDR range`
        );
      }
      return inside;
    },
  },
  geoip: {
    type: returns('struct'),
    apply: (_, ctx) =>
      evaluationError(
        ctx,
        "it reads the Geospatial plugin's IP2Geo data sources, which this engine does not call; enrich with a lookup instead (lookup <table> ip)"
      ),
  },
};

export const systemFunctions: FamilyImplementations<typeof SYSTEM_FUNCTIONS.functions> = {
  typeof: {
    type: returns('string'),
    nulls: 'custom',
    apply: ([x]) => (x.t === 'undefined' ? 'UNDEFINED' : x.t.toUpperCase()),
  },
};
