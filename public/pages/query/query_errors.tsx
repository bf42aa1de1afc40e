/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A query that failed: a syntax error (the parser's, before sending, or the server's 400 with a
 * position) becomes a marker in the editor and a message under it; a write over the row ceiling
 * says which setting sets it and offers the way out (`max=` on outputlookup); anything else shows
 * the server's message.
 */
import { EuiButton, EuiButtonEmpty, EuiCallOut, EuiSpacer, EuiText } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { QueryErrorPosition } from '../../../common/api/codecs';
import { lineStarts, positionAt, tokenize } from '../../../common/ppl/tokenizer';
import type { PplSyntaxError } from '../../../common/ppl/parser';
import type { PplRefusalKind } from '../../../common/ppl/parse_cursor';
import type { TextMarker } from '../../components/ppl_code';
import { ApiErrorCallout, refusalOf, unreachableSource } from '../../components/error_callout';
import { formatNumber } from '../../components/format';
import type { ApiFailure } from '../../services/api_client';

export interface PositionedError {
  source: 'server' | 'parser';
  /** The parser's kind of refusal (a limit, a command that cannot run here), if not a syntax error. */
  kind?: PplRefusalKind;
  message: string;
  line: number;
  column: number;
  offset: number;
  length: number;
  expected: string[];
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The position a server error points at, when its attributes carry one. */
export function serverErrorPosition(error: ApiFailure, text: string): PositionedError | null {
  const a = (error.attributes ?? {}) as Partial<QueryErrorPosition>;
  let offset = a.offset;
  if (!isNumber(offset)) {
    if (!isNumber(a.line) || !isNumber(a.column)) return null;
    // Only a line and column: count them out in the text that was sent.
    const starts = lineStarts(text);
    offset = (starts[a.line - 1] ?? text.length) + a.column - 1;
  }
  const offsetAt = Math.max(0, Math.min(offset, text.length));
  const position = positionAt(lineStarts(text), offsetAt);
  return {
    source: 'server',
    message: error.message,
    line: isNumber(a.line) ? a.line : position.line,
    column: isNumber(a.column) ? a.column : position.column,
    offset: offsetAt,
    length: isNumber(a.length) ? a.length : 0,
    expected: Array.isArray(a.expected) ? a.expected.map(String) : [],
  };
}

export function parseErrorPosition(error: PplSyntaxError): PositionedError {
  return {
    source: 'parser',
    ...(error.kind ? { kind: error.kind } : {}),
    message: error.message,
    line: error.line,
    column: error.column,
    offset: error.offset,
    length: error.length,
    expected: error.expected,
  };
}

export const toMarker = (e: PositionedError): TextMarker => ({
  offset: e.offset,
  length: e.length,
  message: e.message,
  source: e.source,
});

/**
 * The query with `max=<n>` on its outputlookup (replacing a `max` it has), or null when it has
 * no outputlookup.
 */
export function withMax(text: string, max: number): string | null {
  const tokens = tokenize(text).filter((t) => t.kind !== 'whitespace' && t.kind !== 'comment');
  const index = tokens.findIndex(
    (t) => t.kind === 'command' && t.text.toLowerCase() === 'outputlookup'
  );
  if (index < 0) return null;
  for (let i = index + 1; i + 2 < tokens.length; i++) {
    if (tokens[i].text.toLowerCase() === 'max' && tokens[i + 1].text === '=') {
      const value = tokens[i + 2];
      return text.slice(0, value.start) + String(max) + text.slice(value.end);
    }
  }
  const command = tokens[index];
  return `${text.slice(0, command.end)} max=${max}${text.slice(command.end)}`;
}

/** The message without its "… at line L, column C: " lead, which the title already says. */
export function withoutPosition(message: string): string {
  const rest = /^[^:]*\bat line \d+, column \d+: /.exec(message);
  return rest ? message.slice(rest[0].length) : message;
}

/** What stopped the query before it was sent, and where. */
function parserTitle(error: PositionedError): string {
  const values = { line: error.line, column: error.column };
  switch (error.kind) {
    case 'limit':
      return i18n.translate('lookups.query.error.limitTitle', {
        defaultMessage: 'Over a limit at line {line}, column {column} (not sent)',
        values,
      });
    case 'refused':
      return i18n.translate('lookups.query.error.refusedTitle', {
        defaultMessage: 'Cannot run here: line {line}, column {column} (not sent)',
        values,
      });
    case 'unsupported':
      return i18n.translate('lookups.query.error.unsupportedTitle', {
        defaultMessage: 'Not supported yet: line {line}, column {column} (not sent)',
        values,
      });
    default:
      return i18n.translate('lookups.query.error.parserTitle', {
        defaultMessage: 'Syntax error at line {line}, column {column} (not sent)',
        values,
      });
  }
}

export function SyntaxErrorMessage({
  error,
  id,
  onGoTo,
}: {
  error: PositionedError;
  id: string;
  onGoTo: () => void;
}) {
  return (
    <EuiCallOut
      size="s"
      color="danger"
      iconType="alert"
      id={id}
      title={
        error.source === 'parser'
          ? parserTitle(error)
          : i18n.translate('lookups.query.error.serverTitle', {
              defaultMessage: 'The server refused the query at line {line}, column {column}',
              values: { line: error.line, column: error.column },
            })
      }
      data-test-subj={`lookupsQuerySyntaxError-${error.source}`}
    >
      <p data-test-subj="lookupsQueryErrorMessage">{withoutPosition(error.message)}</p>
      {error.expected.length > 0 ? (
        <p>
          {i18n.translate('lookups.query.error.expected', {
            defaultMessage: 'Expected: {expected}',
            values: { expected: error.expected.join(', ') },
          })}
        </p>
      ) : null}
      <EuiButtonEmpty size="xs" flush="left" iconType="editorCodeBlock" onClick={onGoTo}>
        {i18n.translate('lookups.query.error.goTo', { defaultMessage: 'Go to the error' })}
      </EuiButtonEmpty>
    </EuiCallOut>
  );
}

function failureTitle(error: ApiFailure): string {
  switch (error.statusCode) {
    case 403:
      return i18n.translate('lookups.query.error.forbidden', {
        defaultMessage: 'OpenSearch refused this for your user',
      });
    case 404:
      return i18n.translate('lookups.query.error.notFound', {
        defaultMessage: 'Something the query names does not exist',
      });
    case 409:
      return i18n.translate('lookups.query.error.conflict', {
        defaultMessage: 'The write was refused',
      });
    case 413:
      return i18n.translate('lookups.query.error.tooLarge', {
        defaultMessage: 'The request is too large',
      });
    default:
      return i18n.translate('lookups.query.error.failed', { defaultMessage: 'The query failed' });
  }
}

export function QueryFailure({
  error,
  onAddMax,
  writes,
}: {
  error: ApiFailure;
  /** Set when the query can take `max=` (it ends in outputlookup). */
  onAddMax?: (max: number) => void;
  /** The lookup the query writes, so that a refusal names it. */
  writes?: string;
}) {
  if (refusalOf(error) || unreachableSource(error) !== undefined) {
    // Said in the user's terms (which lookup, which permission, which data source by its
    // title); the raw reason under Details.
    return (
      <ApiErrorCallout
        title={
          writes
            ? i18n.translate('lookups.query.error.writeRefused', {
                defaultMessage: 'Writing "{name}" was refused',
                values: { name: writes },
              })
            : failureTitle(error)
        }
        error={error}
        refused={writes ? { lookup: writes, action: 'write' } : undefined}
        data-test-subj="lookupsQueryError"
      />
    );
  }
  const setting = error.attributes?.setting;
  const maxRows = error.attributes?.max_rows;
  if (typeof setting === 'string') {
    return (
      <EuiCallOut
        color="danger"
        iconType="alert"
        title={i18n.translate('lookups.query.error.ceilingTitle', {
          defaultMessage: 'The result is over the row ceiling',
        })}
        role="alert"
        data-test-subj="lookupsQueryCeiling"
      >
        <p data-test-subj="lookupsQueryErrorMessage">{withoutPosition(error.message)}</p>
        {/* The message says what to do; this names the setting and the number behind it. */}
        <EuiText size="xs">
          <p data-test-subj="lookupsQueryCeilingSetting">
            {i18n.translate('lookups.query.error.ceilingSetting', {
              defaultMessage: 'Setting: {setting} = {max} rows per write',
              values: {
                setting,
                max: typeof maxRows === 'number' ? formatNumber(maxRows) : '?',
              },
            })}
          </p>
        </EuiText>
        {onAddMax && typeof maxRows === 'number' ? (
          <>
            <EuiSpacer size="s" />
            <EuiButton
              size="s"
              color="danger"
              onClick={() => onAddMax(maxRows)}
              data-test-subj="lookupsQueryAddMax"
            >
              {i18n.translate('lookups.query.error.addMax', {
                defaultMessage: 'Add max={max} to outputlookup',
                values: { max: maxRows },
              })}
            </EuiButton>
          </>
        ) : null}
      </EuiCallOut>
    );
  }
  return (
    <EuiCallOut
      color="danger"
      iconType="alert"
      title={failureTitle(error)}
      role="alert"
      data-test-subj="lookupsQueryError"
    >
      <p data-test-subj="lookupsQueryErrorMessage">{withoutPosition(error.message)}</p>
    </EuiCallOut>
  );
}
