/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every source file carries the SPDX header OSD plugins carry. `--fix` adds it where it is
 * missing; without it, the files that lack it are listed and the exit code is 1.
 *   npx tsx scripts/license_headers.ts [--fix]
 */
import { execFileSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';

export const HEADER = `/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */
`;

const SOURCE =
  /^(common|server|public|host|scripts|test|bench|tools)\/.*\.(ts|tsx|js)$|^[^/]+\.config\.js$/;

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => SOURCE.test(f) && !f.includes('/fixtures/') && !f.includes('node_modules/'));
}

function main() {
  const fix = process.argv.includes('--fix');
  const missing: string[] = [];
  for (const file of sourceFiles()) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // deleted in the work tree
    }
    if (text.includes('SPDX-License-Identifier: Apache-2.0')) continue;
    if (!fix) {
      missing.push(file);
      continue;
    }
    const shebang = text.startsWith('#!') ? text.slice(0, text.indexOf('\n') + 1) : '';
    writeFileSync(file, `${shebang}${HEADER}\n${text.slice(shebang.length)}`);
  }
  if (missing.length > 0) {
    console.error(
      `${missing.length} files lack the SPDX license header (npx tsx scripts/license_headers.ts --fix):\n${missing.join('\n')}`
    );
    process.exit(1);
  }
}

main();
