import { invalidSearch } from '../pipeline/okta-errors';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteRequest, RouteSpec } from '../pipeline/route';
import { renderClaim, renderPolicy, renderRule, renderScope, renderServer } from './representation';
import type { AuthorizationServerService, Status } from './service';

/** The longest `q` the servers list reads. */
const MAX_QUERY_LENGTH = 255;

/**
 * Okta's custom authorization servers (`/api/v1/authorizationServers…`): the servers, their scopes,
 * claims, policies and the policies' rules, and their clients' tokens (none: these servers issue no
 * tokens here). Scopes `okta.authorizationServers.read` and `okta.authorizationServers.manage`; bucket `default`.
 */
export function authorizationServerRoutes(env: RouteEnv, servers: AuthorizationServerService): RouteSpec[] {
  const origin = () => env.orgOrigin();
  const route = (method: RouteSpec['method'], path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
    method,
    path: `/api/v1/authorizationServers${path}`,
    summary,
    bucket: 'default',
    scope: method === 'get' ? 'okta.authorizationServers.read' : 'okta.authorizationServers.manage',
    handle,
  });
  const ok = (body: unknown, status = 200) => ({ status, body: body as never });
  const none = () => ({ status: 204 });
  const sid = (req: RouteRequest) => req.params.authServerId!;
  const pid = (req: RouteRequest) => req.params.policyId!;
  const server = (req: RouteRequest) => renderServer(servers.get(sid(req)), origin());
  const lifecycle = (path: string, what: string, set: (req: RouteRequest, status: Status) => void): RouteSpec[] => [
    route('post', `${path}/lifecycle/activate`, `activates ${what} (204)`, (req) => (set(req, 'ACTIVE'), none())),
    route('post', `${path}/lifecycle/deactivate`, `deactivates ${what} (204)`, (req) => (set(req, 'INACTIVE'), none())),
  ];
  const S = '/:authServerId';
  const P = `${S}/policies/:policyId`;
  const R = `${P}/rules/:ruleId`;
  return [
    route('get', '', 'lists the custom authorization servers in the order they were made (`q`: a name prefix); there is no `default` server', ({ url }) => {
      const q = url.searchParams.get('q') ?? '';
      if (q.length > MAX_QUERY_LENGTH) throw invalidSearch(`q: must be at most ${MAX_QUERY_LENGTH} characters`);
      return ok(servers.all().filter((s) => s.name.toLowerCase().startsWith(q.toLowerCase())).map((s) => renderServer(s, origin())));
    }),
    route('post', '', 'creates a server (`name`, `audiences`, `description`, `issuerMode` ORG_URL or DYNAMIC, `credentials.signing.rotationMode`), ACTIVE, with a signing key id; 201', async (req) => {
      const made = servers.create(await readJsonBody(req), req.now);
      return ok(renderServer(made, origin()), 201);
    }),
    route('get', S, 'reads a server', (req) => ok(server(req))),
    route('put', S, 'replaces a server\'s name, description, audiences, issuer mode and rotation mode', async (req) => {
      servers.replace(sid(req), await readJsonBody(req), req.now);
      return ok(server(req));
    }),
    route('delete', S, 'deletes a server, whatever its status (204)', (req) => (servers.delete(sid(req)), none())),
    ...lifecycle(S, 'a server', (req, status) => servers.setStatus(sid(req), status, req.now)),

    route('get', `${S}/scopes`, 'lists a server\'s scopes (the custom ones: no system scopes are made)', (req) =>
      ok(servers.get(sid(req)).scopes.map((s) => renderScope(sid(req), s, origin()))),
    ),
    route('post', `${S}/scopes`, 'creates a scope (`name` unique on the server, `consent`, `metadataPublish`, `optional`, `default`); 201', async (req) =>
      ok(renderScope(sid(req), servers.createScope(sid(req), await readJsonBody(req)), origin()), 201),
    ),
    route('get', `${S}/scopes/:scopeId`, 'reads a scope', (req) => ok(renderScope(sid(req), servers.scope(sid(req), req.params.scopeId!), origin()))),
    route('put', `${S}/scopes/:scopeId`, 'replaces a scope', async (req) =>
      ok(renderScope(sid(req), servers.replaceScope(sid(req), req.params.scopeId!, await readJsonBody(req)), origin())),
    ),
    route('delete', `${S}/scopes/:scopeId`, 'deletes a scope (204)', (req) => (servers.deleteScope(sid(req), req.params.scopeId!), none())),

    route('get', `${S}/claims`, 'lists a server\'s claims', (req) => ok(servers.get(sid(req)).claims.map((c) => renderClaim(sid(req), c, origin())))),
    route('post', `${S}/claims`, 'creates a claim (`name`, `claimType`, `valueType` EXPRESSION or GROUPS, `value`, `conditions.scopes`, `alwaysIncludeInToken`); 201', async (req) =>
      ok(renderClaim(sid(req), servers.createClaim(sid(req), await readJsonBody(req)), origin()), 201),
    ),
    route('get', `${S}/claims/:claimId`, 'reads a claim', (req) => ok(renderClaim(sid(req), servers.claim(sid(req), req.params.claimId!), origin()))),
    route('put', `${S}/claims/:claimId`, 'replaces a claim', async (req) =>
      ok(renderClaim(sid(req), servers.replaceClaim(sid(req), req.params.claimId!, await readJsonBody(req)), origin())),
    ),
    route('delete', `${S}/claims/:claimId`, 'deletes a claim (204)', (req) => (servers.deleteClaim(sid(req), req.params.claimId!), none())),

    route('get', `${S}/policies`, 'lists a server\'s policies by priority', (req) => ok(servers.get(sid(req)).policies.map((p) => renderPolicy(sid(req), p, origin())))),
    route('post', `${S}/policies`, 'creates a policy (`name`, `conditions.clients.include`: ALL_CLIENTS or OAuth 2.0 client ids, `priority`, `status`); 201', async (req) =>
      ok(renderPolicy(sid(req), servers.createPolicy(sid(req), await readJsonBody(req), req.now), origin()), 201),
    ),
    route('get', P, 'reads a policy', (req) => ok(renderPolicy(sid(req), servers.policy(sid(req), pid(req)), origin()))),
    route('put', P, 'replaces a policy', async (req) =>
      ok(renderPolicy(sid(req), servers.replacePolicy(sid(req), pid(req), await readJsonBody(req), req.now), origin())),
    ),
    route('delete', P, 'deletes a policy and its rules, whatever its status (204)', (req) => (servers.deletePolicy(sid(req), pid(req)), none())),
    ...lifecycle(P, 'a policy', (req, status) => servers.setPolicyStatus(sid(req), pid(req), status, req.now)),

    route('get', `${P}/rules`, 'lists a policy\'s rules by priority', (req) =>
      ok(servers.policy(sid(req), pid(req)).rules.map((r) => renderRule(sid(req), pid(req), r, origin()))),
    ),
    route('post', `${P}/rules`, 'creates a rule (`conditions.people`, `conditions.grantTypes.include`, `conditions.scopes.include`, `actions.token` lifetimes); 201', async (req) =>
      ok(renderRule(sid(req), pid(req), servers.createRule(sid(req), pid(req), await readJsonBody(req), req.now), origin()), 201),
    ),
    route('get', R, 'reads a rule', (req) => ok(renderRule(sid(req), pid(req), servers.rule(sid(req), pid(req), req.params.ruleId!), origin()))),
    route('put', R, 'replaces a rule', async (req) =>
      ok(renderRule(sid(req), pid(req), servers.replaceRule(sid(req), pid(req), req.params.ruleId!, await readJsonBody(req), req.now), origin())),
    ),
    route('delete', R, 'deletes a rule (204)', (req) => (servers.deleteRule(sid(req), pid(req), req.params.ruleId!), none())),
    ...lifecycle(R, 'a rule', (req, status) => servers.setRuleStatus(sid(req), pid(req), req.params.ruleId!, status, req.now)),

    route('get', `${S}/clients`, 'lists the clients holding tokens of the server: always empty, since custom servers issue no tokens here', (req) => {
      servers.get(sid(req));
      return ok([]);
    }),
    route('get', `${S}/clients/:clientId/tokens`, 'lists a client\'s refresh tokens from the server: empty; an unknown client is `E0000007 … (PublicClientApp)`', (req) => {
      servers.requireClient(sid(req), req.params.clientId!);
      return ok([]);
    }),
    route('delete', `${S}/clients/:clientId/tokens`, 'revokes a client\'s refresh tokens from the server (204); an unknown client is `E0000007 … (PublicClientApp)`', (req) => {
      servers.requireClient(sid(req), req.params.clientId!);
      return none();
    }),
  ];
}
