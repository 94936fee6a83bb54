import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteRequest, RouteSpec } from '../pipeline/route';
import { renderAssurance } from './representation';
import type { AssuranceService, StoredAssurance } from './service';

/**
 * Okta's device assurance policies (`/api/v1/device-assurances…`). Scopes
 * `okta.deviceAssurance.read` and `okta.deviceAssurance.manage`; bucket `default`.
 */
export function assuranceRoutes(env: RouteEnv, items: AssuranceService): RouteSpec[] {
  const answer = (item: StoredAssurance) => ({ status: 200, body: renderAssurance(item, env.orgOrigin()) });
  const route = (method: RouteSpec['method'], path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
    method,
    path: `/api/v1/device-assurances${path}`,
    summary,
    bucket: 'default',
    scope: method === 'get' ? 'okta.deviceAssurance.read' : 'okta.deviceAssurance.manage',
    handle,
  });
  const idOf = (req: RouteRequest) => req.params.deviceAssuranceId!;
  return [
    route('get', '', 'lists the device assurance policies, in the order they were made (one page)', () => ({
      status: 200,
      body: items.all().map((i) => renderAssurance(i, env.orgOrigin())),
    })),
    route('post', '', 'creates a device assurance policy (`name`, `platform` ANDROID, IOS, MACOS or WINDOWS, the checks that platform takes, `displayRemediationMode` HIDE by default)', async (req) =>
      answer(items.create(await readJsonBody(req), req.now)),
    ),
    route('get', '/:deviceAssuranceId', 'reads a device assurance policy (`E0000007` when there is none)', (req) => answer(items.get(idOf(req)))),
    route('put', '/:deviceAssuranceId', 'replaces a policy\'s name, checks and remediation mode (its platform stays)', async (req) => answer(items.replace(idOf(req), await readJsonBody(req), req.now))),
    route('delete', '/:deviceAssuranceId', 'deletes a device assurance policy (204)', (req) => {
      items.delete(idOf(req));
      return { status: 204 };
    }),
  ];
}
