/*
 * `application`: the registry apps register into at setup, and at start the navigation OSD
 * offers (`navigateToApp`, `getUrlForApp`) plus mounting the app the page was opened for.
 */
import type {
  App,
  AppUnmount,
  ApplicationSetup,
  ApplicationStart,
  IBasePath,
} from 'opensearch-dashboards/public';
import { createScopedHistory } from './history';

/** OSD's appendAppPath: `#…` and `?…` attach to the base, anything else is a sub-path. */
function appendAppPath(appBasePath: string, path = ''): string {
  if (!path) return appBasePath;
  if (path.startsWith('#') || path.startsWith('?')) return `${appBasePath}${path}`;
  return `${appBasePath}/${path.replace(/^\/+/, '')}`;
}

export class ApplicationService {
  private readonly apps = new Map<string, App>();

  constructor(private readonly basePath: IBasePath) {}

  setup(): ApplicationSetup {
    return {
      register: (app) => {
        if (this.apps.has(app.id)) {
          throw new Error(`An application is already registered with the id "${app.id}".`);
        }
        this.apps.set(app.id, app);
      },
    };
  }

  start(): ApplicationStart {
    const getUrlForApp: ApplicationStart['getUrlForApp'] = (appId, { path, absolute } = {}) => {
      const relative = appendAppPath(this.basePath.prepend(`/app/${appId}`), path);
      return absolute ? new URL(relative, window.location.origin).href : relative;
    };
    return {
      getUrlForApp,
      navigateToApp: async (appId, options = {}) => {
        const target = new URL(getUrlForApp(appId, options), window.location.href);
        const here = window.location;
        if (target.pathname === here.pathname && target.search === here.search) {
          // Same page: change only the hash, which the app's hash router follows.
          if (target.hash !== here.hash) here.hash = target.hash;
          return;
        }
        here.assign(target.href);
      },
    };
  }

  /** Mounts the app `appId` into `element`; rejects when no app has that id. */
  async mount(appId: string, element: HTMLElement): Promise<AppUnmount> {
    const app = this.apps.get(appId);
    if (!app) throw new Error(`There is no application "${appId}".`);
    const appBasePath = this.basePath.prepend(`/app/${appId}`);
    return app.mount({
      element,
      appBasePath,
      history: createScopedHistory(appBasePath),
      onAppLeave: () => {},
      setHeaderActionMenu: () => {},
    });
  }
}
