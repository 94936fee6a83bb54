import { wholeSeconds } from '../shared/time';
import { notFound, permissionDenied, validationFailed } from '../pipeline/okta-errors';
import type { Page } from '../state/indexed-collection';
import { BLANK_FIELD, type FieldIssue } from '../../src/validation/field-issues';
import { matches, parseExpression, singleEquality, type ExpressionRules, type Operator } from './query';
import { ownMember } from './users';
import { pageOrRefuse, type Directory, type DirectoryGroup, type DirectoryUser } from './store';
import { isObject } from '../shared/json';

const EQ: ReadonlySet<Operator> = new Set(['eq']);
const RANGE: ReadonlySet<Operator> = new Set(['eq', 'gt', 'ge', 'lt', 'le']);
const TEXT: ReadonlySet<Operator> = new Set(['eq', 'sw', 'co']);
const GROUP_TIMES = new Set(['created', 'lastUpdated', 'lastMembershipUpdated']);

/** `filter` on groups: `id` and `type` (`eq`), `lastUpdated` and `lastMembershipUpdated` (`eq` and ranges). */
const FILTER_RULES: ExpressionRules = {
  name: 'filter',
  present: false,
  operators: (attribute) => (attribute === 'id' || attribute === 'type' ? EQ : attribute === 'lastUpdated' || attribute === 'lastMembershipUpdated' ? RANGE : undefined),
};

/** `search` on groups: profile attributes (`co` on name and description only) and the top-level properties. */
const SEARCH_RULES: ExpressionRules = {
  name: 'search',
  present: true,
  operators: (attribute) => {
    if (attribute === 'profile.name' || attribute === 'profile.description') return TEXT;
    if (/^profile\.[A-Za-z][A-Za-z0-9_]{0,99}$/.test(attribute) || attribute === 'id' || attribute === 'type') return new Set<Operator>(['eq', 'sw']);
    return GROUP_TIMES.has(attribute) ? RANGE : undefined;
  },
};

/** The longest group name, and the longest description or other profile text. */
const MAX_NAME = 255;
const MAX_TEXT = 1024;
/** The most profile attributes a group holds. */
const MAX_GROUP_ATTRIBUTES = 50;

/** What a list of groups is asked for. */
export interface GroupListQuery {
  q?: string;
  filter?: string;
  search?: string;
  limit: number;
  after?: string;
}

/** The Everyone group and its kind are the organization's: changing them is `E0000006`, as real orgs refuse it. */
function refuseBuiltIn(group: DirectoryGroup): void {
  if (group.type === 'BUILT_IN') throw permissionDenied();
}

/** Reads a group profile: `name` required, `description` optional, other attributes plain values. */
function checkGroupProfile(input: unknown): { profile?: DirectoryGroup['profile']; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  if (!isObject(input)) return { issues: [{ path: 'profile', reason: BLANK_FIELD }] };
  const { name, description, ...rest } = input;
  if (typeof name !== 'string' || name.trim() === '') issues.push({ path: 'name', reason: BLANK_FIELD });
  else if (name.length > MAX_NAME) issues.push({ path: 'name', reason: `Must be at most ${MAX_NAME} characters` });
  if (description !== undefined && description !== null && (typeof description !== 'string' || description.length > MAX_TEXT)) {
    issues.push({ path: 'description', reason: `Must be a string of at most ${MAX_TEXT} characters` });
  }
  const extra = Object.entries(rest);
  if (extra.length > MAX_GROUP_ATTRIBUTES) issues.push({ path: 'profile', reason: `Must have at most ${MAX_GROUP_ATTRIBUTES} attributes` });
  for (const [key, value] of extra.slice(0, MAX_GROUP_ATTRIBUTES)) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(key)) issues.push({ path: `profile.${key.slice(0, 100)}`, reason: 'Not an attribute name: use letters, digits and underscores, a letter first' });
    else if (!(value === null || typeof value === 'boolean' || typeof value === 'number' || (typeof value === 'string' && value.length <= MAX_TEXT))) {
      issues.push({ path: key, reason: `Must be a string of at most ${MAX_TEXT} characters, a number, a boolean or null` });
    }
  }
  if (issues.length) return { issues };
  return { profile: { ...Object.fromEntries(extra), name: name as string, description: typeof description === 'string' ? description : null }, issues };
}

/**
 * The groups API's rules over the directory: create, read, list (`q`, `filter`, `search`), replace,
 * delete, and membership. Everyone cannot be changed; deleting a group ends its app assignments.
 */
export class GroupService {
  constructor(
    private readonly directory: Directory,
    private readonly newId: (prefix: string) => string,
  ) {}

  /** The group, or `E0000007 … (UserGroup)`. */
  require(groupId: string): DirectoryGroup {
    const group = this.directory.group(groupId);
    if (!group) throw notFound(groupId, 'UserGroup');
    return group;
  }

  /** `POST /api/v1/groups`: a group of type `OKTA_GROUP`; a name already taken is refused. */
  create(body: unknown, nowMs: number): DirectoryGroup {
    this.directory.refuseFull('group');
    const profile = this.#profile(body, undefined);
    const at = wholeSeconds(nowMs);
    const group: DirectoryGroup = { id: this.newId('00g'), created: at, lastUpdated: at, lastMembershipUpdated: at, objectClass: ['okta:user_group'], type: 'OKTA_GROUP', profile };
    this.directory.insertGroup(group);
    return group;
  }

  /** `PUT /api/v1/groups/{groupId}`: replaces the profile. */
  replace(groupId: string, body: unknown, nowMs: number): DirectoryGroup {
    const group = this.require(groupId);
    refuseBuiltIn(group);
    const next = { ...group, profile: this.#profile(body, group), lastUpdated: wholeSeconds(nowMs) };
    this.directory.updateGroup(next);
    return next;
  }

  /** `DELETE /api/v1/groups/{groupId}`: its app assignments end (and the app users only it granted), then its memberships. */
  delete(groupId: string, nowMs: number): void {
    const group = this.require(groupId);
    refuseBuiltIn(group);
    this.directory.listener?.groupDeleting(groupId);
    this.directory.removeGroup(groupId, nowMs);
  }

  /** `PUT /api/v1/groups/{groupId}/users/{userId}`: adds a member (already one: nothing changes); true when added. */
  addMember(groupId: string, userId: string, nowMs: number): boolean {
    const group = this.require(groupId);
    const user = this.#user(userId);
    refuseBuiltIn(group);
    return this.directory.addMember(group.id, user.id, nowMs);
  }

  /** `DELETE /api/v1/groups/{groupId}/users/{userId}`: removes a member (not one: nothing changes); true when removed. */
  removeMember(groupId: string, userId: string, nowMs: number): boolean {
    const group = this.require(groupId);
    const user = this.#user(userId);
    refuseBuiltIn(group);
    return this.directory.removeMember(group.id, user.id, nowMs);
  }

  /** One page of a group's members. */
  members(groupId: string, limit: number, after: string | undefined): Page<DirectoryUser> {
    const group = this.require(groupId);
    return pageOrRefuse(() => this.directory.members(group.id, limit, after));
  }

  /** The groups a user is in, Everyone first. */
  of(userId: string): DirectoryGroup[] {
    return this.directory.groupsOf(userId);
  }

  /**
   * One page of groups, Everyone first: with `q`, those whose name starts with it (one page, as
   * Okta's auto-complete lookup); with `filter` or `search`, those matching.
   */
  list(query: GroupListQuery): Page<DirectoryGroup> {
    const filter = query.filter === undefined ? undefined : parseExpression(query.filter, FILTER_RULES);
    const search = query.search === undefined ? undefined : parseExpression(query.search, SEARCH_RULES);
    const q = query.q?.toLowerCase();
    const read = (group: DirectoryGroup) => (attribute: string) => ownMember(attribute.startsWith('profile.') ? group.profile : group, attribute.replace(/^profile\./, ''));
    const where =
      filter === undefined && search === undefined && q === undefined
        ? undefined
        : (group: DirectoryGroup) =>
            (filter === undefined || matches(filter, read(group), false)) &&
            (search === undefined || matches(search, read(group), true)) &&
            (q === undefined || group.profile.name.toLowerCase().startsWith(q));
    const type = filter && singleEquality(filter)?.attribute === 'type' ? singleEquality(filter)!.value : undefined;
    const page = pageOrRefuse(() => this.directory.groupRecords.page({ limit: query.limit, after: query.after, where, index: type === undefined ? undefined : ['type', type] }));
    return q === undefined ? page : { items: page.items };
  }

  #profile(body: unknown, current: DirectoryGroup | undefined): DirectoryGroup['profile'] {
    const { profile, issues } = checkGroupProfile(isObject(body) ? body.profile : undefined);
    if (issues.length) throw validationFailed(issues);
    const renamed = current === undefined || current.profile.name.toLowerCase() !== profile!.name.toLowerCase();
    if (renamed && this.directory.groupRecords.countWhere('name', profile!.name.toLowerCase()) > 0) {
      throw validationFailed([{ path: 'name', reason: 'An object with this field already exists in the current organization' }]);
    }
    return profile!;
  }

  #user(userId: string): DirectoryUser {
    const user = this.directory.user(userId);
    if (!user) throw notFound(userId, 'User');
    return user;
  }
}
