/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a lookup is, the `outputlookup` syntax with its options, and the reference of every PPL
 * command: shown on the Query page until the first query runs, so a first visit explains itself.
 */
import {
  EuiButtonIcon,
  EuiCopy,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { CommandReference } from './command_reference';

/** The command's grammar is PPL, not prose, so it is the same in every language. */
export const OUTPUTLOOKUP_SYNTAX =
  '... | outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=f1,f2] [max=<n>] <name>';

function optionDescriptions() {
  return [
    {
      title: 'append',
      description: i18n.translate('lookups.intro.options.append', {
        defaultMessage:
          'Add the rows to the lookup instead of replacing its contents. On by default when key_field is given.',
      }),
    },
    {
      title: 'override_if_empty',
      description: i18n.translate('lookups.intro.options.overrideIfEmpty', {
        defaultMessage:
          'Whether a query that returns no rows empties the lookup (the default) or leaves it unchanged.',
      }),
    },
    {
      title: 'key_field',
      description: i18n.translate('lookups.intro.options.keyField', {
        defaultMessage:
          'Fields that identify a row: a new row replaces the stored row with the same key.',
      }),
    },
    {
      title: 'max',
      description: i18n.translate('lookups.intro.options.max', {
        defaultMessage: 'Write at most this many rows.',
      }),
    },
  ];
}

export function LookupsIntro() {
  return (
    <div data-test-subj="lookupsIntro">
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.intro.body', {
            defaultMessage:
              'A lookup is a named table made from the results of a PPL query. Later searches join against it to enrich their events, and you manage its versions in the catalog.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="m" />
      {/* The page's first heading under its h1, so an h2 (axe: heading-order). */}
      <EuiTitle size="xs">
        <h2>
          {i18n.translate('lookups.intro.outputlookup.title', {
            defaultMessage: 'Write a lookup with outputlookup',
          })}
        </h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.intro.outputlookup.body', {
            defaultMessage:
              'End a PPL query with outputlookup to save its results under a name. By default the results replace what the lookup held before; the options below change that.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="s" />
      {/* A static block: the grammar is one line, with nothing to highlight or scroll. */}
      <div className="euiCodeBlock euiCodeBlock--fontSmall euiCodeBlock--paddingMedium">
        <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
          <EuiFlexItem>
            <pre className="euiCodeBlock__pre euiCodeBlock__pre--whiteSpacePreWrap">
              <code className="euiCodeBlock__code" data-test-subj="lookupsOutputlookupSyntax">
                {OUTPUTLOOKUP_SYNTAX}
              </code>
            </pre>
          </EuiFlexItem>
          <EuiFlexItem grow={false} style={{ paddingRight: 8 }}>
            <EuiCopy textToCopy={OUTPUTLOOKUP_SYNTAX}>
              {(copy) => (
                <EuiButtonIcon
                  iconType="copyClipboard"
                  onClick={copy}
                  aria-label={i18n.translate('lookups.intro.outputlookup.copy', {
                    defaultMessage: 'Copy the outputlookup syntax',
                  })}
                />
              )}
            </EuiCopy>
          </EuiFlexItem>
        </EuiFlexGroup>
      </div>
      <EuiSpacer size="m" />
      <EuiDescriptionList
        type="column"
        compressed
        listItems={optionDescriptions()}
        // Option names are short; the default 50/50 split leaves them far from their text.
        titleProps={{ style: { width: '20%' } }}
        descriptionProps={{ style: { width: '80%' } }}
      />
      <EuiSpacer size="l" />
      <CommandReference />
    </div>
  );
}
