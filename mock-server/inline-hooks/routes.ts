import { validationFailed } from '../pipeline/okta-errors';
import { pageLinks } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteRequest, RouteSpec } from '../pipeline/route';
import { renderHook } from './representation';
import { HOOK_TYPES, type HookService, isHookType, type StoredHook } from './service';

/**
 * Okta's inline hooks (`/api/v1/inlineHooks…`), HTTP channels only. Scopes `okta.inlineHooks.read`
 * and `okta.inlineHooks.manage`; bucket `default`. `…/execute` is not served: the backend never
 * calls out.
 */
export function hookRoutes(env: RouteEnv, hooks: HookService): RouteSpec[] {
  const answer = (hook: StoredHook) => ({ status: 200, body: renderHook(hook, env.orgOrigin()) });
  const route = (method: RouteSpec['method'], path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
    method,
    path: `/api/v1/inlineHooks${path}`,
    summary,
    bucket: 'default',
    scope: method === 'get' ? 'okta.inlineHooks.read' : 'okta.inlineHooks.manage',
    handle,
  });
  const idOf = (req: RouteRequest) => req.params.inlineHookId!;
  return [
    route('get', '', 'lists the inline hooks in the order they were made (`type`: one documented hook type; one page, Link `rel="self"`)', ({ url }) => {
      const type = url.searchParams.get('type');
      if (type !== null && type !== '' && !isHookType(type)) throw validationFailed([{ path: 'type', reason: `Must be one of ${HOOK_TYPES.join(', ')}` }]);
      const listed = hooks.all().filter((h) => !type || h.type === type);
      return { status: 200, body: listed.map((h) => renderHook(h, env.orgOrigin())), headers: pageLinks(env.orgUrl(), url, undefined) };
    }),
    route('post', '', 'creates an inline hook (`name`, a documented `type`, `version`, an HTTP `channel` POSTing to an https `uri` with `headers` and a HEADER `authScheme` whose value is never answered; `status` ACTIVE by default)', async (req) =>
      answer(hooks.create(await readJsonBody(req), req.now)),
    ),
    route('get', '/:inlineHookId', 'reads an inline hook (`E0000007 … (InlineHook)` when there is none)', (req) => answer(hooks.get(idOf(req)))),
    route('put', '/:inlineHookId', 'replaces a hook\'s name, version and channel (its type and status stay; an `authScheme` given without `value` keeps the secret held)', async (req) =>
      answer(hooks.replace(idOf(req), await readJsonBody(req), req.now)),
    ),
    route('delete', '/:inlineHookId', 'deletes an INACTIVE inline hook (204); an ACTIVE one is refused (400 `E0000001` on `status`)', (req) => {
      hooks.delete(idOf(req));
      return { status: 204 };
    }),
    route('post', '/:inlineHookId/lifecycle/activate', 'activates an inline hook and answers it', (req) => answer(hooks.setStatus(idOf(req), 'ACTIVE', req.now))),
    route('post', '/:inlineHookId/lifecycle/deactivate', 'deactivates an inline hook and answers it', (req) => answer(hooks.setStatus(idOf(req), 'INACTIVE', req.now))),
  ];
}
