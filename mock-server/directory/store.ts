import { oktaId } from '../http/ids';

/** A user of the organization, as `/api/v1/users/{id}` would show its core members. */
export interface DirectoryUser {
  /** The user's id (`00u…`). */
  id: string;
  /** The user's status; users added to the directory are `ACTIVE`. */
  status: string;
  /** When the user was added (ISO 8601). */
  created: string;
  /** When the user last changed (ISO 8601). */
  lastUpdated: string;
  /** Login, email and names, as Okta's user profile has them. */
  profile: { login: string; email: string; firstName: string | null; lastName: string | null };
}

/** A group of the organization, as `/api/v1/groups/{id}` would show its core members. */
export interface DirectoryGroup {
  /** The group's id (`00g…`). */
  id: string;
  /** When the group was added (ISO 8601). */
  created: string;
  /** When the group last changed (ISO 8601). */
  lastUpdated: string;
  /** Name and description, as Okta's group profile has them. */
  profile: { name: string; description: string | null };
}

/** What `backend.directory.addUser` takes; `email` defaults to `login`, `id` to a fresh `00u…` id. */
export interface AddUserInput {
  /** A 20-character id to give the user; default a fresh `00u…` id. */
  id?: string;
  /** The user's login, e.g. `ada@example.com`. */
  login: string;
  /** The user's email; default `login`. */
  email?: string;
  /** The user's first name. */
  firstName?: string;
  /** The user's last name. */
  lastName?: string;
}

/** What `backend.directory.addGroup` takes; `id` defaults to a fresh `00g…` id. */
export interface AddGroupInput {
  /** A 20-character id to give the group; default a fresh `00g…` id. */
  id?: string;
  /** The group's name, e.g. `Engineering`. */
  name: string;
  /** What the group is for. */
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

  /** Removes a group (a group push mapping deleted with its target group); true when there was one. */
  removeGroup(groupId: string): boolean {
    return this.#groups.delete(groupId);
  }

  /** Removes every user and group. */
  clear(): void {
    this.#users.clear();
    this.#groups.clear();
    this.#logins.clear();
  }
}
