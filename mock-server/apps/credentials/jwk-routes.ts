import { readJsonBody } from '../../pipeline/request';
import { type RouteSpec } from '../../pipeline/route';
import { ClientJwkInputSchema } from '../../../src/apps/credentials/inputs';
import { clientKeys, keysWithout, newClientKey, renderClientKey, withClientKeys } from './jwks';
import { parseInput, requireClient, type CredentialRouteKit } from './route-kit';

/** Client JSON Web Keys: list, add, get, activate, deactivate, delete. */
export function jwkRoutes(kit: CredentialRouteKit): RouteSpec[] {
  const { origin, ok, base, changeKeys, keyReply, setKeyStatus, apps, credentials } = kit;
  return [
    {
      method: 'get',
      path: `${base}/jwks`,
      summary: 'lists the client\'s JSON Web Keys (`settings.oauthClient.jwks`) as a bare JSON array, as real orgs answer',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        const app = requireClient(apps, params.appId!);
        // A bare JSON array, as real orgs answer (Okta's Java SDK reads it so against them, its Go SDK
        // types it so); the Node SDK 8.1's `{ keys }` type is not what the wire holds.
        return ok(clientKeys(app.body).map((key) => renderClientKey(origin(), app.body.id, key, credentials.keyTimes(app, key.id))));
      },
    },
    {
      method: 'post',
      path: `${base}/jwks`,
      summary: 'adds a public key; the token endpoint accepts assertions signed by ACTIVE ones',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const app = requireClient(apps, params.appId!);
        const jwk = parseInput(ClientJwkInputSchema, await readJsonBody(input));
        const current = clientKeys(app.body);
        const key = newClientKey(jwk, current, credentials.newJwkId());
        const changed = changeKeys(app, key.id, [...current, key], now);
        const reply = keyReply(changed, key.id);
        return { ...reply, status: 201 };
      },
    },
    {
      method: 'get',
      path: `${base}/jwks/:keyId`,
      summary: 'reads one key',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => keyReply(requireClient(apps, params.appId!), params.keyId!),
    },
    { method: 'post', path: `${base}/jwks/:keyId/lifecycle/activate`, summary: 'activates a key', bucket: 'app', scope: 'okta.apps.manage', handle: setKeyStatus('ACTIVE') },
    { method: 'post', path: `${base}/jwks/:keyId/lifecycle/deactivate`, summary: 'deactivates a key (the token endpoint then refuses it)', bucket: 'app', scope: 'okta.apps.manage', handle: setKeyStatus('INACTIVE') },
    {
      method: 'delete',
      path: `${base}/jwks/:keyId`,
      summary: 'deletes an INACTIVE key (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params, now }) => {
        const app = requireClient(apps, params.appId!);
        const next = keysWithout(clientKeys(app.body), params.keyId!);
        apps.changeBody(app.body.id, (body) => withClientKeys(body, next), now);
        credentials.jwkTimes.get(app.body.id)?.delete(params.keyId!);
        return { status: 204 };
      },
    },
  ];
}
