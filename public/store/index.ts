/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The app's Redux store. `createLookupsStore` makes a fresh store per mount (and per test), so
 * no state outlives the app it belongs to. Thunks, and the RTK Query endpoints of `lookupsApi`,
 * get the API client as their extra argument.
 */
import { combineReducers, configureStore, isPlain } from '@reduxjs/toolkit';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import type { LookupsApi } from '../services/api_client';
import { lookupsApi } from './api';
import { catalogSlice } from './catalog_slice';
import { permissionsSlice } from './permissions_slice';
import { querySlice } from './query_slice';
import { savedQuerySlice } from './saved_query_slice';
import { uiSlice } from './ui_slice';

const rootReducer = combineReducers({
  ui: uiSlice.reducer,
  catalog: catalogSlice.reducer,
  query: querySlice.reducer,
  savedQuery: savedQuerySlice.reducer,
  permissions: permissionsSlice.reducer,
  [lookupsApi.reducerPath]: lookupsApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createLookupsStore(api: LookupsApi, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: { api } },
        // An import's File travels in the thunk's argument; it never reaches the state.
        // Long integers read with OSD's long-numeral support are bigints: values, not instances.
        serializableCheck: {
          ignoredActionPaths: ['meta.arg.file', 'meta.arg.originalArgs.file'],
          isSerializable: (value: unknown) => typeof value === 'bigint' || isPlain(value),
        },
      }).concat(lookupsApi.middleware),
  });
}

export type LookupsStore = ReturnType<typeof createLookupsStore>;
export type AppDispatch = LookupsStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

export { pageShown } from './ui_slice';
export type { AppPage, UiState } from './ui_slice';
export type { LoadStatus } from './types';
