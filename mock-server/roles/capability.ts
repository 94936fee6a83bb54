import type { AppsParts } from '../apps/parts';
import type { Capability, CapabilityDefinition } from '../capability';
import type { DirectoryParts } from '../directory/capability';
import { direct } from '../state/direct';
import { ROLES_SNAPSHOT_MEMBERS, type SnapshotRoleAssignment } from './documents';
import { ROLE_TYPES, targetableAssignmentId } from './role-types';
import { roleRoutes } from './routes';
import { RoleService, targetsProblem } from './service';
import type { MockAssignee, MockRoleAssignment, RolesBackendState } from './state';
import { RoleAssignmentStore, type Assignee, type StoredRoleAssignment } from './store';

const assigneeOf = (who: MockAssignee): Assignee => ('userId' in who ? { type: 'USER', id: who.userId } : { type: 'GROUP', id: who.groupId });

/** A copy of an assignment as `backend.roles` and the snapshot show it. */
function shown(a: StoredRoleAssignment): MockRoleAssignment {
  return {
    id: a.id,
    type: a.type,
    assigneeType: a.assignee.type,
    assigneeId: a.assignee.id,
    created: a.created,
    lastUpdated: a.lastUpdated,
    groupTargets: [...a.groupTargets],
    appTargets: a.appTargets.map((t) => ({ ...t })),
  };
}

/** What a snapshot's other members hold that assignments may name. */
interface SnapshotNames {
  users?: Array<{ id: string }>;
  groups?: Array<{ id: string }>;
  apps?: { items: Array<{ body: { id: string; name?: unknown } }> };
  roleAssignments?: SnapshotRoleAssignment[];
}

/**
 * Administrator role assignments to users and groups, and the groups and apps they are narrowed
 * to: `/api/v1/users/{userId}/roles…`, `/api/v1/groups/{groupId}/roles…`, `backend.roles`.
 */
export const ROLES = {
  name: 'roles',
  dependsOn: ['directory', 'apps'],
  snapshotMembers: ROLES_SNAPSHOT_MEMBERS,
  create(ctx, need): Capability<RolesBackendState> {
    const { directory } = need<DirectoryParts>('directory');
    const { apps } = need<AppsParts>('apps');
    const store = new RoleAssignmentStore();
    const roles = new RoleService(store, directory, apps, ctx.newId);
    return {
      routes: (env) => roleRoutes(env, roles),
      clear: () => store.clear(),
      snapshot: {
        // After the users, groups and apps the assignments name.
        phase: 70,
        take: () => {
          roles.sweep();
          return { roleAssignments: store.all().map(shown) };
        },
        check(doc, refuse) {
          const d = doc as SnapshotNames;
          const users = new Set((d.users ?? []).map((u) => u.id));
          const groups = new Set((d.groups ?? []).map((g) => g.id));
          const appNames = new Map((d.apps?.items ?? []).map((a) => [a.body.id, String(a.body.name)]));
          const held = new Set<string>();
          (d.roleAssignments ?? []).forEach((a, i) => {
            const at = `roleAssignments[${i}]`;
            const holders = a.assigneeType === 'USER' ? users : groups;
            if (!holders.has(a.assigneeId)) refuse(`${at}.assigneeId`, `no ${a.assigneeType === 'USER' ? 'user' : 'group'} in the snapshot has the id ${a.assigneeId}`);
            for (const key of [`${a.assigneeType}:${a.assigneeId}:${a.id}`, `${a.assigneeType}:${a.assigneeId}:type:${a.type}`]) {
              if (held.has(key)) refuse(at, `${a.assigneeId} holds ${a.type} (or the assignment id ${a.id}) twice; each role is held once`);
              held.add(key);
            }
            if (ROLE_TYPES[a.type].targets !== 'none' && a.id !== targetableAssignmentId(a.type)) {
              refuse(`${at}.id`, `an assignment of ${a.type} has the id ${targetableAssignmentId(a.type)}`);
            }
            const problem = targetsProblem(a);
            if (problem) refuse(at, problem);
            a.groupTargets.forEach((g, j) => {
              if (!groups.has(g)) refuse(`${at}.groupTargets[${j}]`, `no group in the snapshot has the id ${g}`);
            });
            a.appTargets.forEach((t, j) => {
              if (t.id !== undefined && appNames.get(t.id) !== t.name) refuse(`${at}.appTargets[${j}]`, `no ${t.name} app in the snapshot has the id ${t.id}`);
            });
          });
        },
        restore(doc) {
          for (const a of (doc as SnapshotNames).roleAssignments ?? []) {
            store.put({
              id: a.id,
              type: a.type,
              assignee: { type: a.assigneeType, id: a.assigneeId },
              created: a.created,
              lastUpdated: a.lastUpdated,
              groupTargets: [...a.groupTargets],
              appTargets: a.appTargets.map((t) => ({ ...t })),
            });
          }
        },
      },
      state: {
        roles: {
          list: (who) => direct('roles.list', () => roles.list(assigneeOf(who)).map(shown)),
          assign: (who, type) => direct('roles.assign', () => shown(roles.assign(assigneeOf(who), { type }, ctx.now()))),
          unassign: (who, id) => direct('roles.unassign', () => roles.unassign(assigneeOf(who), id)),
          get size() {
            roles.sweep();
            return store.size;
          },
        },
      },
    };
  },
} satisfies CapabilityDefinition;
