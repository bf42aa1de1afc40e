/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Five projects: `unit` (pure code, no cluster), `components` (React components in jsdom),
 * `integration` (the real OpenSearch node and the standalone host), `browser` (Chromium driven
 * by playwright-core), `cluster` (three OpenSearch nodes, scripts/opensearch/cluster.sh). The
 * last three first build and install the plugin zip (global_setup.ts, cluster_global_setup.ts)
 * and run the host that serves it.
 * ts-jest only transpiles; `tsc --noEmit` does the type check once for the whole tree.
 */
// tsconfig's `isolatedModules` makes ts-jest transpile each file alone (no type check here).
const transform = { '^.+\\.tsx?$': ['ts-jest', {}] };
// Only the source folders: never crawl .cache/ (the OpenSearch node) or build/.
const roots = ['common', 'server', 'public', 'host', 'scripts', 'test', 'bench'].map(
  (d) => `<rootDir>/${d}`
);

module.exports = {
  // Integration and browser tests wait on a real cluster and browser.
  testTimeout: 120000,
  projects: [
    {
      displayName: 'unit',
      transform,
      roots,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{common,server,host,scripts}/**/*.test.ts'],
    },
    {
      displayName: 'components',
      // A library's stylesheet is imported as its text (public/css_text.d.ts).
      transform: { ...transform, '\\.css$': '<rootDir>/test/support/text_transform.js' },
      transformIgnorePatterns: ['/node_modules/(?!@elastic/charts/dist/theme_only_)'],
      roots,
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/test/support/jsdom_setup.ts'],
      // OUI imports `@opensearch/datemath`, one of OSD's own packages; OUI ships the same module.
      moduleNameMapper: {
        '^@opensearch/datemath$':
          '<rootDir>/node_modules/@elastic/eui/packages/opensearch-datemath',
        // The browser build of csv-parse is ESM; jest runs its CommonJS twin.
        '^csv-parse/browser/esm/sync$': '<rootDir>/node_modules/csv-parse/dist/cjs/sync.cjs',
      },
      // The host's own React parts (its header) are tested here too, as .tsx.
      testMatch: ['<rootDir>/public/**/*.test.{ts,tsx}', '<rootDir>/host/public/**/*.test.tsx'],
    },
    {
      displayName: 'integration',
      transform,
      roots,
      globalSetup: '<rootDir>/test/support/global_setup.ts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
    },
    {
      // The three-node cluster (scripts/opensearch/cluster.sh), started unless it runs.
      displayName: 'cluster',
      transform,
      roots,
      globalSetup: '<rootDir>/test/support/cluster_global_setup.ts',
      globalTeardown: '<rootDir>/test/support/cluster_global_teardown.ts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/cluster/**/*.test.ts'],
    },
    {
      displayName: 'browser',
      transform,
      roots,
      globalSetup: '<rootDir>/test/support/global_setup.ts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
    },
  ],
};
