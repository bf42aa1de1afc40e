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
import { readPlugin } from './plugin_reader';
import { createSavedObjects } from './saved_objects';
import { GlobalToasts, ToastsService } from './toasts';

/** OSD's Data Source plugin, which the host's server side runs when `data_source.enabled`. */
const DATA_SOURCE_PLUGIN_ID = 'dataSource';

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
  createRoot(chromeElement).render(
    <I18nProvider>
      <HostHeader
        chrome={chrome}
        username={metadata.username}
        homeHref={http.basePath.prepend(`/app/${metadata.appId}`)}
        onLogout={logout}
      />
      <GlobalToasts toasts={toasts} />
    </I18nProvider>
  );

  // The UI plugins the server lists (OSD ships no browser code of a disabled plugin), each with
  // the config it exposed (exposeToBrowser), keyed by the manifest id. The host's own Data
  // Source plugin has no bundle: its setup contract comes from its exposed config, as OSD's
  // data_source plugin returns it (the host has no `dataSourceManagement`).
  const dataSourceConfig = metadata.uiPlugins.find((p) => p.id === DATA_SOURCE_PLUGIN_ID)?.config;
  const pluginsSetup: Record<string, unknown> = dataSourceConfig
    ? {
        [DATA_SOURCE_PLUGIN_ID]: {
          dataSourceEnabled: dataSourceConfig.enabled === true,
          hideLocalCluster: dataSourceConfig.hideLocalCluster === true,
        },
      }
    : {};
  const instances = metadata.uiPlugins
    .filter((p) => p.id !== DATA_SOURCE_PLUGIN_ID)
    .map(({ id, config }) => {
      const initializerContext: PluginInitializerContext = {
        opaqueId: Symbol(id),
        env: { mode: { dev: false, prod: true }, packageInfo: { version: metadata.version } },
        config: { get: <T extends object>() => config as T },
      };
      return { id, instance: readPlugin(id)(initializerContext) };
    });

  type StartServices = [CoreStart, object, unknown];
  const started = instances.map(() => {
    let resolve!: (services: StartServices) => void;
    const promise = new Promise<StartServices>((r) => (resolve = r));
    return { promise, resolve };
  });
  const coreSetup = (index: number): CoreSetup<object, unknown> => ({
    application: application.setup(),
    chrome: chrome.setup(),
    http,
    getStartServices: () => started[index].promise,
  });

  // As OSD: every plugin's setup, then core's start, then every plugin's start.
  instances.forEach(({ instance }, index) => instance.setup(coreSetup(index), pluginsSetup));
  const coreStart: CoreStart = {
    http,
    notifications: { toasts },
    chrome: chrome.start(),
    application: application.start(),
    savedObjects: createSavedObjects(http),
    i18n: { Context: I18nProvider },
  };
  instances.forEach(({ instance }, index) => {
    const pluginStart = instance.start(coreStart, {});
    started[index].resolve([coreStart, {}, pluginStart]);
  });

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
