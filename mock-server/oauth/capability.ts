import { z } from 'zod';
import type { AppsParts } from '../apps/parts';
import type { LogsParts } from '../logs/capability';
import type { Capability, CapabilityDefinition } from '../capability';
import { direct } from '../state/direct';
import { isoMs as iso, MAX_ITEMS, str } from '../state/document-fields';
import { refuseDuplicates } from '../state/duplicates';
import type { StoredGrant } from './grants';
import { OAuthServer, type MockOAuthOptions, type MockOAuthState, type OAuthBackendState } from './server';

/** A service app's scope consent grant (the Application Grants API), as a snapshot keeps it. */
const grant = z.strictObject({
  id: str(100),
  appId: str(100),
  scopeId: str(100),
  issuer: str(1000),
  created: iso,
  lastUpdated: iso,
  createdBy: str(100),
});

/**
 * The authorization server: `/oauth2/v1/token`, the Application Grants API, the access tokens the
 * management API accepts, and `backend.oauth`. Grants are the organization's (a snapshot keeps
 * them); issued tokens, `jti`s and nonces belong to the test run.
 */
export const OAUTH = {
  name: 'oauth',
  dependsOn: ['apps', 'logs'],
  snapshotMembers: {
    /** Grants of service apps; absent in documents written before grants were kept. */
    grants: z.array(grant).max(MAX_ITEMS).optional(),
  },
  create(ctx, need, options): Capability<OAuthBackendState, unknown> {
    const { apps, render } = need<AppsParts>('apps');
    const oauth = new OAuthServer(ctx.env, apps, options.oauth, ctx.newId);
    ctx.env.tokens.use(oauth.verifier);
    // The System Log names the service app an access token was issued to as the actor of its changes.
    need<LogsParts>('logs').principals.bearer = (token) => {
      const clientId = oauth.tokens.get(token)?.clientId;
      const label = clientId === undefined ? undefined : apps.apps.get(clientId)?.body.label;
      return clientId === undefined ? undefined : { id: clientId, type: 'PublicClientApp', alternateId: clientId, displayName: String(label ?? clientId), detailEntry: null };
    };
    const state: MockOAuthState = {
      registerServiceApp: (input) =>
        direct('oauth.registerServiceApp', () => {
          const id = oauth.registerServiceApp(input, ctx.now()).body.id;
          return { clientId: id, app: render(id) };
        }),
      grants: (appId) => oauth.grants.list(appId),
      revokeTokens: (clientId) => oauth.tokens.revokeClient(clientId),
    };
    return {
      routes: () => oauth.routes,
      clear: () => oauth.grants.clear(),
      forgetRun: () => oauth.clearRunState(),
      snapshot: {
        phase: 50,
        // Grants of deleted apps are unreachable; the snapshot keeps those of apps that exist.
        take: () => ({ grants: oauth.grants.all().filter((g) => apps.apps.has(g.appId)) }),
        check(doc, refuse) {
          const grants = (doc.grants as StoredGrant[] | undefined) ?? [];
          refuseDuplicates(refuse, 'grants', grants.map((g) => g.id), 'the grant id');
          refuseDuplicates(refuse, 'grants', grants.map((g) => `${g.appId} ${g.scopeId}`), 'the app and scope');
          const appIds = new Set((doc.apps as { items: Array<{ body: { id: string } }> }).items.map((a) => a.body.id));
          grants.forEach((g, i) => {
            if (!appIds.has(g.appId)) refuse(`grants[${i}].appId`, `no app in the snapshot has the id ${g.appId}`);
          });
        },
        restore: (doc) => oauth.grants.load((doc.grants as StoredGrant[] | undefined) ?? []),
      },
      state: { oauth: state },
    };
  },
} satisfies CapabilityDefinition<{ oauth?: MockOAuthOptions }>;
