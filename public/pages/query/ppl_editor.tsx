/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The PPL editor: a real <textarea> (so typing, selection, undo, screen readers and mobile
 * keyboards all work as usual) over a highlighted copy of the same text. The textarea's own text
 * is transparent; the layer behind shows the colours and the error markers, with identical
 * font, padding and wrapping so both line up. The textarea grows with its text, so neither ever
 * scrolls and they cannot drift apart.
 *
 * Keys: Ctrl/Cmd+Enter runs; Ctrl+Space opens completion (it also opens while typing a word,
 * after `|`, `=` and `,`); Up/Down choose, Enter/Tab accept, Escape closes.
 */
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { EuiPanel, EuiScreenReaderOnly, EuiTextColor } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { highlightPpl, type TextMarker } from '../../components/ppl_code';
import { palette } from '../../components/theme';
import {
  completionsAt,
  type Completion,
  type CompletionItem,
  type CompletionSources,
} from './completion';

const LINE_HEIGHT = 21;
const MIN_ROWS = 5;
const PADDING_Y = 8;

const shared: CSSProperties = {
  fontFamily: "var(--eui-code-font-family, 'Roboto Mono', Menlo, Courier, monospace)",
  fontSize: 14,
  lineHeight: `${LINE_HEIGHT}px`,
  letterSpacing: 'normal',
  fontWeight: 400,
  padding: `${PADDING_Y}px 12px`,
  margin: 0,
  border: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  wordBreak: 'normal',
  tabSize: 4,
  boxSizing: 'border-box',
  width: '100%',
  textAlign: 'left',
};

export interface PplEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
  markers?: TextMarker[];
  sources: CompletionSources;
  /** Ids of the elements that describe the editor (help text, error messages). */
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  /** Lets the page move the cursor (e.g. to an error). */
  textareaRef?: React.MutableRefObject<HTMLTextAreaElement | null>;
}

interface OpenCompletion extends Completion {
  active: number;
}

const KIND_LABELS: Record<CompletionItem['kind'], () => string> = {
  command: () => i18n.translate('lookups.editor.kind.command', { defaultMessage: 'command' }),
  option: () => i18n.translate('lookups.editor.kind.option', { defaultMessage: 'option' }),
  index: () => i18n.translate('lookups.editor.kind.index', { defaultMessage: 'index' }),
  lookup: () => i18n.translate('lookups.editor.kind.lookup', { defaultMessage: 'lookup' }),
  field: () => i18n.translate('lookups.editor.kind.field', { defaultMessage: 'field' }),
  function: () => i18n.translate('lookups.editor.kind.function', { defaultMessage: 'function' }),
  keyword: () => i18n.translate('lookups.editor.kind.keyword', { defaultMessage: 'keyword' }),
  value: () => i18n.translate('lookups.editor.kind.value', { defaultMessage: 'value' }),
};

export function PplEditor({
  id,
  value,
  onChange,
  onRun,
  markers = [],
  sources,
  describedBy,
  invalid,
  placeholder,
  textareaRef,
}: PplEditorProps) {
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const layerRef = useRef<HTMLPreElement | null>(null);
  const [completion, setCompletion] = useState<OpenCompletion | null>(null);
  const [popupAt, setPopupAt] = useState<{ top: number; left: number }>({ top: 0, left: 0 });
  const pendingCaret = useRef<number | null>(null);
  const [focused, setFocused] = useState(false);

  const setRefs = (element: HTMLTextAreaElement | null) => {
    ownRef.current = element;
    if (textareaRef) textareaRef.current = element;
  };

  // Grow with the text; put the cursor where an accepted completion ends.
  useLayoutEffect(() => {
    const textarea = ownRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    const min = MIN_ROWS * LINE_HEIGHT + 2 * PADDING_Y;
    textarea.style.height = `${Math.max(textarea.scrollHeight, min)}px`;
    if (pendingCaret.current !== null) {
      textarea.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [value]);

  // The list opens under the cursor: the layer holds an empty span there to measure.
  useLayoutEffect(() => {
    if (!completion) return;
    const caret = layerRef.current?.querySelector<HTMLElement>('[data-caret]');
    if (!caret) return;
    const width = layerRef.current?.clientWidth ?? 0;
    setPopupAt({
      top: caret.offsetTop + LINE_HEIGHT,
      left: Math.max(0, Math.min(caret.offsetLeft, width - 280)),
    });
  }, [completion, value]);

  const open = useCallback(
    (text: string, cursor: number, always: boolean) => {
      const next = completionsAt(text, cursor, sources);
      if (!next || next.items.length === 0) {
        setCompletion(null);
        return;
      }
      const before = text.slice(0, cursor);
      const auto =
        next.prefix.length > 0 || /(\|\s*|=|,|\b(source|lookup|outputlookup)\s+)$/.test(before);
      setCompletion(always || auto ? { ...next, active: 0 } : null);
    },
    [sources]
  );

  const accept = (item: CompletionItem) => {
    if (!completion) return;
    const text = value.slice(0, completion.from) + item.insert + value.slice(completion.to);
    const caret = completion.from + item.insert.length;
    pendingCaret.current = caret;
    onChange(text);
    // After a command, `source=` or an option, go on with what may follow it.
    if (item.kind === 'command' || item.insert.endsWith('=')) {
      const next = completionsAt(text, caret, sources);
      setCompletion(next && next.items.length > 0 ? { ...next, active: 0 } : null);
    } else {
      setCompletion(null);
    }
  };

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const text = event.target.value;
    const cursor = event.target.selectionStart ?? text.length;
    onChange(text);
    const inputType = (event.nativeEvent as InputEvent).inputType ?? 'insertText';
    if (inputType.startsWith('insert') && inputType !== 'insertFromPaste') {
      open(text, cursor, false);
    } else if (completion) {
      open(text, cursor, false);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      setCompletion(null);
      onRun();
      return;
    }
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      const textarea = event.currentTarget;
      open(textarea.value, textarea.selectionStart ?? textarea.value.length, true);
      return;
    }
    if (!completion) return;
    const count = completion.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setCompletion({ ...completion, active: (completion.active + step + count) % count });
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      accept(completion.items[completion.active]);
    } else if (event.key === 'Escape') {
      // Only the list closes, not a surrounding modal or flyout.
      event.preventDefault();
      event.stopPropagation();
      setCompletion(null);
    } else if (
      event.key === 'ArrowLeft' ||
      event.key === 'ArrowRight' ||
      event.key === 'Home' ||
      event.key === 'End'
    ) {
      setCompletion(null);
    }
  };

  const listId = `${id}-completions`;
  const optionId = (i: number) => `${id}-completion-${i}`;
  const caret = completion ? completion.from + completion.prefix.length : undefined;
  const colors = palette();
  const borderColor = invalid ? colors.danger : focused ? colors.focus : colors.frame;

  return (
    <div
      className="euiCodeBlock"
      style={{
        position: 'relative',
        borderRadius: 6,
        boxShadow: `inset 0 0 0 ${focused || invalid ? 2 : 1}px ${borderColor}`,
      }}
      data-test-subj="pplEditor"
    >
      <pre
        ref={layerRef}
        aria-hidden="true"
        style={{
          ...shared,
          position: 'absolute',
          inset: 0,
          overflow: 'hidden',
          pointerEvents: 'none',
          color: 'inherit',
          background: 'transparent',
        }}
        data-test-subj="pplEditorHighlight"
      >
        <code style={{ font: 'inherit', whiteSpace: 'inherit' }}>
          {value === '' && placeholder ? (
            <EuiTextColor color="subdued">{placeholder}</EuiTextColor>
          ) : (
            highlightPpl(value, { markers, caret })
          )}
          {/* A trailing newline needs a character after it to take up its line. */}
          {'\u200b'}
        </code>
      </pre>
      <textarea
        ref={setRefs}
        id={id}
        value={value}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onClick={() => setCompletion(null)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setCompletion(null);
        }}
        onScroll={(e) => {
          if (layerRef.current) layerRef.current.scrollTop = e.currentTarget.scrollTop;
        }}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        aria-autocomplete="list"
        aria-controls={completion ? listId : undefined}
        aria-activedescendant={completion ? optionId(completion.active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        style={{
          ...shared,
          position: 'relative',
          display: 'block',
          resize: 'none',
          overflow: 'hidden',
          background: 'transparent',
          color: 'transparent',
          caretColor: colors.caret,
          outline: 'none',
          minHeight: MIN_ROWS * LINE_HEIGHT + 2 * PADDING_Y,
          // The text itself shows through from the layer; only the caret is drawn here.
          WebkitTextFillColor: 'transparent',
        }}
        data-test-subj="pplEditorInput"
      />
      <EuiScreenReaderOnly>
        <div aria-live="polite">
          {completion?.items.length === 1
            ? i18n.translate('lookups.editor.suggestion', {
                defaultMessage: '1 suggestion; Enter accepts.',
              })
            : completion
              ? i18n.translate('lookups.editor.suggestions', {
                  defaultMessage: '{count} suggestions; Up and Down choose, Enter accepts.',
                  values: { count: completion.items.length },
                })
              : ''}
        </div>
      </EuiScreenReaderOnly>
      {completion ? (
        <EuiPanel
          paddingSize="none"
          hasShadow
          role="listbox"
          id={listId}
          aria-label={i18n.translate('lookups.editor.suggestionsLabel', {
            defaultMessage: 'Suggestions',
          })}
          style={{
            position: 'absolute',
            top: popupAt.top + PADDING_Y,
            left: popupAt.left,
            zIndex: 1000,
            width: 280,
            maxHeight: 240,
            overflowY: 'auto',
          }}
          data-test-subj="pplCompletions"
        >
          {completion.items.map((item, i) => (
            <div
              key={`${item.kind}:${item.label}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === completion.active}
              onMouseDown={(event) => {
                // Keep the focus in the textarea.
                event.preventDefault();
                accept(item);
              }}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 8,
                padding: '4px 8px',
                cursor: 'pointer',
                fontFamily: shared.fontFamily,
                fontSize: 13,
                background: i === completion.active ? colors.activeOption : undefined,
              }}
              data-test-subj={`pplCompletion-${item.label}`}
            >
              <span>{item.label}</span>
              <EuiTextColor color="subdued">
                <small>
                  {item.matchMode
                    ? i18n.translate('lookups.query.completion.matchMode', {
                        defaultMessage: 'lookup, matches by {mode}',
                        values: { mode: item.matchMode },
                      })
                    : KIND_LABELS[item.kind]()}
                </small>
              </EuiTextColor>
            </div>
          ))}
        </EuiPanel>
      ) : null}
    </div>
  );
}
