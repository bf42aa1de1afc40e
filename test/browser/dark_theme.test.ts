/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's dark theme (`theme:darkMode`): the host links OUI's dark CSS and sets the theme tag as
 * OSD does; the app's own colours (PPL syntax, the editor's frame) follow, readable on the dark
 * background, and axe finds nothing on the Query page and the catalog.
 */
import { appUnderTest } from '../support/app_under_test';
import { axeViolations, OUI_GRID_STRUCTURE, screenshot, typeQuery } from '../support/browser';
import { users } from '../support/users';

const app = appUnderTest({
  hostEnv: () => ({ LOOKUPS_THEME_DARK_MODE: 'true' }),
  viewport: { width: 1280, height: 900 },
  logIn: { user: users.writer, path: '/app/lookups/query' },
});
const { page, testSubj } = app;

/** Relative luminance of a CSS `rgb(…)` colour (WCAG). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

it('the Query page is dark, with the query coloured readably, and axe finds nothing', async () => {
  await typeQuery(page(), 'source=web_logs | where status >= 500 | stats count() by host');
  await testSubj('lookupsQueryRun').click();
  await testSubj('lookupsQueryTable').waitFor();

  const look = await page().evaluate(() => {
    const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
    const editor = document.querySelector('[data-test-subj="pplEditor"]');
    const command = document.querySelector(
      '[data-test-subj="pplEditorHighlight"] [data-token="command"]'
    );
    const text = document.querySelector(
      '[data-test-subj="pplEditorHighlight"] [data-token="identifier"]'
    );
    return {
      tag: (window as { __osdThemeTag__?: string }).__osdThemeTag__,
      page: style(document.body)?.backgroundColor ?? '',
      editor: style(editor)?.backgroundColor ?? '',
      command: style(command)?.color ?? '',
      identifier: style(text)?.color ?? '',
    };
  });
  expect(look.tag).toBe('v8dark');
  // OUI's dark page and code background, not the light theme's white.
  expect(luminance(look.page)).toBeLessThan(0.05);
  expect(luminance(look.editor)).toBeLessThan(0.05);
  // The app's own syntax colours are the dark ones: readable on the code background.
  expect(contrast(look.command, look.editor)).toBeGreaterThanOrEqual(4.5);
  expect(contrast(look.identifier, look.editor)).toBeGreaterThanOrEqual(4.5);

  await screenshot(page(), 'dark-query');
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
});

it('the catalog is dark too, and axe finds nothing', async () => {
  await page().goto(`${app.host().url}/app/lookups/lookups`);
  await testSubj('lookupsCatalogPage').waitFor();
  await page().waitForSelector(
    '[data-test-subj="lookupsCatalogTable"], [data-test-subj="lookupsCatalogEmpty"]'
  );
  const background = await page().evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(luminance(background)).toBeLessThan(0.05);
  await screenshot(page(), 'dark-catalog');
  expect(await axeViolations(page())).toEqual([]);
});
