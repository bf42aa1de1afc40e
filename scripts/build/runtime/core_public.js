/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

// What `opensearch-dashboards/public` is inside a plugin bundle: OSD core's public entry, which
// the page registered before any plugin bundle runs (OSD's optimizer emits the same "bundle ref").
/* global __osdBundles__ */
module.exports = __osdBundles__.get('entry/core/public');
