import type { Json } from '../shared/json';
import type { OktaAnswers } from '../shared/answer-changes';
import type { DirectoryGroup, DirectoryUser, UserStatus } from './store';

/** The ids of the organization's user type and user schema, which users' answers name. */
export interface UserTypeIds {
  /** `oty…`: the default user type. */
  typeId: string;
  /** `osc…`: the default user schema. */
  schemaId: string;
}

/** Ids of the org's user type and schema, derived from its id as the recordings show them (one suffix). */
export function userTypeIds(orgId: string): UserTypeIds {
  return { typeId: `oty${orgId.slice(3)}`, schemaId: `osc${orgId.slice(3)}` };
}

/** The id of a user type's schema (`osc…`, the type's 17 characters). */
export const schemaIdOf = (typeId: string) => `osc${typeId.slice(3)}`;

/** The ids of the type a user is of: its own type's, or the org's default type's (`defaults`). */
export function typeIdsOf(user: DirectoryUser, defaults: UserTypeIds): UserTypeIds {
  return user.typeId === undefined ? defaults : { typeId: user.typeId, schemaId: schemaIdOf(user.typeId) };
}

/** The links of a single user, by status, in the order real organizations answer them (a `PROVISIONED` user's as recorded in 2026). */
const LINKS_BY_STATUS: Record<UserStatus, readonly string[]> = {
  STAGED: ['schema', 'activate', 'self', 'resetFactors', 'type'],
  PROVISIONED: ['suspend', 'schema', 'resetPassword', 'reactivate', 'self', 'resetFactors', 'type', 'deactivate'],
  ACTIVE: ['suspend', 'schema', 'resetPassword', 'forgotPassword', 'expirePassword', 'changeRecoveryQuestion', 'self', 'resetFactors', 'type', 'changePassword', 'deactivate'],
  RECOVERY: ['suspend', 'schema', 'resetPassword', 'forgotPassword', 'expirePassword', 'changeRecoveryQuestion', 'self', 'resetFactors', 'type', 'changePassword', 'deactivate'],
  PASSWORD_EXPIRED: ['suspend', 'schema', 'resetPassword', 'forgotPassword', 'expirePassword', 'changeRecoveryQuestion', 'self', 'resetFactors', 'type', 'changePassword', 'deactivate'],
  LOCKED_OUT: ['schema', 'unlock', 'self', 'resetFactors', 'type', 'deactivate'],
  SUSPENDED: ['schema', 'unsuspend', 'self', 'resetFactors', 'type', 'deactivate'],
  DEPROVISIONED: ['schema', 'activate', 'self', 'type'],
};

/** Where each operation link points, under `/api/v1/users/{id}/`. */
const OPERATION_PATHS: Record<string, string> = {
  activate: 'lifecycle/activate',
  reactivate: 'lifecycle/reactivate',
  deactivate: 'lifecycle/deactivate',
  suspend: 'lifecycle/suspend',
  unsuspend: 'lifecycle/unsuspend',
  unlock: 'lifecycle/unlock',
  resetPassword: 'lifecycle/reset_password',
  expirePassword: 'lifecycle/expire_password',
  resetFactors: 'lifecycle/reset_factors',
  forgotPassword: 'credentials/forgot_password',
  changePassword: 'credentials/change_password',
  changeRecoveryQuestion: 'credentials/change_recovery_question',
};

/** Profile attributes real answers put first and last; the rest come between, in the order given. */
const FIRST = ['firstName', 'lastName', 'mobilePhone'];
const LAST = ['secondEmail', 'login', 'email'];

/** A profile as real organizations answer it: `mobilePhone` and `secondEmail` always present (`null` when unset). */
function orderedProfile(profile: Json): Json {
  const out: Json = {};
  for (const key of FIRST) out[key] = profile[key] ?? null;
  for (const [key, value] of Object.entries(profile)) if (!FIRST.includes(key) && !LAST.includes(key)) out[key] = value;
  for (const key of LAST) out[key] = profile[key] ?? null;
  return out;
}

/**
 * A user as the API answers it. `full` (a single user) carries the links its status allows; a list
 * item carries `self` only, as real organizations answer lists. The password is never shown: a user
 * who has one shows `password: {}`. `type.id`, `_links.type` and `_links.schema` name the user's own
 * type, or the org's default one (`defaults`) for a user of it; `answers` says which of Okta's
 * answer changes the organization makes.
 */
export function renderUser(user: DirectoryUser, orgUrl: URL, defaults: UserTypeIds, full: boolean, answers: OktaAnswers): Json {
  const ids = typeIdsOf(user, defaults);
  const base = `${orgUrl.origin}/api/v1/users/${user.id}`;
  const credentials: Json = {};
  // Real orgs list the verified primary email of a user who has a password, none for one who has none yet.
  if (user.credentials.password) {
    credentials.password = {};
    credentials.emails = [{ value: user.profile.email, status: 'VERIFIED', type: 'PRIMARY' }];
  }
  if (user.credentials.recoveryQuestion !== null) credentials.recovery_question = { question: user.credentials.recoveryQuestion };
  credentials.provider = { ...user.credentials.provider };
  let links: Json = { self: { href: base } };
  if (full) {
    links = {};
    for (const name of LINKS_BY_STATUS[user.status]) {
      // A PROVISIONED user had no `resetFactors` link before 2026 (recorded 2025-03; present from 2026-02).
      if (name === 'resetFactors' && user.status === 'PROVISIONED' && !answers.provisionedUserResetFactorsLink) continue;
      if (name === 'self') links.self = { href: base };
      else if (name === 'schema') links.schema = { href: `${orgUrl.origin}/api/v1/meta/schemas/user/${ids.schemaId}` };
      else if (name === 'type') links.type = { href: `${orgUrl.origin}/api/v1/meta/types/user/${ids.typeId}` };
      else links[name] = { href: `${base}/${OPERATION_PATHS[name]}`, method: 'POST' };
    }
  }
  return {
    id: user.id,
    status: user.status,
    created: user.created,
    activated: user.activated,
    statusChanged: user.statusChanged,
    lastLogin: user.lastLogin,
    lastUpdated: user.lastUpdated,
    passwordChanged: user.passwordChanged,
    type: { id: ids.typeId },
    profile: orderedProfile(user.profile),
    credentials,
    _links: links,
  };
}

/** A group as the API answers it: its logos (on the org), and links to its members and apps. */
export function renderGroup(group: DirectoryGroup, orgUrl: URL): Json {
  const origin = orgUrl.origin;
  return {
    id: group.id,
    created: group.created,
    lastUpdated: group.lastUpdated,
    lastMembershipUpdated: group.lastMembershipUpdated,
    objectClass: [...group.objectClass],
    type: group.type,
    profile: { ...group.profile },
    _links: {
      logo: ['medium', 'large'].map((size) => ({ name: size, href: `${origin}/assets/img/logos/groups/okta-${size}.png`, type: 'image/png' })),
      users: { href: `${origin}/api/v1/groups/${group.id}/users` },
      apps: { href: `${origin}/api/v1/groups/${group.id}/apps` },
    },
  };
}
