import { oktaId } from '../http/ids';

/** A user of the organization, as `/api/v1/users/{id}` would show its core members. */
export interface DirectoryUser {
  id: string;
  status: string;
  created: string;
  lastUpdated: string;
  profile: { login: string; email: string; firstName: string | null; lastName: string | null };
}

/** A group of the organization, as `/api/v1/groups/{id}` would show its core members. */
export interface DirectoryGroup {
  id: string;
  created: string;
  lastUpdated: string;
  profile: { name: string; description: string | null };
}

/** What {@link Directory.addUser} takes; `email` defaults to `login`, `id` to a fresh `00u…` id. */
export interface AddUserInput {
  id?: string;
  login: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** What {@link Directory.addGroup} takes; `id` defaults to a fresh `00g…` id. */
export interface AddGroupInput {
  id?: string;
  name: string;
  description?: string;
}

/** The longest login, email, name or description the directory keeps (Okta's own limits are lower). */
const MAX_TEXT = 1024;

function text(value: unknown, field: string, optional: boolean): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${field} must be a non-empty string; give e.g. ${field === 'login' ? '"ada@example.com"' : '"Engineering"'}.`);
  }
  if (value.length > MAX_TEXT) throw new TypeError(`${field} is longer than ${MAX_TEXT} characters; shorten it.`);
  return value;
}

function id(value: string | undefined, prefix: string, field: string): string {
  if (value === undefined) return oktaId(prefix);
  if (!/^[A-Za-z0-9]{1,64}$/.test(value)) {
    throw new TypeError(`${field} "${value.slice(0, 70)}" is not an id; use 1 to 64 letters and digits, e.g. "${oktaId(prefix)}".`);
  }
  return value;
}

/**
 * The organization's users and groups: the people and groups that app assignments refer to.
 * Ids are unique across users and groups; a user's login is unique (case-insensitive, as in Okta).
 */
export class Directory {
  readonly #users = new Map<string, DirectoryUser>();
  readonly #groups = new Map<string, DirectoryGroup>();
  readonly #logins = new Set<string>();

  /** Adds an ACTIVE user; a duplicate id or login throws. */
  addUser(input: AddUserInput, now: number): DirectoryUser {
    const login = text(input.login, 'login', false)!;
    const userId = id(input.id, '00u', 'user id');
    if (this.#users.has(userId) || this.#groups.has(userId)) throw new Error(`A user or group with id ${userId} already exists; give another id or leave it out.`);
    if (this.#logins.has(login.toLowerCase())) throw new Error(`A user with login ${login} already exists; logins are unique.`);
    const at = new Date(now).toISOString();
    const user: DirectoryUser = {
      id: userId,
      status: 'ACTIVE',
      created: at,
      lastUpdated: at,
      profile: {
        login,
        email: text(input.email, 'email', true) ?? login,
        firstName: text(input.firstName, 'firstName', true) ?? null,
        lastName: text(input.lastName, 'lastName', true) ?? null,
      },
    };
    this.#users.set(userId, user);
    this.#logins.add(login.toLowerCase());
    return user;
  }

  /** Adds a group; a duplicate id throws. */
  addGroup(input: AddGroupInput, now: number): DirectoryGroup {
    const name = text(input.name, 'name', false)!;
    const groupId = id(input.id, '00g', 'group id');
    if (this.#users.has(groupId) || this.#groups.has(groupId)) throw new Error(`A user or group with id ${groupId} already exists; give another id or leave it out.`);
    const at = new Date(now).toISOString();
    const group: DirectoryGroup = {
      id: groupId,
      created: at,
      lastUpdated: at,
      profile: { name, description: text(input.description, 'description', true) ?? null },
    };
    this.#groups.set(groupId, group);
    return group;
  }

  /** The user with this id, if any. */
  user(userId: string): DirectoryUser | undefined {
    return this.#users.get(userId);
  }

  /**
   * The user whose login or email is `email` (letter case aside), if any: how Okta's receiver finds the
   * user a security event names ("a valid user sign-in email in the Okta org"). A scan, so that the
   * users API changing a profile needs no index kept in step; directories here are small.
   */
  userByEmail(email: string): DirectoryUser | undefined {
    const wanted = email.toLowerCase();
    for (const user of this.#users.values()) {
      if (user.profile.login.toLowerCase() === wanted || user.profile.email.toLowerCase() === wanted) return user;
    }
    return undefined;
  }

  /** The group with this id, if any. */
  group(groupId: string): DirectoryGroup | undefined {
    return this.#groups.get(groupId);
  }

  /** Every user, in the order they were added. */
  users(): DirectoryUser[] {
    return [...this.#users.values()];
  }

  /** Every group, in the order they were added. */
  groups(): DirectoryGroup[] {
    return [...this.#groups.values()];
  }

  /** Removes every user and group. */
  clear(): void {
    this.#users.clear();
    this.#groups.clear();
    this.#logins.clear();
  }
}
