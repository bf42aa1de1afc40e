/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the server injects into the page, read as OSD's core reads it: the JSON in the `data`
 * attribute of the `<osd-injected-metadata>` element (host/src/app/pages.ts writes it).
 */
import type { InjectedMetadata } from '../src/app/pages';

export type { InjectedMetadata };

export function readInjectedMetadata(doc: Document = document): InjectedMetadata {
  const data = doc.querySelector('osd-injected-metadata')?.getAttribute('data');
  if (!data) throw new Error('The page has no <osd-injected-metadata data="…">.');
  return JSON.parse(data) as InjectedMetadata;
}
