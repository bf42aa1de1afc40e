/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The exports of the host's core public entry: core's values, and its bootstrap. */
export * from '../packages/opensearch-dashboards/public';
export { __osdBootstrap__ } from './bootstrap';
