/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `GET /translations/{locale}.json`, as OSD's ui_render_mixin serves it: no auth, only the one
 * locale the server runs (`i18n.locale`; any other is a 404 "Unknown locale: <locale>"), with
 * `cache-control: must-revalidate` and an etag of the body.
 */
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import { createHash } from 'crypto';
import type { Translations } from './translations';

export function registerTranslationsRoute(server: Server, translations: Translations) {
  const body = JSON.stringify(translations);
  const hash = createHash('sha1').update(body).digest('hex');
  server.route({
    method: 'GET',
    path: '/translations/{locale}.json',
    options: { auth: false },
    handler: (request, h) => {
      const locale = String(request.params.locale);
      if (translations.locale !== locale.toLowerCase()) {
        throw Boom.notFound(`Unknown locale: ${locale}`);
      }
      return h
        .response(body)
        .header('cache-control', 'must-revalidate')
        .type('application/json')
        .etag(hash);
    },
  });
}
