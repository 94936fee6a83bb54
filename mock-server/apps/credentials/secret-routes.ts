import { readOptionalJsonBody } from '../../pipeline/request';
import { type RouteSpec } from '../../pipeline/route';
import { ClientSecretInputSchema } from '../../../src/apps/credentials/schemas';
import { wholeSeconds } from '../../shared/time';
import { renderSecret } from './secrets';
import { CredentialService } from './service';
import { parseInput, authMethodOf, requireClient, checkChosenSecret, type CredentialRouteKit } from './route-kit';

/** OAuth 2.0 client secrets: list, add, activate, deactivate, delete. */
export function secretRoutes(kit: CredentialRouteKit): RouteSpec[] {
  const { origin, ok, base, secretReply, setSecretStatus, apps, credentials } = kit;
  return [
    {
      method: 'get',
      path: `${base}/secrets`,
      summary: 'lists the OAuth 2.0 client\'s secrets',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        requireClient(apps, params.appId!);
        return ok(credentials.secrets.list(params.appId!).map((secret) => renderSecret(origin(), params.appId!, secret)));
      },
    },
    {
      method: 'post',
      path: `${base}/secrets`,
      summary: 'adds a secret (at most two), generated or given',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async ({ params, request, now }) => {
        const app = requireClient(apps, params.appId!);
        const input = parseInput(ClientSecretInputSchema, (await readOptionalJsonBody(request)) ?? {});
        if (input.client_secret !== undefined) checkChosenSecret(input.client_secret, authMethodOf(app));
        const at = wholeSeconds(now);
        const secret = credentials.secrets.add(app.body.id, {
          id: credentials.newSecretId(),
          status: input.status ?? 'ACTIVE',
          client_secret: input.client_secret ?? CredentialService.newSecretValue(),
          created: at,
          lastUpdated: at,
        });
        return { status: 201, body: renderSecret(origin(), app.body.id, secret) };
      },
    },
    {
      method: 'get',
      path: `${base}/secrets/:secretId`,
      summary: 'reads one secret',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        requireClient(apps, params.appId!);
        return secretReply(params.appId!, params.secretId!);
      },
    },
    { method: 'post', path: `${base}/secrets/:secretId/lifecycle/activate`, summary: 'activates a secret', bucket: 'app', scope: 'okta.apps.manage', handle: setSecretStatus('ACTIVE') },
    { method: 'post', path: `${base}/secrets/:secretId/lifecycle/deactivate`, summary: 'deactivates a secret; the only ACTIVE one cannot be', bucket: 'app', scope: 'okta.apps.manage', handle: setSecretStatus('INACTIVE') },
    {
      method: 'delete',
      path: `${base}/secrets/:secretId`,
      summary: 'deletes an INACTIVE secret (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        requireClient(apps, params.appId!);
        credentials.secrets.delete(params.appId!, params.secretId!);
        return { status: 204 };
      },
    },
  ];
}
