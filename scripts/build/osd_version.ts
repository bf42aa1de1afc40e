/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which OpenSearch Dashboards a build is for. The plugin needs OSD 3.6.0 or later: 3.6.0 is the
 * first release with React 18 (createRoot, useId) and with the data importer's upload aliases,
 * the lookups this plugin migrates. A build names one exact version, as OSD's plugin helpers
 * stamp it into the manifest and the archive's name.
 */

export const DEFAULT_OSD_VERSION = '3.6.0';
export const MIN_OSD_VERSION = { major: 3, minor: 6 };

export class OsdVersionError extends Error {}

/** `3.x.y` from 3.6.0 up, or an error that says which versions a build can target. */
export function parseOsdVersion(raw: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(raw.trim());
  if (!match) {
    throw new OsdVersionError(
      `"${raw}" is not an OpenSearch Dashboards version: give three numbers, e.g. --osd-version ${DEFAULT_OSD_VERSION}`
    );
  }
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major !== MIN_OSD_VERSION.major || minor < MIN_OSD_VERSION.minor) {
    throw new OsdVersionError(
      `OpenSearch Dashboards ${raw} is not supported: the plugin needs 3.x from 3.6.0 up ` +
        '(React 18 and the data importer’s upload aliases arrived in 3.6.0)'
    );
  }
  return match.slice(1, 4).map(Number).join('.');
}

/** The plugin's own version for an OSD version, as OpenSearch plugins number theirs: `3.6.0.0`. */
export const pluginVersionFor = (osdVersion: string) => `${osdVersion}.0`;
