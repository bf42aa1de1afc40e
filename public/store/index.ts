/*
 * The app's Redux store. `createLookupsStore` makes a fresh store per mount (and per test), so
 * no state outlives the app it belongs to.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import { uiSlice } from './ui_slice';

const rootReducer = combineReducers({ ui: uiSlice.reducer });

export type RootState = ReturnType<typeof rootReducer>;

export function createLookupsStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type LookupsStore = ReturnType<typeof createLookupsStore>;
export type AppDispatch = LookupsStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

export { pageShown } from './ui_slice';
export type { AppPage, UiState } from './ui_slice';
