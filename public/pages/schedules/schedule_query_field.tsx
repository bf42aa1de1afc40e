/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A schedule's query in the app's PPL editor (highlighting, completion, the parser's error
 * marked where it is), checked as it is typed: it must parse and end in outputlookup, as the
 * server requires. A schedule made from a saved query says so, and that its text is a copy.
 */
import { useMemo } from 'react';
import { EuiCallOut, EuiFormRow, EuiSpacer } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { SavedQueryLink } from '../../../common/api/schedules';
import { parsePpl } from '../../../common/ppl/parser';
import { useEditorSources } from '../query/editor_sources';
import { PplEditor } from '../query/ppl_editor';
import { parseErrorPosition, toMarker } from '../query/query_errors';

const EDITOR_ID = 'lookupsScheduleFormQuery';
const HELP_ID = 'lookupsScheduleFormQueryHelp';

/** What keeps the text from being a schedule's query, or undefined. */
export function scheduleQueryProblem(text: string) {
  if (text.trim() === '') return undefined;
  const parsed = parsePpl(text);
  if (!parsed.ok) return { message: parsed.error.message, error: parsed.error };
  if (!parsed.query.output) {
    return {
      message: i18n.translate('lookups.scheduleForm.noOutput', {
        defaultMessage: 'A schedule refreshes a lookup: end the query with outputlookup <name>.',
      }),
    };
  }
  return undefined;
}

export function ScheduleQueryField({
  value,
  onChange,
  savedQuery,
}: {
  value: string;
  onChange: (value: string) => void;
  savedQuery?: SavedQueryLink;
}) {
  const sources = useEditorSources(value);
  const problem = useMemo(() => scheduleQueryProblem(value), [value]);
  const markers = problem?.error ? [toMarker(parseErrorPosition(problem.error))] : [];
  return (
    <>
      {savedQuery ? (
        <>
          <EuiCallOut
            size="s"
            iconType="document"
            title={i18n.translate('lookups.scheduleForm.fromSavedQuery', {
              defaultMessage: 'From the saved query “{title}”',
              values: { title: savedQuery.title },
            })}
            data-test-subj="lookupsScheduleFormSavedQuery"
          >
            <p>
              {i18n.translate('lookups.scheduleForm.fromSavedQueryBody', {
                defaultMessage:
                  'The schedule keeps its own copy of the text and runs it as you. When someone changes the saved query, the schedules list says so, and the new text runs only once you take it.',
              })}
            </p>
          </EuiCallOut>
          <EuiSpacer size="s" />
        </>
      ) : null}
      <EuiFormRow
        // The row gives its child this id (and its label `for`): a stable one.
        id={EDITOR_ID}
        label={i18n.translate('lookups.scheduleForm.query', { defaultMessage: 'Query' })}
        helpText={
          <span id={HELP_ID}>
            {i18n.translate('lookups.scheduleForm.queryHelp', {
              defaultMessage:
                'A PPL query ending in outputlookup <name>. Ctrl+Space suggests commands, indices and fields.',
            })}
          </span>
        }
        isInvalid={problem !== undefined}
        error={problem?.message}
        fullWidth
      >
        <PplEditor
          id={EDITOR_ID}
          value={value}
          onChange={onChange}
          // Ctrl+Enter runs nothing here: saving is the form's button.
          onRun={() => undefined}
          markers={markers}
          sources={sources}
          describedBy={HELP_ID}
          invalid={problem !== undefined}
          placeholder="source=<index> | stats count() by host | outputlookup <name>"
        />
      </EuiFormRow>
    </>
  );
}
