/*
 * Renders a view the way renderApp does (i18n, services, store), inside a MemoryRouter at a
 * chosen route, with fake core services whose calls a test can inspect. For component tests.
 */
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { HttpStart } from 'opensearch-dashboards/public';
import { LookupsRoot } from '../../public/application';
import type { LookupsServices } from '../../public/services/services_context';
import { createLookupsStore, type RootState } from '../../public/store';

// OSD and OUI name test hooks `data-test-subj`; `getByTestId` looks them up.
configure({ testIdAttribute: 'data-test-subj' });

export interface FakeServices extends LookupsServices {
  chrome: LookupsServices['chrome'] & {
    setBreadcrumbs: jest.Mock;
    docTitle: { change: jest.Mock; reset: jest.Mock };
  };
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
      getUrlForApp: jest.fn((appId: string) => `/app/${appId}`),
    },
    config: { max_rows: 1_000_000, max_body_bytes: 10 * 1024 * 1024 },
    ...overrides,
  } as FakeServices;
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    services = fakeServices(),
    preloadedState,
  }: { route?: string; services?: FakeServices; preloadedState?: Partial<RootState> } = {}
) {
  const store = createLookupsStore(preloadedState);
  const result = render(
    <LookupsRoot services={services} store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </LookupsRoot>
  );
  return { ...result, services, store };
}
