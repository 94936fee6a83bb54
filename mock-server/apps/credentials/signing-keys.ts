import { notFound, OktaHttpError } from '../../pipeline/okta-errors';
import { wholeSeconds } from '../../shared/time';
import { generateRsaKeyPair, rsaPublicMembers, selfSignedCertificate, sha256Thumbprint, toBase64, type DistinguishedName } from './x509';

/** A key's certificate and public members, once made. */
export interface MadeKey {
  /** The certificate, standard base64 DER (`x5c[0]`). */
  x5c: string;
  /** base64url SHA-256 of the certificate's DER. */
  x5t: string;
  n: string;
  e: string;
}

/**
 * A signing key of the organization. Its RSA key pair and certificate are made on first read
 * ({@link SigningKeys.made}), not when the key is named: an app create stays as cheap as the app's
 * other work, and a suite that creates many SAML apps waits for key generation only where it reads
 * a key. The private key is dropped once the certificate is signed: the backend signs nothing else
 * with it, so it is held nowhere.
 */
export interface KeyMaterial {
  kid: string;
  /** The creation time in epoch milliseconds: the certificate's serial number. */
  createdMs: number;
  /** The certificate's notAfter (whole seconds), epoch milliseconds. */
  notAfterMs: number;
  made?: MadeKey;
  making?: Promise<MadeKey>;
}

/** A key credential of one app: a key the app may sign with, and when the app got it. */
export interface AppKey {
  kid: string;
  created: string;
  lastUpdated: string;
}

/**
 * The most key credentials one app holds: a bound of the backend (Okta publishes none), so that a
 * loop of `generate` cannot grow an app, and the key generations a list of its keys makes, without end.
 */
export const MAX_KEYS_PER_APP = 100;

/** How long generated keys are valid by default, and the range `generate` accepts (Okta's). */
export const KEY_VALIDITY_YEARS = { default: 10, min: 2, max: 10 } as const;

/** The same instant `years` calendar years later. */
export function yearsAfter(ms: number, years: number): number {
  const at = new Date(ms);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at.getTime();
}

/** The certificate subject of an organization's keys: Okta's, with the org's subdomain as CN. */
export function oktaKeySubject(subdomain: string): DistinguishedName {
  return [
    ['C', 'US'],
    ['ST', 'California'],
    ['L', 'San Francisco'],
    ['O', 'Okta'],
    ['OU', 'SSOProvider'],
    ['CN', subdomain],
    ['emailAddress', 'info@okta.com'],
  ];
}

/** What the key store needs from the backend. */
export interface SigningKeyDeps {
  /** A new key id: 43 base64url characters. */
  newKid(): string;
  /** The id of the organization's own key, named at each reset. */
  orgKid(): string;
  /** The organization's subdomain, the CN of its certificates. */
  subdomain(): string;
}

const byNewest = (a: AppKey, b: AppKey) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0);

/**
 * The organization's signing keys and each app's key credentials. The organization has one key of
 * its own, which SAML 1.1 and OpenID Connect apps sign with and which real organizations list among
 * the keys of most apps; a SAML 2.0 app gets a key of its own at create.
 */
export class SigningKeys {
  readonly #materials = new Map<string, KeyMaterial>();
  readonly #apps = new Map<string, AppKey[]>();
  #orgKid = '';

  constructor(private readonly deps: SigningKeyDeps) {}

  /** The organization's own key. */
  get orgKid(): string {
    return this.#orgKid;
  }

  /** Forgets every key and names a new organization key, created now. */
  reset(nowMs: number): void {
    this.#materials.clear();
    this.#apps.clear();
    this.#orgKid = this.create(nowMs, KEY_VALIDITY_YEARS.default, this.deps.orgKid()).kid;
  }

  /** Replaces every key with a snapshot's: the organization's key and the others (apps' key credentials are attached after). */
  restore(orgKid: string, materials: KeyMaterial[]): void {
    this.#materials.clear();
    this.#apps.clear();
    for (const material of materials) this.#materials.set(material.kid, material);
    this.#orgKid = orgKid;
  }

  /** Names a new key created now, valid `years` years; its certificate is made on first read. */
  create(nowMs: number, years: number = KEY_VALIDITY_YEARS.default, kid = this.deps.newKid()): KeyMaterial {
    const material = { kid, createdMs: nowMs, notAfterMs: yearsAfter(Math.floor(nowMs / 1000) * 1000, years) };
    this.#materials.set(material.kid, material);
    return material;
  }

  /** Keeps a key whose certificate is already known (a published certificate, a restored snapshot). */
  adopt(material: KeyMaterial): void {
    this.#materials.set(material.kid, material);
  }

  material(kid: string): KeyMaterial | undefined {
    return this.#materials.get(kid);
  }

  /** Every key of the organization. */
  materials(): KeyMaterial[] {
    return [...this.#materials.values()];
  }

  /** Refuses (400 `E0000001` naming `keys`) when the app holds {@link MAX_KEYS_PER_APP} key credentials already. */
  refuseFull(appId: string): void {
    if ((this.#apps.get(appId)?.length ?? 0) >= MAX_KEYS_PER_APP) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: keys', [
        `The app already has ${MAX_KEYS_PER_APP} key credentials, the most this organization keeps for one app.`,
      ]);
    }
  }

  /** Adds a key credential to an app (at the end of its keys); an app with {@link MAX_KEYS_PER_APP} keys is refused. */
  attach(appId: string, key: AppKey): void {
    this.refuseFull(appId);
    const keys = this.#apps.get(appId);
    if (keys) keys.push(key);
    else this.#apps.set(appId, [key]);
  }

  /** An app's key credentials, newest first (as real organizations list them). */
  list(appId: string): AppKey[] {
    return [...(this.#apps.get(appId) ?? [])].sort(byNewest);
  }

  /** Every app's key credentials, in the order they were attached. */
  entries(): Array<[string, AppKey[]]> {
    return [...this.#apps.entries()];
  }

  /** One key credential of an app, or `E0000007 … (KeyCredential)`. */
  require(appId: string, kid: string): AppKey {
    const key = this.#apps.get(appId)?.find((k) => k.kid === kid);
    if (!key) throw notFound(kid, 'KeyCredential');
    return key;
  }

  has(appId: string, kid: string): boolean {
    return this.#apps.get(appId)?.some((k) => k.kid === kid) ?? false;
  }

  /**
   * Shares one app's key credential with another (`…/keys/{kid}/clone?targetAid=`): the target gets
   * the same key and certificate. A target that already has the key is refused as real orgs do.
   */
  clone(appId: string, kid: string, targetId: string): AppKey {
    const key = this.require(appId, kid);
    if (this.has(targetId, kid)) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: cloneKey', ['Key already exists in the list of key credentials for the target app.']);
    }
    const copy = { ...key };
    this.attach(targetId, copy);
    return copy;
  }

  /** Forgets an app's key credentials, and the keys no app holds any more (never the organization's). */
  detach(appId: string): void {
    const keys = this.#apps.get(appId);
    if (!keys) return;
    this.#apps.delete(appId);
    const held = new Set<string>([this.#orgKid]);
    for (const list of this.#apps.values()) for (const key of list) held.add(key.kid);
    for (const key of keys) if (!held.has(key.kid)) this.#materials.delete(key.kid);
  }

  /** The key's certificate and public members, made on the first call (one making at a time per key). */
  made(material: KeyMaterial): Promise<MadeKey> {
    if (material.made) return Promise.resolve(material.made);
    material.making ??= makeKey(material, this.deps.subdomain()).then(
      (made) => {
        material.made = made;
        material.making = undefined;
        return made;
      },
      (error: unknown) => {
        material.making = undefined;
        throw error;
      },
    );
    return material.making;
  }
}

/** Makes a key pair and its self-signed certificate with the traits of Okta's (serial = creation ms, notBefore a minute earlier). */
async function makeKey(material: KeyMaterial, subdomain: string): Promise<MadeKey> {
  const keys = await generateRsaKeyPair();
  const createdSecond = Math.floor(material.createdMs / 1000) * 1000;
  const der = await selfSignedCertificate({
    keys,
    serialNumber: material.createdMs,
    name: oktaKeySubject(subdomain),
    notBefore: new Date(createdSecond - 60_000),
    notAfter: new Date(material.notAfterMs),
  });
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const { n, e } = await rsaPublicMembers(spki);
  return { x5c: toBase64(der), x5t: await sha256Thumbprint(der), n, e };
}

/** A key credential as the keys API answers it, in real organizations' member order. */
export function renderKey(key: AppKey, material: KeyMaterial, made: MadeKey): Record<string, unknown> {
  return {
    kty: 'RSA',
    created: key.created,
    lastUpdated: key.lastUpdated,
    expiresAt: wholeSeconds(material.notAfterMs),
    kid: key.kid,
    use: 'sig',
    x5c: [made.x5c],
    'x5t#S256': made.x5t,
    e: made.e,
    n: made.n,
  };
}
