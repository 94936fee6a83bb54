import { BLANK_FIELD, type FieldIssue } from '../../src/validation/field-issues';
import type { Directory, DirectoryUser, DirectoryWatcher } from '../directory/store';
import { groupRuleTarget, groupTarget, userTarget } from '../logs/targets';
import type { ChangeRequest, WriteChangeEvent } from '../logs/writer';
import { notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { isObject } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { IndexedCollection, type Page } from '../state/indexed-collection';
import { compileExpression, ExpressionError, type CompiledExpression, type ExpressionSubject } from './expression';
import { MAX_GROUP_RULES, MAX_RULE_EXCLUSIONS, MAX_RULE_GROUPS, MAX_RULE_NAME, type GroupRuleRecord, type StoredGroupRule } from './store';

/** The only expression type group rules take. */
export const EXPRESSION_TYPE = 'urn:okta:expression:1.0';

/** User statuses a rule does not move into groups, as Okta's help says: pending (staged, provisioned) and deactivated users. */
const NOT_MOVED = new Set(['STAGED', 'PROVISIONED', 'DEPROVISIONED']);

/** What a create or replace asks for, once checked. */
interface RuleInput {
  name: string;
  expression: string;
  compiled: CompiledExpression;
  excludeUserIds: string[];
  groupIds: string[];
}

const TAKEN = 'An object with this field already exists in the current organization';

/** The refusal of an expression outside the language's subset: `E0000001` naming the expression and why. */
function invalidExpression(expression: string, reason: string): OktaHttpError {
  return new OktaHttpError(400, 'E0000001', 'Api validation failed: validateRule', [
    `Invalid expression ${JSON.stringify(expression.slice(0, 200))}: ${reason}. Group rules take user.<attribute> with == or !=, String.stringContains, String.startsWith, String.endsWith, String.toLowerCase, String.toUpperCase, Arrays.contains, isMemberOfAnyGroup and isMemberOfGroup, joined with &&, ||, ! and parentheses.`,
  ]);
}

/** A list of ids, each a non-empty string of at most 100 characters, at most `max` of them. */
function idList(value: unknown, path: string, max: number, issues: FieldIssue[]): string[] | undefined {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '' || v.length > 100)) {
    issues.push({ path, reason: 'Must be an array of ids' });
    return undefined;
  }
  if (value.length > max) {
    issues.push({ path, reason: `Must hold at most ${max} ids` });
    return undefined;
  }
  return [...new Set(value as string[])];
}

/**
 * Okta's group rules over the directory: create (always `INACTIVE`), read, list, replace (an
 * inactive rule), activate, deactivate and delete. An active rule puts every user its expression
 * matches into its groups (and so into the apps those groups are assigned to), when it is activated
 * and whenever a user is added or changes, or a membership changes; a user it manages who stops
 * matching leaves those groups. As Okta's help says, deactivating a rule leaves its members where
 * they are, and deleting one removes them only with `removeUsers=true`. A deleted group makes the
 * rules that assign to it `INVALID`.
 */
export class GroupRules implements DirectoryWatcher {
  readonly rules = new IndexedCollection({
    id: (rule: GroupRuleRecord) => rule.id,
    indexes: { status: (rule: GroupRuleRecord) => [rule.status], group: (rule: GroupRuleRecord) => rule.groupIds },
  });
  /** The users each rule manages, by rule id (a set: every user change asks it). */
  readonly #managed = new Map<string, Set<string>>();
  /** Compiled expressions by rule id (every stored rule's parsed). */
  readonly #compiled = new Map<string, CompiledExpression>();
  /** Set while the rules change memberships: what they do does not set off the rules again. */
  #applying = false;
  /** Which rules hold one user in which groups ({@link GroupRules.#holders}), for that user's record as it was; forgotten when a rule changes. */
  #held: { user: DirectoryUser; holders: Map<string, string[]> } | undefined;

  constructor(
    private readonly directory: Directory,
    private readonly newId: (prefix: string) => string,
    private readonly write: WriteChangeEvent,
  ) {}

  /** The rule, or `E0000007 … (GroupRule)`. */
  require(id: string): GroupRuleRecord {
    const rule = this.rules.get(id);
    if (!rule) throw notFound(id, 'GroupRule');
    return rule;
  }

  /** `POST /api/v1/groups/rules`: an `INACTIVE` rule. */
  create(body: unknown, nowMs: number): GroupRuleRecord {
    if (this.rules.size >= MAX_GROUP_RULES) throw new OktaHttpError(400, 'E0000001', 'Api validation failed: groupRule', [`groupRule: An organization has at most ${MAX_GROUP_RULES} group rules`]);
    const input = this.#check(body, undefined);
    const at = wholeSeconds(nowMs);
    const rule: GroupRuleRecord = { id: this.newId('0pr'), name: input.name, status: 'INACTIVE', created: at, lastUpdated: at, expression: input.expression, excludeUserIds: input.excludeUserIds, groupIds: input.groupIds };
    this.#held = undefined;
    this.rules.insert(rule);
    this.#managed.set(rule.id, new Set());
    this.#compiled.set(rule.id, input.compiled);
    return rule;
  }

  /** `PUT /api/v1/groups/rules/{id}`: an inactive rule's name, expression and exclusions (its groups cannot change, as in Okta). */
  replace(id: string, body: unknown, nowMs: number): GroupRuleRecord {
    const rule = this.require(id);
    if (rule.status === 'ACTIVE') throw validationFailed([{ path: 'status', reason: 'An active rule cannot be changed; deactivate it first' }]);
    const input = this.#check(body, rule);
    const next: GroupRuleRecord = { ...rule, name: input.name, expression: input.expression, excludeUserIds: input.excludeUserIds, lastUpdated: wholeSeconds(nowMs) };
    this.#held = undefined;
    this.rules.update(id, next);
    this.#compiled.set(id, input.compiled);
    return next;
  }

  /** Activates a rule (idempotent) and applies it to every user; an `INVALID` rule cannot be. */
  activate(id: string, nowMs: number, request: ChangeRequest): void {
    const rule = this.require(id);
    if (rule.status === 'ACTIVE') return;
    if (rule.status === 'INVALID') throw validationFailed([{ path: 'actions.assignUserToGroups.groupIds', reason: 'A group this rule assigns to no longer exists; delete the rule and make another' }]);
    this.#store({ ...rule, status: 'ACTIVE', lastUpdated: wholeSeconds(nowMs) });
    this.write({ eventType: 'group.user_membership.rule.trigger', request, targets: [groupRuleTarget(rule)] });
    for (const user of this.directory.users()) this.#apply(this.require(id), user, nowMs);
  }

  /** Deactivates a rule (idempotent): the memberships it made stay. */
  deactivate(id: string, nowMs: number, request: ChangeRequest): void {
    const rule = this.require(id);
    if (rule.status !== 'ACTIVE') return;
    this.#store({ ...rule, status: 'INACTIVE', lastUpdated: wholeSeconds(nowMs) });
    this.write({ eventType: 'group.user_membership.rule.deactivated', request, targets: [groupRuleTarget(rule)] });
  }

  /** Deletes an inactive rule; with `removeUsers`, the users it manages leave its groups. */
  delete(id: string, removeUsers: boolean, nowMs: number): void {
    const rule = this.require(id);
    if (rule.status === 'ACTIVE') throw validationFailed([{ path: 'status', reason: 'An active rule cannot be deleted; deactivate it first' }]);
    const managed = this.managedUsers(id);
    this.#held = undefined;
    this.rules.delete(id);
    this.#compiled.delete(id);
    this.#managed.delete(id);
    if (!removeUsers) return;
    this.#applying = true;
    try {
      for (const userId of managed) for (const groupId of rule.groupIds) this.#leave(rule, groupId, userId, nowMs);
    } finally {
      this.#applying = false;
    }
  }

  /** One page of rules in creation order, those whose name holds `search` (any case) when given. */
  list(limit: number, after: string | undefined, search: string | undefined): Page<GroupRuleRecord> {
    const keyword = search?.toLowerCase();
    return this.rules.page({ limit, after, where: keyword === undefined ? undefined : (rule) => rule.name.toLowerCase().includes(keyword) });
  }

  /** Empties the rules (a reset). */
  clear(): void {
    this.#held = undefined;
    this.rules.clear();
    this.#compiled.clear();
    this.#managed.clear();
  }

  /** The users a rule manages, in the order it took them. */
  managedUsers(id: string): string[] {
    return [...(this.#managed.get(id) ?? [])];
  }

  /** Every rule as a snapshot keeps it. */
  take(): StoredGroupRule[] {
    return [...this.rules.values()].map((rule) => ({ ...structuredClone(rule), managedUserIds: this.managedUsers(rule.id) }));
  }

  /** Loads rules as a snapshot kept them (checked first), telling no one. */
  load(rules: readonly StoredGroupRule[]): void {
    this.#held = undefined;
    for (const rule of rules) {
      const { managedUserIds, ...record } = rule;
      this.rules.insert({ ...record, excludeUserIds: [...rule.excludeUserIds], groupIds: [...rule.groupIds] });
      this.#managed.set(rule.id, new Set(managedUserIds));
      this.#compiled.set(rule.id, compileExpression(rule.expression));
    }
  }

  /** Whether a snapshot's expression is one the rules take: the reason when not. */
  static expressionProblem(expression: string): string | undefined {
    try {
      compileExpression(expression);
      return undefined;
    } catch (error) {
      if (error instanceof ExpressionError) return error.message;
      throw error;
    }
  }

  userChanged(userId: string, nowMs: number): void {
    this.#reevaluate(userId, nowMs);
  }

  /**
   * A membership changed. A user taken out by hand of a group an active rule put them in joins the
   * rule's exclusions, as Okta does (else the rule would put them straight back).
   */
  membershipChanged(groupId: string, userId: string, nowMs: number): void {
    if (this.#applying) return;
    if (!this.directory.isMember(groupId, userId)) {
      for (const rule of this.rules.page({ limit: MAX_GROUP_RULES, index: ['group', groupId] }).items) {
        const managed = this.#managed.get(rule.id);
        if (rule.status !== 'ACTIVE' || !managed?.has(userId) || rule.excludeUserIds.length >= MAX_RULE_EXCLUSIONS) continue;
        this.#store({ ...rule, excludeUserIds: [...rule.excludeUserIds, userId] });
        managed.delete(userId);
        const user = this.directory.user(userId);
        if (user) this.write({ eventType: 'group.user_membership.rule.add_exclusion', targets: [userTarget(user), groupRuleTarget(rule)] });
      }
    }
    this.#reevaluate(userId, nowMs);
  }

  userRemoved(userId: string): void {
    for (const managed of this.#managed.values()) managed.delete(userId);
  }

  groupRemoved(groupId: string, nowMs: number): void {
    for (const rule of this.rules.page({ limit: MAX_GROUP_RULES, index: ['group', groupId] }).items) {
      if (rule.status === 'INVALID') continue;
      this.#store({ ...rule, status: 'INVALID', lastUpdated: wholeSeconds(nowMs) });
      this.write({ eventType: 'group.user_membership.rule.invalidate', targets: [groupRuleTarget(rule)] });
    }
  }

  #reevaluate(userId: string, nowMs: number): void {
    if (this.#applying || this.rules.countWhere('status', 'ACTIVE') === 0) return;
    // What changed outside the rules may have changed the user in place: start afresh.
    this.#held = undefined;
    for (const rule of this.rules.page({ limit: MAX_GROUP_RULES, index: ['status', 'ACTIVE'] }).items) {
      const user = this.directory.user(userId);
      if (!user) return;
      this.#apply(this.rules.get(rule.id)!, user, nowMs);
    }
  }

  /** Brings one user's membership of an active rule's groups in line with its expression. */
  #apply(rule: GroupRuleRecord, user: DirectoryUser, nowMs: number): void {
    if (NOT_MOVED.has(user.status)) return;
    const matches = !rule.excludeUserIds.includes(user.id) && this.#matches(rule, user);
    const managedSet = this.#managed.get(rule.id) ?? new Set<string>();
    const managed = managedSet.has(user.id);
    if (!matches && !managed) return;
    this.#applying = true;
    try {
      if (matches) {
        for (const groupId of rule.groupIds) {
          if (this.directory.group(groupId) && this.directory.addMember(groupId, user.id, nowMs)) this.#logMembership('group.user_membership.add', rule, groupId, user.id);
        }
        managedSet.add(user.id);
      } else {
        for (const groupId of rule.groupIds) this.#leave(rule, groupId, user.id, nowMs);
        managedSet.delete(user.id);
      }
    } finally {
      this.#applying = false;
    }
  }

  /** Takes a user the rule manages out of one of its groups, unless another active rule that assigns to it still matches the user. */
  #leave(rule: GroupRuleRecord, groupId: string, userId: string, nowMs: number): void {
    const user = this.directory.user(userId);
    if (!user) return;
    const kept = (this.#holders(user).get(groupId) ?? []).some((holder) => holder !== rule.id);
    if (!kept && this.directory.removeMember(groupId, userId, nowMs)) this.#logMembership('group.user_membership.remove', rule, groupId, userId);
  }

  /**
   * For each group, the active rules that match the user (and do not exclude them) and assign to
   * it. Worked out once per state of the user and of the rules (every change of a user replaces its
   * record; every change of a rule forgets it): asking it again for each group a rule leaves would
   * match every rule of the group each time, rules × groups × rules in one request.
   */
  #holders(user: DirectoryUser): Map<string, string[]> {
    if (this.#held?.user === user) return this.#held.holders;
    const holders = new Map<string, string[]>();
    const subject = this.#subject(user);
    for (const rule of this.rules.page({ limit: MAX_GROUP_RULES, index: ['status', 'ACTIVE'] }).items) {
      if (rule.excludeUserIds.includes(user.id) || !this.#matches(rule, user, subject)) continue;
      for (const groupId of rule.groupIds) {
        const list = holders.get(groupId);
        if (list) list.push(rule.id);
        else holders.set(groupId, [rule.id]);
      }
    }
    this.#held = { user, holders };
    return holders;
  }

  #subject(user: DirectoryUser): ExpressionSubject {
    const groups = new Set(user.groupIds);
    return { attribute: (name) => (Object.hasOwn(user.profile, name) ? user.profile[name] : undefined), isMember: (groupId) => groupId === this.directory.everyoneId || groups.has(groupId) };
  }

  #matches(rule: GroupRuleRecord, user: DirectoryUser, subject: ExpressionSubject = this.#subject(user)): boolean {
    const compiled = this.#compiled.get(rule.id);
    if (!compiled) return false;
    return compiled(subject) === true;
  }

  #logMembership(eventType: 'group.user_membership.add' | 'group.user_membership.remove', rule: GroupRuleRecord, groupId: string, userId: string): void {
    const user = this.directory.user(userId);
    const group = this.directory.group(groupId);
    if (!user || !group) return;
    this.write({ eventType, targets: [userTarget(user), groupTarget(group)], debugData: { groupRuleId: rule.id, groupRuleName: rule.name } });
  }

  #store(rule: GroupRuleRecord): void {
    this.#held = undefined;
    this.rules.update(rule.id, rule);
  }

  /** Checks a create or replace body; on replace, the groups must stay those of `current`. */
  #check(body: unknown, current: GroupRuleRecord | undefined): RuleInput {
    const issues: FieldIssue[] = [];
    if (!isObject(body)) throw validationFailed([{ path: 'name', reason: BLANK_FIELD }]);
    const { name, type, conditions, actions } = body;
    if (type !== undefined && type !== 'group_rule') issues.push({ path: 'type', reason: 'Must be group_rule' });
    if (typeof name !== 'string' || name.trim() === '') issues.push({ path: 'name', reason: BLANK_FIELD });
    else if (name.length > MAX_RULE_NAME) issues.push({ path: 'name', reason: `Must be at most ${MAX_RULE_NAME} characters` });
    else if (this.rules.page({ limit: 1, where: (r) => r.id !== current?.id && r.name.toLowerCase() === name.toLowerCase() }).items.length > 0) issues.push({ path: 'name', reason: TAKEN });
    const c = isObject(conditions) ? conditions : {};
    const expression = isObject(c.expression) ? c.expression : {};
    if (expression.type !== undefined && expression.type !== EXPRESSION_TYPE) issues.push({ path: 'conditions.expression.type', reason: `Must be ${EXPRESSION_TYPE}` });
    const value = expression.value;
    if (typeof value !== 'string' || value.trim() === '') issues.push({ path: 'conditions.expression.value', reason: BLANK_FIELD });
    const people = isObject(c.people) ? c.people : {};
    const users = isObject(people.users) ? people.users : {};
    const excludeUserIds = users.exclude === undefined || users.exclude === null ? [] : idList(users.exclude, 'conditions.people.users.exclude', MAX_RULE_EXCLUSIONS, issues);
    const groups = isObject(people.groups) ? people.groups : {};
    if (Array.isArray(groups.exclude) && groups.exclude.length > 0) issues.push({ path: 'conditions.people.groups.exclude', reason: 'Excluding groups is not supported' });
    const assign = isObject(actions) && isObject(actions.assignUserToGroups) ? actions.assignUserToGroups : {};
    const groupIds = assign.groupIds === undefined ? undefined : idList(assign.groupIds, 'actions.assignUserToGroups.groupIds', MAX_RULE_GROUPS, issues);
    if (groupIds === undefined || groupIds.length === 0) {
      if (!issues.some((i) => i.path === 'actions.assignUserToGroups.groupIds')) issues.push({ path: 'actions.assignUserToGroups.groupIds', reason: BLANK_FIELD });
    } else if (current !== undefined) {
      if (groupIds.length !== current.groupIds.length || groupIds.some((id) => !current.groupIds.includes(id))) issues.push({ path: 'actions.assignUserToGroups.groupIds', reason: "A rule's groups cannot be changed; delete it and make another" });
    } else {
      groupIds.forEach((id, i) => {
        const group = this.directory.group(id);
        if (!group) issues.push({ path: `actions.assignUserToGroups.groupIds[${i}]`, reason: `No group has the id ${id}` });
        else if (group.type !== 'OKTA_GROUP') issues.push({ path: `actions.assignUserToGroups.groupIds[${i}]`, reason: `Rules assign only to groups of type OKTA_GROUP; ${group.profile.name} is ${group.type}` });
      });
    }
    if (issues.length) throw validationFailed(issues);
    let compiled: CompiledExpression;
    try {
      compiled = compileExpression(value as string);
    } catch (error) {
      if (error instanceof ExpressionError) throw invalidExpression(value as string, error.message);
      throw error;
    }
    return { name: name as string, expression: value as string, compiled, excludeUserIds: excludeUserIds!, groupIds: groupIds! };
  }
}
