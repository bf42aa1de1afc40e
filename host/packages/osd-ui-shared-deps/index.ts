/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's `@osd/ui-shared-deps` (packages/osd-ui-shared-deps/index.js, 3.x): the browser packages
 * OSD loads once per page and every plugin bundle reads from `window.__osdSharedDeps__` instead
 * of bundling its own copy, and the file names the page loads them from. The plugin build takes
 * its externals from here, as OSD's optimizer does; the host builds the script from `entry.ts`.
 */

/** Import specifier → the global a plugin bundle reads it from. */
export const externals: Readonly<Record<string, string>> = Object.freeze({
  // stateful deps
  '@osd/i18n': '__osdSharedDeps__.OsdI18n',
  '@osd/i18n/react': '__osdSharedDeps__.OsdI18nReact',
  jquery: '__osdSharedDeps__.Jquery',
  moment: '__osdSharedDeps__.Moment',
  'moment-timezone': '__osdSharedDeps__.MomentTimezone',
  react: '__osdSharedDeps__.React',
  'react-dom': '__osdSharedDeps__.ReactDom',
  'react-dom/server': '__osdSharedDeps__.ReactDomServer',
  'react-router': '__osdSharedDeps__.ReactRouter',
  'react-router-dom': '__osdSharedDeps__.ReactRouterDom',
  'styled-components': '__osdSharedDeps__.StyledComponents',
  '@osd/monaco': '__osdSharedDeps__.OsdMonaco',
  '@osd/ui-shared-deps/theme': '__osdSharedDeps__.Theme',
  'monaco-editor/esm/vs/editor/editor.api': '__osdSharedDeps__.MonacoBarePluginApi',
  // big deps locked to a single version
  rxjs: '__osdSharedDeps__.Rxjs',
  'rxjs/operators': '__osdSharedDeps__.RxjsOperators',
  numeral: '__osdSharedDeps__.ElasticNumeral',
  '@elastic/numeral': '__osdSharedDeps__.ElasticNumeral',
  '@elastic/charts': '__osdSharedDeps__.ElasticCharts',
  '@elastic/eui': '__osdSharedDeps__.ElasticEui',
  '@elastic/eui/lib/services': '__osdSharedDeps__.ElasticEuiLibServices',
  '@elastic/eui/lib/services/format': '__osdSharedDeps__.ElasticEuiLibServicesFormat',
  '@elastic/eui/dist/eui_charts_theme': '__osdSharedDeps__.ElasticEuiChartsTheme',
  '@elastic/eui/dist/eui_theme_light.json': '__osdSharedDeps__.Theme.euiLightVars',
  '@elastic/eui/dist/eui_theme_dark.json': '__osdSharedDeps__.Theme.euiDarkVars',
  lodash: '__osdSharedDeps__.Lodash',
  'lodash/fp': '__osdSharedDeps__.LodashFp',
  // runtime deps that need not be copied into every bundle
  tslib: '__osdSharedDeps__.TsLib',
});

/** The names under `window.__osdSharedDeps__` (first segment of each external). */
export const sharedGlobalNames: readonly string[] = [
  ...new Set(Object.values(externals).map((path) => path.split('.')[1])),
];

/**
 * The script that sets `window.__osdSharedDeps__`, loaded before core. OSD splits it in two
 * (`osd-ui-shared-deps.@elastic.js` holds OUI's modules and runs nothing itself); the host
 * builds one file, which changes nothing a plugin can see.
 */
export const jsFilename = 'osd-ui-shared-deps.js';
export const baseCssDistFilename = 'osd-ui-shared-deps.css';
export const lightV8CssDistFilename = 'osd-ui-shared-deps.v8.light.css';
export const darkV8CssDistFilename = 'osd-ui-shared-deps.v8.dark.css';
