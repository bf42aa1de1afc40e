/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  BACKING_INDEX_SUFFIX,
  FORBIDDEN_LEADING_CHARS,
  FORBIDDEN_NAME_CHARS,
  LOOKUP_FIELD,
  MAX_NAME_BYTES,
  MAX_WRITABLE_NAME_BYTES,
  NameRule,
  backingIndexName,
  isValidLookupName,
  lookupNameOfBackingIndex,
  utf8ByteLength,
  validateLookupName,
} from './names';

describe('validateLookupName: one case per rule', () => {
  const cases: Array<{
    rule: NameRule;
    name: string;
    says: RegExp;
    char?: string;
    label?: string;
  }> = [
    { rule: 'empty', name: '', says: /required/ },
    { rule: 'invalid_unicode', name: 'hosts\uD800', says: /not valid Unicode/ },
    {
      rule: 'control_char',
      name: 'ho\tsts',
      says: /control characters \(found U\+0009\)/,
      char: '\t',
    },
    { rule: 'control_char', name: 'hosts\u007F', says: /U\+007F/, char: '\u007F' },
    { rule: 'control_char', name: 'a\nb', says: /remove them/, char: '\n' },
    ...[
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ].map((char) => ({
      rule: 'bidi_control' as const,
      name: `lk_${char}cod`,
      says: /must not contain bidirectional control characters \(found U\+20[0-9A-F]{2}\).*remove them/,
      char,
    })),
    { rule: 'dot_name', name: '.', says: /reserved/ },
    { rule: 'dot_name', name: '..', says: /reserved/ },
    { rule: 'leading_dot', name: '.hosts', says: /must not start with "\."/, char: '.' },
    { rule: 'leading_char', name: '_hosts', says: /must not start with "_"/, char: '_' },
    { rule: 'leading_char', name: '-hosts', says: /must not start with "-"/, char: '-' },
    { rule: 'leading_char', name: '+hosts', says: /start it with a letter or a digit/, char: '+' },
    { rule: 'forbidden_char', name: 'web hosts', says: /must not contain a space/, char: ' ' },
    { rule: 'forbidden_char', name: 'a/b', says: /must not contain "\/"/, char: '/' },
    {
      rule: 'lowercase',
      name: 'Foo',
      says: /must be lower case: use lower case letters, as in "foo"/,
    },
    { rule: 'lowercase', name: 'zÜrich', says: /"zürich"/ },
    {
      rule: 'too_long',
      label: '256 ASCII letters',
      name: 'a'.repeat(256),
      says: /256 bytes long .* limit of 255 bytes/,
    },
    // 128 two-byte characters: 128 characters, 256 bytes. The limit is in bytes, not characters.
    { rule: 'too_long', label: '128 two-byte letters', name: 'é'.repeat(128), says: /256 bytes/ },
    { rule: 'reserved_suffix', name: 'hosts__lookup', says: /must not end with "__lookup"/ },
    {
      rule: 'backing_index_too_long',
      label: '248 bytes, whose backing index would be 256',
      name: 'a'.repeat(248),
      says: /at most 247 bytes/,
    },
  ];

  it.each(cases.map((c) => ({ ...c, label: c.label ?? JSON.stringify(c.name) })))(
    '$rule: $label',
    ({ rule, name, says, char }) => {
      const result = validateLookupName(name);
      expect(result).toMatchObject({ ok: false, rule });
      if (result.ok) {
        return;
      }
      expect(result.message).toMatch(says);
      expect(result.char).toBe(char);
    }
  );

  it.each(FORBIDDEN_NAME_CHARS.map((char) => [char]))('forbidden_char names %j', (char) => {
    const result = validateLookupName(`web${char}hosts`);
    expect(result).toMatchObject({ ok: false, rule: 'forbidden_char', char });
  });

  it.each(FORBIDDEN_LEADING_CHARS.map((char) => [char]))('leading_char names %j', (char) => {
    expect(validateLookupName(`${char}hosts`)).toMatchObject({
      ok: false,
      rule: 'leading_char',
      char,
    });
  });

  it('keeps the contract list of forbidden characters exactly', () => {
    expect([...FORBIDDEN_NAME_CHARS].sort()).toEqual(
      ['\\', '/', '*', '?', '"', '<', '>', '|', ',', '#', ':', ' '].sort()
    );
    expect([...FORBIDDEN_LEADING_CHARS].sort()).toEqual(['+', '-', '_']);
  });

  it('messages say what to do', () => {
    for (const name of [
      '',
      'Foo',
      'a b',
      '_a',
      '.a',
      '.',
      'a__lookup',
      'a'.repeat(300),
      'a\u0001',
    ]) {
      const result = validateLookupName(name);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message).toMatch(/: /);
        expect(result.message.split(': ')[1].length).toBeGreaterThan(10);
      }
    }
  });

  it('quotes and escapes the name in messages, and cuts long names short', () => {
    const control = validateLookupName('a\u0001b');
    expect(!control.ok && control.message).toContain('"a\\u0001b"');
    const long = validateLookupName('x'.repeat(300));
    expect(!long.ok && long.message).toContain(`"${'x'.repeat(64)}…"`);
  });
});

describe('validateLookupName: names that pass', () => {
  it.each([
    'hosts',
    'web_hosts-2026',
    '0day',
    'a',
    'a.b',
    'hosts.',
    'zürich',
    'ho%2fsts',
    '%2e%2e',
    'lookup__',
    'a__lookupx',
    '9__lookupx',
  ])('%j', (name) => {
    expect(validateLookupName(name)).toEqual({ ok: true });
    expect(isValidLookupName(name)).toBe(true);
  });

  it('accepts a name of exactly 247 bytes', () => {
    expect(validateLookupName('a'.repeat(MAX_WRITABLE_NAME_BYTES))).toEqual({ ok: true });
  });

  it('percent sequences stay literal once encoded as a path segment', () => {
    expect(encodeURIComponent('%2e%2e')).toBe('%252e%252e');
    expect(encodeURIComponent('ho%2fsts')).toBe('ho%252fsts');
  });

  it('reads accept names up to 255 bytes that writes refuse', () => {
    const name = 'a'.repeat(MAX_NAME_BYTES);
    expect(validateLookupName(name, { purpose: 'read' })).toEqual({ ok: true });
    expect(validateLookupName(name, { purpose: 'write' })).toMatchObject({
      rule: 'backing_index_too_long',
    });
    expect(validateLookupName(name + 'a', { purpose: 'read' })).toMatchObject({ rule: 'too_long' });
  });

  it('accepts every name the data importer accepts when it is lower case', () => {
    expect(isValidLookupName('my_lookup-1')).toBe(true);
  });
});

describe('backing index names', () => {
  it('appends the suffix', () => {
    expect(LOOKUP_FIELD).toBe('__lookup');
    expect(BACKING_INDEX_SUFFIX).toBe('__lookup');
    expect(backingIndexName('hosts')).toBe('hosts__lookup');
  });

  it('fits in 255 bytes for every writable name', () => {
    const name = 'é'.repeat(Math.floor(MAX_WRITABLE_NAME_BYTES / 2));
    expect(isValidLookupName(name)).toBe(true);
    expect(utf8ByteLength(backingIndexName(name))).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it.each([
    ['hosts__lookup', 'hosts'],
    ['a__lookup__lookup', 'a__lookup'],
    ['__lookup', null],
    ['hosts', null],
    ['hosts__lookupx', null],
  ])('lookupNameOfBackingIndex(%j) = %j', (index, name) => {
    expect(lookupNameOfBackingIndex(index)).toBe(name);
  });
});

describe('bidirectional controls', () => {
  it('are refused for a write, and left to OpenSearch for a read of an existing lookup', () => {
    expect(validateLookupName('lk_\u202Eabc')).toMatchObject({ ok: false, rule: 'bidi_control' });
    expect(
      validateLookupName('lk_\u202Eabc').ok === false && validateLookupName('lk_\u202Eabc')
    ).toMatchObject({
      message: expect.stringContaining('"lk_<U+202E>abc"'),
    });
    expect(validateLookupName('lk_\u202Eabc', { purpose: 'read' })).toEqual({ ok: true });
  });
});
