import { fieldIssues, PARSE_OPTIONS } from '../../../src/validation/field-issues';
import { CLIENT_SECRET_LENGTH } from '../../../src/apps/credentials/schemas';
import { notFound, OktaHttpError, validationFailed } from '../../pipeline/okta-errors';
import type { HeaderReader } from '../../pipeline/request';
import type { RouteEnv, RouteSpec } from '../../pipeline/route';
import type { RouteReply } from '../../pipeline/reply';
import type { CredentialService } from './service';
import { wholeSeconds } from '../../shared/time';
import type { AppService } from '../service';
import type { StoredApp } from '../store';
import type { StoredCsr } from './csrs';
import { clientKeys, keysWithStatus, renderClientKey, requireKey, withClientKeys, type ClientKey } from './jwks';
import { renderSecret } from './secrets';
import { KEY_VALIDITY_YEARS, renderKey, type AppKey } from './signing-keys';
import { toBase64 } from './x509';
import { isObject } from '../../shared/json';

// What the credential routes share: Okta's media-type checks and refusals, and the app's keys,
// secrets and client keys as the routes read and answer them.

/** `E0000019`: what the request accepts or sends is not what the endpoint serves (real orgs' words, no causes). */
export function unsupportedMediaType(): OktaHttpError {
  return new OktaHttpError(400, 'E0000019', 'Bad request. Accept and/or Content-Type headers likely do not match supported values.');
}

/** The media ranges of an `Accept` header, lower-cased, without parameters; `[]` when absent. */
export function acceptedTypes(headers: HeaderReader): string[] {
  const accept = headers.get('accept');
  if (accept === null) return [];
  return accept
    .split(',')
    .map((range) => range.split(';')[0]!.trim().toLowerCase())
    .filter((range) => range !== '');
}

/** Whether the request takes XML: no `Accept`, or one naming XML or a wildcard (`application/json` alone does not). */
export function acceptsXml(headers: HeaderReader): boolean {
  const types = acceptedTypes(headers);
  return types.length === 0 || types.some((t) => t === '*/*' || t === 'application/*' || t === 'text/*' || t.endsWith('/xml') || t.endsWith('+xml'));
}

/** Whether the request asks for a CSR as PKCS #10 rather than JSON. */
export const wantsPkcs10 = (headers: HeaderReader) => acceptedTypes(headers).includes('application/pkcs10');

/** A CSR as the PKCS #10 media type answers it: base64 DER, as Okta sends it. */
export function pkcs10Reply(status: number, csr: StoredCsr, headers: Array<[string, string]> = []): RouteReply {
  return {
    status,
    raw: { body: toBase64(csr.der), contentType: 'application/pkcs10; filename=okta.p10' },
    headers: [...headers, ['content-transfer-encoding', 'base64']],
  };
}

/** Parses a body with a shared input schema; a bad one is `E0000001` naming each field. */
export function parseInput<T>(schema: { safeParse(input: unknown, options: typeof PARSE_OPTIONS): { success: true; data: T } | { success: false; error: Parameters<typeof fieldIssues>[0] } }, input: unknown): T {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) throw validationFailed(fieldIssues(result.error));
  return result.data;
}

/** The `credentials.oauthClient.token_endpoint_auth_method` of an OAuth 2.0 client. */
export function authMethodOf(app: StoredApp): unknown {
  const credentials = isObject(app.body.credentials) ? app.body.credentials : {};
  return isObject(credentials.oauthClient) ? credentials.oauthClient.token_endpoint_auth_method : undefined;
}

/** The app if it is an OAuth 2.0 client (OpenID Connect); secrets and client keys exist only there. */
export function requireClient(apps: AppService, appId: string): StoredApp {
  const app = apps.require(appId);
  if (app.body.signOnMode !== 'OPENID_CONNECT') throw notFound(appId, 'OAuth2Client');
  return app;
}

/** The checks Okta makes of a client secret the caller chose, in its words. */
export function checkChosenSecret(secret: string, authMethod: unknown): void {
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
export function validityYears(url: URL): number {
  const raw = url.searchParams.get('validityYears');
  const years = raw === null || !/^\d{1,3}$/.test(raw) ? Number.NaN : Number(raw);
  if (!(years >= KEY_VALIDITY_YEARS.min && years <= KEY_VALIDITY_YEARS.max)) {
    throw new OktaHttpError(400, 'E0000001', 'Api validation failed: generateKey', [
      `Validity years out of range. It should be ${KEY_VALIDITY_YEARS.min} - ${KEY_VALIDITY_YEARS.max} years.`,
    ]);
  }
  return years;
}


/** The closures every credential route uses, made once per backend. */
export function credentialRouteKit(env: RouteEnv, apps: AppService, credentials: CredentialService) {
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

  return { env, apps, credentials, origin, keys, keyUrl, renderAppKey, ok, base, secretReply, setSecretStatus, changeKeys, keyReply, setKeyStatus };
}

/** What {@link credentialRouteKit} makes. */
export type CredentialRouteKit = ReturnType<typeof credentialRouteKit>;
