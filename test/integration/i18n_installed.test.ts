/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The translations OSD registers for the plugin, read where OSD reads them: the installed
 * folder's `.i18nrc.json` (the zip carries it, as OSD's plugin helpers ship it) lists every
 * locale file the folder holds under translations/, each valid JSON with every message the
 * default locale has; and the host, starting on that home, serves en.json's messages at
 * `/translations/en.json` as OSD's i18n service does.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { installedPlugin } from '../support/staged';
import { startTestHost, type TestHost } from '../support/host';

const installed = installedPlugin();
const rc = JSON.parse(readFileSync(join(installed, '.i18nrc.json'), 'utf8'));
const en = JSON.parse(readFileSync(join(installed, 'translations/en.json'), 'utf8'));

it('carries .i18nrc.json, listing translations/en.json and every locale file installed', () => {
  expect(rc.translations).toContain('translations/en.json');
  const present = readdirSync(join(installed, 'translations')).map((f) => `translations/${f}`);
  expect(present.sort()).toEqual([...rc.translations].sort());
  for (const file of rc.translations as string[]) {
    expect([file, existsSync(join(installed, file))]).toEqual([file, true]);
    const messages = JSON.parse(readFileSync(join(installed, file), 'utf8')).messages ?? {};
    const missing = Object.keys(en.messages).filter((id) => typeof messages[id] !== 'string');
    expect([file, missing]).toEqual([file, []]);
  }
  expect(Object.keys(en.messages).length).toBeGreaterThan(50);
});

describe('the host on the staged home', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startTestHost();
  });
  afterAll(() => host?.stop());

  it('serves the installed en.json messages for the default locale', async () => {
    const res = await fetch(`${host.url}/translations/en.json`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.locale).toBe('en');
    expect(body.messages).toEqual(en.messages);
  });

  it('refuses a locale the server does not run, with OSD’s message', async () => {
    const res = await fetch(`${host.url}/translations/de-DE.json`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Unknown locale: de-DE');
  });
});
