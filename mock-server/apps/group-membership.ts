import type { AppService } from './service';
import { wholeSeconds } from '../shared/time';
import type { StoredApp } from './store';
import type { Directory, DirectoryListener } from '../directory/store';

/** Everything a collection holds, one page at a time (its pages stay right while it changes). */
function* everyApp(apps: AppService, index: 'group.id' | 'user.id', key: string): Generator<StoredApp> {
  let after: string | undefined;
  do {
    const page = apps.apps.page({ limit: 200, after, index: [index, key] });
    yield* page.items;
    after = page.next;
  } while (after !== undefined);
}

/** Whether one of the groups assigned to the app holds the user. */
export function groupsCover(app: StoredApp, directory: Directory, userId: string): boolean {
  for (const groupId of app.groups.keys()) if (directory.isMember(groupId, userId)) return true;
  return false;
}

/**
 * Group assignments seen as app users, as Okta keeps them: assigning a group to an app makes each
 * of its members an app user with `scope: GROUP` (a member added later too); a user assigned
 * directly keeps `scope: USER`. When a group assignment or a membership goes, the app users it
 * alone granted go with it; when a user is deleted, every assignment of the user goes.
 */
export class GroupAppUsers implements DirectoryListener {
  constructor(
    private readonly apps: AppService,
    private readonly directory: Directory,
  ) {}

  /** A group is being deleted: each of its app assignments ends (and the app users only it granted). */
  groupDeleting(groupId: string): void {
    for (;;) {
      const [app] = this.apps.apps.page({ limit: 1, index: ['group.id', groupId] }).items;
      if (!app) break;
      this.apps.unassignGroup(app.body.id, groupId);
    }
  }

  /** A group was assigned to an app: its members become app users. */
  groupAssigned(appId: string, groupId: string, nowMs: number): void {
    const app = this.apps.require(appId);
    let after: string | undefined;
    do {
      const page = this.directory.members(groupId, 500, after);
      for (const user of page.items) this.#grant(app, user.id, nowMs);
      after = page.next;
    } while (after !== undefined);
  }

  /** A group's assignment to an app was removed: the app users only it granted are removed. */
  groupUnassigned(appId: string, groupId: string): void {
    const app = this.apps.require(appId);
    for (const assignment of [...app.users.values()]) {
      if (assignment.scope === 'GROUP' && this.directory.isMember(groupId, assignment.id)) this.#revokeUnlessCovered(app, assignment.id);
    }
  }

  /** A user joined a group: each app the group is assigned to gets the user as an app user. */
  memberAdded(groupId: string, userId: string, nowMs: number): void {
    for (const app of everyApp(this.apps, 'group.id', groupId)) this.#grant(app, userId, nowMs);
  }

  /** A user left a group (or was deleted): the app users that group alone granted go. */
  memberRemoved(groupId: string, userId: string): void {
    if (!this.directory.user(userId)) {
      for (const app of everyApp(this.apps, 'user.id', userId)) this.apps.unassignUser(app.body.id, userId);
      return;
    }
    for (const app of everyApp(this.apps, 'group.id', groupId)) {
      if (app.users.get(userId)?.scope === 'GROUP') this.#revokeUnlessCovered(app, userId);
    }
  }

  #grant(app: StoredApp, userId: string, nowMs: number): void {
    if (app.users.has(userId)) return;
    const user = this.directory.user(userId);
    if (!user) return;
    const at = wholeSeconds(nowMs);
    this.apps.assignUser(app.body.id, {
      id: userId,
      externalId: null,
      created: at,
      lastUpdated: at,
      scope: 'GROUP',
      status: 'ACTIVE',
      statusChanged: at,
      passwordChanged: null,
      syncState: 'DISABLED',
      credentials: { userName: user.profile.login },
      profile: {},
    });
  }

  #revokeUnlessCovered(app: StoredApp, userId: string): void {
    // Checked after the change: the user may still be in another group assigned to the app.
    if (!groupsCover(app, this.directory, userId)) this.apps.unassignUser(app.body.id, userId);
  }
}
