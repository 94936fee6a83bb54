import { wholeSeconds } from '../shared/time';
import { base62 } from '../pipeline/ids';
import { notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import type { Page } from '../state/indexed-collection';
import { BLANK_FIELD, type FieldIssue } from '../../src/validation/field-issues';
import { checkPassword, checkUserProfile } from './profile';
import { matches, parseExpression, singleEquality, type Expression, type ExpressionRules, type Operator } from './query';
import { pageOrRefuse, USER_STATUSES, type Directory, type DirectoryUser, type UserStatus } from './store';
import { isObject, type Json } from '../shared/json';

/** The most groups a create may put the user in (more is Okta's `E0000093`). */
export const MAX_CREATE_GROUPS = 100;

/** The cause real organizations give when a login is taken. */
const TAKEN = 'An object with this field already exists in the current organization';

const EQ: ReadonlySet<Operator> = new Set(['eq']);
const RANGE: ReadonlySet<Operator> = new Set(['eq', 'gt', 'ge', 'lt', 'le']);
const SEARCH_TEXT: ReadonlySet<Operator> = new Set(['eq', 'sw', 'gt', 'ge', 'lt', 'le']);
const SEARCH_CONTAINS: ReadonlySet<Operator> = new Set(['eq', 'sw', 'co', 'gt', 'ge', 'lt', 'le']);
const TIMES = new Set(['created', 'activated', 'statusChanged', 'lastUpdated', 'lastLogin', 'passwordChanged']);

/** `filter` on users: the attributes and operators Okta documents (`eq`, and ranges on `lastUpdated`). */
const FILTER_RULES: ExpressionRules = {
  name: 'filter',
  present: false,
  operators: (attribute) =>
    attribute === 'lastUpdated' ? RANGE : ['status', 'id', 'profile.login', 'profile.email', 'profile.firstName', 'profile.lastName'].includes(attribute) ? EQ : undefined,
};

/** `search` on users: any profile attribute and the top-level properties; `co` on the four names only. */
const SEARCH_RULES: ExpressionRules = {
  name: 'search',
  present: true,
  operators: (attribute) => {
    if (['profile.login', 'profile.email', 'profile.firstName', 'profile.lastName'].includes(attribute)) return SEARCH_CONTAINS;
    if (/^profile\.[A-Za-z][A-Za-z0-9_]{0,99}$/.test(attribute) || attribute === 'id' || attribute === 'status' || attribute === 'type.id') return SEARCH_TEXT;
    return TIMES.has(attribute) ? RANGE : undefined;
  },
};

/** What a list of users is asked for. */
export interface UserListQuery {
  q?: string;
  filter?: string;
  search?: string;
  limit: number;
  after?: string;
}

/** What the users API reads of the org's user types. */
export interface UserTypeLookup {
  /** The id of the org's default user type. */
  readonly defaultId: string;
  /** Whether a user type (the default one included) has this id. */
  has(typeId: string): boolean;
}

/** The longest `type.id` read: Okta's ids are 20 characters. */
const MAX_TYPE_ID = 100;

/** A user's status change's refusal: `E0000038`, the status allows no such operation. */
function wrongStatus(): OktaHttpError {
  return new OktaHttpError(403, 'E0000038', "This operation is not allowed in the user's current status.");
}

/** Suspend and unsuspend refuse a user in the wrong status with `E0000001`, as Okta documents. */
function statusRequired(operation: string, required: UserStatus, user: DirectoryUser): OktaHttpError {
  return validationFailed([{ path: 'status', reason: `Only a user whose status is ${required} can be ${operation}; this user is ${user.status}` }]);
}

/**
 * The users API's rules over the directory: create (with `activate`), read by id or login, list
 * (`q`, `filter`, `search`), partial update and replace, the lifecycle operations and delete, with
 * Okta's statuses, timestamps and refusals. A password is checked and never kept.
 */
export class UserService {
  constructor(
    private readonly directory: Directory,
    private readonly newId: (prefix: string) => string,
    private readonly types: UserTypeLookup,
  ) {}

  /** The user with this id, or the one whose login (or, when unique, login short name) this is; else `E0000007 … (User)`. */
  require(idOrLogin: string): DirectoryUser {
    const user = this.directory.user(idOrLogin) ?? this.directory.userByLogin(idOrLogin) ?? this.#byShortName(idOrLogin);
    if (!user) throw notFound(idOrLogin, 'User');
    return user;
  }

  /**
   * Creates a user (`POST /api/v1/users?activate=`): `STAGED`, or on activation `ACTIVE` with a
   * password, `PROVISIONED` without. `joined` is told each group of the body's `groupIds` the user
   * joined (not those an active group rule put the user in).
   */
  create(body: unknown, activate: boolean, nowMs: number, joined?: (groupId: string) => void): DirectoryUser {
    this.directory.refuseFull('user');
    if (!isObject(body)) throw validationFailed([{ path: 'profile', reason: BLANK_FIELD }]);
    const issues: FieldIssue[] = [];
    const { profile, issues: profileIssues } = checkUserProfile(body.profile, 'create');
    issues.push(...profileIssues);
    const credentials = this.#credentials(body.credentials, profile?.login ?? '', issues);
    const groupIds = this.#groupIds(body.groupIds, issues);
    const typeId = this.#readType(body.type, issues);
    if (profile && this.directory.userByLogin(profile.login)) issues.push({ path: 'login', reason: TAKEN });
    if (issues.length) throw validationFailed(issues);
    const at = wholeSeconds(nowMs);
    const canSignIn = credentials.password || credentials.provider.type !== 'OKTA';
    const status: UserStatus = !activate ? 'STAGED' : canSignIn ? 'ACTIVE' : 'PROVISIONED';
    const user: DirectoryUser = {
      id: this.newId('00u'),
      status,
      created: at,
      // Activation stamps `activated`, whether the user can sign in yet (ACTIVE) or must set a password first (PROVISIONED).
      activated: status === 'STAGED' ? null : at,
      statusChanged: at,
      lastLogin: null,
      lastUpdated: at,
      passwordChanged: credentials.password ? at : null,
      profile: profile!,
      credentials: { password: credentials.password, recoveryQuestion: credentials.recoveryQuestion ?? null, provider: credentials.provider },
      groupIds: [],
      ...(typeId === undefined ? {} : { typeId }),
    };
    this.directory.insertUser(user, nowMs);
    for (const groupId of groupIds) if (this.directory.addMember(groupId, user.id, nowMs)) joined?.(groupId);
    return this.directory.user(user.id)!;
  }

  /**
   * `POST /api/v1/users/{id}`: sets the profile attributes given (`null` clears one) and the credentials
   * given; a `type.id` given must be the user's own type (a type changes only with `PUT`).
   */
  update(idOrLogin: string, body: unknown, nowMs: number): DirectoryUser {
    return this.#change(idOrLogin, body, 'update', nowMs);
  }

  /**
   * `PUT /api/v1/users/{id}`: replaces the whole profile (attributes left out are gone), sets the
   * credentials given and, with `type.id`, the user's type (any type the org has).
   */
  replace(idOrLogin: string, body: unknown, nowMs: number): DirectoryUser {
    return this.#change(idOrLogin, body, 'replace', nowMs);
  }

  /**
   * Activates a `STAGED` or `DEPROVISIONED` user (`ACTIVE` with a password, else `PROVISIONED`);
   * any other status is `E0000016`. Answers the activation link when `sendEmail` is false, `{}` else.
   */
  activate(idOrLogin: string, sendEmail: boolean, nowMs: number, orgUrl: URL): Json {
    const user = this.require(idOrLogin);
    if (user.status !== 'STAGED' && user.status !== 'DEPROVISIONED') {
      throw new OktaHttpError(403, 'E0000016', 'Activation failed because the user is already active');
    }
    const canSignIn = user.credentials.password || user.credentials.provider.type !== 'OKTA';
    this.#setStatus(user, canSignIn ? 'ACTIVE' : 'PROVISIONED', nowMs);
    return activationAnswer(sendEmail, orgUrl);
  }

  /** Sends a `PROVISIONED` user a new activation (`E0000038` in any other status). */
  reactivate(idOrLogin: string, sendEmail: boolean, nowMs: number, orgUrl: URL): Json {
    const user = this.require(idOrLogin);
    if (user.status !== 'PROVISIONED') throw wrongStatus();
    this.#store({ ...user, lastUpdated: wholeSeconds(nowMs) });
    return activationAnswer(sendEmail, orgUrl);
  }

  /** Deactivates a user (`DEPROVISIONED`); one already deactivated is `E0000038`. */
  deactivate(idOrLogin: string, nowMs: number): void {
    const user = this.require(idOrLogin);
    if (user.status === 'DEPROVISIONED') throw wrongStatus();
    this.#setStatus(user, 'DEPROVISIONED', nowMs);
  }

  /** Suspends an `ACTIVE` user. */
  suspend(idOrLogin: string, nowMs: number): void {
    const user = this.require(idOrLogin);
    if (user.status !== 'ACTIVE') throw statusRequired('suspended', 'ACTIVE', user);
    this.#setStatus(user, 'SUSPENDED', nowMs);
  }

  /** Returns a `SUSPENDED` user to `ACTIVE`. */
  unsuspend(idOrLogin: string, nowMs: number): void {
    const user = this.require(idOrLogin);
    if (user.status !== 'SUSPENDED') throw statusRequired('unsuspended', 'SUSPENDED', user);
    this.#setStatus(user, 'ACTIVE', nowMs);
  }

  /** Unlocks a `LOCKED_OUT` user (`E0000032` for any other, as recorded). */
  unlock(idOrLogin: string, nowMs: number): void {
    const user = this.require(idOrLogin);
    if (user.status !== 'LOCKED_OUT') throw new OktaHttpError(403, 'E0000032', 'Unlock is not allowed for this user.', ['The user is not locked out.']);
    this.#setStatus(user, 'ACTIVE', nowMs);
  }

  /** `DELETE /api/v1/users/{id}`: deactivates a user that is not yet `DEPROVISIONED`, deletes one that is. */
  delete(idOrLogin: string, nowMs: number): void {
    const user = this.require(idOrLogin);
    if (user.status === 'DEPROVISIONED') this.directory.removeUser(user.id, nowMs);
    else this.#setStatus(user, 'DEPROVISIONED', nowMs);
  }

  /**
   * One page of users: with `filter` or `search`, those matching (any status); with `q`, those whose
   * first name, last name or email starts with it; otherwise all but `DEPROVISIONED` ones, as Okta lists.
   */
  list(query: UserListQuery): Page<DirectoryUser> {
    const filter = query.filter === undefined ? undefined : parseExpression(query.filter, FILTER_RULES);
    const search = query.search === undefined ? undefined : parseExpression(query.search, SEARCH_RULES);
    const q = query.q?.toLowerCase();
    const defaultTypeId = this.types.defaultId;
    const read = (user: DirectoryUser) => (attribute: string) => readAttribute(user, attribute, defaultTypeId);
    const where = (user: DirectoryUser) =>
      (filter === undefined || matches(filter, read(user), false)) &&
      (search === undefined || matches(search, read(user), true)) &&
      (q === undefined || [user.profile.firstName, user.profile.lastName, user.profile.email].some((v) => typeof v === 'string' && v.toLowerCase().startsWith(q))) &&
      (filter !== undefined || search !== undefined || user.status !== 'DEPROVISIONED');
    const status = statusLookup(filter, false) ?? statusLookup(search, true);
    const page = pageOrRefuse(() => this.directory.userRecords.page({ limit: query.limit, after: query.after, where, index: status ? ['status', status] : undefined }));
    // `q` is a people-picker lookup: one page, no cursor (Okta's own rule).
    return q === undefined ? page : { items: page.items };
  }

  /** Sets a user's status as if the operation leading to it had happened now (the in-process API). */
  setStatus(userId: string, status: UserStatus, nowMs: number): DirectoryUser {
    const user = this.require(userId);
    if (!(USER_STATUSES as readonly string[]).includes(status)) throw validationFailed([{ path: 'status', reason: `Not one of the allowed values (${USER_STATUSES.join(', ')})` }]);
    this.#setStatus(user, status, nowMs);
    return this.directory.user(user.id)!;
  }

  #change(idOrLogin: string, body: unknown, mode: 'update' | 'replace', nowMs: number): DirectoryUser {
    const user = this.require(idOrLogin);
    if (!isObject(body)) throw validationFailed([{ path: 'body', reason: 'Must be a JSON object with profile and/or credentials' }]);
    const issues: FieldIssue[] = [];
    let profile = user.profile;
    if (body.profile !== undefined || mode === 'replace') {
      const checked = checkUserProfile(body.profile, mode, user.profile);
      issues.push(...checked.issues);
      if (checked.profile) profile = checked.profile;
    }
    const credentials = this.#credentials(body.credentials, profile.login, issues, user.credentials.provider);
    let typeId = user.typeId;
    if (body.type !== undefined && body.type !== null) {
      const given = this.#readType(body.type, issues);
      if (mode === 'replace') typeId = given;
      else if (given !== user.typeId && !issues.some((i) => i.path === 'type.id')) {
        issues.push({ path: 'type.id', reason: `A user's type changes only with a full replacement (PUT); this user is of ${user.typeId ?? this.types.defaultId}` });
      }
    }
    if (profile.login.toLowerCase() !== user.profile.login.toLowerCase() && this.directory.userByLogin(profile.login)) issues.push({ path: 'login', reason: TAKEN });
    if (issues.length) throw validationFailed(issues);
    const at = wholeSeconds(nowMs);
    const { typeId: _previous, ...rest } = user;
    const next: DirectoryUser = {
      ...rest,
      ...(typeId === undefined ? {} : { typeId }),
      lastUpdated: at,
      passwordChanged: credentials.password ? at : user.passwordChanged,
      profile,
      credentials: {
        ...user.credentials,
        password: user.credentials.password || credentials.password,
        recoveryQuestion: credentials.recoveryQuestion ?? user.credentials.recoveryQuestion,
      },
    };
    this.#store(next);
    return next;
  }

  /**
   * Reads `credentials`: a password (`{ value }`, checked against the policy, or an imported
   * `{ hash }`), a recovery question (its answer not kept) and the provider. Answers what was set.
   */
  #credentials(
    input: unknown,
    login: string,
    issues: FieldIssue[],
    current?: { type: string; name: string },
  ): { password: boolean; recoveryQuestion?: string; provider: { type: string; name: string } } {
    const out = { password: false, provider: current ?? { type: 'OKTA', name: 'OKTA' } } as { password: boolean; recoveryQuestion?: string; provider: { type: string; name: string } };
    if (input === undefined || input === null) return out;
    if (!isObject(input)) {
      issues.push({ path: 'credentials', reason: 'Must be an object with password, recovery_question or provider' });
      return out;
    }
    const { password, recovery_question: question, provider } = input;
    if (password !== undefined && password !== null) {
      if (isObject(password) && isObject(password.hash)) {
        out.password = true;
      } else if (isObject(password) && password.value !== undefined) {
        const issue = checkPassword(password.value, login);
        if (issue) issues.push(issue);
        else out.password = true;
      } else if (!isObject(password) || Object.keys(password).length > 0) {
        issues.push({ path: 'password', reason: 'Must be { "value": "…" } or an imported { "hash": { … } }' });
      }
    }
    if (question !== undefined && question !== null) {
      const q = isObject(question) ? question : {};
      if (typeof q.question !== 'string' || q.question.trim() === '' || q.question.length > 255) issues.push({ path: 'recovery_question.question', reason: 'Must be a non-empty question of at most 255 characters' });
      else if (typeof q.answer !== 'string' || q.answer.trim().length < 4 || q.answer.length > 255) issues.push({ path: 'recovery_question.answer', reason: 'Must be an answer of 4 to 255 characters' });
      else out.recoveryQuestion = q.question;
    }
    if (provider !== undefined && provider !== null) {
      const type = isObject(provider) ? provider.type : undefined;
      const name = isObject(provider) ? (provider.name ?? provider.type) : undefined;
      if (typeof type !== 'string' || !/^[A-Z_]{1,40}$/.test(type) || typeof name !== 'string' || name.length > 100) {
        issues.push({ path: 'provider', reason: 'Must be { "type": "OKTA" | "FEDERATION" | …, "name": "…" }' });
      } else if (current && type !== current.type) {
        issues.push({ path: 'provider.type', reason: `Must stay ${current.type}: a user's provider changes only through its own operation` });
      } else {
        out.provider = { type, name };
      }
    }
    return out;
  }

  #groupIds(input: unknown, issues: FieldIssue[]): string[] {
    if (input === undefined || input === null) return [];
    if (!Array.isArray(input) || input.some((g) => typeof g !== 'string')) {
      issues.push({ path: 'groupIds', reason: 'Must be an array of group ids' });
      return [];
    }
    if (input.length > MAX_CREATE_GROUPS) throw new OktaHttpError(400, 'E0000093', 'Target count limit exceeded', ['The number of group targets is too large']);
    const ids = [...new Set(input as string[])];
    ids.forEach((groupId, i) => {
      const group = this.directory.group(groupId);
      if (!group) issues.push({ path: `groupIds[${i}]`, reason: `No group has the id ${groupId.slice(0, 40)}` });
      else if (group.type === 'BUILT_IN') issues.push({ path: `groupIds[${i}]`, reason: `${group.profile.name} holds every user; leave it out` });
    });
    return ids;
  }

  /**
   * Reads `type` (`{ id }`): the type the user is to be of, `undefined` for the org's default type
   * (absent, or named by its id). An id no type has is an issue naming `type.id`.
   */
  #readType(input: unknown, issues: FieldIssue[]): string | undefined {
    if (input === undefined || input === null) return undefined;
    const typeId = isObject(input) ? input.id : undefined;
    if (typeof typeId !== 'string' || typeId === '' || typeId.length > MAX_TYPE_ID) {
      issues.push({ path: 'type.id', reason: 'Must be the id of one of the org\'s user types' });
      return undefined;
    }
    if (!this.types.has(typeId)) {
      issues.push({ path: 'type.id', reason: `No user type has the id ${typeId}` });
      return undefined;
    }
    return typeId === this.types.defaultId ? undefined : typeId;
  }

  #byShortName(shortName: string): DirectoryUser | undefined {
    if (shortName.includes('@')) return undefined;
    const found = this.directory.userRecords.page({ limit: 2, where: (u) => u.profile.login.toLowerCase().split('@')[0] === shortName.toLowerCase() }).items;
    return found.length === 1 ? found[0] : undefined;
  }

  #setStatus(user: DirectoryUser, status: UserStatus, nowMs: number): void {
    const at = wholeSeconds(nowMs);
    // An activation (from STAGED or DEPROVISIONED) stamps `activated`; unsuspending or unlocking does not.
    const activation = (status === 'ACTIVE' || status === 'PROVISIONED') && (user.activated === null || user.status === 'STAGED' || user.status === 'DEPROVISIONED');
    this.#store({ ...user, status, statusChanged: at, lastUpdated: at, activated: activation ? at : user.activated });
  }

  #store(user: DirectoryUser): void {
    this.directory.updateUser(user);
  }
}

/** What an activation answers: the link and token when no email is sent (Identity Engine's form), `{}` else. */
function activationAnswer(sendEmail: boolean, orgUrl: URL): Json {
  if (sendEmail) return {};
  const token = base62(20);
  return { activationUrl: `${orgUrl.origin}/tokens/${token}/verify`, activationToken: token };
}

/** A user's attribute as `filter` and `search` name it (`type.id`: the user's type, else the default one). */
function readAttribute(user: DirectoryUser, attribute: string, defaultTypeId: string): unknown {
  if (attribute === 'type.id') return user.typeId ?? defaultTypeId;
  return ownMember(attribute.startsWith('profile.') ? user.profile : user, attribute.replace(/^profile\./, ''));
}

/** A record's own member: `profile.constructor` names no attribute, not what every object inherits. */
export function ownMember(record: object, name: string): unknown {
  return Object.hasOwn(record, name) ? (record as Json)[name] : undefined;
}

/** The status a lone `status eq "…"` asks for, so the listing reads that index bucket only. */
function statusLookup(expression: Expression | undefined, caseInsensitive: boolean): string | undefined {
  const equality = expression && singleEquality(expression);
  if (equality?.attribute !== 'status') return undefined;
  return caseInsensitive ? equality.value.toUpperCase() : equality.value;
}
