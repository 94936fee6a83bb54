import type { z } from 'zod';
import type { Application } from '../../src/apps/application';
import type { SecurityEventsProvider } from '../../src/providers/schemas';
import { createLocalKeySet } from '../../src/set/keys';
import type { DirectoryGroup, DirectoryUser } from '../directory/store';
import type { MockToken } from '../http/auth';
import { OktaHttpError } from '../http/okta-errors';
import { ControlInputError } from './body-errors';
import type { SeedDocumentSchema } from './seed-schema';
import type { BackendStores } from './stores';
import { surroundingsSeedField, type SurroundingsSeedResult } from '../apps/surroundings';

/** What the seed created, ids included (tokens are listed without their secret). */
export interface SeedResult {
  /** The apps created, as the API renders them. */
  apps: Application[];
  /** The users added. */
  users: DirectoryUser[];
  /** The groups added. */
  groups: DirectoryGroup[];
  /** The assignments made. */
  assignments: Array<{ appId: string; userId: string } | { appId: string; groupId: string }>;
  /** The providers created, as the API renders them. */
  providers: SecurityEventsProvider[];
  /** The tokens accepted from now on: type and scopes (`null`: every scope), never the secret. */
  tokens: Array<{ type: 'SSWS' | 'Bearer'; scopes: string[] | null }>;
  /** What was created around apps: policies (rendered), and the ids of refresh tokens, group push mappings and federated claims. */
  surroundings: SurroundingsSeedResult;
}

/** A result with nothing created yet. */
export function emptySeedResult(): SeedResult {
  return { apps: [], users: [], groups: [], assignments: [], providers: [], tokens: [], surroundings: { policies: [], refreshTokens: [], groupPushMappings: [], federatedClaims: [] } };
}

/** The reason of an error raised while a seed is applied, with the field path of the seed document. */
export function seedFailure(error: unknown, field: string): ControlInputError {
  if (error instanceof ControlInputError) return error;
  if (error instanceof OktaHttpError) {
    const causes = error.causes.map((c) => `${field}.${c}`).join('; ');
    return new ControlInputError(`seed field ${field}: ${error.errorSummary}${causes ? ` (${causes})` : ''}`, field);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ControlInputError(`seed field ${field}: ${message}`, field);
}

/**
 * Applies a checked seed document to the stores, adding what it creates to `created`. Providers by
 * `well_known_url` are left to the caller (they need a fetch). Throws {@link ControlInputError}
 * naming the field; the caller undoes what was applied.
 */
export function applySeed(d: BackendStores, doc: z.output<typeof SeedDocumentSchema>, created: SeedResult, addToken: (token: MockToken) => void): SeedResult {
  const now = d.clock.now();
  const at = (field: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      throw seedFailure(error, field);
    }
  };
  (doc.apps ?? []).forEach((entry, i) =>
    at(`apps[${i}]`, () => {
      const { status, id, ...input } = entry;
      created.apps.push(d.renderApp(d.apps.create(input, status !== 'INACTIVE', now, id).body.id));
    }),
  );
  (doc.users ?? []).forEach((u, i) =>
    at(`users[${i}]`, () => {
      // Memberships wait for the document's groups (made after its users).
      const { groupIds: _groups, ...user } = u;
      created.users.push(d.directory.addUser({ ...user, id: u.id ?? d.ids.oktaId('00u') }, now));
    }),
  );
  (doc.groups ?? []).forEach((g, i) =>
    at(`groups[${i}]`, () => {
      created.groups.push(d.directory.addGroup({ ...g, id: g.id ?? d.ids.oktaId('00g') }, now));
    }),
  );
  (doc.users ?? []).forEach((u, i) =>
    (u.groupIds ?? []).forEach((groupId, j) =>
      at(`users[${i}].groupIds[${j}]`, () => {
        d.directory.addMember(groupId, created.users[i]!.id, now);
      }),
    ),
  );
  // Users and groups as they end, memberships included, copied out of the store.
  created.users = created.users.map((u) => structuredClone(d.directory.user(u.id)!));
  created.groups = created.groups.map((g) => structuredClone(d.directory.group(g.id)!));
  (doc.providers ?? []).forEach((p, i) =>
    at(`providers[${i}]`, () => {
      if ('well_known_url' in p) return;
      const settings = {
        issuer: p.issuer,
        jwks_url: 'jwks_url' in p ? p.jwks_url : `${p.issuer.replace(/\/$/, '')}/jwks`,
        well_known_url: null,
      };
      const jwks = 'jwks' in p ? p.jwks : null;
      if (jwks) createLocalKeySet(jwks as Parameters<typeof createLocalKeySet>[0]);
      const provider = d.providers.load({
        id: d.ids.oktaId('sse'),
        name: p.name,
        type: p.type ?? 'okta',
        status: 'ACTIVE',
        settings,
        jwks: jwks as Parameters<typeof createLocalKeySet>[0] | null,
      });
      created.providers.push(d.renderProvider(provider.id));
    }),
  );
  (doc.assignments ?? []).forEach((a, i) => {
    const field = `assignments[${i}]`;
    if (!d.apps.apps.has(a.appId)) {
      throw new ControlInputError(`seed field ${field}.appId: no app has the id ${a.appId}; create the app first and use the id it was given`, `${field}.appId`);
    }
    if ('userId' in a) {
      const user = d.directory.user(a.userId);
      if (!user) {
        throw new ControlInputError(`seed field ${field}.userId: no user has the id ${a.userId}; add it under "users" (with that id) first`, `${field}.userId`);
      }
      const when = new Date(now).toISOString();
      d.apps.assignUser(a.appId, {
        id: user.id,
        externalId: null,
        created: when,
        lastUpdated: when,
        scope: 'USER',
        status: 'ACTIVE',
        statusChanged: when,
        passwordChanged: null,
        syncState: 'DISABLED',
        credentials: { userName: user.profile.login },
      });
      created.assignments.push({ appId: a.appId, userId: a.userId });
    } else {
      if (!d.directory.group(a.groupId)) {
        throw new ControlInputError(`seed field ${field}.groupId: no group has the id ${a.groupId}; add it under "groups" (with that id) first`, `${field}.groupId`);
      }
      d.apps.assignGroup(a.appId, a.groupId, now);
      created.assignments.push({ appId: a.appId, groupId: a.groupId });
    }
  });
  try {
    d.surroundings.seed(doc, created.surroundings);
  } catch (error) {
    throw seedFailure(error, surroundingsSeedField(error) ?? 'seed');
  }
  // Tokens last: nothing after them can fail, so a refused seed never leaves a token behind.
  for (const t of doc.tokens ?? []) {
    const token = t as MockToken;
    addToken(token);
    created.tokens.push({ type: t.type, scopes: t.scopes ?? null });
  }
  return created;
}
