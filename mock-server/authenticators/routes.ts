import { notFound } from '../pipeline/okta-errors';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteRequest, RouteSpec } from '../pipeline/route';
import { builtIn } from './catalog';
import { renderAuthenticator, renderMethod } from './representation';
import { catalogRefusal, featureNotEnabled, type AuthenticatorStore } from './store';

/**
 * Okta's Authenticators API (`/api/v1/authenticators…`) over the org's built-in authenticators.
 * Scopes `okta.authenticators.read` and `okta.authenticators.manage`; bucket `default`.
 */
export function authenticatorRoutes(env: RouteEnv, store: AuthenticatorStore): RouteSpec[] {
  const origin = () => env.orgOrigin();
  const route = (method: 'get' | 'put' | 'post', path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
    method,
    path: `/api/v1/authenticators${path}`,
    summary,
    bucket: 'default',
    scope: method === 'get' ? 'okta.authenticators.read' : 'okta.authenticators.manage',
    handle,
  });
  const found = (req: RouteRequest) => store.get(req.params.authenticatorId!);
  const answer = (req: RouteRequest, change = found) => ({ status: 200, body: renderAuthenticator(change(req), origin()) });
  return [
    route('get', '', "lists the org's authenticators by name (the built-in ones: email, Okta Verify, password, phone, security key or biometric, security question), one page", () => ({
      status: 200,
      body: store.all().map((a) => renderAuthenticator(a, origin())),
    })),
    route('post', '', 'creating an authenticator is not served: a built-in key (the org holds each) and any other key are refused with 400 `E0000001 … AuthenticatorCatalog`, as real orgs refuse a built-in key', async (req) => {
      // The body is read (a malformed one is 400 `E0000003`), then refused whatever it asks for.
      await readJsonBody(req);
      throw catalogRefusal();
    }),
    route('get', '/:authenticatorId', 'reads an authenticator (`E0000007` when there is none)', (req) => answer(req)),
    route('put', '/:authenticatorId', "replaces an authenticator's `name` and `settings` (`key` and `type` cannot change; the phone's is refused with `E0000226`: no telephony inline hook)", async (req) => {
      const body = await readJsonBody(req);
      return answer(req, () => store.replace(req.params.authenticatorId!, body, req.now));
    }),
    route('get', '/:authenticatorId/methods', "lists an authenticator's methods (`email`, `totp`, `push`, `sms`, …) with their settings", (req) => {
      const a = found(req);
      return { status: 200, body: builtIn(a.key).methods.map((m) => renderMethod(a, m, origin())) };
    }),
    route('get', '/:authenticatorId/methods/:methodType', 'reads one method of an authenticator (`E0000007` for a method it does not have)', (req) => {
      const a = found(req);
      const type = req.params.methodType!;
      const method = builtIn(a.key).methods.find((m) => m.type === type);
      if (!method) throw notFound(type.slice(0, 64), 'AuthenticatorMethod');
      return { status: 200, body: renderMethod(a, method, origin()) };
    }),
    route('get', '/:authenticatorId/aaguids', 'the allowed security key models: 401 `E0000015`, as orgs without the feature answer', (req) => {
      found(req);
      throw featureNotEnabled();
    }),
    route('post', '/:authenticatorId/lifecycle/activate', 'activates an authenticator (the phone: 400 `E0000226`, no telephony inline hook)', (req) =>
      answer(req, () => store.setStatus(req.params.authenticatorId!, 'ACTIVE', req.now)),
    ),
    route('post', '/:authenticatorId/lifecycle/deactivate', 'deactivates an authenticator (not the password: 400 `E0000001`)', (req) =>
      answer(req, () => store.setStatus(req.params.authenticatorId!, 'INACTIVE', req.now)),
    ),
  ];
}
