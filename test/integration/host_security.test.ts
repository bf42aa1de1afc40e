/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's sign-in and hardening, against the real cluster (sign-in checks the credentials
 * with OpenSearch): the session cookie carries no credentials and is refused after logout or
 * once expired; the login page sends the browser only to this origin's /app/ paths; every
 * answer carries OSD's security headers; authentication comes before the body is read.
 */
import Iron from '@hapi/iron';
import { connect } from 'net';
import { startInProcessHost } from '../../host/test/support';
import { SESSION_COOKIE } from '../../host/src/auth/session';
import type { Host } from '../../host/src/main';
import { users } from '../support/users';

const SECRET = 'a-test-cookie-secret-of-32-characters-at-least';
const hosts: Host[] = [];
afterAll(async () => {
  for (const h of hosts) await h.stop();
});

async function start(overrides: Parameters<typeof startInProcessHost>[0] = {}) {
  const host = await startInProcessHost({ cookieSecret: SECRET, ...overrides });
  hosts.push(host);
  return host;
}

async function login(host: Host): Promise<string> {
  const res = await fetch(`${host.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'osd-xsrf': 'true' },
    body: JSON.stringify({ username: users.reader.username, password: users.reader.password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie);
  expect(match).not.toBeNull();
  return `${SESSION_COOKIE}=${match![1]}`;
}

const ping = (host: Host, cookie: string) =>
  fetch(`${host.url}/api/fixture/ping`, { headers: { cookie } }).then((r) => r.status);

describe('sessions', () => {
  it('keeps the credentials server-side: the cookie holds an opaque id and an expiry only', async () => {
    const host = await start();
    const cookie = await login(host);
    const sealed = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1));
    const content = await Iron.unseal(sealed, SECRET, Iron.defaults);
    expect(Object.keys(content).sort()).toEqual(['exp', 'sid']);
    expect(JSON.stringify(content)).not.toContain(users.reader.password);
    expect(JSON.stringify(content)).not.toContain('Basic');
  });

  it('refuses a cookie replayed after logout with 401', async () => {
    const host = await start();
    const cookie = await login(host);
    expect(await ping(host, cookie)).toBe(200);
    const out = await fetch(`${host.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'osd-xsrf': 'true' },
    });
    expect(out.status).toBe(204);
    expect(await ping(host, cookie)).toBe(401);
  });

  it('ends an idle session after the idle timeout', async () => {
    const host = await start({ session: { idleTimeoutMs: 400, lifetimeMs: 60_000 } });
    const cookie = await login(host);
    expect(await ping(host, cookie)).toBe(200);
    await new Promise((r) => setTimeout(r, 700));
    expect(await ping(host, cookie)).toBe(401);
  });

  it('ends a busy session at its absolute lifetime', async () => {
    const host = await start({ session: { idleTimeoutMs: 60_000, lifetimeMs: 800 } });
    const cookie = await login(host);
    const deadline = Date.now() + 700;
    while (Date.now() < deadline) {
      expect(await ping(host, cookie)).toBe(200);
      await new Promise((r) => setTimeout(r, 150));
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await ping(host, cookie)).toBe(401);
  });
});

describe('the login page', () => {
  const nextOf = async (host: Host, next: string) => {
    const res = await fetch(`${host.url}/login?next=${next}`);
    return /data-next="([^"]*)"/.exec(await res.text())?.[1];
  };

  it('sends the browser only to same-origin /app/ paths', async () => {
    const host = await start();
    for (const hostile of [
      '/%5Cevil.example',
      '%2F%2Fevil.example',
      '//evil.example/app/x',
      'https://evil.example/app/lookups',
      '/%5C%5Cevil.example/app/',
      '/%09/evil.example',
      'javascript:alert(1)',
      '/login',
      '/api/lookups',
    ]) {
      expect([hostile, await nextOf(host, hostile)]).toEqual([hostile, '/app/lookups']);
    }
    expect(await nextOf(host, encodeURIComponent('/app/lookups/lookups/x/versions?a=1'))).toBe(
      '/app/lookups/lookups/x/versions?a=1'
    );
  });
});

describe('security headers', () => {
  it("sends nosniff, a frame policy and OSD's CSP on pages, scripts and API answers", async () => {
    const host = await start();
    const cookie = await login(host);
    const answers = await Promise.all([
      fetch(`${host.url}/login`),
      fetch(`${host.url}/login.js`),
      fetch(`${host.url}/app/lookups`, { headers: { cookie } }),
      fetch(`${host.url}/api/fixture/ping`, { headers: { cookie } }),
      fetch(`${host.url}/api/fixture/ping`),
      fetch(`${host.url}/no/such/path`),
    ]);
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self'`);
      expect(csp).toContain(`worker-src blob: 'self'`);
      expect(csp).toContain(`style-src 'unsafe-inline' 'self'`);
      expect(csp).toContain(`frame-ancestors 'self'`);
    }
    // The login page runs no inline script, which that CSP would block.
    const page = await (await fetch(`${host.url}/login`)).text();
    expect(page).not.toMatch(/<script>(?!<\/script>)/);
    expect(page).toContain('<script src="/login.js"></script>');
  });
});

describe('authentication before the body', () => {
  it('answers an unauthenticated 95 MiB upload with 401 before the body arrives', async () => {
    const host = await start();
    const { port } = new URL(host.url);
    const socket = connect(Number(port), '127.0.0.1');
    const declared = 95 * 1024 * 1024;
    const answer = await new Promise<string>((resolveAnswer, reject) => {
      let data = '';
      const timer = setTimeout(() => reject(new Error('no answer before the body')), 5000);
      socket.on('data', (chunk) => {
        data += chunk.toString('latin1');
        if (data.includes('\r\n\r\n')) {
          clearTimeout(timer);
          resolveAnswer(data);
        }
      });
      socket.on('error', reject);
      socket.write(
        `POST /api/fixture/upload HTTP/1.1\r\nHost: x\r\nosd-xsrf: t\r\ncontent-type: text/csv\r\ncontent-length: ${declared}\r\n\r\n`
      );
      socket.write(Buffer.alloc(64 * 1024, 'a'));
    });
    socket.destroy();
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });
});
