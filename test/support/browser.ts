/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Shared helpers for browser tests: Debian's Chromium driven by playwright-core (launched the
 * way landing.test.ts always has), signing in through the host's login page, axe-core checks,
 * screenshots, and a record of errors the page raised.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { REPO_ROOT } from './host';

export const SCREENSHOTS = resolve(REPO_ROOT, 'test-artifacts/screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-dev-shm-usage',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** `console.error` messages, with where they came from. */
  consoleErrors: string[];
  close: () => Promise<void>;
}

export async function launchBrowser(
  options: { viewport?: { width: number; height: number }; downloads?: boolean } = {}
): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lookups-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: options.downloads ?? false,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      consoleErrors.push(`${message.text()} (${message.location().url || 'no url'})`);
    }
  });
  return {
    context,
    page,
    pageErrors,
    consoleErrors,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login page and lands on `next` (an app path, e.g. a deep link). */
export async function logIn(
  page: Page,
  baseUrl: string,
  user: { username: string; password: string },
  next = '/app/lookups'
) {
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
  await page.fill('#username', user.username);
  await page.fill('#password', user.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/login'),
    page.click('button[type=submit]'),
  ]);
  await page.locator('[data-test-subj="lookupsLandingTitle"]').waitFor();
}

/** Signs out with the header's button. */
export async function logOut(page: Page) {
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/login'),
    page.click('[data-test-subj="headerLogoutButton"]'),
  ]);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}
declare const axe: { run: () => Promise<{ violations: AxeViolation[] }> };

/**
 * Waits for running CSS animations and transitions (a modal fading in, a button leaving its
 * loading state): colours mid-way would make axe report contrast that is not there.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined))
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ])
  );
}

/**
 * A violation a test knowingly accepts, with why: only rule `id`, and only where every node it
 * names lies inside `within` (a CSS selector).
 */
export interface AcceptedViolation {
  id: string;
  within: string;
  why: string;
}

/**
 * OUI 1.22's EuiDataGrid renders its virtualized cells (role=gridcell) as siblings with no
 * role=row around them, which axe reports as these two rules; the structure is OUI's, not ours,
 * so they are accepted inside a data grid only, and nowhere else.
 */
export const OUI_GRID_STRUCTURE: AcceptedViolation[] = [
  { id: 'aria-required-children', within: '[role="grid"]', why: 'OUI' },
  { id: 'aria-required-parent', within: '[role="grid"]', why: 'OUI' },
];

/** Every axe-core violation on the page as it is now (any impact), for `toEqual([])`. */
export async function axeViolations(page: Page, accepted: AcceptedViolation[] = []) {
  await settled(page);
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // Evaluated by the test driver, not as a <script> of the page: the host's CSP (OSD's
  // `script-src 'self'`) rightly blocks inline scripts.
  if (!loaded) {
    await page.evaluate(readFileSync(require.resolve('axe-core'), 'utf8'));
  }
  const { violations } = await page.evaluate(() => axe.run());
  const kept: AxeViolation[] = [];
  for (const v of violations) {
    const rule = accepted.find((a) => a.id === v.id);
    const inside =
      rule &&
      (await page.evaluate(
        ({ targets, within }) =>
          targets.every((t) => document.querySelector(t)?.closest(within) != null),
        { targets: v.nodes.map((n) => n.target.join(' ')), within: rule.within }
      ));
    if (!inside) kept.push(v);
  }
  return kept.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** axe-core's serious and critical violations on the page as it is now, for `toEqual([])`. */
export async function severeAxeViolations(page: Page) {
  return (await axeViolations(page, OUI_GRID_STRUCTURE)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical'
  );
}

/** A full-page screenshot in test-artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // An animation mid-way would make a misleading picture.
  await settled(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  // The full-page capture resizes the viewport for a moment. OUI's responsive components (the
  // header's breadcrumbs) follow resizes through a throttled listener whose last call can read a
  // stale breakpoint and keep the narrow layout; one more resize, past the throttle, sets them
  // back to the viewport the test asked for, as a user's next resize would.
  await page.waitForTimeout(100);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.dispatchEvent(new Event('resize'));
        setTimeout(resolve, 100);
      })
  );
}

/** The text of every toast currently shown. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-test-subj="globalToastList"] .euiToast').allInnerTexts();
}

/** Types into the PPL editor, replacing its text (the textarea is the real input). */
export async function typeQuery(page: Page, query: string) {
  const input = page.locator('[data-test-subj="pplEditorInput"]');
  await input.waitFor();
  await input.fill(query);
}

/**
 * Console errors other than the failed requests a test provoked on purpose: Chromium logs every
 * non-2xx answer ("Failed to load resource: … 404"), which is the point of a test that checks
 * how the page shows a refusal. Pass patterns for those URLs.
 */
export function unexpectedConsoleErrors(session: BrowserSession, expected: RegExp[] = []) {
  return session.consoleErrors.filter(
    (message) =>
      !(message.startsWith('Failed to load resource') && expected.some((re) => re.test(message)))
  );
}

/** Closes every toast (they fade out by themselves, and a half-faded one confuses axe). */
export async function dismissToasts(page: Page) {
  const buttons = page.locator(
    '[data-test-subj="globalToastList"] [data-test-subj="toastCloseButton"]'
  );
  for (const button of await buttons.all()) {
    // A toast leaving on its own may be gone before the click lands.
    await button.click({ timeout: 2000 }).catch(() => undefined);
  }
  await page.waitForFunction(
    () => document.querySelectorAll('[data-test-subj="globalToastList"] .euiToast').length === 0,
    undefined,
    { timeout: 10000 }
  );
}
