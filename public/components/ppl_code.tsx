/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL syntax colouring with the tokenizer from common/ppl, in the theme's palette (./theme.ts:
 * OUI's code-block hues, kept at 4.5:1 contrast or more in light and dark). Used by the query
 * editor's highlight layer and to show stored queries read-only.
 */
import type { ReactNode } from 'react';
import { tokenize, type Token } from '../../common/ppl/tokenizer';
import { palette } from './theme';

export interface TextMarker {
  offset: number;
  length: number;
  message: string;
  source: 'server' | 'parser';
}

interface Piece {
  text: string;
  token: Token;
}

function pieces(text: string, tokens: Token[], cuts: number[]): Array<Piece & { start: number }> {
  const sorted = [...new Set(cuts)].filter((c) => c > 0 && c < text.length).sort((a, b) => a - b);
  const out: Array<Piece & { start: number }> = [];
  for (const token of tokens) {
    let start = token.start;
    for (const cut of sorted) {
      if (cut > start && cut < token.end) {
        out.push({ text: text.slice(start, cut), token, start });
        start = cut;
      }
    }
    out.push({ text: text.slice(start, token.end), token, start });
  }
  return out;
}

function span(piece: Piece, key: string | number): ReactNode {
  return (
    <span key={key} style={palette().tokens[piece.token.kind]} data-token={piece.token.kind}>
      {piece.text}
    </span>
  );
}

const markerStyle = (): React.CSSProperties => ({
  textDecorationLine: 'underline',
  textDecorationStyle: 'wavy',
  textDecorationColor: palette().danger,
  textDecorationSkipInk: 'none',
  backgroundColor: palette().dangerWash,
});
// An error at a point (length 0, e.g. the end of the query): a bar that takes no room, so the
// layer stays aligned with the text above it.
const pointMarkerStyle = (): React.CSSProperties => ({
  display: 'inline-block',
  width: '1ch',
  marginRight: '-1ch',
  height: '1.2em',
  verticalAlign: 'text-bottom',
  borderBottom: `3px solid ${palette().danger}`,
});

/**
 * The text as coloured spans, with `markers` wrapped around their range (data-test-subj
 * `pplErrorMarker`) and an empty span at `caret` to measure where the cursor is.
 */
export function highlightPpl(
  text: string,
  { markers = [], caret }: { markers?: TextMarker[]; caret?: number } = {}
): ReactNode[] {
  const valid = markers
    .map((m) => ({
      ...m,
      offset: Math.max(0, Math.min(m.offset, text.length)),
      length: Math.max(0, m.length),
    }))
    .map((m) => ({ ...m, length: Math.min(m.length, text.length - m.offset) }));
  const cuts = [
    ...valid.flatMap((m) => [m.offset, m.offset + m.length]),
    ...(caret !== undefined ? [caret] : []),
  ];
  const all = pieces(text, tokenize(text), cuts);
  const out: ReactNode[] = [];
  const markerProps = (m: TextMarker) => ({
    'data-test-subj': 'pplErrorMarker',
    'data-source': m.source,
    'data-offset': m.offset,
    'data-length': m.length,
    title: m.message,
  });
  const pointsAt = (offset: number) =>
    valid
      .filter((m) => m.length === 0 && m.offset === offset)
      .map((m, i) => (
        <span key={`p${offset}-${i}`} style={pointMarkerStyle()} {...markerProps(m)} />
      ));
  const caretAt = (offset: number) =>
    caret === offset ? [<span key={`caret${offset}`} data-caret="" />] : [];

  let i = 0;
  while (i < all.length) {
    const piece = all[i];
    out.push(...caretAt(piece.start), ...pointsAt(piece.start));
    const marker = valid.find(
      (m) => m.length > 0 && piece.start >= m.offset && piece.start < m.offset + m.length
    );
    if (!marker) {
      out.push(span(piece, i));
      i++;
      continue;
    }
    const group: ReactNode[] = [];
    const end = marker.offset + marker.length;
    while (i < all.length && all[i].start < end) {
      if (all[i].start !== piece.start) {
        group.push(...caretAt(all[i].start), ...pointsAt(all[i].start));
      }
      group.push(span(all[i], i));
      i++;
    }
    out.push(
      <span key={`m${marker.offset}`} style={markerStyle()} {...markerProps(marker)}>
        {group}
      </span>
    );
  }
  out.push(...caretAt(text.length), ...pointsAt(text.length));
  return out;
}

/** A stored query, coloured, read-only (wrapped, so it never needs to scroll sideways). */
export function PplCode({ children, ...rest }: { children: string; 'data-test-subj'?: string }) {
  return (
    <div className="euiCodeBlock euiCodeBlock--fontSmall euiCodeBlock--paddingSmall" {...rest}>
      <pre className="euiCodeBlock__pre euiCodeBlock__pre--whiteSpacePreWrap">
        <code className="euiCodeBlock__code">{highlightPpl(children)}</code>
      </pre>
    </div>
  );
}
