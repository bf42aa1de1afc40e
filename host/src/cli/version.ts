/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The install CLI's version check (src/cli_plugin/install/opensearch_dashboards.js
 * `assertVersion`, OSD 3.x with `--single-version`, whose default became `ignore` in 3.5.0):
 * `strict` wants the plugin's `opensearchDashboardsVersion` equal to OSD's; `ignore` installs
 * any version and warns when the major differs; `"opensearchDashboards"` always passes.
 */
export type SingleVersionMode = 'strict' | 'ignore';

/** OSD's cleanVersion: the first `x.y.z` in the string (a plugin's `3.6.0.0` is `3.6.0`). */
const clean = (v: string) => /(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1, 4).map(Number);

export interface VersionCheck {
  /** Set when the plugin may not be installed. */
  error?: string;
  /** A warning to print when it may. */
  warning?: string;
}

export function checkVersion(
  id: string,
  actual: string,
  expected: string,
  mode: string
): VersionCheck {
  if (mode !== 'strict' && mode !== 'ignore') {
    return { error: `Invalid single-version mode: ${mode}. Use 'strict' or 'ignore'.` };
  }
  if (actual === 'opensearchDashboards') return {};
  const plugin = clean(actual);
  const osd = clean(expected);
  if (!plugin || !osd) {
    return {
      error: `Invalid version format. Plugin: ${actual}, OpenSearch Dashboards: ${expected}`,
    };
  }
  if (mode === 'strict') {
    return plugin.join('.') === osd.join('.')
      ? {}
      : {
          error: `Plugin ${id} [${actual}] is incompatible with OpenSearch Dashboards [${expected}]. Strict mode requires exact version match.`,
        };
  }
  return plugin[0] === osd[0]
    ? {}
    : {
        warning: `WARNING: Plugin ${id} [${actual}] major version differs from OpenSearch Dashboards [${expected}]. Plugin may not function correctly.`,
      };
}
