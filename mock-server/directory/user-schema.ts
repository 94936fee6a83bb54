import { validationFailed } from '../pipeline/okta-errors';
import { isObject, type Json } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import type { FieldIssue } from '../../src/validation/field-issues';

/** The most custom properties one user schema keeps. */
export const MAX_CUSTOM_USER_PROPERTIES = 100;
/** A property name as Okta's schema editor allows it (letters, digits, underscores; a letter first). */
const PROPERTY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** The types a custom property may have. */
const PROPERTY_TYPES = ['string', 'boolean', 'number', 'integer', 'array'];
/** The longest JSON text of one custom property, and of all of a schema's custom properties. */
const MAX_PROPERTY_JSON = 4 * 1024;
const MAX_CUSTOM_JSON = 64 * 1024;

/** One base property of the default user profile: its title, then what it adds to a plain text attribute. */
type BaseSpec = [title: string, extra?: Json];

/** The base properties of Okta's default user profile, in the order Okta lists them. */
const BASE: Readonly<Record<string, BaseSpec>> = {
  login: ['Username', { required: true, minLength: 5, maxLength: 100, pattern: '.+' }],
  firstName: ['First name', { required: true, minLength: 1, maxLength: 50 }],
  lastName: ['Last name', { required: true, minLength: 1, maxLength: 50 }],
  middleName: ['Middle name'],
  honorificPrefix: ['Honorific prefix'],
  honorificSuffix: ['Honorific suffix'],
  email: ['Primary email', { required: true, format: 'email' }],
  title: ['Title'],
  displayName: ['Display name'],
  nickName: ['Nickname'],
  profileUrl: ['Profile Url', { format: 'uri' }],
  secondEmail: ['Secondary email', { format: 'email' }],
  mobilePhone: ['Mobile phone', { maxLength: 100 }],
  primaryPhone: ['Primary phone', { maxLength: 100 }],
  streetAddress: ['Street address', { maxLength: 1024 }],
  city: ['City', { maxLength: 128 }],
  state: ['State', { maxLength: 128 }],
  zipCode: ['Zip code', { maxLength: 50 }],
  countryCode: ['Country code', { format: 'country-code' }],
  postalAddress: ['Postal Address', { maxLength: 4096 }],
  preferredLanguage: ['Preferred language', { format: 'language-code' }],
  locale: ['Locale', { format: 'locale' }],
  timezone: ['Time zone'],
  userType: ['User type'],
  employeeNumber: ['Employee number'],
  costCenter: ['Cost center'],
  organization: ['Organization'],
  division: ['Division'],
  department: ['Department'],
  managerId: ['ManagerId'],
  manager: ['Manager'],
};

function baseProperties(): Json {
  const out: Json = {};
  for (const [name, [title, extra]] of Object.entries(BASE)) {
    const { required, ...rest } = extra ?? {};
    out[name] = {
      title,
      type: 'string',
      ...(required === undefined ? {} : { required }),
      mutability: 'READ_WRITE',
      scope: 'NONE',
      ...rest,
      permissions: [{ principal: 'SELF', action: 'READ_WRITE' }],
      master: { type: 'PROFILE_MASTER' },
    };
  }
  return out;
}

/** The custom part of one user schema, where it changed from empty. */
export interface StoredUserSchemaChange {
  /** The schema's id (`osc…`). */
  schemaId: string;
  /** Custom properties by name, in the order they were added. */
  custom: Record<string, Json>;
  lastUpdated: string;
}

/** What a user schema belongs to: a user type, named by its schema id. */
export interface UserSchemaOwner {
  schemaId: string;
  /** The type's name and display name (the schema's `name` and `title`). */
  name: string;
  displayName: string;
  created: string;
  lastUpdated: string;
}

/**
 * The user schemas of the org's user types (`/api/v1/meta/schemas/user/{schemaId}`): the default
 * profile's base properties, and custom properties added with a `POST` (a partial update: a property
 * given as `null` is removed).
 */
export class UserSchemas {
  readonly #changes = new Map<string, StoredUserSchemaChange>();

  /** A schema as the API answers it. */
  render(owner: UserSchemaOwner, orgUrl: URL): Json {
    const change = this.#changes.get(owner.schemaId);
    const custom = change?.custom ?? {};
    const required = (properties: Json) => Object.entries(properties).filter(([, p]) => (p as Json).required === true).map(([name]) => name);
    const base = baseProperties();
    return {
      id: `${orgUrl.origin}/meta/schemas/user/${owner.schemaId}`,
      $schema: 'http://json-schema.org/draft-04/schema#',
      name: owner.name,
      title: owner.displayName,
      lastUpdated: change?.lastUpdated ?? owner.lastUpdated,
      created: owner.created,
      definitions: {
        custom: { id: '#custom', type: 'object', properties: structuredClone(custom), required: required(custom) },
        base: { id: '#base', type: 'object', properties: base, required: required(base) },
      },
      type: 'object',
      properties: { profile: { allOf: [{ $ref: '#/definitions/custom' }, { $ref: '#/definitions/base' }] } },
    };
  }

  /** Adds, replaces and removes (`null`) the custom properties a `POST` gives; refused as a whole with every issue. */
  update(owner: UserSchemaOwner, body: unknown, nowMs: number): void {
    const issues: FieldIssue[] = [];
    const definitions = isObject(body) ? body.definitions : undefined;
    const given = isObject(definitions) && isObject(definitions.custom) ? definitions.custom.properties : undefined;
    if (!isObject(given)) throw validationFailed([{ path: 'definitions.custom.properties', reason: 'Must be an object of custom properties (a property given as null is removed)' }]);
    if (isObject(definitions) && isObject(definitions.base)) issues.push({ path: 'definitions.base', reason: 'The base properties of the default profile cannot change here; add custom properties' });
    const previous = this.#changes.get(owner.schemaId);
    const custom: Record<string, Json> = { ...(previous?.custom ?? {}) };
    for (const [name, property] of Object.entries(given)) {
      const path = `definitions.custom.properties.${name.slice(0, 100)}`;
      if (!PROPERTY_NAME.test(name) || Object.hasOwn(BASE, name)) issues.push({ path, reason: 'Must be a new property name: letters, digits and underscores, a letter first, not a base property' });
      else if (property === null) delete custom[name];
      else if (!isObject(property) || typeof property.title !== 'string' || property.title === '' || !PROPERTY_TYPES.includes(property.type as string)) {
        issues.push({ path, reason: `Must be an object with a title and a type (${PROPERTY_TYPES.join(', ')})` });
      } else if (JSON.stringify(property).length > MAX_PROPERTY_JSON) issues.push({ path, reason: `Must be at most ${MAX_PROPERTY_JSON} characters of JSON` });
      else custom[name] = { ...property, scope: property.scope ?? 'NONE' };
    }
    if (Object.keys(custom).length > MAX_CUSTOM_USER_PROPERTIES) {
      issues.push({ path: 'definitions.custom.properties', reason: `A user schema has at most ${MAX_CUSTOM_USER_PROPERTIES} custom properties; remove some (give them as null)` });
    } else if (JSON.stringify(custom).length > MAX_CUSTOM_JSON) {
      issues.push({ path: 'definitions.custom.properties', reason: `A user schema's custom properties hold at most ${MAX_CUSTOM_JSON} characters of JSON; remove some (give them as null)` });
    }
    if (issues.length) throw validationFailed(issues);
    this.#changes.set(owner.schemaId, { schemaId: owner.schemaId, custom, lastUpdated: wholeSeconds(nowMs) });
  }

  /** Forgets a schema's changes (its type was deleted). */
  forget(schemaId: string): void {
    this.#changes.delete(schemaId);
  }

  /** Every change, for a snapshot. */
  changes(): StoredUserSchemaChange[] {
    return structuredClone([...this.#changes.values()]);
  }

  /** Replaces the changes (a restore). */
  load(changes: readonly StoredUserSchemaChange[]): void {
    this.#changes.clear();
    for (const change of changes) this.#changes.set(change.schemaId, structuredClone(change));
  }

  /** Forgets every change. */
  clear(): void {
    this.#changes.clear();
  }
}
