/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Work that can outlast OSD's socket timeout (`server.socketTimeout`, 120 s): a large
 * outputlookup, import, export or migration. OSD sets hapi's socket timeout to
 * `timeout.idleSocket` when a route gives one; `timeout.payload` covers only the body arriving.
 */
export const LONG_WORK_IDLE_SOCKET_MS = 60 * 60 * 1000;
/** How long a large file may take to arrive. */
export const UPLOAD_PAYLOAD_TIMEOUT_MS = 10 * 60 * 1000;

export const LONG_REQUEST_TIMEOUTS = { idleSocket: LONG_WORK_IDLE_SOCKET_MS };
export const UPLOAD_REQUEST_TIMEOUTS = {
  idleSocket: LONG_WORK_IDLE_SOCKET_MS,
  payload: UPLOAD_PAYLOAD_TIMEOUT_MS,
};
