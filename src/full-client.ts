import { appResources, type AppResources } from './apps/app-resources';
import { appCredentials, type AppCredentialsResources } from './apps/credentials/extension';
import type { ClientOptions, CoreClient } from './client';
import { createCoreClient } from './core-client';
import { directory, type DirectoryResources } from './directory/extension';

/**
 * The client returned by {@link createClient}: every resource. It is the bare client of
 * `appset/core` ({@link CoreClient}) extended with `appCredentials`, `appResources` and `directory`,
 * so `client.apps` has the credentials and the resources around an app beside `list` and `get`, and
 * `client.users`, `client.groups` and `client.apps.grants` are the directory.
 */
export type AppsetClient = CoreClient & { readonly apps: AppCredentialsResources & AppResources } & DirectoryResources;

/**
 * Creates a client for one organization, with every resource: apps with their assignments,
 * credentials and the resources around them, users, groups, providers, security events and the
 * System Log. Authenticate with an API token (`token`), an OAuth 2.0 access token (`accessToken`) or
 * as an OAuth 2.0 service app (`oauth`), at most one of them. A client given none only publishes
 * security event tokens: `createClient({ orgUrl }).securityEvents.publish(token)`.
 *
 * Bundle-conscious code (a browser app) can start from the bare client of `appset/core` instead and
 * add only the extensions it calls (see docs/client.md).
 *
 * @example
 * const client = createClient({ orgUrl: 'https://example.okta.com', token: process.env.OKTA_TOKEN });
 * for await (const app of client.apps.list({ filter: { status: 'ACTIVE' } })) console.log(app.label);
 * const ada = await client.users.get('ada@example.com');
 */
export function createClient(options: ClientOptions): AppsetClient {
  return createCoreClient(options).extend(appCredentials).extend(appResources).extend(directory);
}
