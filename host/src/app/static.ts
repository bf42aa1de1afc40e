/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Serves the built browser bundles from one folder, refusing anything outside it. */
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import { createReadStream, existsSync, statSync } from 'fs';
import { extname, resolve, sep } from 'path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export function registerBundles(server: Server, bundleDir: string) {
  const root = resolve(bundleDir);
  server.route({
    method: 'GET',
    path: '/bundles/{file*}',
    options: { auth: false },
    handler: (request, h) => {
      const file = resolve(root, String(request.params.file ?? ''));
      if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
        return Boom.notFound();
      }
      return h
        .response(createReadStream(file))
        .type(TYPES[extname(file)] ?? 'application/octet-stream')
        .header('cache-control', 'no-cache');
    },
  });
}
