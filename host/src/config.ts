/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The standalone host's configuration: a JSON file (`--config path` or LOOKUPS_HOST_CONFIG)
 * and environment variables, environment winning. Two hosts with different files or
 * variables run side by side against one cluster.
 */
import { readFileSync } from 'fs';
import { randomBytes } from 'crypto';
import type { DataSourceHostConfig } from './data_source/plugin';
import { defaultHome, HOST_OSD_VERSION } from './home';

export interface HostConfig {
  host: string;
  port: number;
  /** Where OpenSearch answers, e.g. http://127.0.0.1:9200. */
  opensearchUrl: string;
  /** OSD's `opensearch.requestHeadersWhitelist`: the caller's headers sent on as the caller. */
  requestHeadersAllowlist: string[];
  /** The host's own identity (`asInternalUser`): operator settings only, never user data. */
  internalUser: { username: string; password: string };
  /** 32+ characters; encrypts the session cookie. Random per process when not given. */
  cookieSecret: string;
  /** Plugin configuration, keyed by the plugin's configPath (`lookups`). */
  plugins: Record<string, Record<string, unknown>>;
  /**
   * The OSD installation the host stands in for (`LOOKUPS_HOST_HOME`): plugins are installed
   * into and discovered in `<home>/plugins`, and `<home>/node_modules` holds only what OSD
   * provides to plugins (host/src/home.ts).
   */
  home: string;
  /** OSD's `plugins.paths`: plugin folders loaded beside those in `<home>/plugins`. */
  pluginPaths: string[];
  /** The OSD version the host stands in for (`LOOKUPS_HOST_OSD_VERSION`, default 3.6.0). */
  osdVersion: string;
  /** OSD's CSP `csp.enable` (3.6): the strict rules, with the page's nonce on style elements. */
  strictCsp: boolean;
  /** OSD's `server.socketTimeout`: a route's idle socket limit unless it sets `idleSocket`. */
  socketTimeoutMs: number;
  /** OSD's `server.keepaliveTimeout`. */
  keepaliveTimeoutMs: number;
  /** OSD's `server.maxPayloadBytes`: the body limit of a route that sets none. */
  maxPayloadBytes: number;
  /** Browser sessions: idle timeout and absolute lifetime. */
  session: { idleTimeoutMs: number; lifetimeMs: number };
  /** Where `/` sends the browser (OSD's `uiSettings.defaultRoute`). */
  defaultRoute: string;
  /** OSD's `i18n.locale` (`LOOKUPS_I18N_LOCALE`, default `en`). */
  locale: string;
  /**
   * OSD's `uiSettings.overrides: { "theme:darkMode": … }`: fixed for every user (unset, users
   * switch it in the advanced settings, `theme:darkMode`).
   */
  darkMode?: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** OSD's `opensearchDashboards.index`: where saved objects (data sources) are kept. */
  savedObjectsIndex: string;
  /** OSD's `data_source.*`: multiple data sources, off unless enabled. */
  dataSource: DataSourceHostConfig;
}

/** `LOOKUPS_DATA_SOURCE_WRAPPING_KEY`: the 32-byte key as 64 hex digits. */
function wrappingKeyFromEnv(): number[] | undefined {
  const raw = process.env.LOOKUPS_DATA_SOURCE_WRAPPING_KEY;
  if (raw === undefined || raw === '') return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(raw)) {
    throw new Error('LOOKUPS_DATA_SOURCE_WRAPPING_KEY must be 64 hex digits (32 bytes)');
  }
  return [...Buffer.from(raw, 'hex')];
}

/** The security plugin's demo `internal_users.yml` identity for OSD's server. */
export const DEFAULT_INTERNAL_USER = { username: 'kibanaserver', password: 'kibanaserver' };

function fromEnvNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${raw}"`);
  return n;
}

export function loadHostConfig(argv: string[] = process.argv.slice(2)): HostConfig {
  const flagIndex = argv.indexOf('--config');
  const file = flagIndex >= 0 ? argv[flagIndex + 1] : process.env.LOOKUPS_HOST_CONFIG;
  const fromFile: Partial<HostConfig> = file ? JSON.parse(readFileSync(file, 'utf8')) : {};

  const lookups = { ...(fromFile.plugins?.lookups ?? {}) };
  const maxRows = fromEnvNumber('LOOKUPS_MAX_ROWS');
  if (maxRows !== undefined) lookups.max_rows = maxRows;

  return {
    host: process.env.LOOKUPS_HOST_BIND ?? fromFile.host ?? '127.0.0.1',
    port: fromEnvNumber('LOOKUPS_HOST_PORT') ?? fromFile.port ?? 5601,
    opensearchUrl: process.env.OPENSEARCH_URL ?? fromFile.opensearchUrl ?? 'http://127.0.0.1:9200',
    requestHeadersAllowlist: (
      process.env.OPENSEARCH_REQUEST_HEADERS_WHITELIST?.split(',') ??
      fromFile.requestHeadersAllowlist ?? ['authorization']
    )
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name.length > 0),
    // As OSD runs: `opensearch.username: kibanaserver` from the security plugin's demo
    // configuration, with its reserved `kibana_server` role (no user data access).
    internalUser: {
      username:
        process.env.OPENSEARCH_INTERNAL_USERNAME ??
        fromFile.internalUser?.username ??
        DEFAULT_INTERNAL_USER.username,
      password:
        process.env.OPENSEARCH_INTERNAL_PASSWORD ??
        fromFile.internalUser?.password ??
        DEFAULT_INTERNAL_USER.password,
    },
    cookieSecret:
      process.env.LOOKUPS_COOKIE_SECRET ?? fromFile.cookieSecret ?? randomBytes(32).toString('hex'),
    plugins: { ...(fromFile.plugins ?? {}), lookups },
    home: process.env.LOOKUPS_HOST_HOME ?? fromFile.home ?? defaultHome(),
    pluginPaths: fromFile.pluginPaths ?? [],
    osdVersion: process.env.LOOKUPS_HOST_OSD_VERSION ?? fromFile.osdVersion ?? HOST_OSD_VERSION,
    strictCsp:
      process.env.LOOKUPS_CSP_STRICT !== undefined
        ? process.env.LOOKUPS_CSP_STRICT === 'true'
        : fromFile.strictCsp === true,
    socketTimeoutMs:
      fromEnvNumber('LOOKUPS_SERVER_SOCKET_TIMEOUT_MS') ?? fromFile.socketTimeoutMs ?? 120_000,
    keepaliveTimeoutMs: fromFile.keepaliveTimeoutMs ?? 120_000,
    maxPayloadBytes: fromFile.maxPayloadBytes ?? 1_048_576,
    session: {
      idleTimeoutMs:
        fromEnvNumber('LOOKUPS_SESSION_IDLE_TIMEOUT_MS') ??
        fromFile.session?.idleTimeoutMs ??
        60 * 60 * 1000,
      lifetimeMs:
        fromEnvNumber('LOOKUPS_SESSION_LIFETIME_MS') ??
        fromFile.session?.lifetimeMs ??
        8 * 60 * 60 * 1000,
    },
    defaultRoute: fromFile.defaultRoute ?? '/app/lookups',
    locale: process.env.LOOKUPS_I18N_LOCALE ?? fromFile.locale ?? 'en',
    darkMode:
      process.env.LOOKUPS_THEME_DARK_MODE !== undefined
        ? process.env.LOOKUPS_THEME_DARK_MODE === 'true'
        : fromFile.darkMode,
    logLevel:
      (process.env.LOOKUPS_LOG_LEVEL as HostConfig['logLevel']) ?? fromFile.logLevel ?? 'info',
    savedObjectsIndex:
      process.env.LOOKUPS_SAVED_OBJECTS_INDEX ?? fromFile.savedObjectsIndex ?? '.kibana',
    dataSource: {
      enabled:
        process.env.LOOKUPS_DATA_SOURCE_ENABLED !== undefined
          ? process.env.LOOKUPS_DATA_SOURCE_ENABLED === 'true'
          : fromFile.dataSource?.enabled === true,
      wrappingKey: wrappingKeyFromEnv() ?? fromFile.dataSource?.wrappingKey,
    },
  };
}
