import { z } from 'zod';
import type { AppsParts } from '../apps/parts';
import type { Capability, CapabilityDefinition } from '../capability';
import { MAX_ITEMS, str } from '../state/document-fields';
import { refuseDuplicates } from '../state/duplicates';
import { idTokenRoutes } from './routes';
import { CLAIM_VALUE_TYPES, GROUP_FILTER_TYPES, IdTokenClaims, type StoredIdTokenClaim } from './store';

/** The most apps that keep ID token claim settings (as many as a snapshot holds apps). */
const MAX_APPS_WITH_SETTINGS = MAX_ITEMS;

const snapshotClaim = z.strictObject({
  appId: str(100),
  valueType: z.enum(CLAIM_VALUE_TYPES).optional(),
  name: str(255).optional(),
  groupFilterType: z.enum(GROUP_FILTER_TYPES).optional(),
  value: str(1024).optional(),
});

/**
 * The ID token settings of OAuth 2.0 apps (`/api/v1/internal/apps/{appId}/settings/oauth/idToken`):
 * the issuer mode, which the app itself keeps, and the claim kept here with the app (cleared on
 * reset, in snapshots, gone with the app).
 */
export const ID_TOKEN_SETTINGS = {
  name: 'id-token-settings',
  dependsOn: ['apps'],
  snapshotMembers: {
    /** Each OAuth app's ID token claim; absent in older documents. */
    idTokenClaims: z.array(snapshotClaim).max(MAX_APPS_WITH_SETTINGS).optional(),
  },
  create(_ctx, need): Capability<Record<never, never>> {
    const { apps } = need<AppsParts>('apps');
    const claims = new IdTokenClaims(MAX_APPS_WITH_SETTINGS, (appId) => apps.apps.has(appId));
    return {
      routes: (env) => idTokenRoutes(env, apps, claims),
      clear: () => claims.clear(),
      snapshot: {
        phase: 65,
        take: () => ({ idTokenClaims: claims.all() }),
        check(doc, refuse) {
          const entries = (doc.idTokenClaims ?? []) as StoredIdTokenClaim[];
          refuseDuplicates(refuse, 'idTokenClaims', entries.map((c) => c.appId), 'the app id');
          const appIds = new Set(((doc.apps as { items?: Array<{ body: { id: string } }> } | undefined)?.items ?? []).map((a) => a.body.id));
          entries.forEach((c, i) => {
            if (!appIds.has(c.appId)) refuse(`idTokenClaims[${i}].appId`, `no app in the snapshot has the id ${c.appId}`);
          });
        },
        restore(doc) {
          for (const claim of (doc.idTokenClaims ?? []) as StoredIdTokenClaim[]) claims.set({ ...claim });
        },
      },
      state: {},
    };
  },
} satisfies CapabilityDefinition;
