import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { checkCallOptions, checkInput } from '../../core/call-checks';
import { defineOperations } from '../../core/operations';
import type { ListOptions, Pager } from '../../core/pagination';
import type { CallOptions, Transport } from '../../core/transport';
import { AppsetError } from '../../errors';
import { int } from '../../validation/int';
import type { Application } from '../application';
import type { ReplaceApplicationInput } from '../create-input';
import { recordOf } from '../../validation/record';
import type { ClientJwkInput, CsrMetadata } from './inputs';
import {
  ClientJwkSchema,
  ClientSecretInputSchema,
  ClientSecretSchema,
  CsrSchema,
  SigningKeySchema,
  type ClientJwk,
  type ClientSecret,
  type ClientSecretInput,
  type Csr,
  type SigningKey,
} from './schemas';

/** Parameters of {@link AppKeysResource.generate}. */
export interface GenerateKeyParams {
  /** How many years the certificate is valid: 2 to 10. */
  validityYears: number;
}

/** An app's signing key credentials (`/api/v1/apps/{appId}/credentials/keys`). */
export interface AppKeysResource {
  /** Lists the app's key credentials (newest first). */
  list(appId: string, options?: ListOptions): Pager<SigningKey>;
  /** Retrieves one key credential by `kid`. */
  get(appId: string, kid: string, options?: CallOptions): ApiCall<SigningKey>;
  /**
   * Generates a new key and its X.509 certificate (valid `validityYears`, 2 to 10). The app keeps
   * signing with its current key until `credentials.signing.kid` is switched (see `rotateSigningKey`).
   */
  generate(appId: string, params: GenerateKeyParams, options?: CallOptions): ApiCall<SigningKey>;
  /** Shares a key credential with another app (`targetAid`); refused when that app already has it. */
  clone(appId: string, kid: string, params: { targetAid: string }, options?: CallOptions): ApiCall<SigningKey>;
}

/** An app's certificate signing requests (`/api/v1/apps/{appId}/credentials/csrs`). */
export interface AppCsrsResource {
  /** Lists the app's pending CSRs. */
  list(appId: string, options?: ListOptions): Pager<Csr>;
  /** Generates a key pair and a CSR for it, for the subject and DNS names given. */
  create(appId: string, metadata: CsrMetadata, options?: CallOptions): ApiCall<Csr>;
  /** Retrieves one CSR. */
  get(appId: string, csrId: string, options?: CallOptions): ApiCall<Csr>;
  /** Revokes a CSR; its key pair is gone. */
  revoke(appId: string, csrId: string, options?: CallOptions): ApiCall<void>;
  /**
   * Publishes the certificate a CA issued for a CSR (PEM text, or DER bytes): its key becomes a key
   * credential of the app, named by the CSR's id. Refused when the certificate is not for the CSR's
   * key, or is valid for 90 days or less.
   */
  publish(appId: string, csrId: string, certificate: string | Uint8Array, options?: CallOptions): ApiCall<SigningKey>;
}

/** An OAuth 2.0 client's secrets (`/api/v1/apps/{appId}/credentials/secrets`): at most two. */
export interface AppSecretsResource {
  /** Lists the client's secrets, the secrets themselves included. */
  list(appId: string, options?: ListOptions): Pager<ClientSecret>;
  /** Creates a secret: `{}` for one drawn by the server, or `{ client_secret }` of your choosing. */
  create(appId: string, input: ClientSecretInput, options?: CallOptions): ApiCall<ClientSecret>;
  /** Retrieves one secret. */
  get(appId: string, secretId: string, options?: CallOptions): ApiCall<ClientSecret>;
  /** Activates a secret. */
  activate(appId: string, secretId: string, options?: CallOptions): ApiCall<ClientSecret>;
  /** Deactivates a secret; the only ACTIVE secret cannot be deactivated. */
  deactivate(appId: string, secretId: string, options?: CallOptions): ApiCall<ClientSecret>;
  /** Deletes an INACTIVE secret (an ACTIVE one is refused). */
  delete(appId: string, secretId: string, options?: CallOptions): ApiCall<void>;
}

/** An OAuth 2.0 client's JSON Web Keys (`/api/v1/apps/{appId}/credentials/jwks`), the keys of `settings.oauthClient.jwks`. */
export interface AppJwksResource {
  /** Lists the client's keys (the API answers a bare JSON array, as real orgs do). */
  list(appId: string, options?: ListOptions): Pager<ClientJwk>;
  /** Adds a public key (an RSA key of at least 2048 bits, or an EC key). */
  add(appId: string, key: ClientJwkInput, options?: CallOptions): ApiCall<ClientJwk>;
  /** Retrieves one key by its `id` (`pks…`). */
  get(appId: string, keyId: string, options?: CallOptions): ApiCall<ClientJwk>;
  /** Activates a key; activating an encryption key deactivates the active one. */
  activate(appId: string, keyId: string, options?: CallOptions): ApiCall<ClientJwk>;
  /** Deactivates a key: client assertions signed with it are refused. */
  deactivate(appId: string, keyId: string, options?: CallOptions): ApiCall<ClientJwk>;
  /** Deletes an INACTIVE key. */
  delete(appId: string, keyId: string, options?: CallOptions): ApiCall<void>;
}

const keys = '/api/v1/apps/{appId}/credentials/keys';
const csrs = '/api/v1/apps/{appId}/credentials/csrs';
const secrets = '/api/v1/apps/{appId}/credentials/secrets';
const jwks = '/api/v1/apps/{appId}/credentials/jwks';

/** Builds the keys resource. */
export const appKeys: (transport: Transport) => AppKeysResource = defineOperations({
  list: { route: `GET ${keys}`, answer: SigningKeySchema, list: true },
  get: { route: `GET ${keys}/{kid}`, answer: SigningKeySchema },
  generate: { route: `POST ${keys}/generate`, answer: SigningKeySchema, query: z.strictObject({ validityYears: int().check(z.gte(2), z.lte(10)) }) },
  clone: { route: `POST ${keys}/{kid}/clone`, answer: SigningKeySchema, query: z.strictObject({ targetAid: z.string().check(z.minLength(1)) }) },
});

/** A certificate to publish: PEM text, or DER bytes. */
const CertificateSchema = z.custom<string | Uint8Array>((v) => (typeof v === 'string' && v !== '') || v instanceof Uint8Array, 'Must be a PEM certificate (text) or its DER bytes (a Uint8Array)');

/** A body the API checks (see inputs.ts): the client checks only that it is an object. */
const ApiCheckedBody = recordOf(z.unknown());

/** Builds the CSRs resource. */
export const appCsrs: (transport: Transport) => AppCsrsResource = defineOperations({
  list: { route: `GET ${csrs}`, answer: CsrSchema, list: true },
  create: { route: `POST ${csrs}`, body: ApiCheckedBody, answer: CsrSchema },
  get: { route: `GET ${csrs}/{csrId}`, answer: CsrSchema },
  revoke: { route: `DELETE ${csrs}/{csrId}` },
  publish: {
    route: `POST ${csrs}/{csrId}/lifecycle/publish`,
    body: CertificateSchema,
    // PEM goes as `application/x-pem-file`, DER as `application/pkix-cert` (binary): the types Okta takes.
    encode: (certificate: string | Uint8Array) => ({ rawBody: certificate, contentType: typeof certificate === 'string' ? 'application/x-pem-file' : 'application/pkix-cert' }),
    answer: SigningKeySchema,
  },
});

/** Builds the client secrets resource. */
export const appSecrets: (transport: Transport) => AppSecretsResource = defineOperations({
  list: { route: `GET ${secrets}`, answer: ClientSecretSchema, list: true },
  create: { route: `POST ${secrets}`, body: ClientSecretInputSchema, answer: ClientSecretSchema },
  get: { route: `GET ${secrets}/{secretId}`, answer: ClientSecretSchema },
  activate: { route: `POST ${secrets}/{secretId}/lifecycle/activate`, answer: ClientSecretSchema },
  deactivate: { route: `POST ${secrets}/{secretId}/lifecycle/deactivate`, answer: ClientSecretSchema },
  delete: { route: `DELETE ${secrets}/{secretId}` },
});

/** Builds the client JSON Web Keys resource. */
export const appJwks: (transport: Transport) => AppJwksResource = defineOperations({
  // A bare JSON array, as real orgs answer (not the Node SDK 8.1's `{ keys }`).
  list: { route: `GET ${jwks}`, answer: ClientJwkSchema, list: true, what: 'client JSON Web Keys' },
  add: { route: `POST ${jwks}`, body: ApiCheckedBody, answer: ClientJwkSchema },
  get: { route: `GET ${jwks}/{keyId}`, answer: ClientJwkSchema },
  activate: { route: `POST ${jwks}/{keyId}/lifecycle/activate`, answer: ClientJwkSchema },
  deactivate: { route: `POST ${jwks}/{keyId}/lifecycle/deactivate`, answer: ClientJwkSchema },
  delete: { route: `DELETE ${jwks}/{keyId}` },
});

/** Parameters of `apps.metadata`. */
export interface MetadataParams {
  /** The key whose certificate the metadata carries; default the key the app signs with. */
  kid?: string;
}

/** Builds `apps.metadata`: a SAML 2.0 app's IdP metadata, the XML document as a string. */
export const samlMetadata = (transport: Transport) =>
  defineOperations({
    metadata: { route: 'GET /api/v1/apps/{appId}/sso/saml/metadata', answer: 'text', query: z.strictObject({ kid: z.optional(z.string()) }), accept: 'application/xml' },
  })(transport).metadata as (appId: string, params?: MetadataParams, options?: CallOptions) => ApiCall<string>;

/** What `apps.rotateSigningKey` answers. */
export interface RotatedSigningKey {
  /** The new key, now the one the app signs with. */
  key: SigningKey;
  /** The app as the replace answered it (`credentials.signing.kid` is the new key's). */
  app: Application;
  /** The app's SAML metadata with the new certificate; `undefined` for an app that is not SAML 2.0. */
  metadata: string | undefined;
}

/** The apps calls key rotation and the expiry walk are made of. */
interface AppsCalls {
  get(appId: string, params?: undefined, options?: CallOptions): ApiCall<Application>;
  replace(appId: string, input: ReplaceApplicationInput, options?: CallOptions): ApiCall<Application>;
  list(params?: { limit?: number }, options?: ListOptions): Pager<Application>;
}

/** Members of an app as read that a replace must not send back: links and embedded resources are the server's. */
function asReplaceInput(app: Application, kid: string): ReplaceApplicationInput {
  const { _links: _l, _embedded: _e, ...rest } = app as Application & { _embedded?: unknown };
  const credentials = (rest.credentials ?? {}) as Record<string, unknown>;
  return { ...rest, credentials: { ...credentials, signing: { ...(credentials.signing as object | undefined), kid } } } as ReplaceApplicationInput;
}

/**
 * Builds `apps.rotateSigningKey`: generates a key (`validityYears`), reads the app, switches its
 * `credentials.signing.kid` with a replace of what was read (only that member changed: links and
 * embedded members are left out, write-only ones such as `client_secret` are absent from reads and
 * kept by the server), then reads the SAML metadata. Four requests (three for an app that is not
 * SAML 2.0). Between the read and the replace another writer's change to the app would be undone:
 * rotate when nothing else edits the app.
 */
export function rotateSigningKey(apps: AppsCalls, keys: AppKeysResource, metadata: ReturnType<typeof samlMetadata>) {
  return async (appId: string, params: GenerateKeyParams, options?: CallOptions): Promise<RotatedSigningKey> => {
    checkCallOptions(options);
    const key = await keys.generate(appId, params, options);
    const current = await apps.get(appId, undefined, options);
    const app = await apps.replace(appId, asReplaceInput(current, key.kid), options);
    return { key, app, metadata: app.signOnMode === 'SAML_2_0' ? await metadata(appId, { kid: key.kid }, options) : undefined };
  };
}

/** Parameters of `apps.expiringKeys`. */
export interface ExpiringKeysParams {
  /** Keys whose certificate expires within this many days from now (0 or more; expired keys included). */
  withinDays: number;
  /** The most signing apps whose keys are read (default 500); a walk that would read more throws, saying so. */
  maxApps?: number;
}

/** A key credential that expires soon, with its app. */
export interface ExpiringKey {
  /** The app the key belongs to, as the list of apps returned it. */
  app: Application;
  /** The key credential, its certificate expiring before now + `withinDays` (or already expired). */
  key: SigningKey;
  /** Whether the app signs with this key now (`credentials.signing.kid`). */
  signing: boolean;
}

/** expiringKeys's parameters; made at the call, so that programs not using it do not carry it (a `.check()` at module level is kept by bundlers). */
const expiringKeysParams = () =>
  z.strictObject({
    withinDays: z.number().check(z.gte(0), z.lte(36_600)),
    maxApps: z.optional(int().check(z.gte(1), z.lte(100_000))),
  });

/**
 * The key credentials that expire soon, across the organization's apps: walks the apps (pages of
 * 200) and, for each app that signs (`credentials.signing.kid`), lists its keys, yielding those
 * whose certificate expires before now + `withinDays` (expired ones included). Requests: one per
 * page of apps, plus one per signing app, at most `maxApps` (default 500; a walk that would read
 * more throws, saying so). A function of its own rather than a method, so that a program that does
 * not use it does not carry it.
 *
 * @example
 * for await (const { app, key, signing } of expiringKeys(client, { withinDays: 30 })) {
 *   console.log(app.label, key.kid, key.expiresAt, signing ? '(signing)' : '');
 * }
 */
export async function* expiringKeys(
  client: { apps: AppsCalls & { keys: AppKeysResource } },
  params: ExpiringKeysParams,
  options?: ListOptions,
): AsyncGenerator<ExpiringKey, void, undefined> {
  const { apps } = client;
  const { withinDays, maxApps = 500 } = checkInput(expiringKeysParams(), params, 'expiringKeys parameters');
  const before = Date.now() + withinDays * 86_400_000;
  let read = 0;
  for await (const app of apps.list({ limit: 200 }, options)) {
    const kid = (app.credentials as { signing?: { kid?: unknown } } | undefined)?.signing?.kid;
    if (typeof kid !== 'string') continue;
    if (++read > maxApps) {
      throw new AppsetError(`expiringKeys read the keys of ${maxApps} apps and more apps sign; pass a larger maxApps to walk them all.`);
    }
    for await (const key of apps.keys.list(app.id, options)) {
      if (key.expiresAt !== undefined && Date.parse(key.expiresAt) < before) yield { app, key, signing: key.kid === kid };
    }
  }
}
