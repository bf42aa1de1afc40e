/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `application`: the registry apps register into at setup, and at start the navigation OSD
 * offers (`navigateToApp`, `getUrlForApp`) plus mounting the app the page was opened for. As in
 * OSD, the page has one browser history (basename: the server base path) and the mounted app gets
 * a ScopedHistory on it for `/app/<id>`; navigating inside the mounted app is a push on that
 * history, not a page load.
 */
import { createBrowserHistory, type History } from 'history';
import {
  AppLeaveActionType,
  type App,
  type AppLeaveAction,
  type AppLeaveActionFactory,
  type AppLeaveHandler,
  type AppUnmount,
  type ApplicationSetup,
  type ApplicationStart,
  type IBasePath,
} from 'opensearch-dashboards/public';
import { HostScopedHistory } from './history';

/**
 * OSD's appendAppPath (application/utils): a path gets a leading `/` unless it is a `#…` or
 * `?…` suffix; duplicate slashes collapse, and a trailing one goes unless there is a hash.
 */
export function appendAppPath(appBasePath: string, path = ''): string {
  const suffix = path === '' || path.startsWith('#') || path.startsWith('?') ? path : `/${path}`;
  let url = `${appBasePath}${suffix}`.replace(/\/{2,}/g, '/');
  if (!suffix.includes('#') && !appBasePath.includes('#')) url = url.replace(/\/$/, '');
  return url;
}

/** OSD's AppLeaveActionFactory: the two answers an app's leave handler can give. */
const LEAVE_ACTIONS: AppLeaveActionFactory = {
  confirm: (text, title, callback) => ({ type: AppLeaveActionType.confirm, text, title, callback }),
  default: () => ({ type: AppLeaveActionType.default }),
};

export class ApplicationService {
  private readonly apps = new Map<string, App>();
  private history?: History;
  private mountedAppId?: string;
  /** The mounted app's header action menu (`setHeaderActionMenu`), which the header draws. */
  private actionMenu?: (element: HTMLElement) => () => void;
  private readonly actionMenuListeners = new Set<() => void>();
  /** What the mounted app says when it is left (`onAppLeave`); the last one given counts. */
  private leaveHandler?: AppLeaveHandler;

  constructor(private readonly basePath: IBasePath) {
    // As OSD's application service: closing or reloading the page asks when the app says so.
    window.addEventListener('beforeunload', (event) => {
      if (this.leaveAction().type !== AppLeaveActionType.confirm) return;
      event.preventDefault();
      event.returnValue = '';
    });
  }

  private leaveAction(nextAppId?: string): AppLeaveAction {
    return this.leaveHandler?.(LEAVE_ACTIONS, nextAppId) ?? LEAVE_ACTIONS.default();
  }

  setup(): ApplicationSetup {
    return {
      register: (app) => {
        if (this.apps.has(app.id)) {
          throw new Error(`An application is already registered with the id "${app.id}".`);
        }
        this.apps.set(app.id, app as App);
      },
    };
  }

  /** OSD's `currentActionMenu$`, as a store the header subscribes to. */
  readonly subscribeActionMenu = (listener: () => void) => {
    this.actionMenuListeners.add(listener);
    return () => void this.actionMenuListeners.delete(listener);
  };
  readonly getActionMenu = () => this.actionMenu;

  /** All registered apps, for the navigation (chrome's nav links). */
  getApps(): App[] {
    return [...this.apps.values()];
  }

  start(): ApplicationStart {
    const history = this.browserHistory();
    const getUrlForApp: ApplicationStart['getUrlForApp'] = (appId, { path, absolute } = {}) => {
      const relative = appendAppPath(this.basePath.prepend(`/app/${appId}`), path);
      return absolute ? new URL(relative, window.location.origin).href : relative;
    };
    return {
      getUrlForApp,
      navigateToApp: async (appId, { path, state, replace = false } = {}) => {
        if (appId === this.mountedAppId) {
          // The app on the page: a push (or replace) on the shared history, which its
          // ScopedHistory (and so its router) follows.
          const target = appendAppPath(`/app/${appId}`, path);
          if (replace) history.replace(target, state);
          else history.push(target, state);
          return;
        }
        // Leaving the app: it may ask first (OSD opens its confirm modal; the host the browser's).
        const leave = this.leaveAction(appId);
        if (leave.type === AppLeaveActionType.confirm) {
          const sure = window.confirm(leave.title ? `${leave.title}\n\n${leave.text}` : leave.text);
          if (!sure) return;
          leave.callback?.();
        }
        this.leaveHandler = undefined;
        // The host runs one app per page: anything else is a page load.
        window.location.assign(getUrlForApp(appId, { path }));
      },
    };
  }

  /** Mounts the app `appId` into `element`; rejects when no app has that id. */
  async mount(appId: string, element: HTMLElement): Promise<AppUnmount> {
    const app = this.apps.get(appId);
    if (!app) throw new Error(`There is no application "${appId}".`);
    const appRoute = `/app/${appId}`;
    const history = new HostScopedHistory(this.browserHistory(), appRoute);
    this.mountedAppId = appId;
    return app.mount({
      element,
      appBasePath: this.basePath.prepend(appRoute),
      history,
      onAppLeave: (handler) => {
        this.leaveHandler = handler;
      },
      // As OSD's AppContainer: the menu the app mounts in the header, replaced by each call
      // (undefined removes it).
      setHeaderActionMenu: (menuMount) => {
        this.actionMenu = menuMount;
        for (const listener of this.actionMenuListeners) listener();
      },
    });
  }

  private browserHistory(): History {
    this.history ??= createBrowserHistory({ basename: this.basePath.get() });
    return this.history;
  }
}
