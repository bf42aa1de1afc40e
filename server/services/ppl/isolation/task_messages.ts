/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What the main thread and a query worker say to each other about one task, both ways. */
import type { WriteOptions } from '../../../../common/api/codecs';
import type { LookupsConfig } from '../../../config';
import type { Ceiling } from '../../ceiling';
import type { RowSourceInfo } from '../../writer/row_source';
import type { SliceFill } from '../../writer/slice_filler';
import type { ClusterLimits } from '../request_bounds';

/** main → worker `query`: run or explain one PPL query. */
export interface QueryTask {
  task: string;
  kind: 'run' | 'explain';
  text: string;
  size?: number;
  config: LookupsConfig;
  ceiling: Ceiling;
  limits?: ClusterLimits;
  timeout?: { ms: number; setting: string };
}

/** worker → main `write`: the query's result is ready to be written into `name`. */
export interface WriteRequest {
  task: string;
  /** Names the rows in the worker, for the `fill` call that follows. */
  stream: string;
  name: string;
  info: RowSourceInfo;
  options: WriteOptions;
}

/** main → worker `fill`: fill this slice with the rows of `stream`, at most `max`. */
export interface FillRequest extends Omit<SliceFill, 'source' | 'between'> {
  task: string;
  stream: string;
  max?: number;
}

/** worker → main `between`: rows written so far (the main thread heartbeats and reports). */
export interface BetweenRequest {
  task: string;
  stream: string;
  rows: number;
}

/** main → worker `cancel` (a notice). */
export interface CancelNotice {
  task: string;
}
