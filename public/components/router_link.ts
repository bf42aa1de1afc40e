/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Links inside the app: a real `href` (so open-in-new-tab and copy-link work) whose plain click
 * stays in the app's router instead of reloading the page. Both go through the app's history,
 * which keeps the chosen data source (`?dataSourceId=`) on every path (services/data_source.ts).
 */
import { useCallback, type MouseEvent } from 'react';
import { useHistory } from 'react-router-dom';

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function useRouterLink() {
  const history = useHistory();
  return useCallback(
    (path: string) => ({
      href: history.createHref({ pathname: path }),
      onClick: (event: MouseEvent) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        history.push(path);
      },
    }),
    [history]
  );
}
