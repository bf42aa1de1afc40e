/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `chrome`'s state: breadcrumbs, the document title and the navigation groups, shaped like OSD's
 * (src/core/public/chrome: doc_title, nav_group). The header (chrome.tsx) draws it.
 */
import { BehaviorSubject } from 'rxjs';
import type {
  App,
  ChromeBreadcrumb,
  ChromeNavGroup,
  ChromeRegistrationNavLink,
  ChromeSetup,
  ChromeStart,
  NavGroupItemInMap,
} from 'opensearch-dashboards/public';

export const PRODUCT_TITLE = 'OpenSearch Dashboards';

/** lodash's flattenDeep, which OSD's title rendering uses (legacy callers nest arrays). */
function flattenDeep(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap(flattenDeep) : [value];
}

/** A nav link as the navigation shows it: the registration merged onto its app. */
export interface HostNavLink {
  id: string;
  title: string;
  href: string;
  order?: number;
  category?: { id: string; label: string };
}

export interface HostNavGroup {
  id: string;
  title: string;
  order?: number;
  links: HostNavLink[];
}

export class ChromeService {
  private breadcrumbs: ChromeBreadcrumb[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly navGroups$ = new BehaviorSubject<Record<string, NavGroupItemInMap>>({});
  private navGroupsView: HostNavGroup[] = [];
  private started = false;

  constructor(
    private readonly deps: {
      /** The registered apps (the nav links a group can show) and their URLs. */
      getApps: () => App[];
      getUrlForApp: (appId: string) => string;
      /** OSD's `home:useNewHomePage` (false by default). */
      navGroupEnabled?: boolean;
    }
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getBreadcrumbs = () => this.breadcrumbs;

  getNavGroups = () => this.navGroupsView;

  private emit() {
    for (const listener of this.listeners) listener();
  }

  setup(): ChromeSetup {
    return {
      navGroup: {
        addNavLinksToGroup: (navGroup: ChromeNavGroup, navLinks: ChromeRegistrationNavLink[]) => {
          const groups = { ...this.navGroups$.getValue() };
          const group: NavGroupItemInMap = groups[navGroup.id]
            ? { ...groups[navGroup.id], navLinks: [...groups[navGroup.id].navLinks] }
            : { ...navGroup, navLinks: [] };
          for (const link of navLinks) {
            // OSD keeps the first registration of a link in a group (and warns).
            if (!group.navLinks.some((l) => l.id === link.id)) group.navLinks.push(link);
          }
          groups[navGroup.id] = group;
          this.navGroups$.next(groups);
          this.refreshNav();
        },
        getNavGroupEnabled: () => this.deps.navGroupEnabled ?? false,
        registerNavGroupUpdater: () => () => {},
      },
    };
  }

  /** The groups as the navigation shows them, once the apps are known (start). */
  private refreshNav() {
    if (!this.started) return;
    const apps = new Map(this.deps.getApps().map((app) => [app.id, app]));
    const byOrder = (a: { order?: number }, b: { order?: number }) =>
      (a.order ?? Infinity) - (b.order ?? Infinity);
    this.navGroupsView = Object.values(this.navGroups$.getValue())
      .map((group) => ({
        id: group.id,
        title: group.title,
        order: group.order,
        // As OSD's fulfillRegistrationLinksToChromeNavLinks: a link naming no app is left out.
        links: group.navLinks
          .filter((link) => apps.has(link.id))
          .map((link) => ({
            id: link.id,
            title: link.title ?? apps.get(link.id)!.title,
            href: this.deps.getUrlForApp(link.id),
            order: link.order ?? apps.get(link.id)!.order,
            category: link.category,
          }))
          .sort(byOrder),
      }))
      .sort(byOrder);
    this.emit();
  }

  start(): ChromeStart {
    this.started = true;
    this.refreshNav();
    const currentGroup$ = new BehaviorSubject<NavGroupItemInMap | undefined>(undefined);
    // OSD's DocTitleService: the title the page was served with is the last part.
    const baseTitle = document.title || PRODUCT_TITLE;
    const render = (title: string | string[]) =>
      flattenDeep([title, baseTitle])
        .filter((part) => Boolean(part))
        .join(' - ');
    return {
      setBreadcrumbs: (breadcrumbs) => {
        this.breadcrumbs = [...breadcrumbs];
        this.emit();
      },
      docTitle: {
        change: (title) => {
          document.title = render(title);
        },
        reset: () => {
          document.title = render([]);
        },
      },
      navGroup: {
        getNavGroupsMap$: () => this.navGroups$.asObservable(),
        getNavGroupEnabled: () => this.deps.navGroupEnabled ?? false,
        getCurrentNavGroup$: () => currentGroup$.asObservable(),
        setCurrentNavGroup: (id) =>
          currentGroup$.next(id ? this.navGroups$.getValue()[id] : undefined),
      },
    };
  }
}
