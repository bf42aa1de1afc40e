/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's browser core (built to build/public/host_core.js): builds OSD-shaped CoreSetup and
 * CoreStart from small services, draws the header and toasts, then runs the plugin's public
 * entry through setup and start and mounts the app the page was opened for.
 */
import '@elastic/eui/dist/eui_theme_light.css';
import { createRoot } from 'react-dom/client';
import { EuiCallOut, EuiPage, EuiPageBody } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { I18nProvider } from '@osd/i18n/react';
import type { CoreSetup, CoreStart, PluginInitializerContext } from 'opensearch-dashboards/public';
import { plugin, type LookupsPublicStart } from '../../public';
import { ApplicationService } from './application';
import { HostHeader } from './chrome';
import { ChromeService } from './chrome_service';
import { createHttp } from './http';
import { readInjectedMetadata } from './metadata';
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
  // As OSD's bootstrap does: plugins read the theme they run under from this global.
  (window as { __osdThemeTag__?: string }).__osdThemeTag__ = metadata.darkMode
    ? 'v8dark'
    : 'v8light';
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

  // The host runs one plugin, and only when the server lists it among the enabled UI plugins
  // (OSD ships no browser code of a disabled plugin); its browser config is what the server
  // exposed (exposeToBrowser), keyed by the manifest id.
  const uiPlugin = metadata.uiPlugins.find((p) => p.id !== DATA_SOURCE_PLUGIN_ID);
  // The host's browser side of the Data Source plugin: its setup contract, from its exposed
  // config, as OSD's data_source plugin returns it (the host has no `dataSourceManagement`).
  const dataSourceConfig = metadata.uiPlugins.find((p) => p.id === DATA_SOURCE_PLUGIN_ID)?.config;
  const pluginsSetup = dataSourceConfig
    ? {
        [DATA_SOURCE_PLUGIN_ID]: {
          dataSourceEnabled: dataSourceConfig.enabled === true,
          hideLocalCluster: dataSourceConfig.hideLocalCluster === true,
        },
      }
    : {};
  const initializerContext: PluginInitializerContext = {
    opaqueId: Symbol(uiPlugin?.id ?? 'none'),
    env: { mode: { dev: false, prod: true }, packageInfo: { version: metadata.version } },
    config: { get: <T extends object>() => (uiPlugin?.config ?? {}) as T },
  };
  const instance = uiPlugin ? plugin(initializerContext) : undefined;

  type StartServices = [CoreStart, object, LookupsPublicStart];
  let resolveStart!: (services: StartServices) => void;
  const startServices = new Promise<StartServices>((r) => (resolveStart = r));
  const coreSetup: CoreSetup<object, LookupsPublicStart> = {
    application: application.setup(),
    chrome: chrome.setup(),
    http,
    getStartServices: () => startServices,
  };

  // As OSD: every plugin's setup, then core's start, then every plugin's start.
  instance?.setup(coreSetup, pluginsSetup);
  const coreStart: CoreStart = {
    http,
    notifications: { toasts },
    chrome: chrome.start(),
    application: application.start(),
    savedObjects: createSavedObjects(http),
    i18n: { Context: I18nProvider },
  };
  const pluginStart = instance?.start(coreStart) as LookupsPublicStart;
  resolveStart([coreStart, {}, pluginStart]);

  try {
    await application.mount(metadata.appId, appElement);
  } catch (e) {
    renderFatalError(appElement, e);
  }
}

const rootElement = document.getElementById('osd_app_root');
if (rootElement) {
  boot(rootElement).catch((e) => renderFatalError(rootElement, e));
}
