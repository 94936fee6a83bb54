/** A group rule's status: `INVALID` once a group it assigns to is deleted. */
export type GroupRuleStatus = 'ACTIVE' | 'INACTIVE' | 'INVALID';

/** A group rule as the backend keeps it in memory (who it manages is kept beside it, in a set). */
export interface GroupRuleRecord {
  /** `0pr…`. */
  id: string;
  /** Unique in the org (letter case aside). */
  name: string;
  /** Rules are created `INACTIVE`. */
  status: GroupRuleStatus;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
  /** The Okta Expression Language condition (`conditions.expression.value`). */
  expression: string;
  /** Users the rule never applies to (`conditions.people.users.exclude`). */
  excludeUserIds: string[];
  /** The groups it puts matching users in (`actions.assignUserToGroups.groupIds`). */
  groupIds: string[];
}

/** A group rule as a snapshot keeps it: with the users it manages. */
export interface StoredGroupRule extends GroupRuleRecord {
  /** The users whose membership of its groups the rule manages (it added them, or they matched while in the group). */
  managedUserIds: string[];
}

/** Okta's limit on the rules an organization has. */
export const MAX_GROUP_RULES = 2000;
/** The longest rule name (Okta's). */
export const MAX_RULE_NAME = 50;
/** The most groups one rule assigns to. */
export const MAX_RULE_GROUPS = 100;
/** The most users one rule excludes. */
export const MAX_RULE_EXCLUSIONS = 1000;

/** A rule as `/api/v1/groups/rules` answers it, in the order real organizations write its members. */
export function renderGroupRule(rule: GroupRuleRecord, groupNames?: (id: string) => string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: 'group_rule',
    id: rule.id,
    status: rule.status,
    name: rule.name,
    created: rule.created,
    lastUpdated: rule.lastUpdated,
    conditions: {
      people: { users: { exclude: [...rule.excludeUserIds] }, groups: { exclude: [] } },
      expression: { value: rule.expression, type: 'urn:okta:expression:1.0' },
    },
    actions: { assignUserToGroups: { groupIds: [...rule.groupIds] } },
    allGroupsValid: rule.status !== 'INVALID',
  };
  if (groupNames !== undefined) {
    body._embedded = { groupIdToGroupNameMap: Object.fromEntries(rule.groupIds.flatMap((id) => (groupNames(id) === undefined ? [] : [[id, groupNames(id)]]))) };
  }
  return body;
}
