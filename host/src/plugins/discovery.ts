/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Where plugins are found, with the rules of OSD's plugins discovery (src/core/server/plugins/
 * discovery/plugins_discovery.ts): in each search path (`<home>/plugins`), a directory holding
 * an `opensearch_dashboards.json` is a plugin and is not searched further; any other directory
 * is searched, at most 5 levels down. `plugins.paths` name plugin directories directly.
 */
import { existsSync, readdirSync, statSync } from 'fs';
import { join } from 'path';

const MAX_SCAN_DEPTH = 5;

function scan(dir: string, depth: number, found: string[]) {
  if (existsSync(join(dir, 'opensearch_dashboards.json'))) {
    found.push(dir);
    return;
  }
  if (depth >= MAX_SCAN_DEPTH) return;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) scan(path, depth + 1, found);
  }
}

export function discoverPlugins(searchPaths: string[], pluginPaths: string[] = []): string[] {
  const found: string[] = [];
  for (const root of searchPaths) {
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort()) {
      const path = join(root, name);
      if (statSync(path).isDirectory()) scan(path, 0, found);
    }
  }
  return [...found, ...pluginPaths];
}
