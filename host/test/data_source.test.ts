/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The host's Data Source plugin: credentials at rest, what a data source may be, who sees it. */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CredentialCipher } from '../src/data_source/cryptography';
import { checkAttributes, publicView } from '../src/data_source/saved_objects';
import { readManifest } from '../src/plugins/manifest';
import { seen } from './fixtures/fixture_plugin/server';
import { FIXTURE_PLUGIN, startInProcessHost } from './support';

const DATA_SOURCE_FIXTURE = join(__dirname, 'fixtures/data_source_fixture_plugin');

const key = (fill: number) => new Array(32).fill(fill);

describe('CredentialCipher', () => {
  it('encrypts with a fresh IV each time and decrypts with its endpoint', () => {
    const cipher = new CredentialCipher(key(7));
    const one = cipher.encryptAndEncode('s3cret-Pa55', { endpoint: 'http://b:9200' });
    const two = cipher.encryptAndEncode('s3cret-Pa55', { endpoint: 'http://b:9200' });
    expect(one).not.toBe(two);
    expect(Buffer.from(one, 'base64').toString('utf8')).not.toContain('s3cret');
    expect(cipher.decodeAndDecrypt(one)).toEqual({
      decryptedText: 's3cret-Pa55',
      encryptionContext: { endpoint: 'http://b:9200' },
    });
  });

  it('refuses another key, a changed text and a changed endpoint', () => {
    const cipher = new CredentialCipher(key(7));
    const encoded = cipher.encryptAndEncode('pw', { endpoint: 'http://b:9200' });
    expect(() => new CredentialCipher(key(8)).decodeAndDecrypt(encoded)).toThrow();
    const envelope = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    const moved = { ...envelope, context: { endpoint: 'http://evil:9200' } };
    expect(() =>
      cipher.decodeAndDecrypt(Buffer.from(JSON.stringify(moved)).toString('base64'))
    ).toThrow();
  });

  it('needs a 32-byte wrapping key, as OSD', () => {
    expect(() => new CredentialCipher(new Array(16).fill(1))).toThrow(/32 bytes/);
  });
});

describe('checkAttributes', () => {
  const good = {
    title: 'B',
    endpoint: 'http://127.0.0.1:9201/',
    auth: { type: 'username_password', credentials: { username: 'u', password: 'p' } },
  };

  it('keeps a valid data source, less the trailing slash', () => {
    expect(checkAttributes(good)).toEqual({ ...good, endpoint: 'http://127.0.0.1:9201' });
    expect(checkAttributes({ ...good, auth: { type: 'no_auth' } }).auth).toEqual({
      type: 'no_auth',
    });
  });

  it.each([
    [{ ...good, title: ' ' }, /"title"/],
    [{ ...good, endpoint: 'ftp://x' }, /"endpoint"/],
    [{ ...good, endpoint: 'http://u:p@x:9200' }, /"endpoint"/],
    [{ ...good, auth: { type: 'username_password', credentials: { username: 'u' } } }, /password/],
    [{ ...good, auth: { type: 'sigv4' } }, /sigv4/],
    [{ ...good, auth: { type: 'magic' } }, /Invalid auth type/],
    [{ ...good, auth: undefined }, /"auth" attribute is required/],
  ])('refuses %j as OSD’s wrapper does, a 400 “<reason>: Bad Request”', (attributes, message) => {
    expect(() => checkAttributes(attributes)).toThrow(message);
    expect(() => checkAttributes(attributes)).toThrow(/: Bad Request$/);
  });

  it('shows a browser no credentials', () => {
    const view = publicView({
      id: 'x',
      type: 'data-source',
      references: [],
      attributes: checkAttributes(good) as unknown as Record<string, unknown>,
    });
    expect(JSON.stringify(view)).not.toContain('"p"');
    expect(view.attributes.auth).toEqual({ type: 'username_password' });
  });
});

describe('manifest and dependencies', () => {
  const manifest = (fields: Record<string, unknown>) => {
    const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
    writeFileSync(
      join(dir, 'opensearch_dashboards.json'),
      JSON.stringify({ id: 'p', version: '3.4.0', server: true, ...fields })
    );
    return readManifest(dir, { osdVersion: '3.6.0' });
  };

  it('reads the data source fields of OSD 3.x manifests and checks their types', () => {
    expect(
      manifest({ supportedOSDataSourceVersions: '>=3.0.0', requiredOSDataSourcePlugins: ['x'] })
    ).toMatchObject({
      supportedOSDataSourceVersions: '>=3.0.0',
      requiredOSDataSourcePlugins: ['x'],
    });
    expect(() => manifest({ supportedOSDataSourceVersions: 3 })).toThrow(/version range/);
    expect(() => manifest({ requiredOSDataSourcePlugins: 'x' })).toThrow(/array of strings/);
    expect(() => manifest({ supportedDataSources: '*' })).toThrow(/unrecognized properties/);
  });
});

describe('the dataSource context and setup contract', () => {
  let host: Awaited<ReturnType<typeof startInProcessHost>> | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  it.each([
    ['a plugin that lists it', DATA_SOURCE_FIXTURE, true, ['core', 'dataSource'], ['dataSource']],
    ['a plugin that does not', FIXTURE_PLUGIN, true, ['core'], []],
    ['any plugin while it is off', DATA_SOURCE_FIXTURE, false, ['core'], []],
  ])('goes to %s only', async (_what, pluginDir, enabled, contexts, deps) => {
    host = await startInProcessHost({
      pluginDir,
      plugins: { fixture: { delay_ms: 1 } },
      dataSource: { enabled, wrappingKey: key(3) },
    });
    expect(seen.setupDeps).toEqual(deps);
    const res = await host.server.inject({
      url: '/api/fixture/contexts',
      headers: { authorization: `Basic ${Buffer.from('u:p').toString('base64')}` },
    });
    expect(JSON.parse(res.payload)).toEqual({ contexts });
  });

  it('does not start without a wrapping key', async () => {
    await expect(
      startInProcessHost({
        pluginDir: DATA_SOURCE_FIXTURE,
        plugins: { fixture: { delay_ms: 1 } },
        dataSource: { enabled: true },
      })
    ).rejects.toThrow(/wrappingKey/);
  });
});
