import type { AddGroupInput, AddUserInput, DirectoryGroup, DirectoryUser, UserStatus } from './store';

/**
 * The organization's users and groups, the same directory `/api/v1/users` and `/api/v1/groups`
 * serve, app assignments refer to and the SET receiver looks subjects up in. Changes made here
 * follow the API's rules (a group assigned to an app makes a new member an app user, …).
 */
export interface MockDirectoryState {
  /**
   * Adds a user: `ACTIVE` unless `status` says otherwise, `id` a fresh `00u…`, `email` the login;
   * `groupIds` to join, `profile` for more attributes, `password` (checked, then forgotten), `typeId`
   * (a user type the org has). A duplicate id or login, an unknown group or type, throws.
   */
  addUser(input: AddUserInput): DirectoryUser;
  /** Adds a group (`id` defaults to a fresh `00g…`); a duplicate id or name throws. */
  addGroup(input: AddGroupInput): DirectoryGroup;
  /** A user by id, if any. */
  user(id: string): DirectoryUser | undefined;
  /** The user whose login, or else whose (unshared) email, this is, compared case-insensitively: how a SET subject is matched. */
  findUser(loginOrEmail: string): DirectoryUser | undefined;
  /** A group by id, if any. */
  group(id: string): DirectoryGroup | undefined;
  /** The id of the built-in group Everyone, which every organization has and which holds every user. */
  readonly everyoneGroupId: string;
  /** Every user, in the order they were added. */
  users(): DirectoryUser[];
  /** Every group, Everyone first, then in the order they were added. */
  groups(): DirectoryGroup[];
  /** Puts a user in a group (not Everyone); true when the user was not in it. Unknown ids throw. */
  addMember(groupId: string, userId: string): boolean;
  /** Takes a user out of a group; true when the user was in it. */
  removeMember(groupId: string, userId: string): boolean;
  /** Every member of a group (of Everyone: every user). */
  members(groupId: string): DirectoryUser[];
  /** The groups a user is in, Everyone first. */
  groupsOf(userId: string): DirectoryGroup[];
  /** Sets a user's status (`LOCKED_OUT`, `SUSPENDED`, …) as if it had happened now. An unknown id throws. */
  setUserStatus(userId: string, status: UserStatus): DirectoryUser;
  /** Deletes a user at once (whatever its status), with its memberships and app assignments; true when there was one. */
  deleteUser(userId: string): boolean;
  /** Deletes a group (not Everyone) with its memberships and app assignments; true when there was one. */
  deleteGroup(groupId: string): boolean;
}

/** What the directory capability shows on the backend (`backend.directory`). */
export interface DirectoryBackendState {
  /** The organization's users and groups, whom the assignment endpoints assign. */
  readonly directory: MockDirectoryState;
}
