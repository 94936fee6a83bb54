import type { ChangeEventType } from '../logs/event-types';
import { groupTarget, userTarget } from '../logs/targets';
import type { ChangeRequest, WriteChangeEvent } from '../logs/writer';
import type { Directory, DirectoryGroup, DirectoryUser } from './store';
import type { UserService } from './users';

// The System Log of the users and groups API: each wrapper runs one change and writes its events,
// so a route logs its change in the one line that makes it.

/** User-lifecycle, group and membership events, written around the changes that make them. */
export class DirectoryChangeLog {
  constructor(
    private readonly write: WriteChangeEvent,
    private readonly directory: Directory,
    private readonly users: UserService,
  ) {}

  /**
   * `user.lifecycle.create`, `user.lifecycle.activate` when it was created active, and one
   * `group.user_membership.add` per group the request put it in (`create` tells `joined` of each).
   * A group an active rule put the new user in is the rule's event, written by the rule.
   */
  userCreated(request: ChangeRequest, create: (joined: (groupId: string) => void) => DirectoryUser): DirectoryUser {
    const joined: string[] = [];
    const user = create((groupId) => joined.push(groupId));
    this.write({ eventType: 'user.lifecycle.create', request, targets: [userTarget(user)] });
    if (user.activated !== null) this.write({ eventType: 'user.lifecycle.activate', request, targets: [userTarget(user)] });
    for (const groupId of joined) this.#membership('group.user_membership.add', request, groupId, user);
    return user;
  }

  /** An event about one user (activate, suspend, profile update, …), written once the change succeeded. */
  user<T>(eventType: ChangeEventType, request: ChangeRequest, idOrLogin: string, change: () => T): T {
    const { id } = this.users.require(idOrLogin);
    const result = change();
    const user = this.directory.user(id);
    if (user) this.write({ eventType, request, targets: [userTarget(user)] });
    return result;
  }

  /** `user.account.update_profile` when the change was given a profile (a change of credentials alone is not one). */
  profileUpdated<T>(request: ChangeRequest, idOrLogin: string, body: unknown, change: () => T): T {
    const hasProfile = typeof body === 'object' && body !== null && (body as { profile?: unknown }).profile !== undefined;
    return hasProfile ? this.user('user.account.update_profile', request, idOrLogin, change) : change();
  }

  /** `DELETE /api/v1/users/{id}`: `user.lifecycle.deactivate` when it deactivated the user, `user.lifecycle.delete.initiated` when it deleted one. */
  userDeleted(request: ChangeRequest, idOrLogin: string, remove: () => void): void {
    const before = this.users.require(idOrLogin);
    remove();
    const after = this.directory.user(before.id);
    this.write({ eventType: after ? 'user.lifecycle.deactivate' : 'user.lifecycle.delete.initiated', request, targets: [userTarget(after ?? before)] });
  }

  /** `group.lifecycle.create` or `group.profile.update`: the group the change answers. */
  group(eventType: 'group.lifecycle.create' | 'group.profile.update', request: ChangeRequest, change: () => DirectoryGroup): DirectoryGroup {
    const group = change();
    this.write({ eventType, request, targets: [groupTarget(group)] });
    return group;
  }

  /** `group.lifecycle.delete`, once the group is gone. */
  groupDeleted(request: ChangeRequest, groupId: string, remove: () => void): void {
    const group = this.directory.group(groupId);
    remove();
    if (group) this.write({ eventType: 'group.lifecycle.delete', request, targets: [groupTarget(group)] });
  }

  /** `group.user_membership.add` or `.remove` when the membership changed (answers whether it did). */
  membership(eventType: 'group.user_membership.add' | 'group.user_membership.remove', request: ChangeRequest, groupId: string, userId: string, change: () => boolean): boolean {
    const changed = change();
    const user = this.directory.user(userId);
    if (changed && user) this.#membership(eventType, request, groupId, user);
    return changed;
  }

  #membership(eventType: 'group.user_membership.add' | 'group.user_membership.remove', request: ChangeRequest, groupId: string, user: DirectoryUser): void {
    const group = this.directory.group(groupId);
    this.write({ eventType, request, targets: [userTarget(user), ...(group ? [groupTarget(group)] : [])] });
  }
}
