/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What the host's app shell injects into the page (host/src/app/pages.ts). */
import type { InjectedMetadata } from '../src/app/pages';

export type { InjectedMetadata };

export function readInjectedMetadata(doc: Document = document): InjectedMetadata {
  const element = doc.getElementById('osd-injected-metadata');
  if (!element?.textContent) throw new Error('The page has no #osd-injected-metadata.');
  return JSON.parse(element.textContent) as InjectedMetadata;
}
