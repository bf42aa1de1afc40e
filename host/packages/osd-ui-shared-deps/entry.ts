/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's `osd-ui-shared-deps.js`: sets `window.__osdSharedDeps__` to the packages OSD shares
 * with plugin bundles, at the versions OSD 3.6 pins (React 18.2, OUI 1.22.1 as `@elastic/eui`,
 * `@elastic/charts` 31.1.0, rxjs 6, react-router 5, moment and moment-timezone, lodash), under
 * the names of `./index.ts`. Each is the module's CommonJS export, as OSD's webpack-built entry
 * gives it. The host does not ship the ones no plugin it runs uses (jQuery, styled-components,
 * Monaco, numeral): a bundle that read them would find nothing here, which is stricter than OSD,
 * never more lenient.
 *
 * OUI is imported as an ES module, so its ES build is bundled: it loads each icon with a
 * dynamic `import()`, which the bundler resolves, where its CommonJS build's `require` of a
 * computed path could not be.
 */
import * as ElasticEui from '@elastic/eui';

/* eslint-disable @typescript-eslint/no-require-imports */
const sharedDeps = {
  OsdI18n: require('@osd/i18n'),
  OsdI18nReact: require('@osd/i18n/react'),
  Moment: require('moment'),
  MomentTimezone: require('moment-timezone'),
  React: require('react'),
  ReactDom: require('react-dom'),
  ReactDomServer: require('react-dom/server'),
  ReactRouter: require('react-router'),
  ReactRouterDom: require('react-router-dom'),
  Theme: require('./theme'),
  Rxjs: require('rxjs'),
  RxjsOperators: require('rxjs/operators'),
  ElasticCharts: require('@elastic/charts'),
  ElasticEui,
  ElasticEuiLibServices: require('@elastic/eui/lib/services'),
  ElasticEuiLibServicesFormat: require('@elastic/eui/lib/services/format'),
  ElasticEuiChartsTheme: require('@elastic/eui/dist/eui_charts_theme'),
  Lodash: require('lodash'),
  LodashFp: require('lodash/fp'),
  TsLib: require('tslib'),
};

(globalThis as { __osdSharedDeps__?: typeof sharedDeps }).__osdSharedDeps__ = sharedDeps;
