/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The app's routes, paths on the app's history (`/app/lookups/…`). Each route records its page in
 * the store before paint, and the shared layout (title and tabs) reads it from there. The Query
 * page is loaded on demand: its editor, parser and tokenizer are not needed to show the catalog.
 */
import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useParams } from 'react-router-dom';
import { EuiLoadingContent } from '@elastic/eui';
import { appRoutes } from '../common/api/paths';
import { AppLayout } from './components/app_layout';
import { GuardedRouter } from './components/leave_guard';
import { CatalogPage } from './pages/catalog/catalog_page';
import { LookupPage } from './pages/lookup/lookup_page';
import { isLookupTab } from './pages/lookup/tabs';
import { SchedulesPage } from './pages/schedules/schedules_page';
import { pageShown, useAppDispatch, type UiState } from './store';

const QueryPage = lazy(() => import('./pages/query/query_page'));

function ShowPage({ children, ...props }: UiState & { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { page, lookupName, lookupTab } = props;
  // A layout effect: the store is updated before the browser paints, so no wrong tab flashes.
  useLayoutEffect(() => {
    dispatch(pageShown({ page, lookupName, lookupTab }));
  }, [dispatch, page, lookupName, lookupTab]);
  return <AppLayout>{children}</AppLayout>;
}

/** Route parameters arrive encoded or not depending on the history; accept both. */
function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function LookupRoute() {
  const params = useParams<{ name: string; tab?: string }>();
  const name = decodeParam(params.name);
  if (!isLookupTab(params.tab)) return <Redirect to={appRoutes.lookup(name, 'rows')} />;
  return (
    <ShowPage page="lookup" lookupName={name} lookupTab={params.tab}>
      <LookupPage name={name} tab={params.tab} />
    </ShowPage>
  );
}

function QueryRoute() {
  return (
    <ShowPage page="query">
      <Suspense fallback={<EuiLoadingContent lines={6} data-test-subj="lookupsQueryPageLoading" />}>
        <QueryPage />
      </Suspense>
    </ShowPage>
  );
}

export function LookupsApp() {
  return (
    // Inside the app, navigation asks first while a view holds unsaved work (the editor).
    <GuardedRouter>
      <Switch>
        <Route exact path="/">
          <QueryRoute />
        </Route>
        <Route exact path={appRoutes.query()}>
          <QueryRoute />
        </Route>
        <Route exact path={appRoutes.catalog()}>
          <ShowPage page="catalog">
            <CatalogPage />
          </ShowPage>
        </Route>
        <Route exact path={appRoutes.schedules()}>
          <ShowPage page="schedules">
            <SchedulesPage />
          </ShowPage>
        </Route>
        <Route exact path={`${appRoutes.catalog()}/:name/:tab?`}>
          <LookupRoute />
        </Route>
        <Redirect to="/" />
      </Switch>
    </GuardedRouter>
  );
}
