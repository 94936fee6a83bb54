import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import type { UserSchemas, UserSchemaOwner } from './user-schema';
import { schemaIdOf } from './representation';
import type { StoredUserType, UserTypes } from './user-types';

/** The schema of a user type, as its owner. */
function ownerOf(type: StoredUserType): UserSchemaOwner {
  return { schemaId: schemaIdOf(type.id), name: type.name, displayName: type.displayName, created: type.created, lastUpdated: type.lastUpdated };
}

/**
 * The user schemas of the org's user types: `GET` and `POST /api/v1/meta/schemas/user/{schemaId}`
 * (`default`, or a type's `osc…` id); scopes `okta.schemas.read` and `.manage`.
 */
export function userSchemaRoutes(env: RouteEnv, types: UserTypes, schemas: UserSchemas): RouteSpec[] {
  const path = '/api/v1/meta/schemas/user/:schemaId';
  return [
    {
      method: 'get',
      path,
      summary: 'a user type\'s schema (`default`, or the `osc…` id its links name): the default profile\'s base properties and the custom ones added',
      bucket: 'default',
      scope: 'okta.schemas.read',
      handle: ({ params }) => ({ status: 200, body: schemas.render(ownerOf(types.bySchemaId(params.schemaId!)), env.orgUrl()) }),
    },
    {
      method: 'post',
      path,
      summary: 'adds or replaces custom properties (`null` removes one; at most 100; base properties do not change)',
      bucket: 'default',
      scope: 'okta.schemas.manage',
      handle: async (input) => {
        const owner = ownerOf(types.bySchemaId(input.params.schemaId!));
        schemas.update(owner, await readJsonBody(input), input.now);
        return { status: 200, body: schemas.render(owner, env.orgUrl()) };
      },
    },
  ];
}
