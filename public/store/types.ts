/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the store's slices share: the load status of a request, and what thunks get as their
 * extra argument (the API client, so thunks never build a path or touch `http` themselves).
 */
import type { LookupsApi } from '../services/api_client';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ThunkExtra {
  api: LookupsApi;
}
