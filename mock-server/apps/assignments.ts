import type { Directory } from '../directory/store';
import { invalidPaging, notFound, validationFailed } from '../http/okta-errors';
import type { AppService } from './service';
import { wholeSeconds } from './service';
import type { AppGroupAssignment, AppUserAssignment } from './store';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What `POST /api/v1/apps/{appId}/users` (with the user's `id`), `POST …/users/{userId}` or `PUT …/users/{userId}` may set. */
export interface AppUserInput {
  scope?: 'USER' | 'GROUP';
  credentials?: { userName?: string };
  profile?: Record<string, unknown>;
}

/** What `PUT /api/v1/apps/{appId}/groups/{groupId}` may set. */
export interface AppGroupInput {
  priority?: number;
  profile?: Record<string, unknown>;
}

/** The largest app-specific profile, in serialized bytes, an assignment keeps. */
const MAX_PROFILE_BYTES = 64 * 1024;

function checkProfile(value: unknown, issues: Array<{ path: string; reason: string }>): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    issues.push({ path: 'profile', reason: 'Must be an object of app-specific attributes' });
    return undefined;
  }
  if (JSON.stringify(value).length > MAX_PROFILE_BYTES) issues.push({ path: 'profile', reason: `Must be at most ${MAX_PROFILE_BYTES} bytes` });
  return value;
}

/** Checks an app-user body; a refused member is `E0000001`. */
export function parseAppUserInput(body: unknown): AppUserInput {
  if (body === null || body === undefined) return {};
  if (!isObject(body)) throw validationFailed([{ path: 'body', reason: 'Must be a JSON object' }]);
  const issues: Array<{ path: string; reason: string }> = [];
  const out: AppUserInput = {};
  if (body.scope !== undefined) {
    if (body.scope === 'USER' || body.scope === 'GROUP') out.scope = body.scope;
    else issues.push({ path: 'scope', reason: 'Not one of the allowed values (USER, GROUP)' });
  }
  if (body.credentials !== undefined && body.credentials !== null) {
    const userName = isObject(body.credentials) ? body.credentials.userName : undefined;
    if (!isObject(body.credentials) || (userName !== undefined && (typeof userName !== 'string' || userName === '' || userName.length > 1024))) {
      issues.push({ path: 'credentials.userName', reason: 'Must be a non-empty string of at most 1024 characters' });
    } else if (typeof userName === 'string') {
      out.credentials = { userName };
    }
  }
  const profile = checkProfile(body.profile, issues);
  if (profile) out.profile = profile;
  if (issues.length) throw validationFailed(issues);
  return out;
}

/** Checks an app-group body; a refused member is `E0000001`. */
export function parseAppGroupInput(body: unknown): AppGroupInput {
  if (body === null || body === undefined) return {};
  if (!isObject(body)) throw validationFailed([{ path: 'body', reason: 'Must be a JSON object' }]);
  const issues: Array<{ path: string; reason: string }> = [];
  const out: AppGroupInput = {};
  if (body.priority !== undefined && body.priority !== null) {
    if (typeof body.priority === 'number' && Number.isInteger(body.priority) && body.priority >= 0 && body.priority <= 100_000) out.priority = body.priority;
    else issues.push({ path: 'priority', reason: 'Must be a whole number from 0 to 100000' });
  }
  const profile = checkProfile(body.profile, issues);
  if (profile) out.profile = profile;
  if (issues.length) throw validationFailed(issues);
  return out;
}

/**
 * App-user and app-group assignments over the app service and the directory: an assignment names a
 * user or group the directory holds, and is what `filter=user.id …`, `filter=group.id …` and
 * `expand=user/{id}` find.
 */
export class Assignments {
  constructor(
    private readonly apps: AppService,
    private readonly directory: Directory,
  ) {}

  /** Assigns a directory user to an app, or updates the assignment. */
  assignUser(appId: string, userId: string, input: AppUserInput, nowMs: number): AppUserAssignment {
    const app = this.apps.require(appId);
    const user = this.directory.user(userId);
    if (!user) throw notFound(userId, 'User');
    const at = wholeSeconds(nowMs);
    const previous = app.users.get(userId);
    const assignment: AppUserAssignment = {
      id: userId,
      externalId: previous?.externalId ?? null,
      created: previous?.created ?? at,
      lastUpdated: at,
      scope: input.scope ?? previous?.scope ?? 'USER',
      status: previous?.status ?? 'ACTIVE',
      statusChanged: previous?.statusChanged ?? at,
      passwordChanged: previous?.passwordChanged ?? null,
      syncState: previous?.syncState ?? 'DISABLED',
      lastSync: previous?.lastSync ?? null,
      credentials: { userName: input.credentials?.userName ?? previous?.credentials.userName ?? user.profile.login },
      profile: input.profile ?? previous?.profile ?? {},
    };
    this.apps.assignUser(appId, assignment);
    return assignment;
  }

  /**
   * Updates an existing assignment's credentials and profile (`POST …/users/{userId}`); a user who is
   * not assigned is `E0000007 … (AppUser)`. The scope is not changed by an update.
   */
  updateUser(appId: string, userId: string, input: AppUserInput, nowMs: number): AppUserAssignment {
    this.user(appId, userId);
    const { scope: _scope, ...update } = input;
    return this.assignUser(appId, userId, update, nowMs);
  }

  /** The assignment of a user, or `E0000007 … (AppUser)`. */
  user(appId: string, userId: string): AppUserAssignment {
    const assignment = this.apps.require(appId).users.get(userId);
    if (!assignment) throw notFound(userId, 'AppUser');
    return assignment;
  }

  /** Removes a user's assignment, or `E0000007 … (AppUser)` when there is none. */
  unassignUser(appId: string, userId: string): void {
    if (!this.apps.unassignUser(appId, userId)) throw notFound(userId, 'AppUser');
  }

  /** Assigns a directory group to an app, or updates the assignment. */
  assignGroup(appId: string, groupId: string, input: AppGroupInput, nowMs: number): AppGroupAssignment {
    this.apps.require(appId);
    if (!this.directory.group(groupId)) throw notFound(groupId, 'UserGroup');
    return this.apps.assignGroup(appId, groupId, nowMs, input);
  }

  /** The assignment of a group, or `E0000007 … (AppGroup)`. */
  group(appId: string, groupId: string): AppGroupAssignment {
    const assignment = this.apps.require(appId).groups.get(groupId);
    if (!assignment) throw notFound(groupId, 'AppGroup');
    return assignment;
  }

  /** Removes a group's assignment, or `E0000007 … (AppGroup)` when there is none. */
  unassignGroup(appId: string, groupId: string): void {
    if (!this.apps.unassignGroup(appId, groupId)) throw notFound(groupId, 'AppGroup');
  }

  /** One page of an app's user assignments, in assignment order. */
  users(appId: string, limit: number, after: string | undefined): { items: AppUserAssignment[]; next?: string } {
    return page([...this.apps.require(appId).users.values()], limit, after);
  }

  /** One page of an app's group assignments, in assignment order. */
  groups(appId: string, limit: number, after: string | undefined): { items: AppGroupAssignment[]; next?: string } {
    return page([...this.apps.require(appId).groups.values()], limit, after);
  }
}

/**
 * A page after the item whose id is `after` (the cursor real organizations use for these lists);
 * an id not in the list is `E0000029`.
 */
function page<T extends { id: string }>(all: T[], limit: number, after: string | undefined): { items: T[]; next?: string } {
  let start = 0;
  if (after !== undefined) {
    const at = all.findIndex((item) => item.id === after);
    if (at === -1) throw invalidPaging();
    start = at + 1;
  }
  const items = all.slice(start, start + limit);
  const more = start + limit < all.length;
  return more ? { items, next: items[items.length - 1]!.id } : { items };
}

/** An app user as the API answers it, with links to the app and the user. */
export function renderAppUser(orgUrl: URL, appId: string, user: AppUserAssignment): Json {
  const origin = orgUrl.origin;
  return {
    ...user,
    profile: user.profile ?? {},
    _links: {
      app: { href: `${origin}/api/v1/apps/${appId}` },
      user: { href: `${origin}/api/v1/users/${user.id}` },
    },
  };
}

/** An app group as the API answers it, with links to the app and the group. */
export function renderAppGroup(orgUrl: URL, appId: string, group: AppGroupAssignment): Json {
  const origin = orgUrl.origin;
  return {
    ...group,
    _links: {
      app: { href: `${origin}/api/v1/apps/${appId}` },
      group: { href: `${origin}/api/v1/groups/${group.id}` },
    },
  };
}
