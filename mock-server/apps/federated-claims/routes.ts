import { FederatedClaimInputSchema } from '../../../src/apps/federated-claims/input';
import { validationFailed } from '../../pipeline/okta-errors';
import { readJsonBody } from '../../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../../pipeline/route';
import { checkedBody } from '../checked-body';
import { isObject } from '../../shared/json';
import { wholeSeconds } from '../../shared/time';
import { type AppService } from '../service';
import type { FederatedClaimStore, StoredFederatedClaim } from './store';

const render = ({ id, name, expression, created, lastUpdated }: StoredFederatedClaim) => ({ id, name, expression, created, lastUpdated });

/**
 * Federated claims (`/api/v1/apps/{appId}/federated-claims`): create (201), list, get, replace
 * (answered 200, as real organizations do), delete (204). A claim's name is unique in its app.
 */
export function federatedClaimRoutes(_env: RouteEnv, apps: AppService, claims: FederatedClaimStore, newId: (prefix: string) => string): RouteSpec[] {
  const refuseDuplicate = (appId: string, name: string, except?: string) => {
    if (claims.list(appId).some((c) => c.name === name && c.id !== except)) {
      throw validationFailed([{ path: 'name', reason: `The app already has a federated claim named ${name}; give another name or replace that claim` }]);
    }
  };
  return [
    {
      method: 'get',
      path: '/api/v1/apps/:appId/federated-claims',
      summary: 'lists the app\'s federated claims',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => ({ status: 200, body: claims.list(apps.require(params.appId!).body.id).map(render) }),
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/federated-claims',
      summary: 'creates a claim (`name`, `expression`; 201)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const app = apps.require(params.appId!);
        const body = checkedBody(FederatedClaimInputSchema, await readJsonBody(input));
        refuseDuplicate(app.body.id, body.name);
        if (claims.list(app.body.id).length >= claims.maxPerApp) {
          throw validationFailed([{ path: 'name', reason: `An app has at most ${claims.maxPerApp} federated claims; delete one first` }]);
        }
        const at = wholeSeconds(now);
        const claim: StoredFederatedClaim = { id: newId('ofc'), appId: app.body.id, name: body.name, expression: body.expression, created: at, lastUpdated: at };
        claims.add(claim);
        return { status: 201, body: render(claim) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/federated-claims/:claimId',
      summary: 'reads a claim',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        apps.require(params.appId!);
        return { status: 200, body: render(claims.require(params.appId!, params.claimId!)) };
      },
    },
    {
      method: 'put',
      path: '/api/v1/apps/:appId/federated-claims/:claimId',
      summary: 'replaces a claim (200)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        apps.require(params.appId!);
        const existing = claims.require(params.appId!, params.claimId!);
        const raw = await readJsonBody(input);
        // Okta's SDKs send the claim back whole: its read-only members are ignored.
        const { id: _id, created: _created, lastUpdated: _lastUpdated, ...given } = isObject(raw) ? raw : {};
        const body = checkedBody(FederatedClaimInputSchema, isObject(raw) ? given : raw);
        refuseDuplicate(existing.appId, body.name, existing.id);
        const claim: StoredFederatedClaim = {
          ...existing,
          name: body.name,
          expression: body.expression,
          lastUpdated: wholeSeconds(Math.max(now, Date.parse(existing.lastUpdated) + 1000)),
        };
        claims.add(claim);
        return { status: 200, body: render(claim) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/federated-claims/:claimId',
      summary: 'deletes a claim (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        apps.require(params.appId!);
        claims.remove(params.appId!, claims.require(params.appId!, params.claimId!).id);
        return { status: 204 };
      },
    },
  ];
}
