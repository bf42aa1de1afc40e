/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `chrome`'s header (its state is in chrome_service.ts), as OSD draws it above every app: a
 * dark top bar (the menu button, logo, the signed-in user, the theme, log out) and a light bar with the
 * breadcrumbs and, at its right, the mounted app's action menu (`setHeaderActionMenu`). The menu opens the side navigation: each nav group with
 * the links plugins added to it (`chrome.navGroup.addNavLinksToGroup`), as OSD lists them.
 * The theme button stands in for OSD's Advanced settings page: it sets `theme:darkMode` through
 * the same uiSettings API and reloads, as that setting requires.
 */
import React, { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  EuiButtonEmpty,
  EuiCollapsibleNav,
  EuiCollapsibleNavGroup,
  EuiHeader,
  EuiHeaderBreadcrumbs,
  EuiHeaderLogo,
  EuiHeaderSection,
  EuiHeaderSectionItem,
  EuiHeaderSectionItemButton,
  EuiIcon,
  EuiListGroup,
  EuiText,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { PRODUCT_TITLE, type ChromeService } from './chrome_service';

export interface HostHeaderProps {
  chrome: ChromeService;
  username?: string;
  homeHref: string;
  onLogout: () => void;
  /** The page's theme (`theme:darkMode` when it loaded), and the switch to the other one. */
  darkMode: boolean;
  onSwitchTheme: () => void;
  /** The mounted app's header action menu (ApplicationService). */
  actionMenu: {
    subscribe: (listener: () => void) => () => void;
    get: () => ((element: HTMLElement) => () => void) | undefined;
  };
}

/** The side navigation: one section per nav group, its links under their categories. */
function HostNav({
  chrome,
  isOpen,
  onClose,
  button,
}: {
  chrome: ChromeService;
  isOpen: boolean;
  onClose: () => void;
  button: React.ReactElement;
}) {
  const groups = useSyncExternalStore(chrome.subscribe, chrome.getNavGroups);
  return (
    <EuiCollapsibleNav
      id="hostCollapsibleNav"
      aria-label={i18n.translate('host.chrome.navAriaLabel', { defaultMessage: 'Navigation' })}
      isOpen={isOpen}
      onClose={onClose}
      button={button}
      data-test-subj="collapsibleNav"
    >
      {groups.map((group) => (
        <EuiCollapsibleNavGroup
          key={group.id}
          title={group.title}
          titleElement="h2"
          isCollapsible={false}
          data-test-subj={`collapsibleNavGroup-${group.id}`}
        >
          <EuiListGroup
            flush
            listItems={group.links.map((link) => ({
              label: link.category ? `${link.title} (${link.category.label})` : link.title,
              href: link.href,
              'data-test-subj': `collapsibleNavAppLink-${link.id}`,
            }))}
          />
        </EuiCollapsibleNavGroup>
      ))}
    </EuiCollapsibleNav>
  );
}

/**
 * OSD's HeaderActionMenu (src/core/public/chrome/ui/header/header_action_menu.tsx): the mounted
 * app's menu, mounted into an element of the header; the previous one unmounted first.
 */
function HeaderActionMenu({ actionMenu }: { actionMenu: HostHeaderProps['actionMenu'] }) {
  const mount = useSyncExternalStore(actionMenu.subscribe, actionMenu.get);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!mount || !ref.current) return undefined;
    return mount(ref.current);
  }, [mount]);
  return <div ref={ref} data-test-subj="headerAppActionMenu" />;
}

export function HostHeader({
  chrome,
  username,
  homeHref,
  onLogout,
  darkMode,
  onSwitchTheme,
  actionMenu,
}: HostHeaderProps) {
  const breadcrumbs = useSyncExternalStore(chrome.subscribe, chrome.getBreadcrumbs);
  const [navOpen, setNavOpen] = useState(false);
  return (
    <header data-test-subj="headerGlobalNav">
      <EuiHeader theme="dark" position="static">
        <EuiHeaderSection grow={false}>
          <EuiHeaderSectionItem border="none">
            <HostNav
              chrome={chrome}
              isOpen={navOpen}
              onClose={() => setNavOpen(false)}
              button={
                <EuiHeaderSectionItemButton
                  aria-label={i18n.translate('host.chrome.toggleNav', {
                    defaultMessage: 'Toggle primary navigation',
                  })}
                  aria-expanded={navOpen}
                  aria-controls="hostCollapsibleNav"
                  onClick={() => setNavOpen((open) => !open)}
                  data-test-subj="toggleNavButton"
                >
                  <EuiIcon type="menu" size="m" color="ghost" />
                </EuiHeaderSectionItemButton>
              }
            />
          </EuiHeaderSectionItem>
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
              iconType={darkMode ? 'sun' : 'moon'}
              onClick={onSwitchTheme}
              data-test-subj="headerThemeButton"
            >
              {darkMode
                ? i18n.translate('host.chrome.lightMode', { defaultMessage: 'Light mode' })
                : i18n.translate('host.chrome.darkMode', { defaultMessage: 'Dark mode' })}
            </EuiButtonEmpty>
          </EuiHeaderSectionItem>
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
          // As OSD's header: up to 10 levels before any collapse (OUI's header default is 4),
          // each crumb passed on whole.
          max={10}
          breadcrumbs={breadcrumbs.map(({ onClick, ...crumb }) => ({
            ...crumb,
            onClick: onClick ? (event: React.MouseEvent) => onClick(event) : undefined,
          }))}
        />
        <EuiHeaderSection side="right">
          <EuiHeaderSectionItem border="none">
            <HeaderActionMenu actionMenu={actionMenu} />
          </EuiHeaderSectionItem>
        </EuiHeaderSection>
      </EuiHeader>
    </header>
  );
}
