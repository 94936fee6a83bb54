import type { Directory } from '../directory/store';
import { appTarget, groupTarget, userTarget } from '../logs/targets';
import type { ChangeRequest, LogEntity, WriteChangeEvent } from '../logs/writer';
import type { AppService } from './service';
import type { StoredApp } from './store';

// The System Log of the apps API: each wrapper runs one change and, when it changed something,
// writes its event, so a route logs its change in the one line that makes it.

/** The app-lifecycle and assignment events, written around the changes that make them. */
export class AppChangeLog {
  constructor(
    private readonly write: WriteChangeEvent,
    private readonly apps: AppService,
    private readonly directory: Directory,
  ) {}

  /** `application.lifecycle.create`: the app `create` answers. */
  created<T extends StoredApp>(request: ChangeRequest, create: () => T): T {
    const app = create();
    this.#app('application.lifecycle.create', request, app);
    return app;
  }

  /** `application.lifecycle.update`: the app `replace` answers. */
  updated<T extends StoredApp>(request: ChangeRequest, replace: () => T): T {
    const app = replace();
    this.#app('application.lifecycle.update', request, app);
    return app;
  }

  /** `application.lifecycle.activate` or `.deactivate`, when the status changed (activating an active app changes nothing). */
  status(request: ChangeRequest, appId: string, status: 'ACTIVE' | 'INACTIVE', change: () => void): void {
    const before = this.apps.require(appId).body.status;
    change();
    if (before !== status) this.#app(status === 'ACTIVE' ? 'application.lifecycle.activate' : 'application.lifecycle.deactivate', request, this.apps.require(appId));
  }

  /** `application.lifecycle.delete`, once the app is gone. */
  deleted(request: ChangeRequest, appId: string, remove: () => void): void {
    const target = this.#target(this.apps.require(appId));
    remove();
    this.write({ eventType: 'application.lifecycle.delete', request, targets: [target] });
  }

  /** `application.user_membership.add` when the user was not assigned to the app (an update of an assignment writes none). */
  userAssigned<T>(request: ChangeRequest, appId: string, userId: string, assign: () => T): T {
    const had = this.apps.require(appId).users.has(userId);
    const result = assign();
    if (!had) this.#user('application.user_membership.add', request, appId, userId);
    return result;
  }

  /** `application.user_membership.remove`, once the assignment is gone. */
  userUnassigned(request: ChangeRequest, appId: string, userId: string, unassign: () => void): void {
    const targets = this.#userTargets(appId, userId);
    unassign();
    this.write({ eventType: 'application.user_membership.remove', request, targets });
  }

  /** `group.application_assignment.add` when the group was not assigned to the app. */
  groupAssigned<T>(request: ChangeRequest, appId: string, groupId: string, assign: () => T): T {
    const had = this.apps.require(appId).groups.has(groupId);
    const result = assign();
    if (!had) this.#group('group.application_assignment.add', request, appId, groupId);
    return result;
  }

  /** `group.application_assignment.remove`, once the assignment is gone. */
  groupUnassigned(request: ChangeRequest, appId: string, groupId: string, unassign: () => void): void {
    const group = this.directory.group(groupId);
    const app = this.#target(this.apps.require(appId));
    unassign();
    this.write({ eventType: 'group.application_assignment.remove', request, targets: [app, ...(group ? [groupTarget(group)] : [])] });
  }

  #target(app: StoredApp): LogEntity {
    return appTarget({ id: app.body.id, label: String(app.body.label ?? ''), signOnMode: app.body.signOnMode });
  }

  #app(eventType: 'application.lifecycle.create' | 'application.lifecycle.update' | 'application.lifecycle.activate' | 'application.lifecycle.deactivate', request: ChangeRequest, app: StoredApp): void {
    this.write({ eventType, request, targets: [this.#target(app)] });
  }

  #userTargets(appId: string, userId: string): LogEntity[] {
    const user = this.directory.user(userId);
    return [this.#target(this.apps.require(appId)), ...(user ? [userTarget(user)] : [])];
  }

  #user(eventType: 'application.user_membership.add', request: ChangeRequest, appId: string, userId: string): void {
    this.write({ eventType, request, targets: this.#userTargets(appId, userId) });
  }

  #group(eventType: 'group.application_assignment.add', request: ChangeRequest, appId: string, groupId: string): void {
    const group = this.directory.group(groupId);
    this.write({ eventType, request, targets: [this.#target(this.apps.require(appId)), ...(group ? [groupTarget(group)] : [])] });
  }
}
