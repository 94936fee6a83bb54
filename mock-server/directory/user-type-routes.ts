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
      summary: 'lists user types: the org\'s default `user` type first (users are of it unless created with another), then those made',
      bucket: 'default',
      scope: 'okta.userTypes.read',
      handle: () => ({ status: 200, body: types.list().map(render) }),
    },
    {
      method: 'post',
      path: '/api/v1/meta/types/user',
      summary: 'makes a user type (`name`, `displayName`, `description`; names unique; at most 100)',
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: async (input) => ({ status: 200, body: render(types.create(await readJsonBody(input), input.now)) }),
    },
    {
      method: 'get',
      path: one,
      summary: 'reads a user type',
      bucket: 'default',
      scope: 'okta.userTypes.read',
      handle: ({ params }) => ({ status: 200, body: render(types.require(params.typeId!)) }),
    },
    {
      method: 'put',
      path: one,
      summary: 'replaces a made type\'s `displayName` and `description` (the name never changes; the default type is 403)',
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: async (input) => ({ status: 200, body: render(types.change(input.params.typeId!, await readJsonBody(input), 'replace', input.now)) }),
    },
    {
      method: 'post',
      path: one,
      summary: 'updates a made type\'s `displayName` or `description`',
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: async (input) => ({ status: 200, body: render(types.change(input.params.typeId!, await readJsonBody(input), 'update', input.now)) }),
    },
    {
      method: 'delete',
      path: one,
      summary: 'deletes a made type (204; the default type, or one users are still of, is 403 `E0000006`)',
      bucket: 'default',
      scope: 'okta.userTypes.manage',
      handle: ({ params }) => {
        types.delete(params.typeId!);
        return { status: 204 };
      },
    },
  ];
}
