/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Breadcrumbs and the document title of the page shown, through core's chrome service. Every
 * crumb but the last links to its page (`Lookups / Catalog / <name> / Versions`); the title is
 * the trail read backwards (`Versions - <name> - Catalog - Lookups`, then OSD's own).
 */
import { useEffect } from 'react';
import { useHistory } from 'react-router-dom';
import { i18n } from '@osd/i18n';
import { APP_ID } from '../../common';
import { pathOnDataSource } from '../services/data_source';
import { useServices } from '../services/services_context';

export interface Crumb {
  text: string;
  /** An app route (`/lookups`); left out on the page's own crumb. */
  path?: string;
}

export const appTitle = () => i18n.translate('lookups.app.title', { defaultMessage: 'Lookups' });

export function useAppChrome(crumbs: Crumb[]) {
  const { chrome, application, dataSourceId } = useServices();
  const history = useHistory();
  // The crumbs are compared by content: callers may build a new array on every render.
  const key = JSON.stringify(crumbs);
  useEffect(() => {
    const all: Crumb[] = JSON.parse(key);
    const trail: Crumb[] = [{ text: appTitle(), path: all.length > 0 ? '/' : undefined }, ...all];
    chrome.setBreadcrumbs(
      trail.map((crumb, i) =>
        crumb.path === undefined || i === trail.length - 1
          ? { text: crumb.text }
          : {
              text: crumb.text,
              // On the chosen data source, as every link inside the app.
              href: application.getUrlForApp(APP_ID, {
                path: pathOnDataSource(crumb.path, dataSourceId),
              }),
              onClick: (event: unknown) => {
                (event as { preventDefault?: () => void })?.preventDefault?.();
                history.push(crumb.path!);
              },
            }
      )
    );
    chrome.docTitle.change([...trail.map((c) => c.text)].reverse());
  }, [chrome, application, dataSourceId, history, key]);
}
