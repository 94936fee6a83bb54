import { describe, expect, it } from 'vitest';
import { ROLE_TYPE_NAMES, ROLE_TYPES, targetableAssignmentId } from '../../../mock-server/roles/role-types';

describe('standard role types', () => {
  it('names an assignment of a role that takes targets as real orgs do: its type in base32, without padding', () => {
    // The ids real organizations answered (app-tests.json) and Okta publishes for USER_ADMIN.
    expect(targetableAssignmentId('APP_ADMIN')).toBe('IFIFAX2BIRGUSTQ');
    expect(targetableAssignmentId('GROUP_MEMBERSHIP_ADMIN')).toBe('I5JE6VKQL5GUKTKCIVJFGSCJKBPUCRCNJFHA');
    expect(targetableAssignmentId('HELP_DESK_ADMIN')).toBe('JBCUYUC7IRCVGS27IFCE2SKO');
    expect(targetableAssignmentId('USER_ADMIN')).toBe('KVJUKUS7IFCE2SKO');
  });

  it('gives groups to the group administrators, apps to APP_ADMIN, and no targets to the rest', () => {
    const byKind = (kind: string) => ROLE_TYPE_NAMES.filter((t) => ROLE_TYPES[t].targets === kind);
    expect(byKind('groups')).toEqual(['USER_ADMIN', 'HELP_DESK_ADMIN', 'GROUP_MEMBERSHIP_ADMIN']);
    expect(byKind('apps')).toEqual(['APP_ADMIN']);
    expect(byKind('none')).toEqual(['SUPER_ADMIN', 'ORG_ADMIN', 'READ_ONLY_ADMIN', 'MOBILE_ADMIN', 'API_ACCESS_MANAGEMENT_ADMIN', 'REPORT_ADMIN']);
  });
});
