import { OktaHttpError, validationFailed } from '../../pipeline/okta-errors';
import { randomToken } from '../../pipeline/ids';
import { wholeSeconds } from '../../shared/time';
import { type AppObserver } from '../service';
import type { AppBody, StoredApp } from '../store';
import { CsrStore } from './csrs';
import { clientKeys, clientKeysProblem, identifyKeys, type KeyTimes } from './jwks';
import { SecretStore } from './secrets';
import { SigningKeys } from './signing-keys';
import { isObject } from '../../shared/json';

/** What the credentials need from the backend. */
export interface CredentialDeps {
  /** A new 43-character base64url id (key ids, CSR ids). */
  token(): string;
  /** The id of the organization's own signing key. */
  orgToken(): string;
  /** A new Okta id with this prefix (`ocs…` secrets, `pks…` keys). */
  oktaId(prefix: string): string;
  /** The organization's subdomain, the CN of its certificates. */
  subdomain(): string;
  now(): number;
}

/** The `credentials.signing.kid` of a body, if it names one. */
export function signingKid(body: AppBody): string | undefined {
  const signing = isObject(body.credentials) && isObject(body.credentials.signing) ? body.credentials.signing : undefined;
  return typeof signing?.kid === 'string' ? signing.kid : undefined;
}

/** The body with `credentials.signing.kid` set (or removed), the other members where they were. */
function withSigningKid(body: AppBody, kid: string | undefined): AppBody {
  const credentials = isObject(body.credentials) ? body.credentials : {};
  const { kid: _kid, ...signing } = isObject(credentials.signing) ? credentials.signing : {};
  return { ...body, credentials: { ...credentials, signing: kid === undefined ? signing : { kid, ...signing } } };
}

/** The client secret a create or replace gave an OAuth 2.0 client (`credentials.oauthClient.client_secret`). */
function bodySecret(body: AppBody): string | undefined {
  const client = isObject(body.credentials) && isObject(body.credentials.oauthClient) ? body.credentials.oauthClient : undefined;
  return typeof client?.client_secret === 'string' ? client.client_secret : undefined;
}

/**
 * Refuses (400 `E0000001` naming the key) a body whose client keys (`settings.oauthClient.jwks.keys`,
 * their statuses settled as they will be stored) break the JWKS API's rules. The keys are settled
 * without drawing ids, so that a refusal draws none either.
 */
function refuseBadClientKeys(body: AppBody, previous: AppBody | undefined): void {
  const problem = clientKeysProblem(identifyKeys(body, previous, () => ''));
  if (problem) throw validationFailed([{ path: problem[0], reason: problem[1] }]);
}

/** Sign-on modes whose apps sign with the organization's key rather than one of their own. */
const ORG_KEY_MODES = new Set<unknown>(['SAML_1_1', 'OPENID_CONNECT']);

/** A custom SAML 2.0 app (its name generated): real organizations give it its own key only. */
const isCustomSaml = (app: StoredApp) => app.kind === undefined && app.body.signOnMode === 'SAML_2_0';

/**
 * Everything credential about the organization's apps: signing keys and their certificates, CSRs,
 * OAuth 2.0 client secrets, and when each client JSON Web Key was added. It follows each app's life
 * as the {@link AppObserver} of the app service: a SAML 2.0 app gets a key of its own at create
 * (made on first read), SAML 1.1 and OpenID Connect apps sign with the organization's key, an
 * OAuth 2.0 client's `client_secret` becomes its first secret, and a replace may switch
 * `credentials.signing.kid` only to a key the app has.
 */
export class CredentialService implements AppObserver {
  readonly keys: SigningKeys;
  readonly csrs = new CsrStore();
  readonly secrets = new SecretStore();
  /** When each client JSON Web Key (by its `pks…` id) was added and changed, per app. */
  readonly jwkTimes = new Map<string, Map<string, KeyTimes>>();
  /** The key named for the SAML 2.0 app being built, registered once the app is stored. */
  #pendingKid: string | undefined;

  constructor(private readonly deps: CredentialDeps) {
    this.keys = new SigningKeys({ newKid: () => deps.token(), orgKid: () => deps.orgToken(), subdomain: () => deps.subdomain() });
    this.keys.reset(deps.now());
  }

  /** Forgets every credential and names a new organization key (reset, restore). */
  clear(): void {
    this.keys.reset(this.deps.now());
    this.csrs.clear();
    this.secrets.clear();
    this.jwkTimes.clear();
    this.#pendingKid = undefined;
  }

  /** The key a new app of this sign-on mode signs with: its own for SAML 2.0, the organization's otherwise. */
  kidFor(signOnMode: string | null): string {
    if (signOnMode !== 'SAML_2_0') return this.keys.orgKid;
    this.#pendingKid = this.deps.token();
    return this.#pendingKid;
  }

  /** A new CSR id (43 base64url characters, like a key id: it names the key once published). */
  newCsrId(): string {
    return this.deps.token();
  }

  /** A new client secret id (`ocs…`). */
  newSecretId(): string {
    return this.deps.oktaId('ocs');
  }

  /** A new client JSON Web Key id (`pks…`). */
  newJwkId(): string {
    return this.deps.oktaId('pks');
  }

  prepare(body: AppBody, previous: StoredApp | undefined): AppBody {
    const newPks = () => this.newJwkId();
    if (previous === undefined) {
      // A key id is the server's: one sent with a create is replaced by the one the app gets.
      const expected = body.signOnMode === 'SAML_2_0' ? this.#pendingKid : ORG_KEY_MODES.has(body.signOnMode) ? this.keys.orgKid : undefined;
      const fixed = signingKid(body) === expected ? body : withSigningKid(body, expected);
      refuseBadClientKeys(fixed, undefined);
      return identifyKeys(fixed, undefined, newPks);
    }
    const kid = signingKid(body);
    if (kid !== signingKid(previous.body) && (kid === undefined || !this.keys.has(previous.body.id, kid))) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: credentials.signing.kid', [
        `credentials.signing.kid: ${kid === undefined ? 'must name a key' : `'${kid}' is not a key credential of this app`}; list the app's keys with GET /api/v1/apps/${previous.body.id}/credentials/keys, or generate one with POST …/credentials/keys/generate.`,
      ]);
    }
    refuseBadClientKeys(body, previous.body);
    return identifyKeys(body, previous.body, newPks);
  }

  stored(app: StoredApp, previous: StoredApp | undefined, nowMs: number): void {
    const { id, created } = app.body;
    if (previous === undefined) this.#keysOfNewApp(app, nowMs);
    this.#pendingKid = undefined;
    const secret = bodySecret(app.body);
    if (secret !== undefined && this.secrets.list(id).length === 0) {
      this.secrets.add(id, { id: this.newSecretId(), status: 'ACTIVE', client_secret: secret, created, lastUpdated: created });
    }
    this.noteNewKeys(app, previous === undefined ? created : app.body.lastUpdated);
  }

  deleted(app: StoredApp): void {
    const id = app.body.id;
    this.keys.detach(id);
    this.csrs.detach(id);
    this.secrets.detach(id);
    this.jwkTimes.delete(id);
  }

  /** Records when the app's client keys not seen before were added. */
  noteNewKeys(app: StoredApp, at: string): void {
    const keys = clientKeys(app.body);
    if (keys.length === 0 && !this.jwkTimes.has(app.body.id)) return;
    const times = this.jwkTimes.get(app.body.id) ?? new Map<string, KeyTimes>();
    const ids = new Set(keys.map((k) => k.id));
    for (const id of times.keys()) if (!ids.has(id)) times.delete(id);
    for (const key of keys) if (!times.has(key.id)) times.set(key.id, { created: at, lastUpdated: at });
    this.jwkTimes.set(app.body.id, times);
  }

  /** When a client key was added and changed (the app's own times for a key the store never saw). */
  keyTimes(app: StoredApp, keyId: string): KeyTimes {
    return this.jwkTimes.get(app.body.id)?.get(keyId) ?? { created: app.body.created, lastUpdated: app.body.lastUpdated };
  }

  /**
   * The key credentials of a new app: its own key for a SAML 2.0 app (created now: the serial of its
   * certificate), and the organization's key, which real organizations list among the keys of every
   * other kind of app, created when the app was.
   */
  #keysOfNewApp(app: StoredApp, nowMs: number): void {
    const { id, created } = app.body;
    const kid = signingKid(app.body);
    if (!isCustomSaml(app)) this.keys.attach(id, { kid: this.keys.orgKid, created, lastUpdated: created });
    if (kid !== undefined && kid !== this.keys.orgKid) {
      if (!this.keys.material(kid)) this.keys.create(nowMs, undefined, kid);
      this.keys.attach(id, { kid, created: wholeSeconds(nowMs), lastUpdated: wholeSeconds(nowMs) });
    }
  }

  /** The keys and secrets of apps a snapshot holds no credentials for (one written before they were kept): as if just created. */
  adoptApp(app: StoredApp): void {
    this.stored(app, undefined, Date.parse(app.body.created));
  }

  /** A new client secret: the caller's, or 64 random base64url characters as Okta draws them. */
  static newSecretValue(): string {
    return randomToken(64);
  }
}
