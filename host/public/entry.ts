/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's `core.entry.js`: what `__osdBundles__.get('entry/core/public')` gives, as OSD's
 * core public entry does. Plugin bundles read core's values from it (`opensearch-dashboards/
 * public` resolves here inside a plugin bundle), and the page's bootstrap script calls its
 * `__osdBootstrap__()` once every bundle has loaded.
 */
import * as core from './core_public';

(
  window as unknown as { __osdBundles__: { define(key: string, load: () => unknown): void } }
).__osdBundles__.define('entry/core/public', () => core);
