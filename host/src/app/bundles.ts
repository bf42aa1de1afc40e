/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The bundle routes of OSD's bundles_route (src/optimize/bundles_route): without
 * authentication, under `/<buildNum>/bundles/`
 *   osd-ui-shared-deps/…   the shared dependencies script and stylesheets
 *   core/…                 core's entry
 *   plugin/<id>/…          each UI plugin's `target/public`
 * A `.js` or `.css` answer is its precompressed `.br` or `.gz` twin when the client accepts
 * that encoding (br first), with `content-encoding`; as a distribution, every
 * answer may be cached for a year (the build number in the path changes with the build).
 * A path leaving its folder is a 403, a missing file a 404.
 */
import { encoding as preferredEncoding } from '@hapi/accept';
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import { createReadStream, statSync } from 'fs';
import { extname, resolve, sep } from 'path';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

export interface BundleFolders {
  buildNum: number;
  sharedDeps: string;
  core: string;
  /** Plugin id → its `target/public`. */
  plugins: Record<string, string>;
}

export function registerBundles(server: Server, folders: BundleFolders) {
  const serveFrom = (root: string) => (request: Request, h: ResponseToolkit) => {
    const base = resolve(root);
    const file = resolve(base, String(request.params.path ?? ''));
    if (!file.startsWith(base + sep)) return Boom.forbidden();
    if (!isFile(file)) return Boom.notFound();
    let served = file;
    let encoding: string | undefined;
    if (['.js', '.css'].includes(extname(file))) {
      const accepted = preferredEncoding(String(request.headers['accept-encoding'] ?? ''), [
        'br',
        'gzip',
      ]);
      if (accepted === 'br' && isFile(`${file}.br`)) encoding = 'br';
      else if (accepted === 'gzip' && isFile(`${file}.gz`)) encoding = 'gzip';
      if (encoding) served = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    }
    const response = h
      .response(createReadStream(served))
      .type(TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', 'max-age=31536000')
      .header('vary', 'accept-encoding');
    if (encoding) response.header('content-encoding', encoding);
    return response;
  };
  const route = (path: string, root: string) =>
    server.route({
      method: 'GET',
      path: `/${folders.buildNum}/bundles/${path}/{path*}`,
      options: { auth: false },
      handler: serveFrom(root),
    });
  route('osd-ui-shared-deps', folders.sharedDeps);
  route('core', folders.core);
  for (const [id, dir] of Object.entries(folders.plugins)) route(`plugin/${id}`, dir);
}
