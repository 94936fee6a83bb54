import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { renderUserType, type UserTypes } from './user-types';

/**
 * Okta's user types (`/api/v1/meta/types/user`): list, create, read, replace (`PUT`), update
 * (`POST`) and delete; scopes `okta.userTypes.read` and `.manage`.
 */
export function userTypeRoutes(env: RouteEnv, types: UserTypes): RouteSpec[] {
  const render = (type: Parameters<typeof renderUserType>[0]) => renderUserType(type, types.defaultId, env.orgUrl());
  const one = '/api/v1/meta/types/user/:typeId';
  return [
    {
      method: 'get',
      path: '/api/v1/meta/types/user',
      bucket: 'default',
      scope: 'okta.userTypes.read',
      handle: () => ({ status: 200, body: types.list().map(render) }),
    },
    {
      method: 'post',
      path: '/api/v1/meta/types/user',
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: async (input) => ({ status: 200, body: render(types.create(await readJsonBody(input), input.now)) }),
    },
    {
      method: 'get',
      path: one,
      bucket: 'default',
      scope: 'okta.userTypes.read',
      handle: ({ params }) => ({ status: 200, body: render(types.require(params.typeId!)) }),
    },
    {
      method: 'put',
      path: one,
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: async (input) => ({ status: 200, body: render(types.change(input.params.typeId!, await readJsonBody(input), 'replace', input.now)) }),
    },
    {
      method: 'post',
      path: one,
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: async (input) => ({ status: 200, body: render(types.change(input.params.typeId!, await readJsonBody(input), 'update', input.now)) }),
    },
    {
      method: 'delete',
      path: one,
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: ({ params }) => {
        types.delete(params.typeId!);
        return { status: 204 };
      },
    },
  ];
}
