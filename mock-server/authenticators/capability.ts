import type { Capability, CapabilityDefinition } from '../capability';
import { refuseDuplicates } from '../state/duplicates';
import { AUTHENTICATORS_SNAPSHOT_MEMBERS, type SnapshotAuthenticator } from './documents';
import { authenticatorRoutes } from './routes';
import type { AuthenticatorsBackendState, MockAuthenticator } from './state';
import { AuthenticatorStore, type StoredAuthenticator } from './store';

/** A copy of an authenticator as `backend.authenticators` and the snapshot show it. */
const shown = (a: StoredAuthenticator): MockAuthenticator => structuredClone(a);

/**
 * Authenticators: the organization's built-in ones (email, Okta Verify, password, phone, security
 * key or biometric, security question), their methods and lifecycle (`/api/v1/authenticators…`,
 * `backend.authenticators`). They exist from the start with ids named after the org, and a reset
 * brings them back as the org got them.
 */
export const AUTHENTICATORS = {
  name: 'authenticators',
  dependsOn: [],
  snapshotMembers: AUTHENTICATORS_SNAPSHOT_MEMBERS,
  create(ctx): Capability<AuthenticatorsBackendState> {
    const store = new AuthenticatorStore(ctx.org.orgId, ctx.now());
    return {
      routes: (env) => authenticatorRoutes(env, store),
      clear: () => store.clear(),
      snapshot: {
        take: () => ({ authenticators: store.all().map(shown) }),
        check(doc, refuse) {
          const list = (doc.authenticators as SnapshotAuthenticator[] | undefined) ?? [];
          refuseDuplicates(refuse, 'authenticators', list.map((a) => a.id), 'the authenticator id');
          refuseDuplicates(refuse, 'authenticators', list.map((a) => a.key), 'the authenticator key');
        },
        restore(doc) {
          store.load((doc.authenticators as SnapshotAuthenticator[] | undefined) ?? []);
        },
      },
      state: {
        authenticators: { list: () => store.all().map(shown) },
      },
    };
  },
} satisfies CapabilityDefinition;
