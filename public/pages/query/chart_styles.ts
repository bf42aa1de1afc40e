/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The stylesheet `@elastic/charts` needs (its layout, legend and tooltip), for the theme shown.
 * OSD shares the library's code but not this sheet: plugins that draw charts add it themselves,
 * as the library's docs ask. It is the text of the library's theme-only CSS (the build inlines
 * it), added once as a `<style>` element with the page's CSP nonce (`__webpack_nonce__`, as
 * style-loader gives it; OSD's strict CSP refuses a style element without it).
 */
import { useLayoutEffect } from 'react';
import darkCss from '@elastic/charts/dist/theme_only_dark.css';
import lightCss from '@elastic/charts/dist/theme_only_light.css';

const STYLE_ID = 'lookupsChartsTheme';

/** Adds the charts stylesheet for `dark` or light, replacing one for the other theme. */
export function useChartStyles(dark: boolean) {
  useLayoutEffect(() => {
    const mode = dark ? 'dark' : 'light';
    const existing = document.getElementById(STYLE_ID);
    if (existing?.getAttribute('data-theme') === mode) return;
    existing?.remove();
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.setAttribute('data-theme', mode);
    const nonce = (window as { __webpack_nonce__?: string }).__webpack_nonce__;
    if (nonce && !style.hasAttribute('nonce')) style.setAttribute('nonce', nonce);
    style.textContent = dark ? darkCss : lightCss;
    document.head.appendChild(style);
  }, [dark]);
}
