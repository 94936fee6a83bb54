import type { Capability, CapabilityDefinition } from '../capability';
import { featureRoutes } from './features';
import { wellKnownRoutes } from './well-known';

/**
 * The organization itself: `GET /.well-known/okta-organization` (no credential) and its
 * self-service features (`GET /api/v1/features`). It keeps no state: an Identity Engine org whose
 * id is the backend's.
 */
export const ORG = {
  name: 'org',
  create(ctx): Capability<Record<never, never>> {
    return {
      routes: (env) => [...wellKnownRoutes(env, () => ctx.org.orgId), ...featureRoutes(env)],
      clear: () => {},
      state: {},
    };
  },
} satisfies CapabilityDefinition;
