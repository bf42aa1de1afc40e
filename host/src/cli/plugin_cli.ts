/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's `bin/opensearch-dashboards-plugin`:
 *
 *   node build/host/server/opensearch-dashboards-plugin.js install file:///…/<id>-<v>.zip
 *        [--single-version strict|ignore] [-q|--quiet] [-s|--silent]
 *   node build/host/server/opensearch-dashboards-plugin.js remove <id>
 *   node build/host/server/opensearch-dashboards-plugin.js list
 *
 * acting on the host's home (`LOOKUPS_HOST_HOME`, host/src/home.ts), for the OSD version the host
 * stands in for (`LOOKUPS_HOST_OSD_VERSION`). Exit codes as OSD's: 64 for bad usage, 70 for a
 * failed install.
 */
import { readdirSync } from 'fs';
import { defaultHome, HOST_OSD_VERSION, pluginsDir, prepareHome } from '../home';
import { InstallError, installPlugin, removePlugin } from './install';

const USAGE =
  'usage: opensearch-dashboards-plugin install <file-url> [--single-version strict|ignore] [-q] [-s]\n' +
  '       opensearch-dashboards-plugin remove <id>\n' +
  '       opensearch-dashboards-plugin list';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const home = process.env.LOOKUPS_HOST_HOME || defaultHome();
  const silent = rest.includes('-s') || rest.includes('--silent');
  const quiet = silent || rest.includes('-q') || rest.includes('--quiet');
  /* eslint-disable no-console -- a command-line tool talks to its terminal */
  const log = (line: string) => {
    if (!quiet) console.log(line);
  };
  const error = (line: string) => {
    if (!silent) console.error(line);
  };
  /* eslint-enable no-console */
  const modeIndex = rest.indexOf('--single-version');
  const singleVersion = modeIndex >= 0 ? (rest[modeIndex + 1] ?? '') : 'ignore';
  const positional = rest.filter(
    (arg, i) => !arg.startsWith('-') && !(modeIndex >= 0 && i === modeIndex + 1)
  );
  try {
    prepareHome(home);
    if (command === 'install' && positional.length === 1) {
      await installPlugin(positional[0], {
        home,
        osdVersion: process.env.LOOKUPS_HOST_OSD_VERSION || HOST_OSD_VERSION,
        singleVersion,
        log,
      });
      return 0;
    }
    if (command === 'remove' && positional.length === 1) {
      removePlugin(positional[0], home, log);
      return 0;
    }
    if (command === 'list' && positional.length === 0) {
      for (const name of readdirSync(pluginsDir(home))) log(name);
      return 0;
    }
    error(USAGE);
    return 64;
  } catch (e) {
    error((e as Error).message);
    return e instanceof InstallError ? e.exitCode : 70;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
