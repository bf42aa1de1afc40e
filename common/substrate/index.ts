/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The lookup substrate: the pure rules every writer and reader of lookups keeps (see the design
 * note `substrate.md`). Shared by the server and the browser, so nothing here imports Node.
 */
export * from './errors';
export * from './names';
export * from './alias_filter';
export * from './target_state';
export * from './slice_uuid';
export * from './id_encoder';
export { javaDoubleToString } from './java_double';
export { bigDecimalPlainString, MAX_PLAIN_DECIMAL_LENGTH } from './java_decimal';
export { base64UrlNoPad, toHex, utf8Bytes } from './bytes';
