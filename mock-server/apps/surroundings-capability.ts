import type { Capability, CapabilityDefinition } from '../capability';
import { checkStoredConnections } from './cross-app-access/store';
import { checkStoredMappings } from './interclient-trust/store';
import type { DirectoryParts } from '../directory/capability';
import { direct } from '../state/direct';
import type { AppSurroundingsParts, AppsParts } from './parts';
import { AppSurroundings, surroundingsSeedField, type SurroundingsSeed, type SurroundingsSeedResult } from './surroundings';
import { SURROUNDINGS_SEED_MEMBERS, SurroundingsSnapshotSchema, type SurroundingsSnapshot } from './surroundings-schema';
import type { AppSurroundingsBackendState, MockRefreshTokensState } from './surroundings-state';

/**
 * What the backend keeps around its apps: logos, provisioning connections and features, refresh
 * tokens, group push mappings, federated claims, app user schemas, Cross App Access connections and
 * interclient trust mappings, with their routes; `backend.refreshTokens`. (App sign-in policies are
 * the `policies` capability's.)
 */
export const APP_SURROUNDINGS = {
  name: 'app-surroundings',
  dependsOn: ['apps', 'directory'],
  snapshotMembers: {
    /** Logos, provisioning, refresh tokens, group push, federated claims, user schemas, Cross App Access connections, interclient trust mappings (and, in older documents, policies); absent in older documents. */
    surroundings: SurroundingsSnapshotSchema.optional(),
  },
  seedMembers: SURROUNDINGS_SEED_MEMBERS,
  create(ctx, need): Capability<AppSurroundingsBackendState, AppSurroundingsParts> {
    const { apps } = need<AppsParts>('apps');
    const surroundings = new AppSurroundings({
      apps,
      directory: need<DirectoryParts>('directory').directory,
      newId: ctx.newId,
      orgUrl: ctx.orgUrl,
      now: ctx.now,
      currentOrgId: () => ctx.org.orgId,
    });
    const refreshTokens: MockRefreshTokensState = {
      issue: (appId, input) => direct('refreshTokens.issue', () => surroundings.issueRefreshToken(appId, input)),
    };
    const parts: AppSurroundingsParts = { surroundings };
    return {
      routes: (env) => surroundings.routes(env),
      clear: () => surroundings.clear(),
      parts,
      snapshot: {
        phase: 60,
        take: () => ({ surroundings: surroundings.snapshot() }),
        check(doc, refuse) {
          const part = doc.surroundings as SurroundingsSnapshot | undefined;
          checkStoredConnections(part?.crossAppAccess ?? [], refuse);
          checkStoredMappings(part?.interclientTrust ?? [], refuse);
        },
        restore: (doc) => surroundings.load(doc.surroundings as SurroundingsSnapshot | undefined),
      },
      seed: {
        emptyResult: (): { surroundings: SurroundingsSeedResult } => ({ surroundings: { refreshTokens: [], groupPushMappings: [], federatedClaims: [] } }),
        steps: [
          {
            phase: 50,
            apply(doc, created, { failure }) {
              try {
                surroundings.seed(doc as SurroundingsSeed, created.surroundings as SurroundingsSeedResult);
              } catch (error) {
                throw failure(error, surroundingsSeedField(error) ?? 'seed');
              }
            },
          },
        ],
      },
      state: { refreshTokens },
    };
  },
} satisfies CapabilityDefinition;
