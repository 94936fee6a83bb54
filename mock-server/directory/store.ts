import { oktaId } from '../http/ids';

/** A user of the organization's directory, as the Users API renders its core members. */
export interface DirectoryUser {
  id: string;
  status: string;
  created: string;
  lastUpdated: string;
  profile: { login: string; email: string; firstName: string | null; lastName: string | null };
}

/** A group of the organization's directory. */
export interface DirectoryGroup {
  id: string;
  created: string;
  lastUpdated: string;
  profile: { name: string; description: string | null };
}

/** What {@link Directory.addUser} takes; `email` defaults to the login. */
export interface AddUserInput {
  id?: string;
  login: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** What {@link Directory.addGroup} takes. */
export interface AddGroupInput {
  id?: string;
  name: string;
  description?: string;
}

/** The organization's users and groups, in creation order. */
export class Directory {
  readonly #users = new Map<string, DirectoryUser>();
  readonly #logins = new Set<string>();
  readonly #groups = new Map<string, DirectoryGroup>();

  /** Adds an ACTIVE user; a duplicate id or login (case-insensitive) throws. */
  addUser(input: AddUserInput, now: number): DirectoryUser {
    const id = input.id ?? oktaId('00u');
    const login = input.login.toLowerCase();
    if (this.#users.has(id)) throw new Error(`A user with the id ${id} already exists`);
    if (this.#logins.has(login)) throw new Error(`A user with the login ${input.login} already exists`);
    const at = new Date(now).toISOString();
    const user: DirectoryUser = {
      id,
      status: 'ACTIVE',
      created: at,
      lastUpdated: at,
      profile: { login: input.login, email: input.email ?? input.login, firstName: input.firstName ?? null, lastName: input.lastName ?? null },
    };
    this.#users.set(id, user);
    this.#logins.add(login);
    return user;
  }

  /** Adds a group; a duplicate id throws. */
  addGroup(input: AddGroupInput, now: number): DirectoryGroup {
    const id = input.id ?? oktaId('00g');
    if (this.#groups.has(id)) throw new Error(`A group with the id ${id} already exists`);
    const at = new Date(now).toISOString();
    const group: DirectoryGroup = { id, created: at, lastUpdated: at, profile: { name: input.name, description: input.description ?? null } };
    this.#groups.set(id, group);
    return group;
  }

  user(id: string): DirectoryUser | undefined {
    return this.#users.get(id);
  }

  group(id: string): DirectoryGroup | undefined {
    return this.#groups.get(id);
  }

  users(): DirectoryUser[] {
    return [...this.#users.values()];
  }

  groups(): DirectoryGroup[] {
    return [...this.#groups.values()];
  }

  clear(): void {
    this.#users.clear();
    this.#logins.clear();
    this.#groups.clear();
  }
}
