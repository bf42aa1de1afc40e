/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

export * from './paths';
export * from './codecs';
export * from './decode';
export * from './data_source';
