/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Arrow keys between tabs (the WAI-ARIA tabs pattern, with activation on focus): Left/Right move
 * to the previous/next tab, Home/End to the first/last, and the route follows. Tabs are links,
 * so the app's nav stays a list of routes any page can add to. The tab list is one stop in the
 * Tab order (a roving tabindex): only the selected tab is focusable with Tab.
 */
import { useCallback, type KeyboardEvent } from 'react';
import { useHistory } from 'react-router-dom';

export function useTabArrowKeys<T extends string>({
  ids,
  selected,
  routeOf,
  domIdOf,
}: {
  ids: readonly T[];
  selected: T | undefined;
  routeOf: (id: T) => string;
  domIdOf: (id: T) => string;
}) {
  const history = useHistory();
  return useCallback(
    (event: KeyboardEvent) => {
      const at = selected === undefined ? -1 : ids.indexOf(selected);
      const last = ids.length - 1;
      const next =
        event.key === 'ArrowRight'
          ? (at + 1) % ids.length
          : event.key === 'ArrowLeft'
            ? (at - 1 + ids.length) % ids.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? last
                : null;
      if (next === null || ids.length === 0) return;
      event.preventDefault();
      const id = ids[next];
      history.push(routeOf(id));
      // After the route has rendered the new selection, the focus follows it.
      requestAnimationFrame(() => document.getElementById(domIdOf(id))?.focus());
    },
    [ids, selected, routeOf, domIdOf, history]
  );
}

/** The roving tabindex: the selected tab (or the first, when none is) is the tab list's one stop. */
export function rovingTabIndex<T extends string>(
  ids: readonly T[],
  selected: T | undefined,
  id: T
): 0 | -1 {
  const stop = selected !== undefined && ids.includes(selected) ? selected : ids[0];
  return id === stop ? 0 : -1;
}
