import { groupsCover } from './group-membership';
import type { Directory, DirectoryUser } from '../directory/store';
import { invalidPaging, notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import type { AppService } from './service';
import { wholeSeconds } from '../shared/time';
import type { AppGroupAssignment, AppUserAssignment, StoredApp } from './store';
import { isObject, type Json } from '../shared/json';

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
      // Assigned directly, a user whom a group granted the app is then assigned in its own right.
      scope: input.scope ?? 'USER',
      status: previous?.status ?? 'ACTIVE',
      statusChanged: previous?.statusChanged ?? at,
      passwordChanged: previous?.passwordChanged ?? null,
      syncState: previous?.syncState ?? 'DISABLED',
      credentials: { userName: input.credentials?.userName ?? previous?.credentials.userName ?? user.profile.login },
      profile: input.profile ?? previous?.profile ?? {},
    };
    this.apps.assignUser(appId, assignment);
    return assignment;
  }

  /**
   * Updates an assignment's credentials and profile (`POST …/users/{userId}`), keeping its scope; a
   * user not yet assigned is assigned, as real organizations do (terraform relies on it).
   */
  updateUser(appId: string, userId: string, input: AppUserInput, nowMs: number): AppUserAssignment {
    const current = this.apps.require(appId).users.get(userId);
    return this.assignUser(appId, userId, { ...input, scope: current?.scope ?? input.scope ?? 'USER' }, nowMs);
  }

  /** The assignment of a user, or `E0000007 … (AppUser)`. */
  user(appId: string, userId: string): AppUserAssignment {
    const assignment = this.apps.require(appId).users.get(userId);
    if (!assignment) throw notFound(userId, 'AppUser');
    return assignment;
  }

  /**
   * Removes a user's assignment, or `E0000007 … (AppUser)` when there is none; a user whom a group
   * assigned to the app holds is refused with `E0000046`, as real organizations refuse it.
   */
  unassignUser(appId: string, userId: string): void {
    const app = this.apps.require(appId);
    if (app.users.has(userId) && groupsCover(app, this.directory, userId)) {
      throw new OktaHttpError(403, 'E0000046', 'Deactivate application for user forbidden.', [
        'The application cannot be unassigned from the user while their group memberships grant them access',
      ]);
    }
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

  /** One page of an app's group assignments, by priority (then in assignment order), as real orgs list them. */
  groups(appId: string, limit: number, after: string | undefined): { items: AppGroupAssignment[]; next?: string } {
    return page([...this.apps.require(appId).groups.values()].sort((a, b) => a.priority - b.priority), limit, after);
  }

  /** An app user as the API answers it: an OpenID Connect app's profile carries the claims mapped from the user. */
  render(orgUrl: URL, appId: string, assignment: AppUserAssignment): Json {
    const app = this.apps.require(appId);
    const profile = openIdConnectApp(app) ? { ...openIdProfile(this.directory.user(assignment.id)), ...assignment.profile } : (assignment.profile ?? {});
    return renderAppUser(orgUrl, appId, { ...assignment, profile }, assignment.scope === 'GROUP' ? this.#grantingGroup(app, assignment.id) : undefined);
  }

  /** The first group assigned to the app (in assignment order) that holds the user: what made the user an app user. */
  #grantingGroup(app: StoredApp, userId: string): { id: string; name: string } | undefined {
    for (const groupId of app.groups.keys()) {
      const group = this.directory.group(groupId);
      if (group && this.directory.isMember(groupId, userId)) return { id: groupId, name: group.profile.name };
    }
    return undefined;
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

/** Custom OpenID Connect apps map the user's profile to OpenID claims in their app-user profiles. */
function openIdConnectApp(app: StoredApp): boolean {
  return app.body.signOnMode === 'OPENID_CONNECT' && !app.catalog;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The OpenID Connect claims Okta's default mapping gives an app user, in the order real orgs answer
 * them: names, email, locale and time zone from the user's profile (`en_US` and
 * `America/Los_Angeles` unless set), address and phone where the profile has them, the rest `null`.
 */
function openIdProfile(user: DirectoryUser | undefined): Json {
  const p: Record<string, unknown> = user?.profile ?? {};
  const given = text(p.firstName);
  const family = text(p.lastName);
  return {
    street_address: text(p.streetAddress),
    country: text(p.countryCode),
    website: null,
    zoneinfo: text(p.timezone) ?? 'America/Los_Angeles',
    birthdate: null,
    gender: null,
    formatted: text(p.postalAddress),
    profile: text(p.profileUrl),
    locality: text(p.city),
    given_name: given,
    middle_name: text(p.middleName),
    locale: text(p.locale) ?? 'en_US',
    picture: null,
    name: text(p.displayName) ?? ([given, family].filter(Boolean).join(' ') || null),
    nickname: text(p.nickName),
    phone_number: text(p.mobilePhone),
    region: text(p.state),
    postal_code: text(p.zipCode),
    family_name: family,
    email: text(p.email),
  };
}

/**
 * An app user as the API answers it, with links to the app and the user, and for a user assigned
 * through a group (`scope: GROUP`) to that group, with its name, as real orgs answer.
 */
export function renderAppUser(orgUrl: URL, appId: string, user: AppUserAssignment, through?: { id: string; name: string }): Json {
  const origin = orgUrl.origin;
  return {
    ...user,
    profile: user.profile ?? {},
    _links: {
      app: { href: `${origin}/api/v1/apps/${appId}` },
      user: { href: `${origin}/api/v1/users/${user.id}` },
      ...(through === undefined ? {} : { group: { name: through.name, href: `${origin}/api/v1/groups/${through.id}` } }),
    },
  };
}

/** An app group as the API answers it, with links to the app, itself and the group (in real orgs' order). */
export function renderAppGroup(orgUrl: URL, appId: string, group: AppGroupAssignment): Json {
  const origin = orgUrl.origin;
  return {
    ...group,
    _links: {
      app: { href: `${origin}/api/v1/apps/${appId}` },
      self: { href: `${origin}/api/v1/apps/${appId}/groups/${group.id}` },
      group: { href: `${origin}/api/v1/groups/${group.id}` },
    },
  };
}
