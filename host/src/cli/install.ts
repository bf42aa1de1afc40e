/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `opensearch-dashboards-plugin install <url>` into the host's home, in the steps and with the
 * messages of OSD's install CLI (src/cli_plugin/install/install.js): clear a previous attempt,
 * copy the archive into `plugins/.plugin.installing`, read and check its plugins, extract, refuse
 * a plugin that is already installed, check the version, then rename the folder into
 * `plugins/<id>`. Any failure removes the work folder. Only `file://` URLs: the host has no
 * network to download from.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'fs';
import { join } from 'path';
import { fileURLToPath } from 'url';
import { pluginsDir } from '../home';
import { extractPlugin, readPackData } from './archive';
import { checkVersion, type SingleVersionMode } from './version';

export interface InstallOptions {
  home: string;
  /** The OSD version of the install (the host's). */
  osdVersion: string;
  singleVersion: SingleVersionMode | string;
  log: (line: string) => void;
}

export class InstallError extends Error {
  constructor(
    message: string,
    /** OSD's exit code: 70 for a failed install. */
    public readonly exitCode = 70
  ) {
    super(message);
  }
}

function archiveFile(url: string): string {
  if (!url.startsWith('file://')) {
    throw new Error(`the host installs from file:// URLs only, not ${url}`);
  }
  const path = fileURLToPath(url);
  if (!existsSync(path)) throw new Error(`ENOENT: no such file ${path}`);
  return path;
}

/** Resolves to the installed plugin's folder. */
export async function installPlugin(url: string, options: InstallOptions): Promise<string> {
  const workingPath = join(pluginsDir(options.home), '.plugin.installing');
  const archive = join(workingPath, 'archive.part');
  const cleanArtifacts = () => rmSync(workingPath, { recursive: true, force: true });
  try {
    cleanArtifacts();
    mkdirSync(workingPath, { recursive: true });
    options.log(`Attempting to transfer from ${url}`);
    copyFileSync(archiveFile(url), archive);
    options.log('Transfer complete');
    const [plugin] = await readPackData(archive);
    options.log('Retrieving metadata from plugin archive');
    options.log('Extracting plugin archive');
    await extractPlugin(archive, plugin.stripPrefix, workingPath);
    options.log('Extraction complete');
    rmSync(archive);
    const target = join(pluginsDir(options.home), plugin.id);
    if (existsSync(target)) {
      throw new InstallError(
        `Plugin ${plugin.id} already exists, please remove before installing a new version`
      );
    }
    const version = checkVersion(
      plugin.id,
      plugin.opensearchDashboardsVersion,
      options.osdVersion,
      options.singleVersion
    );
    if (version.error) throw new Error(version.error);
    if (version.warning) options.log(version.warning);
    renameSync(workingPath, target);
    options.log('Plugin installation complete');
    return target;
  } catch (e) {
    cleanArtifacts();
    if (e instanceof InstallError) throw e;
    throw new InstallError(
      `Plugin installation was unsuccessful due to error "${(e as Error).message}"`
    );
  }
}

export function removePlugin(id: string, home: string, log: (line: string) => void): void {
  const target = join(pluginsDir(home), id);
  if (!existsSync(target))
    throw new InstallError(
      `Unable to remove plugin because of error: "Plugin [${id}] is not installed"`,
      74
    );
  log(`Removing ${id}...`);
  rmSync(target, { recursive: true, force: true });
  log('Plugin removal complete');
}
