import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteRequest, RouteSpec } from '../pipeline/route';
import { encodeCursor } from '../state/cursor';
import { pageOffset } from '../state/page-offset';
import { renderResource, renderResourceSet, setHref } from './representation';
import type { ResourceSetService, StoredResourceSet } from './service';

/** How many sets one page of `GET /api/v1/iam/resource-sets` lists. */
export const RESOURCE_SET_PAGE_SIZE = 100;

/** The `Link: <…>; rel="self"` real organizations send with a set and with its resources. */
const selfLink = (href: string): Array<[string, string]> => [['link', `<${href}>; rel="self"`]];


/**
 * Okta's resource sets (`/api/v1/iam/resource-sets…`): custom sets of apps, groups and users that
 * custom admin roles are bound to. Scopes `okta.roles.read` and `okta.roles.manage`; bucket `default`.
 */
export function resourceSetRoutes(env: RouteEnv, sets: ResourceSetService): RouteSpec[] {
  const origin = () => env.orgOrigin();
  const answerSet = (set: StoredResourceSet) => ({ status: 200, body: renderResourceSet(set, origin()), headers: selfLink(setHref(origin(), set.id)) });
  const read = (path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
    method: 'get',
    path: `/api/v1/iam/resource-sets${path}`,
    summary,
    bucket: 'default',
    scope: 'okta.roles.read',
    handle,
  });
  const change = (method: 'post' | 'put' | 'patch' | 'delete', path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
    method,
    path: `/api/v1/iam/resource-sets${path}`,
    summary,
    bucket: 'default',
    scope: 'okta.roles.manage',
    handle,
  });
  const idOf = (req: RouteRequest) => req.params.resourceSetIdOrLabel!;
  return [
    read('', 'lists the resource sets (`{ "resource-sets": […], "_links": {} }`, 100 a page, `_links.next` with an `after` cursor while more remain)', ({ url }) => {
      const all = sets.all();
      const offset = Math.min(pageOffset(url), all.length);
      const page = all.slice(offset, offset + RESOURCE_SET_PAGE_SIZE);
      const links: Record<string, { href: string }> = {};
      if (offset + page.length < all.length) {
        const next = new URL('/api/v1/iam/resource-sets', origin());
        next.searchParams.set('after', encodeCursor(offset + page.length));
        links.next = { href: next.href };
      }
      return { status: 200, body: { 'resource-sets': page.map((s) => renderResourceSet(s, origin())), _links: links } };
    }),
    change(
      'post',
      '',
      'creates a resource set (`label`, unique, and `description` required, `resources`: at most 1,000 ORNs or REST URLs of this org\'s apps, groups and users); a missing label is 400 `E0000001` as real orgs answer',
      async (req) => answerSet(sets.create(await readJsonBody(req), req.now)),
    ),
    read('/:resourceSetIdOrLabel', 'reads a resource set by id or label (`E0000007 … (IAMPolicy)` when there is none)', (req) => answerSet(sets.get(idOf(req)))),
    change('put', '/:resourceSetIdOrLabel', 'replaces a set\'s `label` and `description` (its resources stay)', async (req) => answerSet(sets.replace(idOf(req), await readJsonBody(req), req.now))),
    change('delete', '/:resourceSetIdOrLabel', 'deletes a resource set and its resources (204)', (req) => {
      sets.delete(idOf(req));
      return { status: 204 };
    }),
    read('/:resourceSetIdOrLabel/resources', 'lists a set\'s resources (`id` `ire…`, `orn`, `_links.self` to what it names), one page', (req) => {
      const set = sets.get(idOf(req));
      const self = `${setHref(origin(), set.id)}/resources`;
      return {
        status: 200,
        body: {
          resources: set.resources.map((r) => renderResource(set, r, sets.orn(r.ref), origin())),
          _links: { 'resource-set': { href: setHref(origin(), set.id) }, self: { href: self } },
        },
        headers: selfLink(self),
      };
    }),
    change('patch', '/:resourceSetIdOrLabel/resources', 'adds resources (`additions`: ORNs or REST URLs; those held already stay) and answers the set', async (req) =>
      answerSet(sets.addResources(idOf(req), await readJsonBody(req), req.now)),
    ),
    change('delete', '/:resourceSetIdOrLabel/resources/:resourceId', 'takes a resource out of a set (204)', (req) => {
      sets.removeResource(idOf(req), req.params.resourceId!);
      return { status: 204 };
    }),
    read('/:resourceSetIdOrLabel/bindings', 'lists the custom roles bound to a set: none, since the backend does not serve custom roles (`{ "roles": [], "_links": {} }`)', (req) => {
      sets.get(idOf(req));
      return { status: 200, body: { roles: [], _links: {} } };
    }),
  ];
}
