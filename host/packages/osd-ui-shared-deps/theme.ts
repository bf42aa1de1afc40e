/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `@osd/ui-shared-deps/theme` (`__osdSharedDeps__.Theme`): OUI's theme variables and the theme
 * the page runs under, read from `window.__osdThemeTag__` (`v8light`, `v8dark`, …), which the
 * page's startup script sets before any bundle runs.
 */
import euiLightVars from '@elastic/eui/dist/eui_theme_light.json';
import euiDarkVars from '@elastic/eui/dist/eui_theme_dark.json';

const themeTag = (globalThis as { __osdThemeTag__?: string }).__osdThemeTag__ ?? 'v8light';

export const tag = themeTag;
export const version = themeTag.startsWith('v7') ? 7 : 8;
export const darkMode = themeTag.endsWith('dark');
export { euiLightVars, euiDarkVars };
export const euiThemeVars = darkMode ? euiDarkVars : euiLightVars;
