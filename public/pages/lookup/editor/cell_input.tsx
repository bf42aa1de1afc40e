/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The input a cell becomes while it is edited, by its column's kind: text kept as typed (and
 * checked) for whole numbers and decimals, true/false for booleans, a date and time picker (UTC)
 * for dates, text for text and IP addresses. Enter or leaving the input keeps the value; Escape drops it. Keys typed
 * in it stay in it (the grid's arrow keys do not move the focus away mid-word).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { EuiFieldText, EuiSelect } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { cellKindOf, parseCellText } from '../../../../common/edit/cell_values';
import { stringifyJson } from '../../../../common/api/lossless_json';
import { isInvalid, type Cell, type EditorColumn } from './edit_state';

/** A cell's value as an input shows it. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (isInvalid(cell)) return cell.invalid;
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'bigint' || typeof cell === 'boolean') {
    return String(cell);
  }
  return stringifyJson(cell);
}

/** `2024-01-31 13:45:00` as a datetime-local input holds it, and back. */
const toPicker = (text: string) =>
  /^\d{4}-\d{2}-\d{2} /.test(text) ? text.replace(' ', 'T') : text;
const fromPicker = (text: string) => text.replace('T', ' ');

export function CellInput({
  column,
  rowNumber,
  initial,
  onCommit,
  onCancel,
}: {
  column: EditorColumn;
  /** 1-based, for the input's label. */
  rowNumber: number;
  initial: string;
  onCommit: (text: string) => void;
  onCancel: () => void;
}) {
  const kind = cellKindOf(column.type);
  const [text, setText] = useState(kind === 'date' ? toPicker(initial) : initial);
  const done = useRef(false);
  const holder = useRef<HTMLSpanElement>(null);
  const finish = (keep: boolean) => {
    if (done.current) return;
    done.current = true;
    // The grid cell gets the focus back once the input is gone, so the keys go on from there.
    const cell = holder.current?.closest<HTMLElement>('[role="gridcell"]');
    if (keep) onCommit(kind === 'date' ? fromPicker(text) : text);
    else onCancel();
    setTimeout(() => cell?.focus(), 0);
  };
  const parsed = parseCellText(column.type, kind === 'date' ? fromPicker(text) : text);
  const onKeyDown = (event: KeyboardEvent) => {
    // Typing stays in the input: the grid would move its focus on arrow keys.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };
  const common = {
    autoFocus: true,
    compressed: true,
    fullWidth: true,
    'aria-label': i18n.translate('lookups.editor.cellLabel', {
      defaultMessage: '{column}, row {row}',
      values: { column: column.name, row: rowNumber },
    }),
    isInvalid: !parsed.ok,
    title: parsed.ok ? undefined : parsed.problem,
    onKeyDown,
    onBlur: () => finish(true),
    'data-lookups-input': true,
    'data-test-subj': 'lookupsEditorCellInput',
  };
  return <span ref={holder}>{input()}</span>;

  function input() {
    switch (kind) {
      case 'boolean':
        return (
          <EuiSelect
            {...common}
            options={[
              {
                value: '',
                text: i18n.translate('lookups.editor.empty', { defaultMessage: '(empty)' }),
              },
              { value: 'true', text: 'true' },
              { value: 'false', text: 'false' },
            ]}
            value={text.toLowerCase()}
            onChange={(e) => setText(e.target.value)}
          />
        );
      case 'integer':
      case 'decimal':
        // A text field, not type="number": the browser's number input drops what is not a
        // number (`abc` reads as empty, `12x` as 12), so the cell would lose it silently. Kept
        // as typed, a text that is not a number is marked invalid and holds Save back.
        return (
          <EuiFieldText
            {...common}
            // The text as typed: a long beyond 2^53 keeps its digits.
            value={text}
            inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
            onChange={(e) => setText(e.target.value)}
          />
        );
      case 'date':
        return (
          <EuiFieldText
            {...common}
            type="datetime-local"
            step={text.includes('.') ? 0.001 : 1}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        );
      default:
        return <EuiFieldText {...common} value={text} onChange={(e) => setText(e.target.value)} />;
    }
  }
}
