import { wholeSeconds } from '../shared/time';
import { oktaId } from '../pipeline/ids';
import { invalidPaging, validationFailed } from '../pipeline/okta-errors';
import { MAX_ITEMS } from '../state/document-fields';
import { IndexedCollection, InvalidCursorError, type Page } from '../state/indexed-collection';
import { checkPassword, checkUserProfile, type UserProfile } from './profile';

export type { UserProfile } from './profile';

/** Okta's user statuses. */
export const USER_STATUSES = ['STAGED', 'PROVISIONED', 'ACTIVE', 'RECOVERY', 'LOCKED_OUT', 'PASSWORD_EXPIRED', 'SUSPENDED', 'DEPROVISIONED'] as const;

/** A user's status. */
export type UserStatus = (typeof USER_STATUSES)[number];

/** What the organization knows of a user's credentials: never a password or an answer, only whether one was set. */
export interface UserCredentials {
  /** Whether the user has a password. The backend never keeps the password itself, not even a digest. */
  password: boolean;
  /** The recovery question, if one was set (its answer is not kept). */
  recoveryQuestion: string | null;
  /** Who authenticates the user: `{ type: 'OKTA', name: 'OKTA' }` unless created with another provider. */
  provider: { type: string; name: string };
}

/** A user of the organization, with what `/api/v1/users/{id}` shows of it. */
export interface DirectoryUser {
  /** The user's id (`00u…`). */
  id: string;
  /** The user's lifecycle status, e.g. `ACTIVE` or `STAGED`. */
  status: UserStatus;
  /** When the user was added (ISO 8601). */
  created: string;
  /** When the user was activated (ISO 8601), `PROVISIONED` users included; `null` for a user never activated, such as one added `STAGED`. */
  activated: string | null;
  /** When the user's status last changed (ISO 8601); `null` only for users restored from a snapshot without it. */
  statusChanged: string | null;
  /** When the user last signed in (ISO 8601); `null` unless a snapshot says so, since the backend records no sign-in. */
  lastLogin: string | null;
  /** When the user last changed (ISO 8601). */
  lastUpdated: string;
  /** When the user's password was set (ISO 8601); `null` for a user without one. */
  passwordChanged: string | null;
  /** The profile: `login`, `email`, `firstName`, `lastName` and any other attributes given. */
  profile: UserProfile;
  /** Whether a password and a recovery question were set, and the provider; never a secret. */
  credentials: UserCredentials;
  /** The groups (not Everyone, which holds every user) the user belongs to, in the order joined. */
  groupIds: string[];
  /**
   * The user type (`oty…`) the user is of, when it is one the org made; absent for a user of the
   * org's default type (which follows the org's id).
   */
  typeId?: string;
}

/** `OKTA_GROUP`: made in the org; `BUILT_IN`: Everyone; `APP_GROUP`: a group an app holds, such as one a group push made. */
export type GroupType = 'OKTA_GROUP' | 'BUILT_IN' | 'APP_GROUP';

/** A group of the organization, as `/api/v1/groups/{id}` shows it (without `_links`). */
export interface DirectoryGroup {
  /** The group's id (`00g…`). */
  id: string;
  /** When the group was added (ISO 8601). */
  created: string;
  /** When the group last changed (ISO 8601). */
  lastUpdated: string;
  /** When a user last joined or left the group (ISO 8601); its creation time until then. */
  lastMembershipUpdated: string;
  /** The group's object classes: `['okta:user_group']`. */
  objectClass: string[];
  /** Where the group comes from: `OKTA_GROUP`, `BUILT_IN` (Everyone) or `APP_GROUP`. */
  type: GroupType;
  /** The group's `name` and `description` (`null` when none was given), and any other attributes. */
  profile: { name: string; description: string | null; [attribute: string]: unknown };
}

/**
 * What {@link MockDirectoryState.addUser | `backend.directory.addUser`} takes. `email` defaults to `login`, `id` to a fresh `00u…` id,
 * `status` to `ACTIVE`.
 */
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
  /** Default `ACTIVE`. */
  status?: UserStatus;
  /** More profile attributes (`displayName`, `department`, custom ones…). */
  profile?: Record<string, unknown>;
  /** Groups to join, by id (groups of type `OKTA_GROUP`; every user is in Everyone). */
  groupIds?: string[];
  /**
   * A password: checked against Okta's default policy, then forgotten. The user is recorded as
   * having one (`credentials.password: {}`, `passwordChanged`), never with the password itself.
   */
  password?: string;
  /**
   * The user type (`oty…`) the user is of: one the org made (`POST /api/v1/meta/types/user`) or its
   * default type's id; default the org's default type. An id no type has throws.
   */
  typeId?: string;
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

/** Who is told when memberships change: the app assignments that follow group membership. */
export interface DirectoryListener {
  /** A user joined a group (Everyone included, when the user was added). */
  memberAdded(groupId: string, userId: string, nowMs: number): void;
  /** A user left a group (Everyone included, when the user was deleted). */
  memberRemoved(groupId: string, userId: string): void;
  /** A group is about to be deleted through the groups API: its app assignments end first. */
  groupDeleting(groupId: string): void;
}

/**
 * Who re-evaluates what depends on users (group rules): told after a user is added or changed, a
 * membership changes, a user or a group is removed. Each member is optional.
 */
export interface DirectoryWatcher {
  /** A user was added or its profile or status changed. */
  userChanged?(userId: string, nowMs: number): void;
  /** A user joined or left a group. */
  membershipChanged?(groupId: string, userId: string, nowMs: number): void;
  /** A user was deleted. */
  userRemoved?(userId: string): void;
  /** A group was deleted. */
  groupRemoved?(groupId: string, nowMs: number): void;
}

/** The longest group name or description, and the longest text of the in-process inputs. */
const MAX_TEXT = 1024;

/** The name and description of the built-in group that holds every user. */
export const EVERYONE = { name: 'Everyone', description: 'All users in your organization' } as const;

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

const lower = (value: unknown) => (typeof value === 'string' ? [value.toLowerCase()] : []);

/** Builds the user collection: by status, login and email (both lower-cased), by group joined and by user type made. */
function createUserCollection() {
  return new IndexedCollection({
    id: (user: DirectoryUser) => user.id,
    indexes: {
      status: (user: DirectoryUser) => [user.status],
      login: (user: DirectoryUser) => lower(user.profile.login),
      email: (user: DirectoryUser) => lower(user.profile.email),
      group: (user: DirectoryUser) => user.groupIds,
      type: (user: DirectoryUser) => (user.typeId === undefined ? [] : [user.typeId]),
    },
  });
}

function createGroupCollection() {
  return new IndexedCollection({
    id: (group: DirectoryGroup) => group.id,
    indexes: {
      name: (group: DirectoryGroup) => lower(group.profile.name),
      // Names are unique among the org's own groups; an app's groups may repeat them.
      ownName: (group: DirectoryGroup) => (group.type === 'APP_GROUP' ? [] : lower(group.profile.name)),
      type: (group: DirectoryGroup) => [group.type],
    },
  });
}

/** A page, or Okta's `E0000029` when the `after` cursor is not one this backend issued. */
export function pageOrRefuse<T>(read: () => Page<T>): Page<T> {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw invalidPaging();
    throw error;
  }
}

/** The user collection's index names. */
export type UserIndex = 'status' | 'login' | 'email' | 'group' | 'type';

/**
 * The organization's users and groups: who app assignments refer to, who the users and groups API
 * serves, and whom the SET receiver looks a subject up in (by login or email). Ids are unique across
 * users and groups; a login is unique, case-insensitively, as in Okta. Every organization has the
 * built-in group Everyone, which holds every user.
 */
export class Directory {
  /** The users, indexed (read them with the methods below; change them only through them). */
  readonly userRecords = createUserCollection();
  /** The groups, indexed by name and type. */
  readonly groupRecords = createGroupCollection();
  /** Told of every membership change; set once by the backend. */
  listener: DirectoryListener | undefined;
  /** Told after users, memberships and groups change (group rules watch them). */
  readonly watchers: DirectoryWatcher[] = [];
  /** Set while a user or group is being removed: the memberships that go with it tell no watcher. */
  #removing = false;
  #everyoneId = '';
  /** When the organization (and so Everyone) was made: a reset makes Everyone again as it was. */
  readonly #bornAt: number;

  /**
   * @param everyone the id Everyone takes (the backend derives it from the org id, and reads it again
   * whenever the directory is emptied) and the clock, read once: Everyone is as old as the directory.
   */
  constructor(private readonly everyone: { id: () => string; now: () => number }) {
    this.#bornAt = everyone.now();
    this.#addEveryone();
  }

  /** The id of the built-in group Everyone. */
  get everyoneId(): string {
    return this.#everyoneId;
  }

  /**
   * Adds a user (`ACTIVE` unless `status` says otherwise) with the same checks as the API's profile
   * and password rules; a duplicate id or login, or an unknown group, throws. `typeId` is kept as
   * given: the caller has checked it names a type the org made (the default type is none).
   */
  addUser(input: AddUserInput, now: number): DirectoryUser {
    const login = text(input.login, 'login', false)!;
    const userId = id(input.id, '00u', 'user id');
    this.#refuseTakenId(userId);
    this.#refuseTakenLogin(login);
    const status = input.status ?? 'ACTIVE';
    if (!(USER_STATUSES as readonly string[]).includes(status)) throw new TypeError(`status "${String(status).slice(0, 40)}" is not a user status; use one of ${USER_STATUSES.join(', ')}.`);
    const profile: UserProfile = {
      ...(input.profile ?? {}),
      login,
      email: text(input.email, 'email', true) ?? login,
      firstName: text(input.firstName, 'firstName', true) ?? (typeof input.profile?.firstName === 'string' ? input.profile.firstName : null),
      lastName: text(input.lastName, 'lastName', true) ?? (typeof input.profile?.lastName === 'string' ? input.profile.lastName : null),
    };
    // The in-process input may leave the names out (null), which the API's create would refuse.
    const checked = checkUserProfile({ ...profile, firstName: profile.firstName ?? 'x', lastName: profile.lastName ?? 'x' }, 'create');
    if (checked.issues.length) throw new TypeError(`The profile is refused: ${checked.issues.map((i) => `${i.path}: ${i.reason}`).join('; ')}.`);
    if (input.password !== undefined) {
      const issue = checkPassword(input.password, login);
      if (issue) throw new TypeError(`The password is refused: ${issue.reason}`);
    }
    const groupIds = [...new Set(input.groupIds ?? [])];
    for (const groupId of groupIds) this.#requireOktaGroup(groupId);
    const at = wholeSeconds(now);
    const activated = status === 'STAGED' ? null : at;
    const user: DirectoryUser = {
      id: userId,
      status,
      created: at,
      activated,
      statusChanged: at,
      lastLogin: null,
      lastUpdated: at,
      passwordChanged: input.password === undefined ? null : at,
      profile,
      credentials: { password: input.password !== undefined, recoveryQuestion: null, provider: { type: 'OKTA', name: 'OKTA' } },
      groupIds: [],
      ...(input.typeId === undefined ? {} : { typeId: input.typeId }),
    };
    this.insertUser(user, now);
    for (const groupId of groupIds) this.addMember(groupId, userId, now);
    return this.userRecords.get(userId)!;
  }

  /** Adds a group of type `OKTA_GROUP`; a duplicate id or name throws. */
  addGroup(input: AddGroupInput, now: number, type: 'OKTA_GROUP' | 'APP_GROUP' = 'OKTA_GROUP'): DirectoryGroup {
    const name = text(input.name, 'name', false)!;
    const groupId = id(input.id, '00g', 'group id');
    this.refuseFull('group');
    this.#refuseTakenId(groupId);
    if (type === 'OKTA_GROUP') this.refuseTakenGroupName(name);
    const at = wholeSeconds(now);
    const group: DirectoryGroup = {
      id: groupId,
      created: at,
      lastUpdated: at,
      lastMembershipUpdated: at,
      objectClass: ['okta:user_group'],
      type,
      profile: { name, description: text(input.description, 'description', true) ?? null },
    };
    this.groupRecords.insert(group);
    return group;
  }

  /**
   * Refuses one more user or group past {@link MAX_ITEMS} of them, as many as a snapshot document
   * holds: the backend can always restore its own snapshot, and its memory stays bounded.
   */
  refuseFull(kind: 'user' | 'group'): void {
    const records = kind === 'user' ? this.userRecords : this.groupRecords;
    if (records.size >= MAX_ITEMS) throw validationFailed([{ path: kind, reason: `The org keeps at most ${MAX_ITEMS} ${kind}s; delete one first` }]);
  }

  /** Stores a group built by the groups API (its checks done). */
  insertGroup(group: DirectoryGroup): void {
    this.refuseFull('group');
    this.groupRecords.insert(group);
  }

  /** Stores a user built by the users API (its checks done), and puts it in Everyone. */
  insertUser(user: DirectoryUser, now: number): void {
    this.refuseFull('user');
    this.#refuseTakenId(user.id);
    this.#refuseTakenLogin(user.profile.login);
    this.userRecords.insert(user);
    this.listener?.memberAdded(this.#everyoneId, user.id, now);
    for (const watcher of this.watchers) watcher.userChanged?.(user.id, now);
  }

  /** Replaces a stored user (a changed login must still be unique). */
  updateUser(user: DirectoryUser, now: number = Date.parse(user.lastUpdated)): void {
    const previous = this.userRecords.get(user.id);
    if (!previous) throw new Error(`No user has the id ${user.id}.`);
    if (previous.profile.login.toLowerCase() !== user.profile.login.toLowerCase()) this.#refuseTakenLogin(user.profile.login);
    this.userRecords.update(user.id, user);
    for (const watcher of this.watchers) watcher.userChanged?.(user.id, now);
  }

  /** Deletes a user: it leaves every group (Everyone last) and so every app it was assigned through them. */
  removeUser(userId: string, now: number): boolean {
    const user = this.userRecords.get(userId);
    if (!user) return false;
    this.#quietly(() => {
      for (const groupId of [...user.groupIds]) this.removeMember(groupId, userId, now);
    });
    this.userRecords.delete(userId);
    this.listener?.memberRemoved(this.#everyoneId, userId);
    for (const watcher of this.watchers) watcher.userRemoved?.(userId);
    return true;
  }

  /** Replaces a stored group's profile (a changed name must still be unique). */
  updateGroup(group: DirectoryGroup): void {
    const previous = this.groupRecords.get(group.id);
    if (!previous) throw new Error(`No group has the id ${group.id}.`);
    if (previous.profile.name.toLowerCase() !== group.profile.name.toLowerCase()) this.refuseTakenGroupName(group.profile.name);
    this.groupRecords.update(group.id, group);
  }

  /** Deletes a group of type `OKTA_GROUP`: its members leave it first. */
  removeGroup(groupId: string, now: number): boolean {
    const group = this.groupRecords.get(groupId);
    if (!group || group.type === 'BUILT_IN') return false;
    const members = this.userRecords.page({ limit: Math.max(1, this.userRecords.size), index: ['group', groupId] }).items;
    this.#quietly(() => {
      for (const user of members) this.removeMember(groupId, user.id, now);
    });
    this.groupRecords.delete(groupId);
    for (const watcher of this.watchers) watcher.groupRemoved?.(groupId, now);
    return true;
  }

  /** Puts a user in a group of type `OKTA_GROUP`; true when the user was not in it. */
  addMember(groupId: string, userId: string, now: number): boolean {
    const group = this.#requireOktaGroup(groupId);
    const user = this.userRecords.get(userId);
    if (!user) throw new Error(`No user has the id ${userId}.`);
    if (user.groupIds.includes(groupId)) return false;
    this.userRecords.update(userId, { ...user, groupIds: [...user.groupIds, groupId] });
    this.groupRecords.update(groupId, { ...group, lastMembershipUpdated: wholeSeconds(now) });
    this.listener?.memberAdded(groupId, userId, now);
    for (const watcher of this.watchers) watcher.membershipChanged?.(groupId, userId, now);
    return true;
  }

  /** Takes a user out of a group; true when the user was in it. */
  removeMember(groupId: string, userId: string, now: number): boolean {
    const user = this.userRecords.get(userId);
    const group = this.groupRecords.get(groupId);
    if (!user || !group || !user.groupIds.includes(groupId)) return false;
    this.userRecords.update(userId, { ...user, groupIds: user.groupIds.filter((g) => g !== groupId) });
    this.groupRecords.update(groupId, { ...group, lastMembershipUpdated: wholeSeconds(now) });
    this.listener?.memberRemoved(groupId, userId);
    if (!this.#removing) for (const watcher of this.watchers) watcher.membershipChanged?.(groupId, userId, now);
    return true;
  }

  /** Whether a user is in a group (everyone is in Everyone). */
  isMember(groupId: string, userId: string): boolean {
    if (!this.userRecords.has(userId)) return false;
    return groupId === this.#everyoneId || this.userRecords.get(userId)!.groupIds.includes(groupId);
  }

  /** One page of a group's members, in the order users were added to the organization. */
  members(groupId: string, limit: number, after: string | undefined): Page<DirectoryUser> {
    return groupId === this.#everyoneId ? this.userRecords.page({ limit, after }) : this.userRecords.page({ limit, after, index: ['group', groupId] });
  }

  /** How many users a group holds. */
  memberCount(groupId: string): number {
    return groupId === this.#everyoneId ? this.userRecords.size : this.userRecords.countWhere('group', groupId);
  }

  /** How many users (whatever their status) are of a user type the org made. */
  usersOfType(typeId: string): number {
    return this.userRecords.countWhere('type', typeId);
  }

  /** The groups a user is in: Everyone first, then the others in the order joined. */
  groupsOf(userId: string): DirectoryGroup[] {
    const user = this.userRecords.get(userId);
    if (!user) return [];
    return [this.groupRecords.get(this.#everyoneId)!, ...user.groupIds.map((g) => this.groupRecords.get(g)!)];
  }

  /** The user with this id, if any. */
  user(userId: string): DirectoryUser | undefined {
    return this.userRecords.get(userId);
  }

  /** The user whose login this is (compared case-insensitively, as Okta does), if any. */
  userByLogin(login: string): DirectoryUser | undefined {
    const [first] = this.userRecords.page({ limit: 1, index: ['login', login.toLowerCase()] }).items;
    return first;
  }

  /**
   * The user a subject identifier names: by login first, then by primary email (both compared
   * case-insensitively); `undefined` when none, or when several users share the email and none has
   * it as login. The SET receiver looks subjects up here.
   */
  findUser(loginOrEmail: string): DirectoryUser | undefined {
    const byLogin = this.userByLogin(loginOrEmail);
    if (byLogin) return byLogin;
    const byEmail = this.userRecords.page({ limit: 2, index: ['email', loginOrEmail.toLowerCase()] }).items;
    return byEmail.length === 1 ? byEmail[0] : undefined;
  }

  /**
   * The user whose login or email is `email` (letter case aside), if any: how Okta's receiver finds the
   * user a security event names ("a valid user sign-in email in the Okta org"). A login is preferred;
   * among users sharing a primary email, the first added. Read from the login and email indexes.
   */
  userByEmail(email: string): DirectoryUser | undefined {
    return this.userByLogin(email) ?? this.userRecords.page({ limit: 1, index: ['email', email.toLowerCase()] }).items[0];
  }

  /** The group with this id, if any. */
  group(groupId: string): DirectoryGroup | undefined {
    return this.groupRecords.get(groupId);
  }

  /** Every user, in the order they were added. */
  users(): DirectoryUser[] {
    return [...this.userRecords.values()];
  }

  /** Every group, Everyone first, then in the order they were added. */
  groups(): DirectoryGroup[] {
    return [...this.groupRecords.values()];
  }

  /** Refuses a group name already taken (compared case-insensitively). */
  refuseTakenGroupName(name: string): void {
    if (this.groupRecords.countWhere('ownName', name.toLowerCase()) > 0) throw new Error(`A group named ${name} already exists; group names are unique.`);
  }

  /** Removes every user and group, then makes Everyone again (with the id the org has now). */
  clear(): void {
    this.userRecords.clear();
    this.groupRecords.clear();
    this.#addEveryone();
  }

  /**
   * Replaces the whole directory with users and groups as recorded (a snapshot), telling no one:
   * the app assignments are restored as recorded too. Without a built-in group among them,
   * Everyone is made.
   */
  load(users: readonly DirectoryUser[], groups: readonly DirectoryGroup[]): void {
    this.userRecords.clear();
    this.groupRecords.clear();
    const everyone = groups.find((g) => g.type === 'BUILT_IN');
    if (everyone) {
      this.groupRecords.insert({ ...everyone });
      this.#everyoneId = everyone.id;
    } else {
      this.#addEveryone();
    }
    for (const group of groups) if (group.type !== 'BUILT_IN') this.groupRecords.insert({ ...group });
    for (const user of users) this.userRecords.insert({ ...user, groupIds: [...user.groupIds] });
  }

  #quietly(run: () => void): void {
    const outer = this.#removing;
    this.#removing = true;
    try {
      run();
    } finally {
      this.#removing = outer;
    }
  }

  #addEveryone(): void {
    const at = wholeSeconds(this.#bornAt);
    this.#everyoneId = this.everyone.id();
    this.groupRecords.insert({
      id: this.#everyoneId,
      created: at,
      lastUpdated: at,
      lastMembershipUpdated: at,
      objectClass: ['okta:user_group'],
      type: 'BUILT_IN',
      profile: { ...EVERYONE },
    });
  }

  #requireOktaGroup(groupId: string): DirectoryGroup {
    const group = this.groupRecords.get(groupId);
    if (!group) throw new Error(`No group has the id ${groupId}.`);
    if (group.type === 'BUILT_IN') throw new Error(`${group.profile.name} holds every user; its members cannot be changed.`);
    return group;
  }

  #refuseTakenId(value: string): void {
    if (this.userRecords.has(value) || this.groupRecords.has(value)) throw new Error(`A user or group with id ${value} already exists; give another id or leave it out.`);
  }

  #refuseTakenLogin(login: string): void {
    if (this.userRecords.countWhere('login', login.toLowerCase()) > 0) throw new Error(`A user with login ${login} already exists; logins are unique.`);
  }
}
