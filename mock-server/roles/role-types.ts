/**
 * Okta's standard administrator roles: the label real organizations answer for each, and what its
 * assignments can be narrowed to (targets). The labels of `APP_ADMIN`, `GROUP_MEMBERSHIP_ADMIN`,
 * `HELP_DESK_ADMIN` and `READ_ONLY_ADMIN` are recorded answers; the others are Okta's published ones.
 */

/** What an assignment of a role can be narrowed to: groups, apps, or nothing (the role is org-wide). */
export type RoleTargetKind = 'groups' | 'apps' | 'none';

/** A standard role: its label and what it can be narrowed to. */
export interface RoleTypeDefinition {
  /** The role's `label` in answers, e.g. `Application Administrator`. */
  readonly label: string;
  /** What its assignments take as targets. */
  readonly targets: RoleTargetKind;
}

/** The standard roles, by `type`. */
export const ROLE_TYPES = {
  SUPER_ADMIN: { label: 'Super Organizational Administrator', targets: 'none' },
  ORG_ADMIN: { label: 'Organizational Administrator', targets: 'none' },
  APP_ADMIN: { label: 'Application Administrator', targets: 'apps' },
  USER_ADMIN: { label: 'Group Administrator', targets: 'groups' },
  HELP_DESK_ADMIN: { label: 'Help Desk Administrator', targets: 'groups' },
  READ_ONLY_ADMIN: { label: 'Read-only Administrator', targets: 'none' },
  MOBILE_ADMIN: { label: 'Mobile Administrator', targets: 'none' },
  API_ACCESS_MANAGEMENT_ADMIN: { label: 'API Access Management Administrator', targets: 'none' },
  REPORT_ADMIN: { label: 'Report Administrator', targets: 'none' },
  GROUP_MEMBERSHIP_ADMIN: { label: 'Group Membership Administrator', targets: 'groups' },
} as const satisfies Record<string, RoleTypeDefinition>;

/** A standard role's `type`. */
export type RoleType = keyof typeof ROLE_TYPES;

/** The role types, in Okta's order. */
export const ROLE_TYPE_NAMES = Object.keys(ROLE_TYPES) as RoleType[];

/** Whether a value names a standard role. */
export function isRoleType(value: unknown): value is RoleType {
  return typeof value === 'string' && Object.hasOwn(ROLE_TYPES, value);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 of ASCII text, without padding. */
function base32(text: string): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const char of text) {
    value = (value << 8) | char.charCodeAt(0);
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The id real organizations give an assignment of a role that takes targets: its type in base32
 * (`APP_ADMIN` is `IFIFAX2BIRGUSTQ`, the same for every user and group that holds it). Assignments of
 * the other roles get an Okta id of their own (`ra1…` for a user's, `gra…` for a group's).
 */
export function targetableAssignmentId(type: RoleType): string {
  return base32(type);
}
