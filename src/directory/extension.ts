import { transportOf } from '../core/client-transport';
import type { ClientExtension } from '../client';
import { appGrantsResource, type AppGrantsResource } from '../apps/grants';
import { rolesResource, type RolesResource } from '../roles/resource';
import { groupsResource, type GroupsResource } from './groups';
import { usersResource, type UsersResource } from './users';

/** The organization's directory, as {@link directory} adds it to a client. */
export interface DirectoryResources {
  /** The Users API: the people of the organization. */
  readonly users: UsersResource;
  /** The Groups API and group membership. */
  readonly groups: GroupsResource;
  /** Administrator roles of users and groups, and what they are narrowed to. */
  readonly roles: RolesResource;
  /** What the directory's apps may do. */
  readonly apps: {
    /** Scope consent grants: the Okta scopes an app may ask tokens for (`/api/v1/apps/{appId}/grants`). */
    readonly grants: AppGrantsResource;
  };
}

/**
 * The extension that gives a client the organization's directory: `client.users`, `client.groups`,
 * `client.roles` and `client.apps.grants` (see {@link DirectoryResources}). `createClient` from `appset` has it
 * already; a bare client takes it with `createClient(options).extend(directory)`, both from `appset/core`.
 */
export const directory: ClientExtension<DirectoryResources> = (client) => {
  const transport = transportOf(client);
  return { users: usersResource(transport), groups: groupsResource(transport), roles: rolesResource(transport), apps: { grants: appGrantsResource(transport) } };
};
