import type { AppsParts } from '../apps/parts';
import type { Capability, CapabilityDefinition } from '../capability';
import { AUTHORIZATION_SERVERS_SNAPSHOT_MEMBERS, type SnapshotAuthorizationServer } from './documents';
import { authorizationServerRoutes } from './routes';
import { AuthorizationServerService, MAX_OBJECTS, objectsOf, type StoredServer } from './service';
import type { AuthorizationServersBackendState, MockAuthorizationServer } from './state';

/** A deep copy of a server as `backend.authorizationServers` and the snapshot show it. */
function shown(s: StoredServer): MockAuthorizationServer {
  return structuredClone(s);
}

/**
 * Custom authorization servers (`/api/v1/authorizationServers…`, `backend.authorizationServers`):
 * their scopes, claims, policies and rules, kept and answered; they issue no tokens (the org
 * authorization server of `oauth/` does).
 */
export const AUTHORIZATION_SERVERS = {
  name: 'authorization-servers',
  dependsOn: ['apps'],
  snapshotMembers: AUTHORIZATION_SERVERS_SNAPSHOT_MEMBERS,
  create(ctx, need): Capability<AuthorizationServersBackendState> {
    const { apps } = need<AppsParts>('apps');
    const isClient = (clientId: string) => {
      const app = apps.apps.get(clientId);
      return app !== undefined && (app.body.credentials as { oauthClient?: unknown } | undefined)?.oauthClient !== undefined;
    };
    const servers = new AuthorizationServerService(ctx.newId, isClient);
    return {
      routes: (env) => authorizationServerRoutes(env, servers),
      clear: () => servers.clear(),
      snapshot: {
        phase: 80,
        take: () => ({ authorizationServers: servers.all().map(shown) }),
        check(doc, refuse) {
          // A policy's client ids are not checked against the snapshot's apps: a policy keeps naming an app deleted since.
          const d = doc as { authorizationServers?: SnapshotAuthorizationServer[] };
          const ids = new Set<string>();
          const once = (id: string, at: string) => {
            if (ids.has(id)) refuse(`${at}.id`, `the id ${id} is given twice`);
            ids.add(id);
          };
          const all = d.authorizationServers ?? [];
          if (objectsOf(all) > MAX_OBJECTS) refuse('authorizationServers', `the servers hold ${objectsOf(all)} scopes, claims, policies and rules; at most ${MAX_OBJECTS}`);
          all.forEach((s, i) => {
            const at = `authorizationServers[${i}]`;
            once(s.id, at);
            s.scopes.forEach((x, j) => once(x.id, `${at}.scopes[${j}]`));
            s.claims.forEach((x, j) => once(x.id, `${at}.claims[${j}]`));
            s.policies.forEach((p, j) => {
              once(p.id, `${at}.policies[${j}]`);
              p.rules.forEach((r, k) => once(r.id, `${at}.policies[${j}].rules[${k}]`));
            });
          });
        },
        restore(doc) {
          for (const s of (doc as { authorizationServers?: SnapshotAuthorizationServer[] }).authorizationServers ?? []) servers.put(shown(s));
        },
      },
      state: {
        authorizationServers: {
          list: () => servers.all().map(shown),
          get size() {
            return servers.size;
          },
        },
      },
    };
  },
} satisfies CapabilityDefinition;
