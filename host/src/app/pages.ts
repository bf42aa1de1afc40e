/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The two HTML documents the host serves: the sign-in page and the app page. */

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!
  );

export interface InjectedMetadata {
  /** The app the URL names (`/app/<appId>/…`). */
  appId: string;
  basePath: string;
  username?: string;
  /** The OSD version the host stands in for. */
  version: string;
  /** OSD's `i18n.translationsUrl`: where core loads the locale's messages before plugins start. */
  i18n: { translationsUrl: string };
  /** The locale (`i18n.locale`), as the page's `lang`. */
  locale: string;
  /** The enabled UI plugins, by manifest id, as OSD injects `uiPlugins`. */
  uiPlugins: Array<{
    id: string;
    config: Record<string, unknown>;
    /** Its dependencies among the UI plugins, as OSD's DiscoveredPlugin. */
    plugin: { requiredPlugins: string[]; optionalPlugins: string[] };
  }>;
}

/**
 * The app page, laid out as OSD's rendering template (src/core/server/rendering/views/
 * template.tsx): the injected metadata and CSP settings as elements with a `data` attribute,
 * the markers the bootstrap script inserts styles and scripts before, a loading message, and
 * only external scripts (`startup.js` sets the theme tag, `bootstrap.js` loads the bundles).
 * `nonce` is the request's CSP nonce, which the bootstrap gives every style element it makes.
 */
export function appPage(metadata: InjectedMetadata, page: { nonce: string; strictCsp: boolean }) {
  const data = (value: unknown) => escapeHtml(JSON.stringify(value));
  const base = metadata.basePath;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(metadata.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<meta name="csp-nonce" content="${escapeHtml(page.nonce)}">
<link rel="icon" href="data:,">
<title>OpenSearch Dashboards</title>
<meta name="add-styles-here">
<meta name="add-scripts-here">
</head>
<body>
<osd-csp data="${data({ strictCsp: page.strictCsp })}"></osd-csp>
<osd-injected-metadata data="${data(metadata)}"></osd-injected-metadata>
<div class="osdWelcomeView" id="osd_loading_message" style="display: none" data-test-subj="osdLoadingMessage">
  <div class="osdWelcomeText" data-error-message="OpenSearch Dashboards did not load properly. Check the server output for more information.">Loading OpenSearch Dashboards</div>
</div>
<script src="${base}/startup.js"></script>
<script src="${base}/bootstrap.js"></script>
</body>
</html>`;
}

export const DEFAULT_APP_PATH = '/app/lookups';

/**
 * Where the login page may send the browser afterwards: a path on this origin under `/app/`,
 * nothing else (`//evil`, `/\\evil`, `https://…`, encoded variants, control characters).
 */
export function safeNextPath(next: unknown): string {
  if (
    typeof next !== 'string' ||
    !next.startsWith('/') ||
    next.includes('\\') ||
    [...next].some((c) => c.charCodeAt(0) < 0x20)
  ) {
    return DEFAULT_APP_PATH;
  }
  const base = 'http://host.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return DEFAULT_APP_PATH;
  }
  if (url.origin !== base || !url.pathname.startsWith('/app/')) return DEFAULT_APP_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login form's script, served as /login.js (the CSP allows scripts from 'self' only). */
export const LOGIN_SCRIPT = `  document.getElementById('login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const error = document.getElementById('error');
    error.textContent = '';
    const res = await fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'osd-xsrf': 'true' },
      body: JSON.stringify({ username: form.username.value, password: form.password.value }),
    });
    if (res.ok) { window.location.assign(form.dataset.next); return; }
    const body = await res.json().catch(() => ({}));
    error.textContent = body.message || ('Log in failed (' + res.status + ')');
  });
`;

export function loginPage(next: string): string {
  const safeNext = safeNextPath(next);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Log in · OpenSearch Dashboards</title>
<style>
  body { font-family: Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif;
         background: #f5f7fa; color: #343741; margin: 0; }
  main { max-width: 360px; margin: 12vh auto; background: #fff; padding: 32px; border-radius: 6px;
         box-shadow: 0 2px 8px rgba(0,0,0,.12); }
  h1 { font-size: 22px; margin: 0 0 20px; }
  label { display: block; font-size: 12px; font-weight: 600; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 14px; border: 1px solid #c9cbcd;
          border-radius: 4px; }
  button { margin-top: 20px; width: 100%; padding: 10px; font-size: 14px; font-weight: 600; color: #fff;
           background: #005eb8; border: 0; border-radius: 4px; cursor: pointer; }
  #error { color: #bd271e; font-size: 13px; min-height: 1em; margin-top: 12px; }
</style>
</head>
<body>
<main>
  <h1>Log in to OpenSearch Dashboards</h1>
  <form id="login" data-next="${escapeHtml(safeNext)}">
    <label for="username">User name</label>
    <input id="username" name="username" autocomplete="username" required autofocus>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Log in</button>
    <p id="error" role="alert"></p>
  </form>
</main>
<script src="/login.js"></script>
</body>
</html>`;
}
