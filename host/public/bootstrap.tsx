/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's browser core, started by the page's bootstrap script once every bundle has loaded
 * (`__osdBundles__.get('entry/core/public').__osdBootstrap__()`, as OSD's): builds OSD-shaped
 * CoreSetup and CoreStart from small services, draws the header and toasts, reads each UI
 * plugin from the bundle it registered, runs it through setup and start, and mounts the app the
 * page was opened for. React and OUI come from `window.__osdSharedDeps__`, as for plugins.
 */
import { createRoot } from 'react-dom/client';
import { EuiCallOut, EuiPage, EuiPageBody } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { I18nProvider } from '@osd/i18n/react';
import type { CoreSetup, CoreStart, PluginInitializerContext } from 'opensearch-dashboards/public';
import { ApplicationService } from './application';
import { HostHeader } from './chrome';
import { ChromeService } from './chrome_service';
import { createHttp } from './http';
import { readInjectedMetadata } from './metadata';
import { hostPluginContracts } from './host_plugins';
import { readPlugin } from './plugin_reader';
import { createSavedObjects } from './saved_objects';
import { GlobalToasts, ToastsService } from './toasts';

function loginUrl(basePath: string) {
  const { pathname, search, hash } = window.location;
  return `${basePath}/login?next=${encodeURIComponent(pathname + search + hash)}`;
}

function renderFatalError(element: HTMLElement, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  createRoot(element).render(
    <EuiPage>
      <EuiPageBody component="main">
        <EuiCallOut
          color="danger"
          iconType="alert"
          title={i18n.translate('host.fatalError.title', {
            defaultMessage: 'The application could not start',
          })}
        >
          <p>{message}</p>
        </EuiCallOut>
      </EuiPageBody>
    </EuiPage>
  );
}

async function boot(rootElement: HTMLElement) {
  const metadata = readInjectedMetadata();
  const basePath = metadata.basePath.replace(/\/$/, '');

  let redirecting = false;
  const http = createHttp({
    basePath,
    version: metadata.version,
    onUnauthorized: () => {
      // The session ended: sign in again and come back to the same place.
      if (redirecting) return;
      redirecting = true;
      window.location.assign(loginUrl(basePath));
    },
  });
  const toasts = new ToastsService();
  const application = new ApplicationService(http.basePath);
  const chrome = new ChromeService({
    getApps: () => application.getApps(),
    getUrlForApp: (appId) => http.basePath.prepend(`/app/${appId}`),
  });

  const chromeElement = document.createElement('div');
  const appElement = document.createElement('div');
  appElement.className = 'hostAppWrapper';
  rootElement.append(chromeElement, appElement);

  const logout = async () => {
    try {
      await http.post('/auth/logout');
      window.location.assign(http.basePath.prepend('/login'));
    } catch (e) {
      toasts.addError(e instanceof Error ? e : new Error(String(e)), {
        title: i18n.translate('host.chrome.logoutFailed', { defaultMessage: 'Log out failed' }),
      });
    }
  };
  // As OSD's Advanced settings page sets it; the theme is read when a page loads.
  const themeTag = (window as { __osdThemeTag__?: string }).__osdThemeTag__;
  const darkMode = themeTag?.endsWith('dark') ?? false;
  const switchTheme = async () => {
    try {
      await http.post('/api/opensearch-dashboards/settings', {
        body: JSON.stringify({ changes: { 'theme:darkMode': !darkMode } }),
      });
      window.location.reload();
    } catch (e) {
      toasts.addError(e instanceof Error ? e : new Error(String(e)), {
        title: i18n.translate('host.chrome.themeFailed', {
          defaultMessage: 'The theme was not changed',
        }),
      });
    }
  };
  createRoot(chromeElement).render(
    <I18nProvider>
      <HostHeader
        chrome={chrome}
        username={metadata.username}
        homeHref={http.basePath.prepend(`/app/${metadata.appId}`)}
        onLogout={logout}
        darkMode={darkMode}
        onSwitchTheme={() => void switchTheme()}
        actionMenu={{
          subscribe: application.subscribeActionMenu,
          get: application.getActionMenu,
        }}
      />
      <GlobalToasts toasts={toasts} />
    </I18nProvider>
  );

  // The UI plugins the server lists, in dependency order (OSD ships no browser code of a
  // disabled plugin), each with the config it exposed (exposeToBrowser) and its dependencies
  // among UI plugins, keyed by the manifest id. The host's own plugins have no bundle: their
  // contracts come from host_plugins.tsx. As OSD's public plugins service, each plugin gets the
  // setup and start contracts of the plugins it declares (required, or optional and present).
  const hostContracts = hostPluginContracts(
    new Map(metadata.uiPlugins.map((p) => [p.id, p.config]))
  );
  type StartServices = [CoreStart, object, unknown];
  const plugins = metadata.uiPlugins.map(({ id, config, plugin }) => {
    let resolveStart!: (services: StartServices) => void;
    const startServices = new Promise<StartServices>((r) => (resolveStart = r));
    const own = hostContracts[id];
    const initializerContext: PluginInitializerContext = {
      opaqueId: Symbol(id),
      env: { mode: { dev: false, prod: true }, packageInfo: { version: metadata.version } },
      config: { get: <T extends object>() => config as T },
    };
    return {
      id,
      deps: [...new Set([...plugin.requiredPlugins, ...plugin.optionalPlugins])],
      own,
      instance: own ? undefined : readPlugin(id)(initializerContext),
      startServices,
      resolveStart,
    };
  });
  const pick = (deps: string[], contracts: ReadonlyMap<string, unknown>) =>
    Object.fromEntries(deps.filter((d) => contracts.has(d)).map((d) => [d, contracts.get(d)]));

  // As OSD: every plugin's setup, then core's start, then every plugin's start.
  const setupContracts = new Map<string, unknown>();
  for (const p of plugins) {
    const coreSetup: CoreSetup<object, unknown> = {
      application: application.setup(),
      chrome: chrome.setup(),
      http,
      getStartServices: () => p.startServices,
    };
    setupContracts.set(
      p.id,
      p.own ? p.own.setup : p.instance!.setup(coreSetup, pick(p.deps, setupContracts))
    );
  }
  const coreStart: CoreStart = {
    http,
    notifications: { toasts },
    chrome: chrome.start(),
    application: application.start(),
    savedObjects: createSavedObjects(http),
    i18n: { Context: I18nProvider },
  };
  const startContracts = new Map<string, unknown>();
  for (const p of plugins) {
    const deps = pick(p.deps, startContracts);
    const contract = p.own ? p.own.start : p.instance!.start(coreStart, deps);
    startContracts.set(p.id, contract);
    p.resolveStart([coreStart, deps, contract]);
  }

  try {
    await application.mount(metadata.appId, appElement);
  } catch (e) {
    renderFatalError(appElement, e);
  }
}

/**
 * Called by the page's bootstrap script once every script has loaded. As OSD's core, it draws
 * into the page's body; the loading message the page showed until now goes.
 */
export async function __osdBootstrap__(): Promise<void> {
  document.getElementById('osd_loading_message')?.remove();
  const rootElement = document.createElement('div');
  rootElement.id = 'osd_app_root';
  document.body.append(rootElement);
  try {
    // As OSD's osd_bootstrap: the locale's messages (every plugin's, registered by the server
    // from each installed plugin's .i18nrc.json) before any plugin is read or set up.
    await i18n.load(readInjectedMetadata().i18n.translationsUrl);
    await boot(rootElement);
  } catch (e) {
    renderFatalError(rootElement, e);
  }
}
