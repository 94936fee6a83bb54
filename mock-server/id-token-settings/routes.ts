import type { AppService } from '../apps/service';
import type { StoredApp } from '../apps/store';
import { notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { isObject, type Json } from '../shared/json';
import type { FieldIssue } from '../../src/validation/field-issues';
import { claimMembers, CLAIM_VALUE_TYPES, GROUP_FILTER_TYPES, ISSUER_MODES, type IdTokenClaim, type IdTokenClaims, type IssuerMode } from './store';

/** The longest claim name and claim value read. */
const MAX_CLAIM_NAME = 255;
const MAX_CLAIM_VALUE = 1024;

const NOT_ALLOWED = 'Not one of the allowed values';

/** The app's OAuth client settings, or `undefined` for an app that is no OAuth 2.0 client. */
function oauthClientOf(app: StoredApp): Json | undefined {
  if (app.body.signOnMode !== 'OPENID_CONNECT') return undefined;
  const settings = app.body.settings;
  return isObject(settings) && isObject(settings.oauthClient) ? settings.oauthClient : {};
}

/** The app's issuer mode as its settings hold it (`ORG_URL` when they hold none). */
function issuerModeOf(client: Json): IssuerMode {
  const mode = client.issuer_mode;
  return (ISSUER_MODES as readonly unknown[]).includes(mode) ? (mode as IssuerMode) : 'ORG_URL';
}

/** The OAuth app of the path; another app has no ID token settings (404, as for a resource it does not have). */
function requireOAuthApp(apps: AppService, appId: string): { app: StoredApp; client: Json } {
  const app = apps.require(appId);
  const client = oauthClientOf(app);
  if (!client) throw notFound(appId, 'OAuth2Client');
  return { app, client };
}

function oneOf<T extends string>(body: Json, member: string, allowed: readonly T[], issues: FieldIssue[]): T | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (!(allowed as readonly unknown[]).includes(value)) issues.push({ path: member, reason: `${NOT_ALLOWED} (${allowed.join(', ')})` });
  return value as T;
}

function textOf(body: Json, member: string, max: number, issues: FieldIssue[]): string | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) issues.push({ path: member, reason: `Must be a string of at most ${max} characters` });
  return value as string;
}

/** Reads a posted body: the issuer mode and the claim, each checked; refused as a whole with every issue. */
function readSettings(body: unknown): { issuerMode?: IssuerMode; claim: IdTokenClaim } {
  if (!isObject(body)) throw validationFailed([{ path: 'body', reason: 'Must be a JSON object with issuerMode and the claim (valueType, name, value, groupFilterType)' }]);
  const issues: FieldIssue[] = [];
  const issuerMode = oneOf(body, 'issuerMode', ISSUER_MODES, issues);
  const claim: IdTokenClaim = {
    valueType: oneOf(body, 'valueType', CLAIM_VALUE_TYPES, issues),
    name: textOf(body, 'name', MAX_CLAIM_NAME, issues),
    groupFilterType: oneOf(body, 'groupFilterType', GROUP_FILTER_TYPES, issues),
    value: textOf(body, 'value', MAX_CLAIM_VALUE, issues),
  };
  if (issues.length) throw validationFailed(issues);
  return { issuerMode, claim };
}

/**
 * `GET` and `POST /api/v1/internal/apps/{appId}/settings/oauth/idToken`: the ID token settings of an
 * OAuth 2.0 app, an internal endpoint of the admin console that the terraform provider calls for
 * every OAuth app. The issuer mode is the app's own `settings.oauthClient.issuer_mode` (a `POST`
 * changes it there); the claim (`valueType`, `name`, `groupFilterType`, `value`) is kept with the
 * app. A `GET` answers the issuer (the org URL: the backend has no custom domain) and the audience
 * (the client id); a `POST` answers what it set, with those `null`, as real orgs do.
 */
export function idTokenRoutes(env: RouteEnv, apps: AppService, claims: IdTokenClaims): RouteSpec[] {
  const path = '/api/v1/internal/apps/:appId/settings/oauth/idToken';
  return [
    {
      method: 'get',
      path,
      summary: 'an OAuth app\'s ID token settings, as real orgs answer them: `issuer` (the org URL: the backend has no custom domain), `orgUrl`, `customUrl`, `audience` (the client id), `issuerMode` (the app\'s `settings.oauthClient.issuer_mode`) and the claim set (`valueType`, `name`, `groupFilterType`, `value`); 404 `E0000007` for an app that is no OAuth client',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        const { app, client } = requireOAuthApp(apps, params.appId!);
        const credentials = app.body.credentials;
        const clientId = isObject(credentials) && isObject(credentials.oauthClient) ? credentials.oauthClient.client_id : undefined;
        return {
          status: 200,
          body: {
            issuer: env.orgOrigin(),
            orgUrl: null,
            customUrl: null,
            audience: typeof clientId === 'string' ? clientId : app.body.id,
            issuerMode: issuerModeOf(client),
            ...claimMembers(claims.get(app.body.id)),
          },
        };
      },
    },
    {
      method: 'post',
      path,
      summary: 'sets the issuer mode (on the app) and the claim (replaced; none clears it); answers what it set with `issuer`, `orgUrl`, `customUrl` and `audience` `null`, as real orgs do',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { app, client } = requireOAuthApp(apps, input.params.appId!);
        const { issuerMode, claim } = readSettings(await readJsonBody(input));
        const appId = app.body.id;
        if (!claims.set({ appId, ...claim })) {
          throw new OktaHttpError(400, 'E0000001', 'Api validation failed: appId', [`appId: At most ${claims.max} apps keep ID token settings`]);
        }
        const mode = issuerMode ?? issuerModeOf(client);
        if (mode !== client.issuer_mode) {
          const settings = app.body.settings as Json;
          apps.apps.update(appId, { ...app, body: { ...app.body, settings: { ...settings, oauthClient: { ...client, issuer_mode: mode } } } });
        }
        return { status: 200, body: { issuer: null, orgUrl: null, customUrl: null, audience: null, issuerMode: mode, ...claimMembers(claims.get(appId)) } };
      },
    },
  ];
}
