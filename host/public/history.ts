/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The app's history, as OSD gives it (src/core/public/application/scoped_history.ts): one
 * browser history (`history` v4) for the page, with the server base path as its basename, and
 * for the mounted app a ScopedHistory on it, scoped to `/app/<id>`. The scoped history shows
 * locations without the scope, puts it in front of every push and href, refuses `block` (OSD
 * points apps to `onAppLeave`), keeps `go` inside the entries it has seen, and throws from every
 * member once the browser has left the scope.
 */
import type {
  Action,
  History,
  Href,
  Location,
  LocationDescriptorObject,
  LocationListener,
  Path,
  UnregisterCallback,
} from 'history';
import type { ScopedHistory } from 'opensearch-dashboards/public';

export class HostScopedHistory<S = unknown> implements ScopedHistory<S> {
  private active = true;
  private readonly listeners = new Set<LocationListener<S>>();
  /** Keys of the entries seen in this scope, and where the browser is among them. */
  private keys: Array<string | undefined> = [];
  private index = 0;

  constructor(
    private readonly parent: History<S>,
    private readonly basePath: string
  ) {
    const path = parent.location.pathname;
    if (!path.startsWith(basePath)) {
      throw new Error(
        `Browser location [${path}] is not currently in expected basePath [${basePath}]`
      );
    }
    this.keys.push(parent.location.key);
    const unlisten = parent.listen((location, action) => {
      if (!location.pathname.startsWith(this.basePath)) {
        // The browser left the scope (another app): this history is done.
        unlisten();
        this.active = false;
        return;
      }
      this.track(location.key, action);
      for (const listener of [...this.listeners]) listener(this.strip(location), action);
    });
  }

  get length() {
    this.check();
    return this.keys.length;
  }

  get location(): Location<S> {
    this.check();
    return this.strip(this.parent.location);
  }

  get action(): Action {
    this.check();
    return this.parent.action;
  }

  createSubHistory = <T = unknown>(basePath: string): ScopedHistory<T> =>
    new HostScopedHistory<T>(this as unknown as History<T>, basePath);

  push = (path: Path | LocationDescriptorObject<S>, state?: S): void => {
    this.check();
    if (typeof path === 'string') this.parent.push(this.prefix(path), state);
    else this.parent.push(this.prefixLocation(path));
  };

  replace = (path: Path | LocationDescriptorObject<S>, state?: S): void => {
    this.check();
    if (typeof path === 'string') this.parent.replace(this.prefix(path), state);
    else this.parent.replace(this.prefixLocation(path));
  };

  go = (n: number): void => {
    this.check();
    // Back only as far as the first entry of this scope; forward with OSD's own bound
    // (n <= index + length - 1). Anything further is a no-op.
    if (
      n === 0 ||
      (n < 0 && this.index + n >= 0) ||
      (n > 0 && n <= this.index + this.keys.length - 1)
    ) {
      this.parent.go(n);
    }
  };

  goBack = () => this.go(-1);

  goForward = () => this.go(1);

  block = (): UnregisterCallback => {
    throw new Error(
      'history.block is not supported. Please use the AppMountParameters.onAppLeave API.'
    );
  };

  listen = (listener: LocationListener<S>): UnregisterCallback => {
    this.check();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  createHref = (
    location: LocationDescriptorObject<S>,
    { prependBasePath = true }: { prependBasePath?: boolean } = {}
  ): Href => {
    this.check();
    if (!prependBasePath) return this.parent.createHref(location);
    const scoped = this.prefixLocation(location);
    return this.parent.createHref({ ...scoped, pathname: scoped.pathname ?? this.basePath });
  };

  private prefix(path: string): string {
    return path.length ? `${this.basePath}/${path}`.replace(/\/{2,}/g, '/') : this.basePath;
  }

  private prefixLocation(location: LocationDescriptorObject<S>): LocationDescriptorObject<S> {
    return {
      ...location,
      pathname: location.pathname === undefined ? undefined : this.prefix(location.pathname),
    };
  }

  private strip(location: Location<S>): Location<S> {
    const { pathname } = location;
    return {
      ...location,
      pathname: pathname.startsWith(this.basePath)
        ? pathname.slice(this.basePath.length)
        : pathname,
    };
  }

  /** The browser's own bookkeeping: a push drops the forward entries, a pop moves, a replace swaps. */
  private track(key: string | undefined, action: Action) {
    if (action === 'PUSH') {
      this.keys = [...this.keys.slice(0, this.index + 1), key];
      this.index = this.keys.length - 1;
    } else if (action === 'POP') {
      this.index = this.keys.indexOf(key);
    } else {
      this.keys[this.index] = key;
    }
  }

  private check() {
    if (!this.active) {
      throw new Error(
        `ScopedHistory instance has fell out of navigation scope for basePath: ${this.basePath}`
      );
    }
  }
}
