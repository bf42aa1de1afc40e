/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The two scripts the app page runs, as OSD's ui_render_mixin renders them
 * (src/legacy/ui/ui_render/bootstrap/startup.js.hbs and bootstrap.js.hbs):
 * - `startup.js` sets `window.__osdThemeTag__` (`v8light` or `v8dark`, from `theme:darkMode`)
 *   before anything else runs;
 * - `bootstrap.js` sets `__osdPublicPath__` (each bundle's URL folder), `__osdBundles__` (the
 *   registry bundles define their modules in), `__webpack_nonce__` (from the page's
 *   `csp-nonce` meta, also given to every style element created from then on), loads the
 *   shared dependencies, core and each plugin's `<id>.plugin.js` in that order (downloaded in
 *   parallel, run in order), calls core's `__osdBootstrap__()`, then loads the stylesheets.
 */
import {
  baseCssDistFilename,
  darkV8CssDistFilename,
  jsFilename,
  lightV8CssDistFilename,
} from '@osd/ui-shared-deps';

export function startupScript(darkMode: boolean): string {
  return `window.__osdThemeTag__ = ${JSON.stringify(darkMode ? 'v8dark' : 'v8light')};\n`;
}

/**
 * The registry bundles define modules in: `define` refuses a key twice, `get` refuses an
 * unknown one and otherwise runs the bundle's require for it (OSD's osd_bundles_loader_source).
 */
function osdBundlesLoader() {
  const modules: Record<string, { bundleRequire: (key: unknown) => unknown; key: unknown }> = {};
  const has = (key: string) => Object.prototype.hasOwnProperty.call(modules, key);
  return {
    has,
    define(key: string, bundleRequire: (key: unknown) => unknown, bundleModuleKey: unknown) {
      if (has(key)) throw new Error(`__osdBundles__ already has a module defined for "${key}"`);
      modules[key] = { bundleRequire, key: bundleModuleKey };
    },
    get(key: string) {
      if (!has(key)) throw new Error(`__osdBundles__ does not have a module defined for "${key}"`);
      return modules[key].bundleRequire(modules[key].key);
    },
  };
}

export interface BootstrapOptions {
  /** `<basePath>/<buildNum>/bundles` */
  bundlesPath: string;
  /** The UI plugins whose bundle the page loads, in dependency order. */
  pluginIds: string[];
}

export function bootstrapScript({ bundlesPath, pluginIds }: BootstrapOptions): string {
  const publicPathMap = {
    core: `${bundlesPath}/core/`,
    'osd-ui-shared-deps': `${bundlesPath}/osd-ui-shared-deps/`,
    ...Object.fromEntries(pluginIds.map((id) => [id, `${bundlesPath}/plugin/${id}/`])),
  };
  const scripts = [
    `${bundlesPath}/osd-ui-shared-deps/${jsFilename}`,
    `${bundlesPath}/core/core.entry.js`,
    ...pluginIds.map((id) => `${bundlesPath}/plugin/${id}/${id}.plugin.js`),
  ];
  const themeCss = { light: lightV8CssDistFilename, dark: darkV8CssDistFilename };
  // esbuild compiles the host, so the function's source is plain JavaScript here.
  return `var osdCsp = JSON.parse(document.querySelector('osd-csp').getAttribute('data'));
window.__osdStrictCsp__ = osdCsp.strictCsp;
window.__osdPublicPath__ = ${JSON.stringify(publicPathMap)};
window.__osdBundles__ = (${osdBundlesLoader.toString()})();
window.__webpack_nonce__ = (function () {
  var meta = document.querySelector('meta[name="csp-nonce"]');
  return meta ? meta.getAttribute('content') : '';
})();
(function () {
  if (!window.__webpack_nonce__) return;
  var createElement = document.createElement.bind(document);
  document.createElement = function (tagName, options) {
    var element = createElement(tagName, options);
    if (String(tagName).toLowerCase() === 'style') element.setAttribute('nonce', window.__webpack_nonce__);
    return element;
  };
})();
(function () {
  var themeMode = window.__osdThemeTag__.endsWith('dark') ? 'dark' : 'light';
  var themeCss = ${JSON.stringify(themeCss)};
  var styleSheets = [
    ${JSON.stringify(`${bundlesPath}/osd-ui-shared-deps/${baseCssDistFilename}`)},
    ${JSON.stringify(`${bundlesPath}/osd-ui-shared-deps/`)} + themeCss[themeMode],
  ];
  document.getElementById('osd_loading_message').style.display = 'flex';
  function failure() {
    failure = function () {};
    var message = document.querySelector('[data-error-message]').dataset.errorMessage;
    var error = document.createElement('h1');
    error.setAttribute('role', 'alert');
    error.textContent = message;
    document.body.replaceChildren(error);
  }
  function insert(tag, marker, setUp, done) {
    var element = document.createElement(tag);
    setUp(element);
    element.addEventListener('error', failure);
    element.addEventListener('load', done);
    document.head.insertBefore(element, document.querySelector('head meta[name="' + marker + '"]'));
  }
  function load(urls, done) {
    var pending = urls.length;
    urls.forEach(function (url) {
      var loaded = function () {
        pending -= 1;
        if (pending === 0 && done) done();
      };
      if (url.slice(-4) === '.css') {
        insert('link', 'add-styles-here', function (link) { link.rel = 'stylesheet'; link.href = url; }, loaded);
      } else {
        insert('script', 'add-scripts-here', function (script) { script.async = false; script.src = url; }, loaded);
      }
    });
  }
  window.onload = function () {
    load(${JSON.stringify(scripts)}, function () {
      __osdBundles__.get('entry/core/public').__osdBootstrap__();
      load(styleSheets);
    });
  };
})();
`;
}
