/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which OSD a build may target (3.x from 3.6.0), and what the build stamps into the manifest
 * and package.json for it.
 */
import { parseOsdVersion, pluginVersionFor } from './osd_version';
import { KNOWN_MANIFEST_FIELDS, shippedPackage, stampedManifest } from './manifest';

it('takes any 3.x version from 3.6.0 up, exactly as given', () => {
  expect(parseOsdVersion('3.6.0')).toBe('3.6.0');
  expect(parseOsdVersion('3.9.2')).toBe('3.9.2');
  expect(parseOsdVersion(' 3.12.0 ')).toBe('3.12.0');
});

it.each([
  ['3.5.0', /needs 3\.x from 3\.6\.0 up/],
  ['3.4.0', /React 18/],
  ['2.19.0', /not supported/],
  ['4.0.0', /not supported/],
  ['3.6', /not an OpenSearch Dashboards version/],
  ['latest', /--osd-version 3\.6\.0/],
])('refuses %s, saying which versions it can build for', (raw, message) => {
  expect(() => parseOsdVersion(raw)).toThrow(message);
});

it('stamps the OSD version into the manifest and keeps only keys OSD knows', () => {
  const source = {
    id: 'lookupsDashboards',
    version: '0.0.0',
    opensearchDashboardsVersion: '3.4.0',
    server: true,
    ui: true,
    configPath: ['lookups'],
  };
  const stamped = stampedManifest(source, '3.7.1');
  expect(stamped.opensearchDashboardsVersion).toBe('3.7.1');
  expect(stamped.version).toBe(pluginVersionFor('3.7.1'));
  expect(Object.keys(stamped).every((key) => KNOWN_MANIFEST_FIELDS.has(key))).toBe(true);
  expect(() => stampedManifest({ ...source, devOnly: true }, '3.6.0')).toThrow(
    /keys OSD does not know \(devOnly\)/
  );
});

it('ships a package.json with the server packages only: no workspaces, scripts or dev dependencies', () => {
  const shipped = shippedPackage(
    { name: 'p', dependencies: { 'io-ts': '^2.2.0', '@reduxjs/toolkit': '^1.9.7' } },
    '3.6.0',
    ['io-ts']
  );
  expect(shipped.dependencies).toEqual({ 'io-ts': '^2.2.0' });
  expect(shipped).not.toHaveProperty('workspaces');
  expect(shipped).not.toHaveProperty('devDependencies');
  expect(shipped).not.toHaveProperty('scripts');
  expect(shipped.opensearchDashboards).toEqual({ version: '3.6.0', templateVersion: '3.6.0' });
  expect(() => shippedPackage({ name: 'p' }, '3.6.0', ['left-pad'])).toThrow(
    /requires "left-pad", which package.json does not list/
  );
});
