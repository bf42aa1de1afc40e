/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Core's advanced settings (uiSettings), as OSD's src/core/server/ui_settings: the values users
 * set are the attributes of one `config` saved object, id the OSD version (`buildNum` beside
 * them); each registered setting has a default and a schema its values must pass; a setting
 * given in the server's config (`uiSettings.overrides`) cannot be changed (`CannotOverrideError`,
 * a 400). The host registers the one setting the app follows, `theme:darkMode` (core's
 * settings/theme.ts: a boolean, default false, read when a page loads, so a change needs a reload).
 *
 * HTTP API (routes/get.ts, set.ts, set_many.ts): `GET /api/opensearch-dashboards/settings`,
 * `POST /api/opensearch-dashboards/settings` with `{ changes: { <key>: value } }` and
 * `POST /api/opensearch-dashboards/settings/{key}` with `{ value }`, each answering
 * `{ settings: { <key>: { userValue?, isOverridden? } } }` (what users set, and the overrides).
 * As the saved objects API: for signed-in users, with no object belonging to one of them.
 * The host has no per-user scope: `scope=user` is refused, not ignored.
 */
import Boom from '@hapi/boom';
import { schema, ValidationError } from '@osd/config-schema';
import type { IRouter, Logger } from 'opensearch-dashboards/server';
import { signedIn, type SavedObjectsRepository, type SavedObjectsType } from '../saved_objects';

export const UI_SETTINGS_API = '/api/opensearch-dashboards/settings';
export const DARK_MODE = 'theme:darkMode';

/** Core's `config` type (ui_settings/saved_objects/ui_settings.ts). */
export const CONFIG_TYPE: SavedObjectsType = {
  name: 'config',
  namespaceType: 'single',
  mappings: { dynamic: false, properties: { buildNum: { type: 'keyword' } } },
};

interface Setting {
  value: unknown;
  requiresPageReload: boolean;
  validate(value: unknown, key: string): void;
}

const SETTINGS: Record<string, Setting> = {
  [DARK_MODE]: {
    value: false,
    requiresPageReload: true,
    validate: (value, key) => schema.boolean().validate(value, {}, `validation [${key}]`),
  },
};

export class CannotOverrideError extends Error {}

type UserProvided = Record<string, { userValue?: unknown; isOverridden?: true }>;

export interface UiSettingsOptions {
  repository: SavedObjectsRepository;
  /** The OSD version: the `config` object's id. */
  version: string;
  buildNum: number;
  /** `uiSettings.overrides` */
  overrides: Record<string, unknown>;
  logger: Logger;
}

export class UiSettingsClient {
  constructor(private readonly options: UiSettingsOptions) {}

  private isOverridden(key: string) {
    return Object.prototype.hasOwnProperty.call(this.options.overrides, key);
  }

  private validate(key: string, value: unknown) {
    if (value === null) return;
    SETTINGS[key]?.validate(value, key);
  }

  private async read(): Promise<Record<string, unknown>> {
    try {
      const object = await this.options.repository.get(CONFIG_TYPE.name, this.options.version);
      return object.attributes;
    } catch (error) {
      if (Boom.isBoom(error) && error.output.statusCode === 404) return {};
      throw error;
    }
  }

  /** What users set (stored values that still pass their schema), and every override. */
  async getUserProvided(): Promise<UserProvided> {
    const provided: UserProvided = {};
    for (const [key, userValue] of Object.entries(await this.read())) {
      if (key === 'buildNum' || userValue === null || this.isOverridden(key)) continue;
      try {
        this.validate(key, userValue);
        provided[key] = { userValue };
      } catch (error) {
        this.options.logger.warn(`Ignore invalid UiSettings value. ${String(error)}.`);
      }
    }
    for (const [key, value] of Object.entries(this.options.overrides)) {
      provided[key] =
        value === null ? { isOverridden: true } : { isOverridden: true, userValue: value };
    }
    return provided;
  }

  async get(key: string): Promise<unknown> {
    const provided = (await this.getUserProvided())[key];
    return provided && 'userValue' in provided ? provided.userValue : SETTINGS[key]?.value;
  }

  async setMany(changes: Record<string, unknown>): Promise<void> {
    for (const key of Object.keys(changes)) {
      if (this.isOverridden(key)) {
        throw new CannotOverrideError(`Unable to update "${key}" because it is overridden`);
      }
    }
    for (const [key, value] of Object.entries(changes)) this.validate(key, value);
    const { repository, version, buildNum } = this.options;
    try {
      await repository.update(CONFIG_TYPE.name, version, changes);
    } catch (error) {
      if (!Boom.isBoom(error) || error.output.statusCode !== 404) throw error;
      // As createOrUpgradeSavedConfig: the object is created on the first change.
      await repository.create(CONFIG_TYPE.name, { buildNum, ...changes }, { id: version });
    }
  }
}

const scopeSchema = schema.maybe(schema.oneOf([schema.literal('global'), schema.literal('user')]));

export function registerUiSettingsRoutes(router: IRouter, client: UiSettingsClient) {
  const refuseUserScope = (scope: string | undefined) => {
    if (scope === 'user') throw Boom.badRequest('scope=user is not supported by this host');
  };
  const answer = async () => ({ body: { settings: await client.getUserProvided() } });
  const set = async (changes: Record<string, unknown>) => {
    try {
      await client.setMany(changes);
    } catch (error) {
      if (error instanceof CannotOverrideError || error instanceof ValidationError) {
        throw Boom.badRequest(error.message);
      }
      throw error;
    }
  };

  router.get(
    { path: UI_SETTINGS_API, validate: { query: schema.object({ scope: scopeSchema }) } },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      refuseUserScope(request.query.scope);
      return response.ok(await answer());
    })
  );
  router.post(
    {
      path: UI_SETTINGS_API,
      validate: {
        body: schema.object({ changes: schema.recordOf(schema.string(), schema.any()) }),
      },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      await set(request.body.changes);
      return response.ok(await answer());
    })
  );
  router.post(
    {
      path: `${UI_SETTINGS_API}/{key}`,
      validate: {
        params: schema.object({ key: schema.string() }),
        body: schema.object({ value: schema.any() }),
        query: schema.object({ scope: scopeSchema }),
      },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      refuseUserScope(request.query.scope);
      await set({ [request.params.key]: request.body.value });
      return response.ok(await answer());
    })
  );
}
