import { notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { BLANK_FIELD, type FieldIssue } from '../../src/validation/field-issues';
import { isObject, type Json } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { schemaIdOf, userTypeIds } from './representation';
import { orgAdminId } from '../shared/org-admin';

/** A user type the org's admins made (the default one is derived from the org). */
export interface StoredUserType {
  /** `oty…`; its schema is `osc…` with the same 17 characters. */
  id: string;
  name: string;
  displayName: string;
  description: string;
  createdBy: string;
  lastUpdatedBy: string;
  created: string;
  lastUpdated: string;
}

/** The most user types an org makes beside its default one. */
export const MAX_USER_TYPES = 100;
/** The longest name, display name and description read. */
const MAX_NAME = 50;
const MAX_DISPLAY_NAME = 255;
const MAX_DESCRIPTION = 1024;
/** A type's name: a variable name (letters, digits, underscores; not a digit first), as Okta's schema names. */
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The default user type every org has, as real orgs describe it. */
const DEFAULT_TYPE = { name: 'user', displayName: 'User', description: 'Okta user profile template with default permission settings' } as const;

/** The ids an org's own principals and default user type take, derived from the org's id (one suffix, as recorded). */
export function orgPrincipals(orgId: string) {
  const suffix = orgId.slice(3);
  return {
    /** The default user type (`oty…`). */
    defaultTypeId: userTypeIds(orgId).typeId,
    /** The system principal that made the default type (`spr…`). */
    system: `spr${suffix}`,
    /** The admin every API token acts as (`00u…`): who made and changed what the API made. */
    admin: orgAdminId(orgId),
  };
}

function readText(body: Json, member: string, max: number, required: boolean, issues: FieldIssue[]): string | undefined {
  const value = body[member];
  if (value === undefined || value === null || value === '') {
    if (required) issues.push({ path: member, reason: BLANK_FIELD });
    return undefined;
  }
  if (typeof value !== 'string' || value.length > max) {
    issues.push({ path: member, reason: `Must be a string of at most ${max} characters` });
    return undefined;
  }
  return value;
}

/**
 * The org's user types (`/api/v1/meta/types/user`): its default type, `user`, derived from the org,
 * and those made through the API, each with its own user schema id. A user is of the default type
 * unless created with (or replaced to) another.
 */
export class UserTypes {
  readonly #types = new Map<string, StoredUserType>();

  constructor(
    private readonly deps: {
      orgId: () => string;
      newId: (prefix: string) => string;
      bornAt: number;
      deleted?: (schemaId: string) => void;
      /** How many users are of a made type: one that has users is not deleted. */
      usersOf?: (typeId: string) => number;
    },
  ) {}

  /** The id of the default user type. */
  get defaultId(): string {
    return orgPrincipals(this.deps.orgId()).defaultTypeId;
  }

  /** Every type, the default first, then in the order they were made. */
  list(): StoredUserType[] {
    return [this.#default(), ...this.#types.values()];
  }

  /** Whether a type has this id: the default type's or one the org made. */
  has(typeId: string): boolean {
    return typeId === this.defaultId || this.#types.has(typeId);
  }

  /** A type by id, or `E0000007`. */
  require(typeId: string): StoredUserType {
    if (typeId === this.defaultId || typeId === 'default') return this.#default();
    const type = this.#types.get(typeId);
    if (!type) throw notFound(typeId, 'UserType');
    return type;
  }

  /** The type whose schema this is (`default`: the default type's), or `E0000007 (UserSchema)`. */
  bySchemaId(schemaId: string): StoredUserType {
    const type = schemaId === 'default' ? this.#default() : this.list().find((t) => schemaIdOf(t.id) === schemaId);
    if (!type) throw notFound(schemaId, 'UserSchema');
    return type;
  }

  /** `POST /api/v1/meta/types/user`: makes a type (`name`, `displayName` and `description` required; names unique). */
  create(body: unknown, nowMs: number): StoredUserType {
    if (!isObject(body)) throw validationFailed([{ path: 'name', reason: BLANK_FIELD }]);
    const issues: FieldIssue[] = [];
    const name = readText(body, 'name', MAX_NAME, true, issues);
    if (name !== undefined && !TYPE_NAME.test(name)) issues.push({ path: 'name', reason: 'Must start with a letter or an underscore and hold only letters, digits and underscores' });
    else if (name !== undefined && this.list().some((t) => t.name.toLowerCase() === name.toLowerCase())) issues.push({ path: 'name', reason: 'A user type with this name already exists' });
    const displayName = readText(body, 'displayName', MAX_DISPLAY_NAME, true, issues);
    const description = readText(body, 'description', MAX_DESCRIPTION, true, issues);
    if (issues.length) throw validationFailed(issues);
    if (this.#types.size >= MAX_USER_TYPES) throw validationFailed([{ path: 'name', reason: `An org has at most ${MAX_USER_TYPES} user types beside its default one` }]);
    const at = wholeSeconds(nowMs);
    const admin = orgPrincipals(this.deps.orgId()).admin;
    const type: StoredUserType = { id: this.deps.newId('oty'), name: name!, displayName: displayName!, description: description!, createdBy: admin, lastUpdatedBy: admin, created: at, lastUpdated: at };
    this.#types.set(type.id, type);
    return type;
  }

  /**
   * `PUT` (`'replace'`: `displayName` and `description` required) or `POST` (`'update'`: those given)
   * on `/api/v1/meta/types/user/{typeId}`; the name never changes, and the default type is Okta's.
   */
  change(typeId: string, body: unknown, mode: 'replace' | 'update', nowMs: number): StoredUserType {
    const type = this.require(typeId);
    if (type.id === this.defaultId) throw new OktaHttpError(403, 'E0000006', 'You do not have permission to perform the requested action', ['The default user type cannot be changed.']);
    if (!isObject(body)) throw validationFailed([{ path: 'displayName', reason: BLANK_FIELD }]);
    const issues: FieldIssue[] = [];
    if (body.name !== undefined && body.name !== type.name) issues.push({ path: 'name', reason: 'The name of a user type cannot change' });
    const displayName = readText(body, 'displayName', MAX_DISPLAY_NAME, mode === 'replace', issues);
    const description = readText(body, 'description', MAX_DESCRIPTION, mode === 'replace', issues);
    if (issues.length) throw validationFailed(issues);
    const next: StoredUserType = {
      ...type,
      displayName: displayName ?? type.displayName,
      description: description ?? type.description,
      lastUpdatedBy: orgPrincipals(this.deps.orgId()).admin,
      lastUpdated: wholeSeconds(nowMs),
    };
    this.#types.set(type.id, next);
    return next;
  }

  /**
   * `DELETE /api/v1/meta/types/user/{typeId}`: deletes a type the org made. The default one stays, and
   * so does a type users are still of (whatever their status): both are 403 `E0000006`, the refusal
   * Okta's spec gives this operation, and change nothing.
   */
  delete(typeId: string): void {
    const type = this.require(typeId);
    if (type.id === this.defaultId) throw new OktaHttpError(403, 'E0000006', 'You do not have permission to perform the requested action', ['The default user type cannot be deleted.']);
    const users = this.deps.usersOf?.(type.id) ?? 0;
    if (users > 0) {
      throw new OktaHttpError(403, 'E0000006', 'You do not have permission to perform the requested action', [
        `The user type cannot be deleted while users are assigned to it (${users} ${users === 1 ? 'user is' : 'users are'}); delete them or change their type first.`,
      ]);
    }
    this.#types.delete(type.id);
    this.deps.deleted?.(schemaIdOf(type.id));
  }

  /** The types the org made, for a snapshot. */
  made(): StoredUserType[] {
    return [...this.#types.values()].map((t) => ({ ...t }));
  }

  /** Replaces the made types (a restore). */
  load(types: readonly StoredUserType[]): void {
    this.#types.clear();
    for (const type of types) this.#types.set(type.id, { ...type });
  }

  /** Forgets the made types. */
  clear(): void {
    this.#types.clear();
  }

  #default(): StoredUserType {
    const ids = orgPrincipals(this.deps.orgId());
    const at = wholeSeconds(this.deps.bornAt);
    return { id: ids.defaultTypeId, ...DEFAULT_TYPE, createdBy: ids.system, lastUpdatedBy: ids.admin, created: at, lastUpdated: at };
  }
}

/** A user type as the API answers it, in the order real orgs answer. */
export function renderUserType(type: StoredUserType, defaultId: string, orgUrl: URL): Json {
  const origin = orgUrl.origin;
  return {
    id: type.id,
    displayName: type.displayName,
    name: type.name,
    description: type.description,
    createdBy: type.createdBy,
    lastUpdatedBy: type.lastUpdatedBy,
    created: type.created,
    lastUpdated: type.lastUpdated,
    default: type.id === defaultId,
    _links: {
      schema: { rel: 'schema', href: `${origin}/api/v1/meta/schemas/user/${schemaIdOf(type.id)}`, method: 'GET' },
      self: { rel: 'self', href: `${origin}/api/v1/meta/types/user/${type.id}`, method: 'GET' },
    },
  };
}
