import type { z } from 'zod';
import type { Application } from '../../src/apps/application';
import type { Capability, CapabilityDefinition } from '../capability';
import type { DirectoryParts } from '../directory/capability';
import { direct } from '../state/direct';
import { refuseDuplicates } from '../state/duplicates';
import { assignmentRoutes } from './assignment-routes';
import { groupAssignmentPatchRoutes } from './group-assignment-patch/routes';
import { Assignments } from './assignments';
import type { CatalogAppDefinition } from './catalog';
import { clientKeysProblem } from './credentials/jwks';
import { credentialRoutes } from './credentials/routes';
import { CredentialService } from './credentials/service';
import { loadPki } from './credentials/pki-loader';
import { credentialsProblem, loadCredentials, takeCredentials } from './credentials/snapshot';
import { APPS_SEED_MEMBERS, APPS_SNAPSHOT_MEMBERS } from './documents';
import { GroupAppUsers } from './group-membership';
import { orgSubdomain, renderAppBytes, withoutClientSecret } from './representation';
import { appRoutes } from './routes';
import { AppService, type MockPlan } from './service';
import type { AppsBackendState, MockAppsState, MockGroupsState, MockUsersState } from './state';
import { storedApp, type AppGroupAssignment, type AppUserAssignment, type StoredApp } from './store';
import type { AppsParts } from './parts';
import type { LogsParts } from '../logs/capability';
import { AppChangeLog } from './change-log';

type SnapshotMembers = { [K in keyof typeof APPS_SNAPSHOT_MEMBERS]: z.output<(typeof APPS_SNAPSHOT_MEMBERS)[K]> };
type SeedMembers = { [K in keyof typeof APPS_SEED_MEMBERS]: z.output<(typeof APPS_SEED_MEMBERS)[K]> };

/** The backend options the apps read. */
export interface AppsOptions {
  plan?: MockPlan;
  catalog?: CatalogAppDefinition[];
  selfServiceAssignment?: boolean;
}

/** Whether a snapshot document (not yet checked) lists CSRs. */
function holdsCsrs(doc: unknown): boolean {
  const csrs = (doc as { credentials?: { csrs?: unknown } } | null)?.credentials?.csrs;
  return Array.isArray(csrs) && csrs.length > 0;
}

/**
 * Applications with their credentials and user and group assignments: `/api/v1/apps` and below,
 * `backend.apps`, `backend.users`, `backend.groups`. What is kept around apps (policies, logos, …)
 * is the `app-surroundings` capability.
 */
export const APPS = {
  name: 'apps',
  dependsOn: ['directory', 'logs'],
  snapshotMembers: APPS_SNAPSHOT_MEMBERS,
  seedMembers: APPS_SEED_MEMBERS,
  create(ctx, need, options): Capability<AppsBackendState, AppsParts> {
    const { ids, now, newId } = ctx;
    const { directory } = need<DirectoryParts>('directory');
    const credentials = new CredentialService({ token: () => ids.token(), orgToken: () => ids.orgToken(), oktaId: newId, subdomain: () => orgSubdomain(ctx.orgUrl()), now });
    // The app service keeps the org's id as it was when the backend was made.
    const apps = new AppService({
      orgId: ctx.org.orgId,
      plan: options.plan ?? 'standard',
      orgUrl: ctx.orgUrl,
      newId,
      catalog: options.catalog,
      selfServiceAssignment: options.selfServiceAssignment,
      emptyDefaultRelayStateNull: ctx.answers.emptyDefaultRelayStateNull,
      newKid: (mode) => credentials.kidFor(mode),
      observer: credentials,
    });
    const assignments = new Assignments(apps, directory);
    const groupAppUsers = new GroupAppUsers(apps, directory);
    apps.groupListener = groupAppUsers;
    directory.listener = groupAppUsers;
    // The app as GET answers it, read from the bytes GET sends: an object of the caller's own, so
    // changing it changes nothing stored (the rendering shares the stored body's members).
    const decoder = new TextDecoder();
    const renderStored = (app: StoredApp) => JSON.parse(decoder.decode(renderAppBytes(app, ctx.orgUrl()))) as Application;
    const render = (id: string) => renderStored(apps.require(id));
    const changes = new AppChangeLog(need<LogsParts>('logs').write, apps, directory);

    const appsState: MockAppsState = {
      create: (input, o) => direct('apps.create', () => render(apps.create(input, o?.activate ?? true, now()).body.id)),
      get: (id) => (apps.apps.has(id) ? render(id) : undefined),
      list: () => [...apps.apps.values()].map(renderStored),
      get size() {
        return apps.apps.size;
      },
      activate: (id) => direct('apps.activate', () => apps.setStatus(id, 'ACTIVE', now())),
      deactivate: (id) => direct('apps.deactivate', () => apps.setStatus(id, 'INACTIVE', now())),
      delete: (id) => direct('apps.delete', () => apps.delete(id)),
    };
    const usersState: MockUsersState = {
      assign: (appId, user) =>
        direct('users.assign', () => {
          const at = new Date(now()).toISOString();
          const assignment: AppUserAssignment = {
            id: user.id,
            externalId: user.externalId ?? null,
            created: at,
            lastUpdated: at,
            scope: user.scope ?? 'USER',
            status: user.status ?? 'ACTIVE',
            statusChanged: at,
            passwordChanged: null,
            syncState: 'DISABLED',
            credentials: { userName: user.userName ?? `${user.id}@example.com` },
          };
          apps.assignUser(appId, assignment);
          return assignment;
        }),
      unassign: (appId, userId) => direct('users.unassign', () => apps.unassignUser(appId, userId)),
    };
    const groupsState: MockGroupsState = {
      assign: (appId, groupId) => void direct('groups.assign', () => apps.assignGroup(appId, groupId, now())),
    };
    const parts: AppsParts = { apps, credentials, render };

    return {
      routes: (env) => [...appRoutes(env, apps, changes), ...assignmentRoutes(env, assignments, changes), ...groupAssignmentPatchRoutes(env, assignments), ...credentialRoutes(env, apps, credentials)],
      clear() {
        apps.clear();
        credentials.clear();
      },
      parts,
      snapshot: {
        phase: 10,
        take: ({ includeSecrets: secrets }) => ({
          apps: {
            items: [...apps.apps.values()].map((app) => ({
              body: secrets ? app.body : { ...app.body, credentials: withoutClientSecret(app.body.credentials) },
              kind: app.kind ?? null,
              links: app.links === undefined ? null : [...app.links],
              ...(app.idLinks === undefined ? {} : { idLinks: [...app.idLinks] }),
              ...(app.linkIds === undefined ? {} : { linkIds: { ...app.linkIds } }),
              catalog: app.catalog,
              registered: app.registered,
              ...(app.accessPolicy === undefined ? {} : { accessPolicy: app.accessPolicy }),
              ...(app.logo === undefined ? {} : { logo: { ...app.logo } }),
              users: [...app.users.values()],
              groups: [...app.groups.values()],
            })),
            nameCounters: apps.nameCounters(),
          },
          credentials: takeCredentials(credentials, ids, secrets),
        }),
        // Checking CSRs needs PKI.js, loaded first where a runtime cannot load it synchronously.
        prepare: async (doc) => {
          if (holdsCsrs(doc)) await loadPki();
        },
        check(doc, refuse) {
          const d = doc as SnapshotMembers;
          refuseDuplicates(refuse, 'apps.items', d.apps.items.map((a) => a.body.id), 'the app id');
          d.apps.items.forEach((item, i) => {
            const problem = clientKeysProblem(item.body);
            if (problem) refuse(`apps.items[${i}].body.${problem[0]}`, problem[1]);
          });
          if (d.credentials) {
            const problem = credentialsProblem(d.credentials, d.apps.items);
            if (problem) refuse(...problem);
          }
        },
        restore(doc) {
          const d = doc as SnapshotMembers;
          for (const item of d.apps.items) {
            const app = storedApp(item.body as Parameters<typeof storedApp>[0], item.kind ?? undefined, {
              links: item.links ?? undefined,
              ...(item.idLinks === undefined ? {} : { idLinks: item.idLinks }),
              ...(item.linkIds === undefined ? {} : { linkIds: item.linkIds }),
              catalog: item.catalog,
              registered: item.registered,
            });
            for (const { lastSync: _dropped, ...user } of item.users) app.users.set(user.id, user as AppUserAssignment);
            for (const group of item.groups) app.groups.set(group.id, group as AppGroupAssignment);
            if (item.accessPolicy !== undefined) app.accessPolicy = item.accessPolicy;
            if (item.logo !== undefined) app.logo = { ...item.logo };
            apps.apps.insert(app);
          }
          apps.setNameCounters(d.apps.nameCounters);
          loadCredentials(credentials, ids, d.credentials, apps.apps);
        },
      },
      seed: {
        emptyResult: () => ({ apps: [], assignments: [] }),
        steps: [
          {
            phase: 10,
            apply(doc, created, { at, now: when }) {
              ((doc as Partial<SeedMembers>).apps ?? []).forEach((entry, i) =>
                at(`apps[${i}]`, () => {
                  const { status, id, ...input } = entry;
                  (created.apps as Application[]).push(render(apps.create(input, status !== 'INACTIVE', when, id).body.id));
                }),
              );
            },
          },
          {
            phase: 40,
            apply(doc, created, { refuse, now: when }) {
              const done = created.assignments as Array<{ appId: string; userId: string } | { appId: string; groupId: string }>;
              ((doc as Partial<SeedMembers>).assignments ?? []).forEach((a, i) => {
                const field = `assignments[${i}]`;
                if (!apps.apps.has(a.appId)) refuse(`${field}.appId`, `no app has the id ${a.appId}; create the app first and use the id it was given`);
                if ('userId' in a) {
                  const user = directory.user(a.userId);
                  if (!user) return refuse(`${field}.userId`, `no user has the id ${a.userId}; add it under "users" (with that id) first`);
                  const stamp = new Date(when).toISOString();
                  apps.assignUser(a.appId, {
                    id: user.id,
                    externalId: null,
                    created: stamp,
                    lastUpdated: stamp,
                    scope: 'USER',
                    status: 'ACTIVE',
                    statusChanged: stamp,
                    passwordChanged: null,
                    syncState: 'DISABLED',
                    credentials: { userName: user.profile.login },
                  });
                  done.push({ appId: a.appId, userId: a.userId });
                } else {
                  if (!directory.group(a.groupId)) refuse(`${field}.groupId`, `no group has the id ${a.groupId}; add it under "groups" (with that id) first`);
                  apps.assignGroup(a.appId, a.groupId, when);
                  done.push({ appId: a.appId, groupId: a.groupId });
                }
              });
            },
          },
        ],
      },
      state: { apps: appsState, users: usersState, groups: groupsState },
    };
  },
} satisfies CapabilityDefinition<AppsOptions>;
