import { APP_FEATURE_NAMES } from '../../../src/apps/provisioning/input';
import {
  InboundProvisioningUpdateSchema,
  ProvisioningConnectionUpdateSchema,
  UserProvisioningUpdateSchema,
} from '../../../src/apps/provisioning/input';
import { notFound, OktaHttpError, validationFailed } from '../../pipeline/okta-errors';
import { readJsonBody } from '../../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../../pipeline/route';
import { checkedBody } from '../checked-body';
import { mergeOnto } from '../build-body';
import type { AppService } from '../service';
import type { StoredApp } from '../store';
import { encodeBase64url } from '../../shared/base64';
import { FEATURE_DESCRIPTIONS, provisioningKind, type ProvisioningStore, type StoredConnection } from './store';
import type { Json } from '../../shared/json';

/** What real organizations answer for the connection of an app without provisioning (a bookmark app). */
const UNKNOWN_CONNECTION = { status: 'UNKNOWN', profile: { authScheme: 'UNKNOWN' } } as const;

/** `E0000001` on `feature`, with the cause real organizations give. */
const featureRefused = (cause: string) => new OktaHttpError(400, 'E0000001', 'Api validation failed: feature', [cause]);

const NOT_SUPPORTED = 'Provisioning is not supported.';

/** The app's provisioning kind, or the refusal real organizations answer for an app without provisioning. */
function requireProvisioning(app: StoredApp) {
  const kind = provisioningKind(app);
  if (!kind) throw featureRefused(NOT_SUPPORTED);
  return kind;
}

/** An RSA public key for an OAuth 2.0 connection, with its RFC 7638 thumbprint as `kid` (the private half is not kept). */
async function connectionKey(): Promise<Json> {
  const pair = await globalThis.crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
  const { e, n } = (await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey)) as { e: string; n: string };
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify({ e, kty: 'RSA', n })));
  const kid = encodeBase64url(new Uint8Array(digest));
  return { kid, kty: 'RSA', alg: 'RS256', use: 'sig', e, n };
}

/**
 * Provisioning: the app's default connection (`…/connections/default`: get, update with `?activate=`,
 * lifecycle, `jwks`) and its features (`…/features`, `…/features/{name}`: list, get, update), with
 * the answers and refusals real organizations give.
 */
export function provisioningRoutes(env: RouteEnv, apps: AppService, store: ProvisioningStore): RouteSpec[] {
  const base = (appId: string) => `${env.orgOrigin()}/api/v1/apps/${appId}`;

  const renderConnection = (appId: string, c: StoredConnection): Json => {
    const out: Json = {};
    if (c.authScheme === 'TOKEN') out.authScheme = 'TOKEN';
    out.status = c.status;
    if (c.baseUrl !== undefined) out.baseUrl = c.baseUrl;
    out.profile = c.clientId === undefined ? { authScheme: c.authScheme } : { authScheme: c.authScheme, clientId: c.clientId };
    const self = `${base(appId)}/connections/default`;
    const action = c.status === 'ENABLED' ? 'deactivate' : 'activate';
    out._links = { self: { href: self, hints: { allow: ['POST', 'GET'] } }, [action]: { href: `${self}/lifecycle/${action}`, hints: { allow: ['POST'] } } };
    return out;
  };

  const connectionOf = (appId: string): Json => {
    const app = apps.require(appId);
    const kind = provisioningKind(app);
    return kind ? renderConnection(appId, store.connection(appId, kind)) : structuredClone(UNKNOWN_CONNECTION);
  };

  const setStatus = (appId: string, status: StoredConnection['status']) => {
    const app = apps.require(appId);
    const kind = provisioningKind(app);
    // An app without provisioning answers 204 and stays UNKNOWN, as real organizations do.
    if (kind) store.connection(appId, kind).status = status;
    return { status: 204 };
  };

  /** The feature named in the path, checked before the app (an unknown name is 404 whatever the app). */
  const featureOf = (appId: string, name: string) => {
    if (!(APP_FEATURE_NAMES as readonly string[]).includes(name)) throw notFound(name, 'PublicAppFeatureSetName');
    const app = apps.require(appId);
    const kind = requireProvisioning(app);
    if (store.connection(appId, kind).status !== 'ENABLED') throw featureRefused('Provisioning is not enabled for the app instance.');
    if (name === 'INBOUND_PROVISIONING' && !kind.inbound) throw notFound(name, 'AppFeature');
    return kind;
  };

  const renderFeature = (appId: string, name: string): Json => ({
    name,
    status: 'ENABLED',
    description: FEATURE_DESCRIPTIONS[name],
    capabilities: store.featureCapabilities(appId, name),
    _links: { self: { href: `${base(appId)}/features/${name}`, hints: { allow: ['GET', 'PUT'] } } },
  });

  return [
    {
      method: 'get',
      path: '/api/v1/apps/:appId/connections/default',
      summary: 'reads the app\'s default provisioning connection',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => ({ status: 200, body: connectionOf(params.appId!) }),
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/connections/default',
      summary: 'updates the connection (`?activate=`)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, url } = input;
        const app = apps.require(params.appId!);
        const body = checkedBody(ProvisioningConnectionUpdateSchema, await readJsonBody(input));
        const kind = provisioningKind(app);
        if (!kind) {
          if (body.profile.authScheme !== 'UNKNOWN') throw featureRefused(NOT_SUPPORTED);
          return { status: 200, body: structuredClone(UNKNOWN_CONNECTION) };
        }
        const scheme = body.profile.authScheme;
        const takes: readonly string[] = app.body.name === 'okta_org2org' ? ['TOKEN', 'OAUTH2'] : [kind.authScheme];
        if (!takes.includes(scheme)) {
          throw validationFailed([{ path: 'profile.authScheme', reason: `This app's connection takes ${takes.join(' or ')}, not ${scheme}` }]);
        }
        const connection = store.connection(app.body.id, kind);
        connection.authScheme = scheme as StoredConnection['authScheme'];
        if (body.baseUrl !== undefined) connection.baseUrl = body.baseUrl;
        if (body.profile.clientId !== undefined) connection.clientId = body.profile.clientId;
        // The token is write-only: it authenticates to the app and is never answered or kept.
        if (scheme === 'OAUTH2' && app.body.name === 'okta_org2org') connection.jwk ??= await connectionKey();
        if (url.searchParams.get('activate') === 'true') connection.status = 'ENABLED';
        return { status: 200, body: renderConnection(app.body.id, connection) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/connections/default/lifecycle/activate',
      summary: 'activates the connection (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => setStatus(params.appId!, 'ENABLED'),
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/connections/default/lifecycle/deactivate',
      summary: 'deactivates the connection (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => setStatus(params.appId!, 'DISABLED'),
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/connections/default/jwks',
      summary: 'the connection\'s public key set (OAuth Org2Org)',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        apps.require(params.appId!);
        const jwk = store.connections.get(params.appId!)?.jwk;
        if (!jwk) throw notFound(params.appId!, 'AppConnectionUserProvisionJWKList');
        return { status: 200, body: { jwks: { keys: [jwk] } } };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/features',
      summary: 'lists the app\'s provisioning features (400 "Provisioning is not supported." for an app without)',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        const app = apps.require(params.appId!);
        const kind = requireProvisioning(app);
        if (store.connection(app.body.id, kind).status !== 'ENABLED') throw featureRefused('Provisioning is not enabled for the app instance.');
        const names = kind.inbound ? APP_FEATURE_NAMES : ['USER_PROVISIONING'];
        return { status: 200, body: names.map((name) => renderFeature(app.body.id, name)) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/features/:name',
      summary: 'reads a feature (`USER_PROVISIONING`, `INBOUND_PROVISIONING`)',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        featureOf(params.appId!, params.name!);
        return { status: 200, body: renderFeature(params.appId!, params.name!) };
      },
    },
    {
      method: 'put',
      path: '/api/v1/apps/:appId/features/:name',
      summary: 'updates a feature\'s capabilities',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params } = input;
        const name = params.name!;
        if (!(APP_FEATURE_NAMES as readonly string[]).includes(name)) throw notFound(name, 'PublicAppFeatureSetName');
        // The body is read before the app is looked at: a body that is not JSON is E0000003 even for
        // an app without provisioning, as real orgs answer.
        const body = await readJsonBody(input);
        featureOf(params.appId!, name);
        const schema = name === 'USER_PROVISIONING' ? UserProvisioningUpdateSchema : InboundProvisioningUpdateSchema;
        const change = checkedBody(schema, body) as Json;
        store.setCapabilities(params.appId!, name, mergeOnto(store.featureCapabilities(params.appId!, name), change));
        return { status: 200, body: renderFeature(params.appId!, name) };
      },
    },
  ];
}
