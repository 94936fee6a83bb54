import type { RouteSpec } from '../../pipeline/route';
import { notFound, validationFailed } from '../../pipeline/okta-errors';
import { wholeSeconds } from '../../shared/time';
import { signingKid } from './service';
import { unsupportedMediaType, acceptsXml, validityYears, type CredentialRouteKit } from './route-kit';

/** Signing keys (list, get, generate, clone) and the SAML metadata they sign. */
export function signingKeyRoutes(kit: CredentialRouteKit): RouteSpec[] {
  const { origin, keys, keyUrl, renderAppKey, ok, base, apps } = kit;
  return [
    {
      method: 'get',
      path: `${base}/keys`,
      summary: 'lists the app\'s signing keys: JWKs with a real self-signed X.509 certificate (`x5c`, `x5t#S256`), made on first read',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: async ({ params }) => {
        apps.require(params.appId!);
        return ok(await Promise.all(keys.list(params.appId!).map(renderAppKey)));
      },
    },
    {
      method: 'post',
      path: `${base}/keys/generate`,
      summary: 'generates a key valid `validityYears` (2 to 10): 201 with `Location`; at most 100 keys per app',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async ({ params, url, now }) => {
        apps.require(params.appId!);
        const years = validityYears(url);
        // A full app is refused before the key is named: a refusal leaves no key behind.
        keys.refuseFull(params.appId!);
        const material = keys.create(now, years);
        const key = { kid: material.kid, created: wholeSeconds(now), lastUpdated: wholeSeconds(now) };
        keys.attach(params.appId!, key);
        return { status: 201, body: await renderAppKey(key), headers: [['location', keyUrl(params.appId!, key.kid)]] };
      },
    },
    {
      method: 'get',
      path: `${base}/keys/:kid`,
      summary: 'reads one key',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: async ({ params }) => {
        apps.require(params.appId!);
        return ok(await renderAppKey(keys.require(params.appId!, params.kid!)));
      },
    },
    {
      method: 'post',
      path: `${base}/keys/:kid/clone`,
      summary: 'copies a key to `targetAid` (201); refused when the target has it',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async ({ params, url }) => {
        apps.require(params.appId!);
        const targetId = url.searchParams.get('targetAid');
        if (targetId === null || targetId === '') {
          throw validationFailed([{ path: 'targetAid', reason: 'The field cannot be left blank; give the id of the app to share the key with' }]);
        }
        keys.require(params.appId!, params.kid!);
        apps.require(targetId);
        const copy = keys.clone(params.appId!, params.kid!, targetId);
        return { status: 201, body: await renderAppKey(copy), headers: [['location', keyUrl(targetId, copy.kid)]] };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/sso/saml/metadata',
      summary: 'the SAML 2.0 IdP metadata as real orgs answer it (`application/xml;charset=ISO-8859-1`), `kid` picks the certificate; JSON-only `Accept` is 400 `E0000019`',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: async ({ params, url, headers }) => {
        const app = apps.require(params.appId!);
        if (!acceptsXml(headers)) throw unsupportedMediaType();
        if (app.body.signOnMode !== 'SAML_2_0') throw notFound(params.appId!, 'SamlMetadata');
        const kid = url.searchParams.get('kid') || signingKid(app.body);
        if (kid === undefined) throw notFound(params.appId!, 'KeyCredential');
        keys.require(app.body.id, kid);
        const made = await keys.made(keys.material(kid)!);
        // SAML metadata's writer loads on its first request, not with the backend.
        const { METADATA_CONTENT_TYPE, samlMetadata } = await import('./metadata');
        return { status: 200, raw: { body: samlMetadata(app, origin(), made.x5c), contentType: METADATA_CONTENT_TYPE } };
      },
    },
  ];
}
