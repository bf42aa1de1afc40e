/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The few colours the app draws itself (PPL syntax, the editor's frame), for OSD's light and dark
 * themes. OSD says which theme it loaded in `window.__osdThemeTag__` (`v8light`, `v8dark`, …),
 * as `@osd/ui-shared-deps/theme` reads it; everything else takes its colours from OUI's CSS.
 * Each hue keeps at least a 4.5:1 contrast on its theme's code background.
 */
import type { CSSProperties } from 'react';
import type { TokenKind } from '../../common/ppl/tokenizer';

/** Whether OSD loaded its dark theme; read once per call (the theme changes only on reload). */
export function isDarkTheme(): boolean {
  const tag = (globalThis as { __osdThemeTag__?: unknown }).__osdThemeTag__;
  return typeof tag === 'string' && tag.endsWith('dark');
}

export interface AppPalette {
  tokens: Partial<Record<TokenKind, CSSProperties>>;
  danger: string;
  dangerWash: string;
  focus: string;
  frame: string;
  caret: string;
  activeOption: string;
}

// OUI's code-block hues, darkened where its own fall short of 4.5:1 on the light background.
const LIGHT: AppPalette = {
  tokens: {
    keyword: { color: '#6E28C3' },
    command: { color: '#006BB8', fontWeight: 600 },
    function: { color: '#A34C00' },
    string: { color: '#B4236E' },
    number: { color: '#007B5F' },
    comment: { color: '#69707D', fontStyle: 'italic' },
    operator: { color: '#5A606B' },
    punctuation: { color: '#5A606B' },
  },
  danger: '#BD271E',
  dangerWash: 'rgba(189, 39, 30, 0.12)',
  focus: '#006BB8',
  frame: 'rgba(16, 38, 118, 0.1)',
  caret: '#343741',
  activeOption: '#E6F0F8',
};

// OUI's dark code-block hues (4.8:1 and up on its #25262E code background).
const DARK: AppPalette = {
  tokens: {
    keyword: { color: '#B174FC' },
    command: { color: '#6AB0F1', fontWeight: 600 },
    function: { color: '#DD8232' },
    string: { color: '#D0809B' },
    number: { color: '#10B688' },
    comment: { color: '#98A2B3', fontStyle: 'italic' },
    operator: { color: '#A7AFBE' },
    punctuation: { color: '#A7AFBE' },
  },
  danger: '#F86B63',
  dangerWash: 'rgba(248, 107, 99, 0.16)',
  focus: '#36A2EF',
  frame: 'rgba(255, 255, 255, 0.16)',
  caret: '#DFE5EF',
  activeOption: '#1C3A52',
};

export const palette = (): AppPalette => (isDarkTheme() ? DARK : LIGHT);
