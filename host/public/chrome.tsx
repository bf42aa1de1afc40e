/*
 * `chrome`: breadcrumbs and the document title, with the header bar OSD draws above every app —
 * a dark top bar (logo, the signed-in user, log out) and a light bar with the breadcrumbs.
 */
import React, { useSyncExternalStore } from 'react';
import {
  EuiButtonEmpty,
  EuiHeader,
  EuiHeaderBreadcrumbs,
  EuiHeaderLogo,
  EuiHeaderSection,
  EuiHeaderSectionItem,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { ChromeBreadcrumb, ChromeStart } from 'opensearch-dashboards/public';

const PRODUCT_TITLE = 'OpenSearch Dashboards';

export class ChromeService {
  private breadcrumbs: ChromeBreadcrumb[] = [];
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getBreadcrumbs = () => this.breadcrumbs;

  start(): ChromeStart {
    return {
      setBreadcrumbs: (breadcrumbs) => {
        this.breadcrumbs = [...breadcrumbs];
        for (const listener of this.listeners) listener();
      },
      docTitle: {
        change: (title) => {
          const parts = Array.isArray(title) ? title : [title];
          document.title = [...parts, PRODUCT_TITLE].join(' - ');
        },
        reset: () => {
          document.title = PRODUCT_TITLE;
        },
      },
    };
  }
}

export interface HostHeaderProps {
  chrome: ChromeService;
  username?: string;
  homeHref: string;
  onLogout: () => void;
}

export function HostHeader({ chrome, username, homeHref, onLogout }: HostHeaderProps) {
  const breadcrumbs = useSyncExternalStore(chrome.subscribe, chrome.getBreadcrumbs);
  return (
    <header data-test-subj="headerGlobalNav">
      <EuiHeader theme="dark" position="static">
        <EuiHeaderSection grow={false}>
          <EuiHeaderSectionItem border="none">
            <EuiHeaderLogo
              iconType="logoOpenSearch"
              href={homeHref}
              aria-label={i18n.translate('host.chrome.logoAriaLabel', {
                defaultMessage: '{product} home',
                values: { product: PRODUCT_TITLE },
              })}
            >
              {PRODUCT_TITLE}
            </EuiHeaderLogo>
          </EuiHeaderSectionItem>
        </EuiHeaderSection>
        <EuiHeaderSection side="right">
          {username ? (
            <EuiHeaderSectionItem border="none">
              <EuiText size="s" color="ghost" data-test-subj="headerUsername">
                <span>
                  {i18n.translate('host.chrome.signedInAs', {
                    defaultMessage: 'Signed in as {username}',
                    values: { username },
                  })}
                </span>
              </EuiText>
            </EuiHeaderSectionItem>
          ) : null}
          <EuiHeaderSectionItem border="none">
            <EuiButtonEmpty
              color="ghost"
              size="s"
              iconType="exit"
              onClick={onLogout}
              data-test-subj="headerLogoutButton"
            >
              {i18n.translate('host.chrome.logout', { defaultMessage: 'Log out' })}
            </EuiButtonEmpty>
          </EuiHeaderSectionItem>
        </EuiHeaderSection>
      </EuiHeader>
      <EuiHeader position="static">
        <EuiHeaderBreadcrumbs
          aria-label={i18n.translate('host.chrome.breadcrumbsAriaLabel', {
            defaultMessage: 'Breadcrumbs',
          })}
          data-test-subj="breadcrumbs"
          breadcrumbs={breadcrumbs.map(({ text, href, onClick }) => ({
            text,
            href,
            onClick: onClick ? (event: React.MouseEvent) => onClick(event) : undefined,
          }))}
        />
      </EuiHeader>
    </header>
  );
}
