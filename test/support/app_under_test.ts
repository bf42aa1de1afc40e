/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What every browser test file starts from: before its tests (the plugin zip already built and
 * installed by the project's global setup), a host started and Chromium launched, and, given
 * `logIn`, the user signed in on a page; after them, both closed. The hooks are registered
 * where `appUnderTest` is called, so call it before the file's own `beforeAll`, which can then
 * use `host()` to make the lookups its pages show.
 */
import type { Locator, Page } from 'playwright-core';
import { readBundleReport } from '../../scripts/build/plugin';
import type { BrowserBundle } from '../../scripts/build/browser_bundle';
import { launchBrowser, logIn, type BrowserSession } from './browser';
import { startTestHost, type TestHost } from './host';

export interface AppUnderTestOptions {
  /** The host's environment, asked for when it starts (a config file may be written first). */
  hostEnv?: () => Record<string, string>;
  /** A host started some other way (two data sources); stopped as the default one is. */
  startHost?: () => Promise<TestHost>;
  viewport?: { width: number; height: number };
  downloads?: boolean;
  /** Signs in before the tests, landing on `path`. */
  logIn?: { user: { username: string; password: string }; path: string };
  /** Runs after the tests, while the host still answers (to remove what the tests made). */
  beforeClose?: (host: TestHost) => Promise<void>;
}

export interface AppUnderTest {
  host(): TestHost;
  browser(): BrowserSession;
  page(): Page;
  /** The element with this `data-test-subj`. */
  testSubj(subj: string): Locator;
  /** The browser bundle of the installed zip: its files, sizes and each chunk's sources. */
  bundle(): BrowserBundle;
}

export function appUnderTest(options: AppUnderTestOptions = {}): AppUnderTest {
  let host: TestHost | undefined;
  let browser: BrowserSession | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet (use it in a test)`);
    return value;
  };

  beforeAll(async () => {
    host = await (options.startHost?.() ?? startTestHost(options.hostEnv?.()));
    browser = await launchBrowser({ viewport: options.viewport, downloads: options.downloads });
    if (options.logIn) {
      await logIn(browser.page, host.url, options.logIn.user, options.logIn.path);
    }
  });
  afterAll(async () => {
    try {
      if (host) await options.beforeClose?.(host);
    } finally {
      await browser?.close();
      await host?.stop();
    }
  });

  const app: AppUnderTest = {
    host: () => started(host, 'host'),
    browser: () => started(browser, 'browser'),
    page: () => app.browser().page,
    testSubj: (subj) => app.page().locator(`[data-test-subj="${subj}"]`),
    bundle: () => readBundleReport(),
  };
  return app;
}
