/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The zip OSD's install CLI takes: every file of the staged plugin folder under
 * `opensearch-dashboards/<id>/`, dotfiles included, in a stable order with a fixed date, so the
 * same sources give the same archive.
 */
import { createWriteStream, readdirSync, statSync } from 'fs';
import { join, relative, sep } from 'path';
import { ZipFile } from 'yazl';

const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      const stat = statSync(path);
      return stat.isDirectory() ? filesUnder(path) : [path];
    });
}

/** Writes `zipPath` from `stagedDir` (the `opensearch-dashboards` folder); resolves to the entry count. */
export async function writeArchive(stagedDir: string, zipPath: string): Promise<number> {
  const zip = new ZipFile();
  const files = filesUnder(stagedDir);
  for (const file of files) {
    const name = ['opensearch-dashboards', ...relative(stagedDir, file).split(sep)].join('/');
    zip.addFile(file, name, { mtime: FIXED_DATE, mode: statSync(file).mode });
  }
  zip.end();
  await new Promise<void>((done, fail) => {
    const out = createWriteStream(zipPath);
    out.on('close', done).on('error', fail);
    zip.outputStream.on('error', fail).pipe(out);
  });
  return files.length;
}
