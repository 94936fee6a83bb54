import { BLANK_FIELD } from '../../../src/validation/field-issues';
import { notFound, validationFailed } from '../../pipeline/okta-errors';
import { type RouteSpec } from '../../pipeline/route';
import type { AppService } from '../service';
import { provisioningKind, type ProvisioningStore } from './store';

/** The apps whose OAuth 2.0 provisioning consent ends at the callback, as Okta's spec names them. */
const OAUTH_PROVISIONING_APPS: ReadonlySet<string> = new Set(['google', 'office365', 'slack', 'zoomus']);
/** The longest `code` or `state` the callback reads. */
const MAX_PARAM = 2048;

/**
 * `POST /api/v1/apps/{appName}/{appId}/oauth2/callback?code=…&state=…`: the last step of setting up
 * an OAuth 2.0 provisioning connection, after the app's consent page. The app is one of the four
 * that take it (its name in the path), the consent's `code` is given, and the connection is then
 * verified: it is `ENABLED`, as after `…/connections/default/lifecycle/activate`. Answers 204.
 */
export function oauthCallbackRoutes(apps: AppService, store: ProvisioningStore): RouteSpec[] {
  return [
    {
      method: 'post',
      path: '/api/v1/apps/:appName/:appId/oauth2/callback',
      summary: "verifies an OAuth 2.0 provisioning connection with the consent's `code` (and `state`) for `google`, `office365`, `slack` and `zoomus` apps: the connection is then ENABLED (204)",
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params, url }) => {
        const appName = params.appName!;
        if (!OAUTH_PROVISIONING_APPS.has(appName)) throw notFound(appName, 'App');
        const app = apps.require(params.appId!);
        const kind = provisioningKind(app);
        if (app.body.name !== appName || !kind) throw notFound(params.appId!, 'AppInstance');
        for (const name of ['code', 'state']) {
          const value = url.searchParams.get(name);
          if (value !== null && value.length > MAX_PARAM) throw validationFailed([{ path: name, reason: `Must be at most ${MAX_PARAM} characters` }]);
        }
        if (!url.searchParams.get('code')?.trim()) throw validationFailed([{ path: 'code', reason: BLANK_FIELD }]);
        const connection = store.connection(app.body.id, kind);
        connection.authScheme = 'OAUTH2';
        connection.status = 'ENABLED';
        return { status: 204 };
      },
    },
  ];
}
