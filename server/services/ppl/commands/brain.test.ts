/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */
import { brainPatterns } from './brain';

const defaults = { variableCountThreshold: 5, frequencyThreshold: 0.3 };
const patternsOf = (messages: string[], options = defaults) =>
  brainPatterns(messages, options).map((p) => p.words.join(' '));

describe('brainPatterns (BrainLogParser)', () => {
  it('a word more frequent than its root varies unless it is alone at its position', () => {
    // Roots: "a x p" 2 (two words); "a y q" and "b x r" 1 (two words each): one group.
    expect(patternsOf(['a x p', 'a y q', 'b x r'])).toEqual(['a x p', '<*> y q', 'b <*> r']);
  });

  it('a rarer word varies when its position holds at least variable_count_threshold words', () => {
    const messages = ['login alice ok', 'login bob ok', 'login carol ok'];
    expect(patternsOf(messages)).toEqual(messages);
    expect(patternsOf(messages, { ...defaults, variableCountThreshold: 3 })).toEqual(
      Array(3).fill('login <*> ok')
    );
  });

  it('takes placeholders side by side as one variable', () => {
    const [p] = brainPatterns(['GET /a HTTP/1.0 ok'], defaults);
    expect(p.words).toEqual(['GET', '/a', 'HTTP/<*>', 'ok']);
    expect(p.values).toEqual(['1.0']);
  });

  it('replaces addresses, date-times, UUIDs and numbers first, keeping what they held', () => {
    const [p] = brainPatterns(
      ['from 10.0.0.1:80 at 2024-01-15T10:30:00Z id 0b3c9a2e-1b2c-4d5e-8f90-123456789abc n=7,x+y'],
      defaults
    );
    expect(p.words).toEqual([
      'from',
      '<*IP*>',
      'at',
      '<*DATETIME*>',
      'id',
      '<*UUID*>',
      'n=<*>',
      'x',
      'y',
    ]);
    expect(p.values).toEqual([
      '10.0.0.1:80',
      '2024-01-15T10:30:00Z',
      '0b3c9a2e-1b2c-4d5e-8f90-123456789abc',
      '7',
    ]);
  });
});
