/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Response headers every host answer carries, pages and API alike: OSD's default CSP rules
 * (`csp.rules`: script-src 'self', worker-src blob: 'self', style-src 'unsafe-inline' 'self')
 * plus `frame-ancestors 'self'`, a frame policy for older browsers, and nosniff.
 */
import type { Server } from '@hapi/hapi';

export const CSP_RULES = [
  `script-src 'self'`,
  `worker-src blob: 'self'`,
  `style-src 'unsafe-inline' 'self'`,
  `frame-ancestors 'self'`,
];

/**
 * OSD 3.6's strict rules (`csp.enable: true`; src/core/server/constants.ts
 * STRICT_CSP_RULES_DEFAULT_VALUE), with the page's nonce on `style-src-elem`, the directive
 * OSD gives nonces to: a `<style>` element without the page's nonce is refused.
 */
export function strictCspHeader(nonce: string): string {
  const trusted =
    'https://opensearch.org https://docs.opensearch.org https://maps.opensearch.org ' +
    'https://vectors.maps.opensearch.org https://tiles.maps.opensearch.org';
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `script-src-attr 'none'`,
    `style-src 'self'`,
    `style-src-elem 'self' 'nonce-${nonce}'`,
    `style-src-attr 'self' 'unsafe-inline'`,
    `child-src 'none'`,
    `worker-src 'self'`,
    `frame-src 'none'`,
    `object-src 'none'`,
    `manifest-src 'self'`,
    `media-src 'none'`,
    `font-src 'self'`,
    `connect-src 'self' ${trusted}`,
    `img-src 'self' data: ${trusted}`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ].join('; ');
}

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CSP_RULES.join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

export function registerSecurityHeaders(server: Server) {
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (!response) return h.continue;
    const headers =
      'isBoom' in response && response.isBoom
        ? response.output.headers
        : (response as { headers: Record<string, string> }).headers;
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (headers[name] === undefined) headers[name] = value;
    }
    return h.continue;
  });
}
