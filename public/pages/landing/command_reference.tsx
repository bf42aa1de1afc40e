/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every PPL command this plugin runs, searchable: what it does, its grammar, its options and
 * where it runs; then the commands it refuses, with the reason. Generated from
 * common/ppl/language.ts, so it lists what the parser accepts, no more and no less.
 */
import { useMemo, useState } from 'react';
import {
  EuiBasicTable,
  EuiBadge,
  EuiFieldSearch,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiText,
  EuiTitle,
  type Criteria,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { ModeBadge } from '../query/explain_panel';
import {
  commandEntries,
  matchesSearch,
  refusedEntries,
  type CommandEntry,
  type RefusedEntry,
} from './command_reference_entries';

const PAGE_SIZES = [10, 25, 60];

function CommandCell({ entry }: { entry: CommandEntry }) {
  return (
    <div>
      <EuiText size="s">
        <strong>
          <code>{entry.name}</code>
        </strong>{' '}
        {entry.summary}
      </EuiText>
      <EuiText size="xs" color="subdued">
        <code data-test-subj="pplCommandSyntax">{entry.syntax}</code>
      </EuiText>
    </div>
  );
}

function OptionsCell({ options }: { options: readonly string[] }) {
  if (options.length === 0) return <EuiText size="xs">—</EuiText>;
  return (
    <EuiText size="xs">
      {options.map((o, i) => (
        <span key={o}>
          {i > 0 ? ', ' : ''}
          <code>{o}=</code>
        </span>
      ))}
    </EuiText>
  );
}

function ModesCell({ entry }: { entry: CommandEntry }) {
  return (
    <div>
      <EuiFlexGroup gutterSize="xs" wrap responsive={false}>
        {entry.modes.map((m) => (
          <EuiFlexItem grow={false} key={m}>
            <ModeBadge mode={m} />
          </EuiFlexItem>
        ))}
      </EuiFlexGroup>
      {entry.modeNote && (
        <EuiText size="xs" color="subdued">
          {entry.modeNote}
        </EuiText>
      )}
    </div>
  );
}

export function CommandReference() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ index: 0, size: PAGE_SIZES[0] });
  const commands = useMemo(() => commandEntries(), []);
  const refused = useMemo(() => refusedEntries(), []);
  const shown = commands.filter((c) => matchesSearch(c, search));
  const shownRefused = refused.filter((c) => matchesSearch(c, search));
  const pageIndex = Math.min(page.index, Math.max(0, Math.ceil(shown.length / page.size) - 1));

  return (
    <div data-test-subj="pplCommandReference">
      <EuiTitle size="xs">
        <h2>
          {i18n.translate('lookups.commandReference.title', {
            defaultMessage: 'PPL commands',
          })}
        </h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.commandReference.body', {
            defaultMessage:
              'Every command a query here may use. Pushed down runs inside OpenSearch when the command directly follows source=; streams runs in the server batch by batch; buffers holds rows in the server, at most the configured max_rows.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="s" />
      <EuiFieldSearch
        fullWidth
        compressed
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage((p) => ({ ...p, index: 0 }));
        }}
        placeholder={i18n.translate('lookups.commandReference.searchPlaceholder', {
          defaultMessage: 'Search commands, options or descriptions',
        })}
        aria-label={i18n.translate('lookups.commandReference.searchLabel', {
          defaultMessage: 'Search the PPL commands',
        })}
        data-test-subj="pplCommandSearch"
      />
      <EuiSpacer size="s" />
      <EuiBasicTable<CommandEntry>
        tableCaption={i18n.translate('lookups.commandReference.caption', {
          defaultMessage: 'PPL commands',
        })}
        items={shown.slice(pageIndex * page.size, (pageIndex + 1) * page.size)}
        itemId="name"
        rowProps={(entry) => ({ 'data-test-subj': `pplCommandHelp-${entry.name}` })}
        noItemsMessage={i18n.translate('lookups.commandReference.none', {
          defaultMessage: 'No command matches the search.',
        })}
        pagination={{
          pageIndex,
          pageSize: page.size,
          totalItemCount: shown.length,
          pageSizeOptions: PAGE_SIZES,
        }}
        onChange={({ page: p }: Criteria<CommandEntry>) =>
          p && setPage({ index: p.index, size: p.size })
        }
        columns={[
          {
            field: 'name',
            name: i18n.translate('lookups.commandReference.col.command', {
              defaultMessage: 'Command',
            }),
            render: (_: string, entry: CommandEntry) => <CommandCell entry={entry} />,
          },
          {
            field: 'options',
            name: i18n.translate('lookups.commandReference.col.options', {
              defaultMessage: 'Options',
            }),
            width: '28%',
            render: (options: readonly string[]) => <OptionsCell options={options} />,
          },
          {
            field: 'modes',
            name: i18n.translate('lookups.commandReference.col.runs', { defaultMessage: 'Runs' }),
            width: '22%',
            render: (_: unknown, entry: CommandEntry) => <ModesCell entry={entry} />,
          },
        ]}
      />
      <EuiSpacer size="m" />
      <EuiTitle size="xxs">
        <h3>
          {i18n.translate('lookups.commandReference.refusedTitle', {
            defaultMessage: 'Commands that do not run here',
          })}
        </h3>
      </EuiTitle>
      <EuiSpacer size="xs" />
      <EuiBasicTable<RefusedEntry>
        tableCaption={i18n.translate('lookups.commandReference.refusedCaption', {
          defaultMessage: 'PPL commands that do not run here',
        })}
        items={shownRefused}
        itemId="name"
        rowProps={(entry) => ({ 'data-test-subj': `pplCommandRefused-${entry.name}` })}
        noItemsMessage={i18n.translate('lookups.commandReference.refusedNone', {
          defaultMessage: 'No refused command matches the search.',
        })}
        columns={[
          {
            field: 'name',
            name: i18n.translate('lookups.commandReference.col.command', {
              defaultMessage: 'Command',
            }),
            width: '15%',
            render: (name: string) => <code>{name}</code>,
          },
          {
            field: 'status',
            name: i18n.translate('lookups.commandReference.col.status', {
              defaultMessage: 'Status',
            }),
            width: '18%',
            render: (status: RefusedEntry['status']) =>
              status === 'refused' ? (
                <EuiBadge color="danger">
                  {i18n.translate('lookups.commandReference.refused', {
                    defaultMessage: 'cannot run in Dashboards',
                  })}
                </EuiBadge>
              ) : (
                <EuiBadge color="hollow">
                  {i18n.translate('lookups.commandReference.unsupported', {
                    defaultMessage: 'not supported yet',
                  })}
                </EuiBadge>
              ),
          },
          {
            field: 'reason',
            name: i18n.translate('lookups.commandReference.col.reason', {
              defaultMessage: 'Why',
            }),
          },
        ]}
      />
    </div>
  );
}
