import { notFound } from '../pipeline/okta-errors';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import type { Json } from '../shared/json';

/** One self-service feature of the org, as `GET /api/v1/features` lists it (ids are Okta's, the same in every org). */
interface OrgFeature {
  id: string;
  name: string;
  description: string;
  status: 'ENABLED' | 'DISABLED';
  stage: 'EA' | 'BETA';
}

/**
 * The org's self-service features: a few of those real orgs list, with the ids every org gives them,
 * in the order they list them; Front-channel Single Logout is on, as in the recording orgs.
 */
export const ORG_FEATURES: readonly OrgFeature[] = [
  { id: 'ftrPWWeJ77DfU1jmVCjz', name: 'Enable Custom Admin Roles for Inline Hooks and Event Hooks', description: 'Custom admin roles that view and manage inline hooks and event hooks.', status: 'DISABLED', stage: 'EA' },
  { id: 'ftr35Jf5emctrZSjyMpz', name: 'Active Directory DirSync', description: 'Synchronizes Active Directory users and groups through DirSync.', status: 'DISABLED', stage: 'EA' },
  { id: 'ftr3aIC4kQI7sJEgoodC', name: 'Front-channel Single Logout', description: 'Signs users out of the apps that take part in single logout through the browser.', status: 'ENABLED', stage: 'EA' },
  { id: 'ftrEQo6SokUhGBs0Ru19', name: 'Deactivate App Assignments', description: "Deactivates a user's app assignments instead of removing them.", status: 'DISABLED', stage: 'EA' },
  { id: 'ftrlBotN4CNl73hOIf2Z', name: 'Event Hook Filtering', description: 'Filters the events an event hook delivers with an expression.', status: 'DISABLED', stage: 'EA' },
];

/** A feature as the API answers it: `enable` while off, `disable` while on, then its own links. */
function renderFeature(feature: OrgFeature, origin: string): Json {
  const self = `${origin}/api/v1/features/${feature.id}`;
  const toggle = feature.status === 'ENABLED' ? 'disable' : 'enable';
  return {
    id: feature.id,
    type: 'self-service',
    status: feature.status,
    name: feature.name,
    description: feature.description,
    stage: { value: feature.stage },
    _links: {
      [toggle]: { href: `${self}/${toggle}`, hints: { allow: ['POST'] } },
      self: { href: self },
      dependents: { href: `${self}/dependents` },
      dependencies: { href: `${self}/dependencies` },
    },
  };
}

/** `GET /api/v1/features` and `GET /api/v1/features/{featureId}`: the org's self-service features (read only). */
export function featureRoutes(env: RouteEnv): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/api/v1/features',
      summary: 'lists the org\'s self-service features (a fixed few, with Okta\'s ids; read only)',
      bucket: 'default',
      scope: 'okta.features.read',
      handle: () => ({ status: 200, body: ORG_FEATURES.map((f) => renderFeature(f, env.orgOrigin())) }),
    },
    {
      method: 'get',
      path: '/api/v1/features/:featureId',
      summary: 'reads one feature',
      bucket: 'default',
      scope: 'okta.features.read',
      handle: ({ params }) => {
        const feature = ORG_FEATURES.find((f) => f.id === params.featureId);
        if (!feature) throw notFound(params.featureId!, 'Feature');
        return { status: 200, body: renderFeature(feature, env.orgOrigin()) };
      },
    },
  ];
}
