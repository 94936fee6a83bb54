import { z } from 'zod';
import type { Capability, CapabilityDefinition } from '../capability';
import type { DirectoryParts } from '../directory/capability';
import type { LogsParts } from '../logs/capability';
import { isoMs, str } from '../state/document-fields';
import { refuseDuplicates } from '../state/duplicates';
import { MAX_EXPRESSION_CHARS } from './expression';
import { groupRuleRoutes } from './routes';
import { GroupRules } from './rules';
import type { GroupRulesBackendState } from './state';
import { MAX_GROUP_RULES, MAX_RULE_EXCLUSIONS, MAX_RULE_GROUPS, MAX_RULE_NAME, renderGroupRule, type GroupRuleRecord, type StoredGroupRule } from './store';

/** A group rule as a snapshot keeps it, with the users whose memberships it manages. */
const storedRule = z.strictObject({
  id: str(100),
  name: z.string().min(1).max(MAX_RULE_NAME),
  status: z.enum(['ACTIVE', 'INACTIVE', 'INVALID']),
  created: isoMs,
  lastUpdated: isoMs,
  expression: z.string().min(1).max(MAX_EXPRESSION_CHARS),
  excludeUserIds: z.array(str(100)).max(MAX_RULE_EXCLUSIONS),
  groupIds: z.array(str(100)).min(1).max(MAX_RULE_GROUPS),
  managedUserIds: z.array(str(100)).max(100_000),
});

/**
 * Group rules: `/api/v1/groups/rules`, `backend.groupRules`. An active rule puts the users its
 * expression matches into its groups, and so into the apps those groups are assigned to.
 */
export const GROUP_RULES = {
  name: 'group-rules',
  dependsOn: ['directory', 'logs'],
  snapshotMembers: {
    /** The org's group rules; absent in documents written before the backend kept them. */
    groupRules: z.array(storedRule).max(MAX_GROUP_RULES).optional(),
  },
  create(ctx, need): Capability<GroupRulesBackendState> {
    const { directory } = need<DirectoryParts>('directory');
    const rules = new GroupRules(directory, ctx.newId, need<LogsParts>('logs').write);
    directory.watchers.push(rules);
    const copy = (rule: GroupRuleRecord) => renderGroupRule(rule);
    return {
      routes: (env) => groupRuleRoutes(env, rules, directory),
      clear: () => rules.clear(),
      snapshot: {
        phase: 70,
        take: () => ({ groupRules: rules.take() }),
        check(doc, refuse) {
          const stored = (doc.groupRules as StoredGroupRule[] | undefined) ?? [];
          refuseDuplicates(refuse, 'groupRules', stored.map((r) => r.id), 'the group rule id');
          refuseDuplicates(refuse, 'groupRules', stored.map((r) => r.name.toLowerCase()), 'the group rule name');
          const d = doc as { users?: Array<{ id: string }>; groups?: Array<{ id: string; type?: unknown }> };
          const users = new Set((d.users ?? []).map((u) => u.id));
          const groupTypes = new Map((d.groups ?? []).map((g) => [g.id, g.type]));
          stored.forEach((rule, i) => {
            const problem = GroupRules.expressionProblem(rule.expression);
            if (problem !== undefined) refuse(`groupRules[${i}].expression`, `not an expression group rules take: ${problem}`);
            // A rule assigns only to groups of people (the directory refuses to change Everyone's
            // members); only an INVALID rule may name a group that is gone, as a deleted group leaves it.
            rule.groupIds.forEach((id, j) => {
              const type = groupTypes.get(id);
              if (type === undefined ? rule.status !== 'INVALID' : type !== 'OKTA_GROUP') {
                refuse(`groupRules[${i}].groupIds[${j}]`, type === undefined ? `no group in the snapshot has the id ${id} (only an INVALID rule may name a deleted group)` : `rules assign only to groups of type OKTA_GROUP; ${id} is ${String(type)}`);
              }
            });
            rule.managedUserIds.forEach((id, j) => {
              if (!users.has(id)) refuse(`groupRules[${i}].managedUserIds[${j}]`, `no user in the snapshot has the id ${id}`);
            });
          });
        },
        restore: (doc) => rules.load((doc.groupRules as StoredGroupRule[] | undefined) ?? []),
      },
      state: {
        groupRules: {
          list: () => [...rules.rules.values()].map(copy),
          get: (id) => {
            const rule = rules.rules.get(id);
            return rule === undefined ? undefined : copy(rule);
          },
          managedUsers: (id) => rules.managedUsers(id),
        },
      },
    };
  },
} satisfies CapabilityDefinition;
