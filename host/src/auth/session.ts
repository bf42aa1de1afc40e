/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Sign-in for the host, kept server-side as OSD's security plugin keeps it: the browser holds
 * only an encrypted (iron), http-only, same-site cookie carrying an opaque session id and its
 * expiry; the user's credentials stay in the host's session store. Every request resolves to
 * the `Authorization` header forwarded to OpenSearch. A session ends when idle longer than the
 * idle timeout, when older than its lifetime, or on logout (removed from the store, so a
 * replayed cookie is refused). API clients send their own `Authorization` header instead.
 *
 * Authentication is a hapi auth scheme, so like OSD's auth (registered through
 * `http.registerAuth`) it runs before the request body is read: an unauthenticated upload gets
 * its 401 without its payload being parsed.
 */
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import { randomBytes } from 'crypto';
import type { Logger } from 'opensearch-dashboards/server';
import { LOGIN_SCRIPT, loginPage, safeNextPath } from '../app/pages';

export const SESSION_COOKIE = 'lookups_session';
export const AUTH_STRATEGY = 'osd-session';

export interface SessionTimeouts {
  /** A session unused this long ends (the security plugin's `session.ttl`, 1 h). */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in, however busy (8 h). */
  lifetimeMs: number;
}

interface StoredSession {
  username: string;
  authorization: string;
  createdAt: number;
  lastSeenAt: number;
}

/** What the cookie carries: no credentials, only which session and until when. */
interface SessionCookie {
  sid: string;
  /** The absolute end of the session, sealed so it cannot be extended by the client. */
  exp: number;
}

export interface Credentials {
  authorization: string;
  username?: string;
  /** Set when the credentials come from a browser session. */
  sid?: string;
}

export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** Basic auth's user name, for pages rendered to an API client that sent its own header. */
export function usernameFromAuthorization(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
  return decoded.split(':')[0] || undefined;
}

export class SessionStore {
  private readonly sessions = new Map<string, StoredSession>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly timeouts: SessionTimeouts,
    private readonly now: () => number = Date.now
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, timeouts.idleTimeoutMs));
    this.sweeper.unref();
  }

  create(username: string, authorization: string): SessionCookie {
    const sid = randomBytes(32).toString('base64url');
    const at = this.now();
    this.sessions.set(sid, { username, authorization, createdAt: at, lastSeenAt: at });
    return { sid, exp: at + this.timeouts.lifetimeMs };
  }

  /** The live session for a cookie, touched; undefined (and forgotten) when it has ended. */
  resolve(cookie: SessionCookie | undefined): StoredSession | undefined {
    if (!cookie || typeof cookie.sid !== 'string' || typeof cookie.exp !== 'number')
      return undefined;
    const session = this.sessions.get(cookie.sid);
    if (!session) return undefined;
    const at = this.now();
    if (at > cookie.exp || this.expired(session, at)) {
      this.sessions.delete(cookie.sid);
      return undefined;
    }
    session.lastSeenAt = at;
    return session;
  }

  revoke(sid: string) {
    this.sessions.delete(sid);
  }

  get size() {
    return this.sessions.size;
  }

  close() {
    clearInterval(this.sweeper);
    this.sessions.clear();
  }

  private expired(session: StoredSession, at: number) {
    return (
      at - session.lastSeenAt > this.timeouts.idleTimeoutMs ||
      at - session.createdAt > this.timeouts.lifetimeMs
    );
  }

  private sweep() {
    const at = this.now();
    for (const [sid, session] of this.sessions)
      if (this.expired(session, at)) this.sessions.delete(sid);
  }
}

/** The caller's credentials: their own `Authorization` header, or their live session's. */
export function resolveCredentials(request: Request, store: SessionStore): Credentials | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.length > 0) {
    return { authorization: header, username: usernameFromAuthorization(header) };
  }
  const cookie = (request.state as Record<string, SessionCookie | undefined>)[SESSION_COOKIE];
  const session = store.resolve(cookie);
  if (!session || !cookie) return undefined;
  return { authorization: session.authorization, username: session.username, sid: cookie.sid };
}

/** The credentials hapi's auth put on the request (undefined when it ran as optional/try). */
export function requestCredentials(request: Request): Credentials | undefined {
  return request.auth.isAuthenticated
    ? (request.auth.credentials as unknown as Credentials)
    : undefined;
}

export const UNAUTHENTICATED_MESSAGE =
  'Authentication required: log in, or send an Authorization header.';

export function registerSession(
  server: Server,
  deps: {
    cookieSecret: string;
    opensearchUrl: string;
    logger: Logger;
    timeouts: SessionTimeouts;
  }
): SessionStore {
  const store = new SessionStore(deps.timeouts);
  server.state(SESSION_COOKIE, {
    encoding: 'iron',
    password: deps.cookieSecret,
    isSecure: false, // the host listens on plain HTTP on loopback
    isHttpOnly: true,
    isSameSite: 'Strict',
    path: '/',
    ttl: deps.timeouts.lifetimeMs,
    ignoreErrors: true,
    clearInvalid: true,
  });

  server.auth.scheme('osd', () => ({
    authenticate: (request: Request, h: ResponseToolkit) => {
      const credentials = resolveCredentials(request, store);
      if (credentials) {
        return h.authenticated({ credentials: credentials as unknown as Record<string, unknown> });
      }
      if (request.auth.mode === 'required') throw Boom.unauthorized(UNAUTHENTICATED_MESSAGE);
      // Missing credentials (no message): 'optional' and 'try' routes go on unauthenticated.
      throw Boom.unauthorized(null, 'Basic');
    },
  }));
  server.auth.strategy(AUTH_STRATEGY, 'osd');

  server.route({
    method: 'GET',
    path: '/login',
    options: { auth: false },
    handler: (request, h) =>
      h.response(loginPage(safeNextPath(request.query.next))).type('text/html'),
  });
  server.route({
    method: 'GET',
    path: '/login.js',
    options: { auth: false },
    handler: (_request, h) => h.response(LOGIN_SCRIPT).type('text/javascript; charset=utf-8'),
  });

  server.route({
    method: 'POST',
    path: '/auth/login',
    options: { auth: false, payload: { maxBytes: 16 * 1024, allow: 'application/json' } },
    handler: async (request, h) => {
      if (request.headers['osd-xsrf'] === undefined) {
        return Boom.badRequest('Request must contain a osd-xsrf header.');
      }
      const { username, password } = (request.payload ?? {}) as Record<string, unknown>;
      if (typeof username !== 'string' || typeof password !== 'string' || !username) {
        return Boom.badRequest('Enter a user name and a password.');
      }
      const authorization = basicAuthorization(username, password);
      // Checked against OpenSearch as the user themself; the host's identity is not involved.
      const check = await fetch(`${deps.opensearchUrl}/_plugins/_security/authinfo`, {
        headers: { authorization },
      }).catch((e: Error) => e);
      if (check instanceof Error) {
        deps.logger.error(check);
        return Boom.badGateway('OpenSearch cannot be reached; try again when it is up.');
      }
      if (check.status === 401) return Boom.unauthorized('Invalid user name or password.');
      if (!check.ok && check.status !== 404) {
        return Boom.badGateway(`OpenSearch answered ${check.status} to the sign-in check.`);
      }
      h.state(SESSION_COOKIE, store.create(username, authorization));
      return { username };
    },
  });

  server.route({
    method: 'POST',
    path: '/auth/logout',
    options: { auth: { strategy: AUTH_STRATEGY, mode: 'try' }, payload: { maxBytes: 16 * 1024 } },
    handler: (request, h) => {
      // OSD's xsrf rule: `osd-xsrf` or `osd-version` (which http.fetch always sends).
      if (
        request.headers['osd-xsrf'] === undefined &&
        request.headers['osd-version'] === undefined
      ) {
        return Boom.badRequest('Request must contain a osd-xsrf header.');
      }
      const sid = requestCredentials(request)?.sid;
      if (sid) store.revoke(sid);
      h.unstate(SESSION_COOKIE);
      return h.response().code(204);
    },
  });
  return store;
}
