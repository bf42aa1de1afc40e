/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Renders a view the way renderApp does (i18n, services, store), inside a Router on the app's
 * ScopedHistory (the host's, over an in-memory history) at a chosen route, with fake core
 * services whose calls a test can inspect. For component tests.
 *
 * `fakeHttp` answers requests by method and path (built with `apiPaths`, never by hand), the way
 * the server would; anything it has no answer for fails like an unknown route.
 */
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { createMemoryHistory } from 'history';
import { Router } from 'react-router-dom';
import type { HttpFetchOptions, HttpStart, ScopedHistory } from 'opensearch-dashboards/public';
import { appendAppPath } from '../../host/public/application';
import { HostScopedHistory } from '../../host/public/history';
import { parseWithLongNumerals } from '../../host/public/http';
import { LookupsRoot } from '../../public/application';
import { createLookupsApi } from '../../public/services/api_client';
import { keepDataSource } from '../../public/services/data_source';
import type { LookupsServices } from '../../public/services/services_context';
import {
  createLookupsStore,
  type LoadStatus,
  type LookupsStore,
  type RootState,
} from '../../public/store';
import { lookupsApi } from '../../public/store/api';

// OSD and OUI name test hooks `data-test-subj`; `getByTestId` looks them up.
configure({ testIdAttribute: 'data-test-subj' });

export interface FakeServices extends LookupsServices {
  chrome: LookupsServices['chrome'] & {
    setBreadcrumbs: jest.Mock;
    docTitle: { change: jest.Mock; reset: jest.Mock };
  };
  notifications: {
    toasts: {
      add: jest.Mock;
      addSuccess: jest.Mock;
      addWarning: jest.Mock;
      addDanger: jest.Mock;
      addError: jest.Mock;
    };
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  options?: HttpFetchOptions;
  /** The parsed JSON body, when there is one. */
  body?: unknown;
}

export type FakeRoute = (request: FakeRequest) => unknown | Promise<unknown>;

/** An error shaped like core's HttpFetchError: the server's error body under `body`. */
export function httpError(
  statusCode: number,
  message: string,
  attributes?: Record<string, unknown>
) {
  return Object.assign(new Error(`HTTP ${statusCode}`), {
    request: {} as Request,
    body: { statusCode, error: `HTTP ${statusCode}`, message, attributes },
  });
}

/**
 * A fake `http` whose routes are keyed `"<METHOD> <path>"`; a route returns the answer body or
 * throws `httpError(...)`. Every request is recorded in `requests`.
 */
/**
 * A route answering JSON text as OSD's http.fetch reads it: with `withLongNumeralsSupport`,
 * integers beyond 2^53 as bigints (the host's reading, tested against OSD's in host/public);
 * without it, `JSON.parse`, which rounds them.
 */
export function jsonTextRoute(text: string): FakeRoute {
  return ({ options }) =>
    options?.withLongNumeralsSupport ? parseWithLongNumerals(text) : JSON.parse(text);
}

export function fakeHttp(routes: Record<string, FakeRoute> = {}) {
  const requests: FakeRequest[] = [];
  const handler =
    (method: string) =>
    async (path: string, options?: HttpFetchOptions): Promise<never> => {
      let body: unknown;
      if (typeof options?.body === 'string') {
        try {
          body = JSON.parse(options.body);
        } catch {
          body = options.body;
        }
      } else {
        body = options?.body ?? undefined;
      }
      const request: FakeRequest = { method, path, options, body };
      requests.push(request);
      const route = routes[`${method} ${path}`];
      if (!route) throw httpError(404, `no fake route for ${method} ${path}`);
      return (await route(request)) as never;
    };
  const http: HttpStart = {
    basePath: { get: () => '', prepend: (url) => url, remove: (url) => url },
    fetch: handler('FETCH'),
    get: handler('GET'),
    post: handler('POST'),
    put: handler('PUT'),
    delete: handler('DELETE'),
    patch: handler('PATCH'),
  };
  return { http, requests };
}

export function fakeServices(overrides: Partial<LookupsServices> = {}): FakeServices {
  const handler = jest.fn(() => Promise.reject(new Error('no HTTP in component tests')));
  const http: HttpStart = {
    basePath: { get: () => '', prepend: (url) => url, remove: (url) => url },
    fetch: handler,
    get: handler,
    post: handler,
    put: handler,
    delete: handler,
    patch: handler,
  };
  return {
    http,
    notifications: {
      toasts: {
        add: jest.fn(),
        addSuccess: jest.fn(),
        addWarning: jest.fn(),
        addDanger: jest.fn(),
        addError: jest.fn(),
      },
    },
    chrome: {
      setBreadcrumbs: jest.fn(),
      docTitle: { change: jest.fn(), reset: jest.fn() },
    },
    application: {
      navigateToApp: jest.fn(() => Promise.resolve()),
      getUrlForApp: jest.fn((appId: string, options?: { path?: string }) =>
        appendAppPath(`/app/${appId}`, options?.path)
      ),
    },
    config: {
      max_rows: 1_000_000,
      max_body_bytes: 10 * 1024 * 1024,
      max_import_bytes: 100 * 1024 * 1024,
      schedules: { min_interval_ms: 60_000 },
    },
    currentUser: Promise.resolve('tester'),
    storage: memoryStorage(),
    ...overrides,
  } as FakeServices;
}

/** A Storage kept in memory, so tests never share the browser's localStorage. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

/** The history OSD mounts the app with: scoped to `/app/lookups`, at `route` inside it. */
export function appHistory(route = '/'): ScopedHistory {
  const browser = createMemoryHistory({ initialEntries: [appendAppPath('/app/lookups', route)] });
  return new HostScopedHistory(browser, '/app/lookups');
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    services = fakeServices(),
    preloadedState,
  }: { route?: string; services?: FakeServices; preloadedState?: Partial<RootState> } = {}
) {
  const store = createLookupsStore(createLookupsApi(services.http), preloadedState);
  // As renderApp: navigation inside the app keeps the chosen data source.
  const history = keepDataSource(appHistory(route));
  const result = render(
    <LookupsRoot services={services} store={store}>
      <Router history={history}>{ui}</Router>
    </LookupsRoot>
  );
  return { ...result, services, store, history };
}

/** How far the catalog (RTK Query's `getCatalog`) has come in a store: `ready` once answered. */
export function catalogStatus(store: LookupsStore): LoadStatus {
  const { status } = lookupsApi.endpoints.getCatalog.select()(store.getState());
  if (status === 'fulfilled') return 'ready';
  if (status === 'rejected') return 'error';
  return status === 'pending' ? 'loading' : 'idle';
}
