/*
 * The app's routes, inside the hash router (`/app/lookups#/…`). Each route records its page in
 * the store before paint, and the views read it from there. Query and Catalog pages come later;
 * for now every route shows the landing view with the matching tab selected.
 */
import { useLayoutEffect } from 'react';
import { Redirect, Route, Switch, useParams } from 'react-router-dom';
import { appRoutes } from '../common/api/paths';
import { LandingPage } from './pages/landing/landing_page';
import { pageShown, useAppDispatch, type UiState } from './store';

function ShowPage(props: UiState) {
  const dispatch = useAppDispatch();
  const { page, lookupName, lookupTab } = props;
  // A layout effect: the store is updated before the browser paints, so no wrong tab flashes.
  useLayoutEffect(() => {
    dispatch(pageShown({ page, lookupName, lookupTab }));
  }, [dispatch, page, lookupName, lookupTab]);
  return <LandingPage />;
}

function LookupRoute() {
  const { name, tab } = useParams<{ name: string; tab?: string }>();
  return <ShowPage page="lookup" lookupName={name} lookupTab={tab} />;
}

export function LookupsApp() {
  return (
    <Switch>
      <Route exact path="/">
        <ShowPage page="query" />
      </Route>
      <Route exact path={appRoutes.query()}>
        <ShowPage page="query" />
      </Route>
      <Route exact path={appRoutes.catalog()}>
        <ShowPage page="catalog" />
      </Route>
      <Route exact path={`${appRoutes.catalog()}/:name/:tab?`}>
        <LookupRoute />
      </Route>
      <Redirect to="/" />
    </Switch>
  );
}
