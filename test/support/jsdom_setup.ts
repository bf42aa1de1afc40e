/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * jest's jsdom lacks TextEncoder/TextDecoder, which browsers and Node have and the shared
 * substrate code (lookup names, key encoding) uses when it loads.
 */
import { TextDecoder, TextEncoder } from 'util';
import { configure } from '@testing-library/dom';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// OUI's data grid measures its container; jsdom lays nothing out, so the grid renders every
// row and column when it sees this flag (as in OUI's own tests).
Object.assign(globalThis, { _isJest: true });

// findBy*/waitFor give up after 1 s by default; on a loaded CI machine a first render with OUI can
// take longer than that without anything being wrong. Set on the DOM library (which React Testing
// Library configures on top of) so importing it here registers nothing before jest's globals exist.
configure({ asyncUtilTimeout: 10_000 });
