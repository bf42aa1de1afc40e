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
