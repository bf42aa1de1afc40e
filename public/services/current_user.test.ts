/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { readCurrentUser } from './current_user';

function page(metadata: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (metadata !== null) {
    const script = doc.createElement('script');
    script.id = 'osd-injected-metadata';
    script.type = 'application/json';
    script.textContent = metadata;
    doc.head.append(script);
  }
  return doc;
}

describe('readCurrentUser', () => {
  it.each([
    {
      name: 'the host’s user name',
      metadata: '{"appId":"lookups","username":"ana"}',
      expected: 'ana',
    },
    { name: 'nothing without a user name', metadata: '{"appId":"lookups"}', expected: undefined },
    { name: 'nothing for an empty name', metadata: '{"username":""}', expected: undefined },
    { name: 'nothing for foreign content', metadata: 'not json', expected: undefined },
    { name: 'nothing without the element', metadata: null, expected: undefined },
  ])('reads $name', ({ metadata, expected }) => {
    expect(readCurrentUser(page(metadata))).toBe(expected);
  });
});
