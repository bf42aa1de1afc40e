/*
 * The app's landing view: what a lookup is, the `outputlookup` syntax, and the two areas the app
 * grows into (Query and Catalog). Until those pages exist their tabs show a placeholder that says
 * so; nothing here shows data that is not there.
 */
import { useEffect, type MouseEvent } from 'react';
import { useHistory } from 'react-router-dom';
import {
  EuiCodeBlock,
  EuiDescriptionList,
  EuiEmptyPrompt,
  EuiPage,
  EuiPageBody,
  EuiPageContent,
  EuiPageHeader,
  EuiPageHeaderSection,
  EuiPanel,
  EuiSpacer,
  EuiTab,
  EuiTabs,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { appRoutes } from '../../../common/api/paths';
import { useServices } from '../../services/services_context';
import { useAppSelector, type AppPage } from '../../store';

/** The command's grammar is PPL, not prose, so it is the same in every language. */
export const OUTPUTLOOKUP_SYNTAX =
  '... | outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=f1,f2] [max=<n>] <name>';

type LandingTab = 'query' | 'catalog';

const tabOf = (page: AppPage): LandingTab => (page === 'query' ? 'query' : 'catalog');

const TABS: Array<{ id: LandingTab; route: string; label: () => string }> = [
  {
    id: 'query',
    route: appRoutes.query(),
    label: () => i18n.translate('lookups.landing.tabs.query', { defaultMessage: 'Query' }),
  },
  {
    id: 'catalog',
    route: appRoutes.catalog(),
    label: () => i18n.translate('lookups.landing.tabs.catalog', { defaultMessage: 'Catalog' }),
  },
];

function optionDescriptions() {
  return [
    {
      title: 'append',
      description: i18n.translate('lookups.landing.options.append', {
        defaultMessage:
          'Add the rows to the lookup instead of replacing its contents. On by default when key_field is given.',
      }),
    },
    {
      title: 'override_if_empty',
      description: i18n.translate('lookups.landing.options.overrideIfEmpty', {
        defaultMessage:
          'Whether a query that returns no rows empties the lookup (the default) or leaves it unchanged.',
      }),
    },
    {
      title: 'key_field',
      description: i18n.translate('lookups.landing.options.keyField', {
        defaultMessage:
          'Fields that identify a row: a new row replaces the stored row with the same key.',
      }),
    },
    {
      title: 'max',
      description: i18n.translate('lookups.landing.options.max', {
        defaultMessage: 'Write at most this many rows.',
      }),
    },
  ];
}

function ComingSoon({ tab, lookupName }: { tab: LandingTab; lookupName?: string }) {
  const title =
    tab === 'query'
      ? i18n.translate('lookups.landing.queryComing.title', {
          defaultMessage: 'Query is coming',
        })
      : i18n.translate('lookups.landing.catalogComing.title', {
          defaultMessage: 'Catalog is coming',
        });
  const body =
    tab === 'query'
      ? i18n.translate('lookups.landing.queryComing.body', {
          defaultMessage:
            'Here you will run PPL queries and write their results to a lookup with outputlookup.',
        })
      : lookupName
        ? i18n.translate('lookups.landing.lookupComing.body', {
            defaultMessage:
              'The page of the lookup "{name}" will be here, with its rows and versions.',
            values: { name: lookupName },
          })
        : i18n.translate('lookups.landing.catalogComing.body', {
            defaultMessage: 'Here you will browse the lookups you can read, and manage them.',
          });
  return (
    <EuiEmptyPrompt
      title={<h2>{title}</h2>}
      titleSize="s"
      body={<p>{body}</p>}
      data-test-subj={`lookupsComingSoon-${tab}`}
    />
  );
}

export function LandingPage() {
  const { chrome } = useServices();
  const history = useHistory();
  const page = useAppSelector((state) => state.ui.page);
  const lookupName = useAppSelector((state) => state.ui.lookupName);
  const selected = tabOf(page);
  const title = i18n.translate('lookups.landing.title', { defaultMessage: 'Lookups' });

  useEffect(() => {
    chrome.setBreadcrumbs([
      { text: i18n.translate('lookups.landing.breadcrumb', { defaultMessage: 'Lookups' }) },
    ]);
    chrome.docTitle.change(title);
  }, [chrome, title]);

  return (
    <EuiPage>
      <EuiPageBody component="main">
        <EuiPageHeader>
          <EuiPageHeaderSection>
            <EuiTitle size="l">
              <h1 data-test-subj="lookupsLandingTitle">{title}</h1>
            </EuiTitle>
          </EuiPageHeaderSection>
        </EuiPageHeader>
        <EuiPageContent>
          <EuiText>
            <p>
              {i18n.translate('lookups.landing.intro', {
                defaultMessage:
                  'A lookup is a named table made from the results of a PPL query. Later searches join against it to enrich their events, and you manage its versions here.',
              })}
            </p>
            <h2>
              {i18n.translate('lookups.landing.outputlookup.title', {
                defaultMessage: 'Write a lookup with outputlookup',
              })}
            </h2>
            <p>
              {i18n.translate('lookups.landing.outputlookup.body', {
                defaultMessage:
                  'End a PPL query with outputlookup to save its results under a name. By default the results replace what the lookup held before; the options below change that.',
              })}
            </p>
          </EuiText>
          <EuiSpacer size="m" />
          <EuiCodeBlock
            language="text"
            paddingSize="m"
            isCopyable
            aria-label={i18n.translate('lookups.landing.outputlookup.syntaxLabel', {
              defaultMessage: 'outputlookup syntax',
            })}
            data-test-subj="lookupsOutputlookupSyntax"
          >
            {OUTPUTLOOKUP_SYNTAX}
          </EuiCodeBlock>
          <EuiSpacer size="m" />
          <EuiDescriptionList
            type="column"
            compressed
            listItems={optionDescriptions()}
            // Option names are short; the default 50/50 split leaves them far from their text.
            titleProps={{ style: { width: '20%' } }}
            descriptionProps={{ style: { width: '80%' } }}
          />
        </EuiPageContent>
        <EuiSpacer size="l" />
        <EuiTabs>
          {TABS.map((tab) => (
            <EuiTab
              key={tab.id}
              id={`lookupsTab-${tab.id}`}
              aria-controls="lookupsTabPanel"
              isSelected={tab.id === selected}
              href={history.createHref({ pathname: tab.route })}
              onClick={(event: MouseEvent) => {
                // A real link (open in a new tab works); a plain click stays in the app.
                event.preventDefault();
                history.push(tab.route);
              }}
              data-test-subj={`lookupsTab-${tab.id}`}
            >
              {tab.label()}
            </EuiTab>
          ))}
        </EuiTabs>
        <EuiPanel
          id="lookupsTabPanel"
          role="tabpanel"
          aria-labelledby={`lookupsTab-${selected}`}
          hasBorder
          paddingSize="l"
          borderRadius="none"
        >
          <ComingSoon tab={selected} lookupName={page === 'lookup' ? lookupName : undefined} />
        </EuiPanel>
      </EuiPageBody>
    </EuiPage>
  );
}
