/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * jest's jsdom lacks TextEncoder/TextDecoder, which browsers and Node have and the shared
 * substrate code (lookup names, key encoding) uses when it loads.
 */
import { TextDecoder, TextEncoder } from 'util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// OUI's data grid measures its container; jsdom lays nothing out, so the grid renders every
// row and column when it sees this flag (as in OUI's own tests).
Object.assign(globalThis, { _isJest: true });
