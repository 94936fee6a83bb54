import { fieldIssues, PARSE_OPTIONS } from '../../../src/validation/field-issues';
import { CLIENT_SECRET_LENGTH, ClientSecretInputSchema } from '../../../src/apps/credentials/schemas';
import { ClientJwkInputSchema, CsrMetadataSchema } from '../../../src/apps/credentials/inputs';
import { notFound, OktaHttpError, validationFailed } from '../../http/okta-errors';
import { readJsonBody, readOptionalJsonBody, type HeaderReader, type RouteEnv, type RouteReply, type RouteSpec } from '../../http/route';
import { wholeSeconds, type AppService } from '../service';
import type { StoredApp } from '../store';
import { renderCsr, type StoredCsr } from './csrs';
import { clientKeys, keysWithout, keysWithStatus, newClientKey, renderClientKey, requireKey, withClientKeys, type ClientKey } from './jwks';
import { renderSecret } from './secrets';
import { CredentialService, signingKid } from './service';
import { KEY_VALIDITY_YEARS, renderKey, type AppKey } from './signing-keys';
import { CERTIFICATE_TYPES, readCertificateUpload } from './certificate-upload';
import { NotDerError, rsaPublicMembers, sha256Thumbprint, toBase64 } from './x509';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `E0000019`: what the request accepts or sends is not what the endpoint serves (real orgs' words, no causes). */
function unsupportedMediaType(): OktaHttpError {
  return new OktaHttpError(400, 'E0000019', 'Bad request. Accept and/or Content-Type headers likely do not match supported values.');
}

/** The media ranges of an `Accept` header, lower-cased, without parameters; `[]` when absent. */
function acceptedTypes(headers: HeaderReader): string[] {
  const accept = headers.get('accept');
  if (accept === null) return [];
  return accept
    .split(',')
    .map((range) => range.split(';')[0]!.trim().toLowerCase())
    .filter((range) => range !== '');
}

/** Whether the request takes XML: no `Accept`, or one naming XML or a wildcard (`application/json` alone does not). */
function acceptsXml(headers: HeaderReader): boolean {
  const types = acceptedTypes(headers);
  return types.length === 0 || types.some((t) => t === '*/*' || t === 'application/*' || t === 'text/*' || t.endsWith('/xml') || t.endsWith('+xml'));
}

/** Whether the request asks for a CSR as PKCS #10 rather than JSON. */
const wantsPkcs10 = (headers: HeaderReader) => acceptedTypes(headers).includes('application/pkcs10');

/** A CSR as the PKCS #10 media type answers it: base64 DER, as Okta sends it. */
function pkcs10Reply(status: number, csr: StoredCsr, headers: Array<[string, string]> = []): RouteReply {
  return {
    status,
    raw: { body: toBase64(csr.der), contentType: 'application/pkcs10; filename=okta.p10' },
    headers: [...headers, ['content-transfer-encoding', 'base64']],
  };
}

/** Parses a body with a shared input schema; a bad one is `E0000001` naming each field. */
function parseInput<T>(schema: { safeParse(input: unknown, options: typeof PARSE_OPTIONS): { success: true; data: T } | { success: false; error: Parameters<typeof fieldIssues>[0] } }, input: unknown): T {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) throw validationFailed(fieldIssues(result.error));
  return result.data;
}

/** The `credentials.oauthClient.token_endpoint_auth_method` of an OAuth 2.0 client. */
function authMethodOf(app: StoredApp): unknown {
  const credentials = isObject(app.body.credentials) ? app.body.credentials : {};
  return isObject(credentials.oauthClient) ? credentials.oauthClient.token_endpoint_auth_method : undefined;
}

/** The app if it is an OAuth 2.0 client (OpenID Connect); secrets and client keys exist only there. */
function requireClient(apps: AppService, appId: string): StoredApp {
  const app = apps.require(appId);
  if (app.body.signOnMode !== 'OPENID_CONNECT') throw notFound(appId, 'OAuth2Client');
  return app;
}

/** The checks Okta makes of a client secret the caller chose, in its words. */
function checkChosenSecret(secret: string, authMethod: unknown): void {
  const refuse = (cause: string) => new OktaHttpError(400, 'E0000001', 'Api validation failed: client_secret', [cause]);
  if (authMethod === 'private_key_jwt' || authMethod === 'none') {
    throw refuse(`'client_secret' can't be used when 'token_endpoint_auth_method' is '${String(authMethod)}'.`);
  }
  if (!/^[\x20-\x7e]*$/.test(secret)) throw refuse("client_secret: ''client_secret'' must only contain printable ASCII: [x20-x7E]+");
  if (secret.length < CLIENT_SECRET_LENGTH.min) throw refuse(`client_secret: 'client_secret' must be at least '${CLIENT_SECRET_LENGTH.min}' characters long.`);
  if (secret.length > CLIENT_SECRET_LENGTH.max) throw refuse(`client_secret: 'client_secret' can't be more than '${CLIENT_SECRET_LENGTH.max}' characters long.`);
  if (authMethod === 'client_secret_jwt' && secret.length < CLIENT_SECRET_LENGTH.minForJwt) {
    throw refuse(
      `client_secret: 'client_secret' must be at least '${CLIENT_SECRET_LENGTH.minForJwt}' characters long when 'token_endpoint_auth_method' is 'client_secret_jwt'.`,
    );
  }
}

/** `validityYears` of a key generation: a whole number from 2 to 10, else Okta's refusal. */
function validityYears(url: URL): number {
  const raw = url.searchParams.get('validityYears');
  const years = raw === null || !/^\d{1,3}$/.test(raw) ? Number.NaN : Number(raw);
  if (!(years >= KEY_VALIDITY_YEARS.min && years <= KEY_VALIDITY_YEARS.max)) {
    throw new OktaHttpError(400, 'E0000001', 'Api validation failed: generateKey', [
      `Validity years out of range. It should be ${KEY_VALIDITY_YEARS.min} - ${KEY_VALIDITY_YEARS.max} years.`,
    ]);
  }
  return years;
}

/**
 * The routes around an app's credentials: signing keys (list, get, generate, clone), SAML metadata,
 * certificate signing requests (generate, list, get, revoke, publish), OAuth 2.0 client secrets and
 * client JSON Web Keys, each with Okta's rules and error answers.
 */
export function credentialRoutes(env: RouteEnv, apps: AppService, credentials: CredentialService): RouteSpec[] {
  const origin = () => env.orgOrigin();
  const keys = credentials.keys;
  const keyUrl = (appId: string, kid: string) => `${origin()}/api/v1/apps/${appId}/credentials/keys/${kid}`;
  const renderAppKey = async (key: AppKey) => {
    const material = keys.material(key.kid)!;
    return renderKey(key, material, await keys.made(material));
  };
  const ok = (body: unknown): RouteReply => ({ status: 200, body });
  const base = '/api/v1/apps/:appId/credentials';

  const secretReply = (appId: string, secretId: string) => ok(renderSecret(origin(), appId, credentials.secrets.require(appId, secretId)));
  const setSecretStatus = (status: 'ACTIVE' | 'INACTIVE'): RouteSpec['handle'] => ({ params, now }) => {
    requireClient(apps, params.appId!);
    credentials.secrets.setStatus(params.appId!, params.secretId!, status, wholeSeconds(now));
    return secretReply(params.appId!, params.secretId!);
  };

  /** Changes a client's keys; the key changed is given new times, the app a new `lastUpdated`. */
  const changeKeys = (app: StoredApp, keyId: string, next: ClientKey[], now: number): StoredApp => {
    const changed = apps.changeBody(app.body.id, (body) => withClientKeys(body, next), now);
    const times = credentials.jwkTimes.get(app.body.id) ?? new Map();
    const at = changed.body.lastUpdated;
    times.set(keyId, { created: times.get(keyId)?.created ?? at, lastUpdated: at });
    credentials.jwkTimes.set(app.body.id, times);
    credentials.noteNewKeys(changed, at);
    return changed;
  };
  const keyReply = (app: StoredApp, keyId: string) =>
    ok(renderClientKey(origin(), app.body.id, requireKey(clientKeys(app.body), keyId), credentials.keyTimes(app, keyId)));
  const setKeyStatus = (status: 'ACTIVE' | 'INACTIVE'): RouteSpec['handle'] => ({ params, now }) => {
    const app = requireClient(apps, params.appId!);
    const current = clientKeys(app.body);
    const next = keysWithStatus(current, params.keyId!, status, authMethodOf(app));
    return keyReply(next === current ? app : changeKeys(app, params.keyId!, next, now), params.keyId!);
  };

  return [
    {
      method: 'get',
      path: `${base}/keys`,
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
    {
      method: 'get',
      path: `${base}/csrs`,
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        apps.require(params.appId!);
        return ok(credentials.csrs.list(params.appId!).map((csr) => renderCsr(origin(), csr)));
      },
    },
    {
      method: 'post',
      path: `${base}/csrs`,
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now, headers } = input;
        apps.require(params.appId!);
        const metadata = parseInput(CsrMetadataSchema, await readJsonBody(input));
        const requireApp = () => void apps.require(params.appId!);
        const csr = await credentials.csrs.create(params.appId!, metadata, wholeSeconds(now), requireApp, () => credentials.newCsrId());
        const location: Array<[string, string]> = [['location', `${origin()}/api/v1/apps/${csr.appId}/credentials/csrs/${csr.id}`]];
        if (wantsPkcs10(headers)) return pkcs10Reply(201, csr, location);
        return { status: 201, body: renderCsr(origin(), csr), headers: location };
      },
    },
    {
      method: 'get',
      path: `${base}/csrs/:csrId`,
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params, headers }) => {
        apps.require(params.appId!);
        const csr = credentials.csrs.require(params.appId!, params.csrId!);
        return wantsPkcs10(headers) ? pkcs10Reply(200, csr) : ok(renderCsr(origin(), csr));
      },
    },
    {
      method: 'delete',
      path: `${base}/csrs/:csrId`,
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        apps.require(params.appId!);
        credentials.csrs.revoke(params.appId!, params.csrId!);
        return { status: 204 };
      },
    },
    {
      method: 'post',
      path: `${base}/csrs/:csrId/lifecycle/publish`,
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async ({ params, request, now }) => {
        const appId = params.appId!;
        apps.require(appId);
        const csr = credentials.csrs.require(appId, params.csrId!);
        const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
        if (!CERTIFICATE_TYPES.has(type)) throw unsupportedMediaType();
        const der = await readCertificateUpload(request);
        // Everything is checked before anything changes: a refused publish keeps the CSR.
        const check = () => {
          apps.require(appId);
          keys.refuseFull(appId);
          try {
            return credentials.csrs.checkCertificate(appId, csr.id, der, now);
          } catch (error) {
            if (error instanceof NotDerError) throw new OktaHttpError(400, 'E0000001', 'Api validation failed: certificate', [`The certificate could not be read: ${error.message}.`]);
            throw error;
          }
        };
        check();
        const made = { x5c: toBase64(der), x5t: await sha256Thumbprint(der), ...(await rsaPublicMembers(csr.subjectPublicKeyInfo)) };
        // Checked again after the awaits (a request meanwhile may have published, revoked or filled),
        // then changed with no await between.
        const { notAfterMs } = check();
        const key = { kid: csr.id, created: wholeSeconds(now), lastUpdated: wholeSeconds(now) };
        keys.attach(appId, key);
        keys.adopt({ kid: csr.id, createdMs: now, notAfterMs, made });
        credentials.csrs.revoke(appId, csr.id);
        return { status: 201, body: await renderAppKey(key), headers: [['location', keyUrl(appId, key.kid)]] };
      },
    },
    {
      method: 'get',
      path: `${base}/secrets`,
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        requireClient(apps, params.appId!);
        return ok(credentials.secrets.list(params.appId!).map((secret) => renderSecret(origin(), params.appId!, secret)));
      },
    },
    {
      method: 'post',
      path: `${base}/secrets`,
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async ({ params, request, now }) => {
        const app = requireClient(apps, params.appId!);
        const input = parseInput(ClientSecretInputSchema, (await readOptionalJsonBody(request)) ?? {});
        if (input.client_secret !== undefined) checkChosenSecret(input.client_secret, authMethodOf(app));
        const at = wholeSeconds(now);
        const secret = credentials.secrets.add(app.body.id, {
          id: credentials.newSecretId(),
          status: input.status ?? 'ACTIVE',
          client_secret: input.client_secret ?? CredentialService.newSecretValue(),
          created: at,
          lastUpdated: at,
        });
        return { status: 201, body: renderSecret(origin(), app.body.id, secret) };
      },
    },
    {
      method: 'get',
      path: `${base}/secrets/:secretId`,
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        requireClient(apps, params.appId!);
        return secretReply(params.appId!, params.secretId!);
      },
    },
    { method: 'post', path: `${base}/secrets/:secretId/lifecycle/activate`, bucket: 'app', scope: 'okta.apps.manage', handle: setSecretStatus('ACTIVE') },
    { method: 'post', path: `${base}/secrets/:secretId/lifecycle/deactivate`, bucket: 'app', scope: 'okta.apps.manage', handle: setSecretStatus('INACTIVE') },
    {
      method: 'delete',
      path: `${base}/secrets/:secretId`,
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        requireClient(apps, params.appId!);
        credentials.secrets.delete(params.appId!, params.secretId!);
        return { status: 204 };
      },
    },
    {
      method: 'get',
      path: `${base}/jwks`,
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        const app = requireClient(apps, params.appId!);
        // Okta's SDKs read the list as a key set: `{ "keys": [...] }`.
        return ok({ keys: clientKeys(app.body).map((key) => renderClientKey(origin(), app.body.id, key, credentials.keyTimes(app, key.id))) });
      },
    },
    {
      method: 'post',
      path: `${base}/jwks`,
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const app = requireClient(apps, params.appId!);
        const jwk = parseInput(ClientJwkInputSchema, await readJsonBody(input));
        const current = clientKeys(app.body);
        const key = newClientKey(jwk, current, credentials.newJwkId());
        const changed = changeKeys(app, key.id, [...current, key], now);
        const reply = keyReply(changed, key.id);
        return { ...reply, status: 201 };
      },
    },
    {
      method: 'get',
      path: `${base}/jwks/:keyId`,
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => keyReply(requireClient(apps, params.appId!), params.keyId!),
    },
    { method: 'post', path: `${base}/jwks/:keyId/lifecycle/activate`, bucket: 'app', scope: 'okta.apps.manage', handle: setKeyStatus('ACTIVE') },
    { method: 'post', path: `${base}/jwks/:keyId/lifecycle/deactivate`, bucket: 'app', scope: 'okta.apps.manage', handle: setKeyStatus('INACTIVE') },
    {
      method: 'delete',
      path: `${base}/jwks/:keyId`,
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params, now }) => {
        const app = requireClient(apps, params.appId!);
        const next = keysWithout(clientKeys(app.body), params.keyId!);
        apps.changeBody(app.body.id, (body) => withClientKeys(body, next), now);
        credentials.jwkTimes.get(app.body.id)?.delete(params.keyId!);
        return { status: 204 };
      },
    },
  ];
}
