import type { Capability, CapabilityContext, CapabilityDefinition, NeedCapability } from '../capability';
import { direct } from '../state/direct';
import { refuseDuplicates } from '../state/duplicates';
import { DIRECTORY_SEED_MEMBERS, DIRECTORY_SNAPSHOT_MEMBERS } from './documents';
import { GroupService } from './groups';
import { schemaIdOf, userTypeIds } from './representation';
import { directoryRoutes } from './routes';
import type { DirectoryBackendState } from './state';
import { Directory, type DirectoryGroup, type DirectoryUser } from './store';
import { MAX_CUSTOM_USER_PROPERTIES, UserSchemas } from './user-schema';
import { userSchemaRoutes } from './user-schema-routes';
import { userTypeRoutes } from './user-type-routes';
import { UserTypes } from './user-types';
import { UserService } from './users';
import { DirectoryChangeLog } from './change-log';
import type { LogsParts } from '../logs/capability';
import type { z } from 'zod';

/** What the directory offers the capabilities that depend on it. */
export interface DirectoryParts {
  directory: Directory;
  groupService: GroupService;
}

type SnapshotMembers = { [K in keyof typeof DIRECTORY_SNAPSHOT_MEMBERS]: z.output<(typeof DIRECTORY_SNAPSHOT_MEMBERS)[K]> };
type SeedMembers = { [K in keyof typeof DIRECTORY_SEED_MEMBERS]: z.output<(typeof DIRECTORY_SEED_MEMBERS)[K]> };

function createDirectory(ctx: CapabilityContext, need: NeedCapability): Capability<DirectoryBackendState, DirectoryParts> {
  const { now, newId } = ctx;
  // Everyone's id follows the org's (restoring a snapshot of another org keeps that org's).
  const directory = new Directory({ id: () => `00g${ctx.org.orgId.slice(3)}`, now });
  const userTypes = () => userTypeIds(ctx.org.orgId);
  const schemas = new UserSchemas();
  const types = new UserTypes({
    orgId: () => ctx.org.orgId,
    newId,
    bornAt: now(),
    deleted: (schemaId) => schemas.forget(schemaId),
    usersOf: (typeId) => directory.usersOfType(typeId),
  });
  const userService = new UserService(directory, newId, types);
  /** An in-process or seed input with its `typeId` checked, and left out when it names the default type. */
  const withType = <T extends { typeId?: string | undefined }>(input: T): T => {
    if (input.typeId === undefined) return input;
    if (!types.has(input.typeId)) throw new TypeError(`No user type has the id ${input.typeId.slice(0, 100)}; make it with POST /api/v1/meta/types/user first, or leave typeId out.`);
    const { typeId, ...rest } = input;
    return (typeId === types.defaultId ? rest : input) as T;
  };
  const groupService = new GroupService(directory, newId);
  const changes = new DirectoryChangeLog(need<LogsParts>('logs').write, directory, userService);
  return {
    routes: (env) => [...directoryRoutes(env, userService, groupService, userTypes, changes, ctx.answers), ...userTypeRoutes(env, types), ...userSchemaRoutes(env, types, schemas)],
    clear: () => {
      directory.clear();
      types.clear();
      schemas.clear();
    },
    parts: { directory, groupService },
    snapshot: {
      phase: 20,
      take: () => ({ users: directory.users(), groups: directory.groups(), userTypes: types.made(), userSchemas: schemas.changes() }),
      check(doc, refuse) {
        const { users, groups, userTypes: made, userSchemas } = doc as SnapshotMembers;
        const unique = (field: string, values: string[], what: string) => refuseDuplicates(refuse, field, values, what);
        unique('users', users.map((u) => u.id), 'the user id');
        unique('users', users.map((u) => u.profile.login.toLowerCase()), 'the login');
        unique('groups', groups.map((g) => g.id), 'the group id');
        unique('groups', groups.map((g) => g.profile.name.toLowerCase()), 'the group name');
        unique('userTypes', (made ?? []).map((t) => t.id), 'the user type id');
        unique('userTypes', (made ?? []).map((t) => t.name.toLowerCase()), 'the user type name');
        // The default type's schema is named after the org the snapshot restores.
        const orgId = typeof doc.orgId === 'string' ? doc.orgId : ctx.org.orgId;
        const schemaIds = new Set([userTypeIds(orgId).schemaId, ...(made ?? []).map((t) => schemaIdOf(t.id))]);
        const changes = userSchemas ?? [];
        unique('userSchemas', changes.map((c) => c.schemaId), 'the schema id');
        changes.forEach((c, i) => {
          if (!schemaIds.has(c.schemaId)) refuse(`userSchemas[${i}].schemaId`, `no user type of the snapshot has the schema ${c.schemaId}`);
          if (Object.keys(c.custom).length > MAX_CUSTOM_USER_PROPERTIES) refuse(`userSchemas[${i}].custom`, `a user schema has at most ${MAX_CUSTOM_USER_PROPERTIES} custom properties`);
        });
        // A user's type is one the snapshot makes, or the default type of the org it restores.
        const typeIds = new Set([userTypeIds(orgId).typeId, ...(made ?? []).map((t) => t.id)]);
        users.forEach((u, i) => {
          if (u.typeId !== undefined && !typeIds.has(u.typeId)) refuse(`users[${i}].typeId`, `no user type of the snapshot has the id ${u.typeId}`);
        });
        if (groups.filter((g) => g.type === 'BUILT_IN').length > 1) refuse('groups', 'more than one group is BUILT_IN; only Everyone is');
        const memberOf = new Set(groups.filter((g) => g.type !== 'BUILT_IN').map((g) => g.id));
        users.forEach((u, i) =>
          (u.groupIds ?? []).forEach((groupId, j) => {
            if (!memberOf.has(groupId)) refuse(`users[${i}].groupIds[${j}]`, `no group (other than Everyone) in the snapshot has the id ${groupId}`);
          }),
        );
      },
      restore(doc) {
        const { users, groups, userTypes: made, userSchemas } = doc as SnapshotMembers;
        types.load(made ?? []);
        schemas.load(userSchemas ?? []);
        // Members of the first version-1 documents that are missing take what the backend gave such users then.
        const defaultTypeId = userTypeIds(ctx.org.orgId).typeId;
        directory.load(
          users.map((u) => ({
            id: u.id,
            status: u.status,
            created: u.created,
            activated: u.activated ?? null,
            statusChanged: u.statusChanged ?? null,
            lastLogin: u.lastLogin ?? null,
            lastUpdated: u.lastUpdated,
            passwordChanged: u.passwordChanged ?? null,
            profile: u.profile,
            credentials: u.credentials ?? { password: false, recoveryQuestion: null, provider: { type: 'OKTA', name: 'OKTA' } },
            groupIds: u.groupIds ?? [],
            // A user of the default type keeps none: that type follows the org's id.
            ...(u.typeId === undefined || u.typeId === defaultTypeId ? {} : { typeId: u.typeId }),
          })),
          groups.map((g) => ({
            id: g.id,
            created: g.created,
            lastUpdated: g.lastUpdated,
            lastMembershipUpdated: g.lastMembershipUpdated ?? g.lastUpdated,
            objectClass: g.objectClass ?? ['okta:user_group'],
            type: g.type ?? 'OKTA_GROUP',
            profile: g.profile,
          })),
        );
      },
    },
    seed: {
      emptyResult: () => ({ users: [], groups: [] }),
      steps: [
        {
          phase: 20,
          apply(doc, result, { at, now: at0 }) {
            const { users, groups } = doc as Partial<SeedMembers>;
            const created = result as { users: DirectoryUser[]; groups: DirectoryGroup[] };
            (users ?? []).forEach((u, i) =>
              at(`users[${i}]`, () => {
                // Memberships wait for the document's groups (made after its users).
                const { groupIds: _groups, ...user } = u;
                created.users.push(directory.addUser(withType({ ...user, id: u.id ?? newId('00u') }), at0));
              }),
            );
            (groups ?? []).forEach((g, i) =>
              at(`groups[${i}]`, () => {
                created.groups.push(directory.addGroup({ ...g, id: g.id ?? newId('00g') }, at0));
              }),
            );
            (users ?? []).forEach((u, i) =>
              (u.groupIds ?? []).forEach((groupId, j) =>
                at(`users[${i}].groupIds[${j}]`, () => {
                  directory.addMember(groupId, created.users[i]!.id, at0);
                }),
              ),
            );
            // Users and groups as they end, memberships included, copied out of the store.
            created.users = created.users.map((u) => structuredClone(directory.user(u.id)!));
            created.groups = created.groups.map((g) => structuredClone(directory.group(g.id)!));
          },
        },
      ],
    },
    state: {
      directory: {
        // Copies out, so a caller cannot change the state behind the backend's rules; ids in the backend's sequence.
        addUser: (input) => structuredClone(directory.addUser(withType({ ...input, id: input.id ?? newId('00u') }), now())),
        addGroup: (input) => structuredClone(directory.addGroup({ ...input, id: input.id ?? newId('00g') }, now())),
        user: (id) => structuredClone(directory.user(id)),
        findUser: (loginOrEmail) => structuredClone(directory.findUser(loginOrEmail)),
        group: (id) => structuredClone(directory.group(id)),
        get everyoneGroupId() {
          return directory.everyoneId;
        },
        users: () => structuredClone(directory.users()),
        groups: () => structuredClone(directory.groups()),
        addMember: (groupId, userId) => direct('directory.addMember', () => groupService.addMember(groupId, userId, now())),
        removeMember: (groupId, userId) => direct('directory.removeMember', () => groupService.removeMember(groupId, userId, now())),
        members: (groupId) => structuredClone(directory.members(groupId, Math.max(1, directory.memberCount(groupId)), undefined).items),
        groupsOf: (userId) => structuredClone(directory.groupsOf(userId)),
        setUserStatus: (userId, status) => structuredClone(direct('directory.setUserStatus', () => userService.setStatus(userId, status, now()))),
        deleteUser: (userId) => directory.removeUser(userId, now()),
        deleteGroup: (groupId) => (directory.group(groupId)?.type === 'OKTA_GROUP' ? (groupService.delete(groupId, now()), true) : false),
      },
    },
  };
}

/** The organization's users, groups and user types: `/api/v1/users`, `/api/v1/groups`, `/api/v1/meta/types/user`, `backend.directory`. */
export const DIRECTORY = {
  name: 'directory',
  dependsOn: ['logs'],
  snapshotMembers: DIRECTORY_SNAPSHOT_MEMBERS,
  seedMembers: DIRECTORY_SEED_MEMBERS,
  create: (ctx, need) => createDirectory(ctx, need),
} satisfies CapabilityDefinition;
