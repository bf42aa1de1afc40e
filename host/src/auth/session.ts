/*
 * Browser sign-in for the host, the way the security plugin's basic auth does it in OSD: the
 * credentials live in an encrypted (iron), http-only, same-site session cookie, and every request
 * turns them into the `Authorization` header forwarded to OpenSearch. API clients send their
 * own `Authorization` header instead.
 */
import Boom from '@hapi/boom';
import type { Request, Server } from '@hapi/hapi';
import type { Logger } from 'opensearch-dashboards/server';
import { loginPage } from '../app/pages';

export const SESSION_COOKIE = 'lookups_session';
const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

interface Session {
  username: string;
  authorization: string;
}

export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

export function resolveAuthorization(request: Request, cookieName: string): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.length > 0) return header;
  const session = (request.state as Record<string, Session | undefined>)[cookieName];
  return session?.authorization;
}

export function sessionUser(request: Request, cookieName: string): string | undefined {
  return (request.state as Record<string, Session | undefined>)[cookieName]?.username;
}

/** Basic auth's user name, for pages rendered to an API client that sent its own header. */
export function usernameFromAuthorization(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
  return decoded.split(':')[0] || undefined;
}

export function registerSession(
  server: Server,
  deps: { cookieSecret: string; opensearchUrl: string; logger: Logger }
) {
  server.state(SESSION_COOKIE, {
    encoding: 'iron',
    password: deps.cookieSecret,
    isSecure: false, // the host listens on plain HTTP on loopback
    isHttpOnly: true,
    isSameSite: 'Strict',
    path: '/',
    ttl: SESSION_TTL_MS,
    ignoreErrors: true,
    clearInvalid: true,
  });

  server.route({
    method: 'GET',
    path: '/login',
    handler: (request, h) =>
      h.response(loginPage(String(request.query.next ?? ''))).type('text/html'),
  });

  server.route({
    method: 'POST',
    path: '/auth/login',
    options: { payload: { maxBytes: 16 * 1024 } },
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
      h.state(SESSION_COOKIE, { username, authorization } satisfies Session);
      return { username };
    },
  });

  server.route({
    method: 'POST',
    path: '/auth/logout',
    handler: (request, h) => {
      if (request.headers['osd-xsrf'] === undefined) {
        return Boom.badRequest('Request must contain a osd-xsrf header.');
      }
      h.unstate(SESSION_COOKIE);
      return h.response().code(204);
    },
  });
}
