/*
 * The landing page in a real browser: Debian's Chromium driven by playwright-core against the
 * standalone host and the OpenSearch node. Sign-in, the page and its header, accessibility
 * (axe-core), deep links that survive a reload, and no errors in the page.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { buildPublic } from '../../scripts/build_public';
import { adminPassword } from '../support/cluster';
import { REPO_ROOT, startTestHost, type TestHost } from '../support/host';

const SCREENSHOTS = resolve(REPO_ROOT, 'test-artifacts/screenshots');
const CHROMIUM_ARGS = [
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

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}
declare const axe: { run: () => Promise<{ violations: AxeViolation[] }> };

let host: TestHost;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
const pageErrors: string[] = [];
const consoleErrors: string[] = [];

const selectedTab = () => page.locator('[role="tab"][aria-selected="true"]');

beforeAll(async () => {
  // Always rebuilt: a stale bundle would test yesterday's code. It takes a few seconds.
  await buildPublic();
  host = await startTestHost();
  userDataDir = mkdtempSync(join(tmpdir(), 'lookups-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      consoleErrors.push(`${message.text()} (${message.location().url || 'no url'})`);
    }
  });
});

afterAll(async () => {
  await context?.close();
  await host?.stop();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

it('sends a visitor without a session to the login page, and back after signing in', async () => {
  await page.goto(`${host.url}/app/lookups`);
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/app/lookups');

  await page.fill('#username', 'admin');
  await page.fill('#password', adminPassword());
  await Promise.all([
    page.waitForURL(`${host.url}/app/lookups`),
    page.click('button[type=submit]'),
  ]);

  const title = page.locator('[data-test-subj="lookupsLandingTitle"]');
  await title.waitFor();
  expect(await title.textContent()).toBe('Lookups');
  expect(await title.evaluate((el) => el.tagName)).toBe('H1');
});

it('shows the outputlookup syntax, the header with the user, and the breadcrumbs', async () => {
  expect(await page.locator('[data-test-subj="lookupsOutputlookupSyntax"]').innerText()).toContain(
    '... | outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=f1,f2] [max=<n>] <name>'
  );
  expect(await page.locator('[data-test-subj="headerUsername"]').innerText()).toContain('admin');
  expect(await page.locator('[data-test-subj="breadcrumbs"]').innerText()).toContain('Lookups');
  expect(await page.title()).toBe('Lookups - OpenSearch Dashboards');
  expect(await selectedTab().innerText()).toBe('Query');
});

it('has no serious or critical accessibility violations', async () => {
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: require.resolve('axe-core') });
  const { violations } = await page.evaluate(() => axe.run());
  const severe = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  // On failure the diff lists each violation with the elements it concerns.
  expect(severe).toEqual([]);
});

it('looks like an OSD page (screenshot)', async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOTS, 'landing.png'), fullPage: true });
});

it('keeps a deep link across a reload', async () => {
  await page.goto(`${host.url}/app/lookups#/lookups`);
  await page.locator('[data-test-subj="lookupsComingSoon-catalog"]').waitFor();
  expect(await selectedTab().innerText()).toBe('Catalog');

  await page.reload();
  await page.locator('[data-test-subj="lookupsLandingTitle"]').waitFor();
  expect(new URL(page.url()).hash).toBe('#/lookups');
  expect(await selectedTab().innerText()).toBe('Catalog');

  await page.goto(`${host.url}/app/lookups#/lookups/hosts/versions`);
  await page.reload();
  await page.locator('[data-test-subj="lookupsComingSoon-catalog"]').waitFor();
  expect(await page.locator('[role="tabpanel"]').innerText()).toContain('"hosts"');
});

it('switches tabs by changing the hash route', async () => {
  await page.click('[data-test-subj="lookupsTab-query"]');
  await page.locator('[data-test-subj="lookupsComingSoon-query"]').waitFor();
  expect(new URL(page.url()).hash).toBe('#/query');
});

it('logs out and returns to the login page', async () => {
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/login'),
    page.click('[data-test-subj="headerLogoutButton"]'),
  ]);
  await page.goto(`${host.url}/app/lookups`);
  expect(new URL(page.url()).pathname).toBe('/login');
});

it('raised no errors in the page', () => {
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
