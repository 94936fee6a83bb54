import type { LogEntity } from './writer';

// How the System Log names what a change was made to, from the plain fields of each object (this
// folder depends on no capability: the callers pass what they have).

/** An app as a target: `AppInstance`, named by its label, with its sign-on mode. */
export function appTarget(app: { id: string; label: string; signOnMode?: unknown }): LogEntity {
  return { id: app.id, type: 'AppInstance', alternateId: app.label, displayName: app.label, detailEntry: { signOnModeType: app.signOnMode ?? null } };
}

/** A user as a target: `User`, its login and full name (the login when it has no name). */
export function userTarget(user: { id: string; profile: { login: string; firstName?: string | null; lastName?: string | null } }): LogEntity {
  const { login, firstName, lastName } = user.profile;
  const name = [firstName, lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return { id: user.id, type: 'User', alternateId: login, displayName: name || login, detailEntry: null };
}

/** A group as a target: `UserGroup`, named by its name (Okta writes no other name for it). */
export function groupTarget(group: { id: string; profile: { name: string } }): LogEntity {
  return { id: group.id, type: 'UserGroup', alternateId: 'unknown', displayName: group.profile.name, detailEntry: null };
}

/** A group rule as a target: `GroupMembershipRule`, named by its name. */
export function groupRuleTarget(rule: { id: string; name: string }): LogEntity {
  return { id: rule.id, type: 'GroupMembershipRule', alternateId: 'unknown', displayName: rule.name, detailEntry: null };
}

/** A policy as a target: `PolicyEntity`, with its type (`ACCESS_POLICY`, `OKTA_SIGN_ON`, …). */
export function policyTarget(policy: { id: string; name: string; type?: string }): LogEntity {
  return { id: policy.id, type: 'PolicyEntity', alternateId: 'unknown', displayName: policy.name, detailEntry: { policyType: policy.type ?? null } };
}

/** A policy rule as a target: `PolicyRule`, named by its name. */
export function policyRuleTarget(rule: { id: string; name: string }): LogEntity {
  return { id: rule.id, type: 'PolicyRule', alternateId: 'unknown', displayName: rule.name, detailEntry: null };
}
