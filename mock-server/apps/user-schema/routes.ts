import { AppUserSchemaUpdateSchema } from '../../../src/apps/user-schema/input';
import { validationFailed } from '../../pipeline/okta-errors';
import { readJsonBody } from '../../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../../pipeline/route';
import { checkedBody } from '../checked-body';
import { wholeSeconds } from '../../shared/time';
import { type AppService } from '../service';
import type { StoredApp } from '../store';
import { BASE_PROPERTIES, MAX_CUSTOM_PROPERTIES, OIDC_BASE_PROPERTIES, type StoredUserSchema, type UserSchemaStore } from './store';
import { isObject, type Json } from '../../shared/json';

/** The base properties of an app's user schema: an OpenID Connect app's are its standard claims. */
function basePropertiesOf(app: StoredApp): Readonly<Record<string, Json>> {
  return app.body.signOnMode === 'OPENID_CONNECT' ? OIDC_BASE_PROPERTIES : BASE_PROPERTIES;
}

/**
 * The schema's `name`: the app's name, "_" and 7 characters real orgs generate per app instance
 * (`oidc_client_4f46b9a`); derived from the app id here, so it stays the same for the app's life.
 */
export function userSchemaName(app: StoredApp): string {
  let h = 0x811c9dc5;
  for (const ch of app.body.id) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  let suffix = '';
  for (let i = 0; i < 7; i++) {
    // Each character from the top 5 bits of a freshly mixed state: a product's low bits depend on
    // the factors' low bits only, so reading the low bits gave 32 names in all.
    h = Math.imul(h ^ (h >>> 16) ^ i, 0x045d9f3b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    suffix += '0123456789abcdefghijklmnopqrstuv'[h >>> 27];
  }
  return `${app.body.name}_${suffix}`;
}

/**
 * A custom property as real orgs answer it: title, description, type, `required` only when true,
 * scope, then the rest as given; what they keep to themselves (`master`, `permissions`) left out,
 * and `union` kept for arrays only.
 */
function renderCustomProperty(property: Json): Json {
  const { title, description, type, required, scope, master: _master, permissions: _permissions, union, ...rest } = property;
  return {
    title,
    ...(description === undefined ? {} : { description }),
    type,
    ...(required === true ? { required } : {}),
    scope: scope ?? 'NONE',
    ...rest,
    // Items that are JSON objects are open to members beyond those listed, and say so.
    ...(isObject(rest.items) && rest.items.type === 'object' ? { items: { ...rest.items, additionalProperties: rest.items.additionalProperties ?? true } } : {}),
    ...(type === 'array' && union !== undefined ? { union } : {}),
  };
}

/**
 * The app user schema (`GET`/`POST /api/v1/meta/schemas/apps/{appId}/default`): its base properties
 * and the custom ones added. A `POST` is a partial update: custom properties given are added or
 * replaced, one given as `null` is removed, the others stay; base properties only change `required`.
 */
export function userSchemaRoutes(env: RouteEnv, apps: AppService, schemas: UserSchemaStore): RouteSpec[] {
  const stateOf = (app: StoredApp): StoredUserSchema =>
    schemas.schemas.get(app.body.id) ?? { appId: app.body.id, created: app.body.created, lastUpdated: app.body.created, custom: {}, baseRequired: {} };

  const render = (app: StoredApp, state: StoredUserSchema): Json => {
    const base: Json = {};
    for (const [name, property] of Object.entries(basePropertiesOf(app))) {
      // A base property no longer required loses the member, as real orgs answer it.
      if (!Object.hasOwn(state.baseRequired, name)) base[name] = property;
      else if (state.baseRequired[name]) base[name] = { ...property, required: true };
      else base[name] = Object.fromEntries(Object.entries(property).filter(([key]) => key !== 'required'));
    }
    const custom: Json = {};
    for (const [name, property] of Object.entries(state.custom)) custom[name] = renderCustomProperty(property);
    const required = (properties: Json) => Object.entries(properties).filter(([, p]) => (p as Json).required === true).map(([name]) => name);
    return {
      id: `${env.orgOrigin()}/meta/schemas/apps/${app.body.id}/default`,
      $schema: 'http://json-schema.org/draft-04/schema#',
      name: userSchemaName(app),
      title: `${app.body.label} User`,
      lastUpdated: state.lastUpdated,
      created: state.created,
      definitions: {
        // `required` appears once the schema has a custom property.
        custom: { id: '#custom', type: 'object', properties: custom, ...(Object.keys(custom).length === 0 ? {} : { required: required(custom) }) },
        base: { id: '#base', type: 'object', properties: base, required: required(base) },
      },
      type: 'object',
      properties: { profile: { allOf: [{ $ref: '#/definitions/custom' }, { $ref: '#/definitions/base' }] } },
    };
  };

  return [
    {
      method: 'get',
      path: '/api/v1/meta/schemas/apps/:appId/default',
      summary: 'reads the app user schema',
      bucket: 'default',
      scope: 'okta.schemas.read',
      handle: ({ params }) => {
        const app = apps.require(params.appId!);
        return { status: 200, body: render(app, stateOf(app)) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/meta/schemas/apps/:appId/default',
      summary: 'updates the app user schema partially (`null` removes a property)',
      bucket: 'default',
      scope: 'okta.schemas.manage',
      handle: async (input) => {
        const { params, now } = input;
        const app = apps.require(params.appId!);
        const change = checkedBody(AppUserSchemaUpdateSchema, await readJsonBody(input));
        const previous = stateOf(app);
        const custom: Record<string, Json> = { ...previous.custom };
        for (const [name, property] of Object.entries(change.definitions.custom?.properties ?? {})) {
          if (name === '__proto__') {
            throw validationFailed([{ path: 'definitions.custom.properties.__proto__', reason: 'Not a property name this backend keeps; choose another name' }]);
          }
          if (property === null) delete custom[name];
          else custom[name] = { scope: 'NONE', ...(property as Json) };
        }
        if (Object.keys(custom).length > MAX_CUSTOM_PROPERTIES) {
          throw validationFailed([{ path: 'definitions.custom.properties', reason: `An app user schema has at most ${MAX_CUSTOM_PROPERTIES} custom properties; remove some (give them as null)` }]);
        }
        const baseRequired = { ...previous.baseRequired };
        for (const [name, property] of Object.entries(change.definitions.base?.properties ?? {})) {
          if (!Object.hasOwn(basePropertiesOf(app), name)) {
            throw validationFailed([{ path: `definitions.base.properties.${name}`, reason: 'Not a base property of this app; add it under definitions.custom' }]);
          }
          const given = (property as { required?: boolean }).required;
          if (given !== undefined) baseRequired[name] = given;
        }
        const next: StoredUserSchema = { ...previous, custom, baseRequired, lastUpdated: wholeSeconds(Math.max(now, Date.parse(previous.lastUpdated) + 1000)) };
        schemas.schemas.set(app.body.id, next);
        return { status: 200, body: render(app, next) };
      },
    },
  ];
}
