/*
 * A small ScopedHistory over window.history: locations are relative to the app's base path
 * (`/app/lookups`), as OSD's ScopedHistory gives them to an app.
 */
import type { ScopedHistory } from 'opensearch-dashboards/public';

export function createScopedHistory(basePath: string): ScopedHistory {
  const base = basePath.replace(/\/$/, '');
  const listeners = new Set<(location: { pathname: string }) => void>();

  const relative = (pathname: string) =>
    pathname === base || pathname.startsWith(`${base}/`)
      ? pathname.slice(base.length) || '/'
      : pathname;
  const absolute = (path: string) => `${base}${/^[/#?]/.test(path) ? '' : '/'}${path}`;
  const location = () => ({
    pathname: relative(window.location.pathname),
    search: window.location.search,
    hash: window.location.hash,
  });
  const notify = () => {
    const current = location();
    for (const listener of listeners) listener(current);
  };
  window.addEventListener('popstate', notify);

  return {
    get location() {
      return location();
    },
    push(path) {
      window.history.pushState(null, '', absolute(path));
      notify();
    },
    replace(path) {
      window.history.replaceState(null, '', absolute(path));
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    createHref: ({ pathname }) => absolute(pathname),
  };
}
