import { z } from 'zod';
import type { IdSource } from '../../state/ids';
import type { AppCollection } from '../store';
import { CredentialService, signingKid } from './service';
import { MAX_KEYS_PER_APP } from './signing-keys';
import { fromBase64, NotDerError, requestPublicKey, toBase64 } from './x509';

// The credentials in a snapshot. Certificates, CSRs and public keys are public and carried whole,
// so a restored organization answers the same keys and metadata. No private key is carried: the
// backend keeps none (see signing-keys.ts). Client secrets are carried only when the snapshot is
// asked for with secrets; otherwise each is restored with a new value (its id, status and times
// kept), and the apps' `credentials.oauthClient.client_secret` is left out of the snapshot too.

const MAX_ITEMS = 100_000;
const token = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Must be 1 to 100 base64url characters');
/** An RSA modulus or exponent as a JWK writes it (an 8192-bit modulus is 1366 characters). */
const keyNumber = z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/, 'Must be base64url');
const appId = z.string().regex(/^[0-9A-Za-z]{20}$/);
const oktaId = z.string().regex(/^[0-9A-Za-z]{1,100}$/);
const iso = z.iso.datetime({ offset: false, precision: 3 });
const epochMs = z.int().min(0).max(8.64e15);
const base64 = z.string().max(64 * 1024).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Must be standard base64');
const status = z.enum(['ACTIVE', 'INACTIVE']);

/** The credentials member of a snapshot (absent in documents written before credentials were kept). */
export const CredentialsSnapshotSchema = z.strictObject({
  /** The organization's own signing key. */
  orgKid: token,
  /** The deterministic counter of key and CSR ids, or `null` with random ids. */
  tokenCounter: z.int().min(1).max(2 ** 48 - 1).nullable(),
  /** The organization's signing keys; `certificate` is `null` for a key never read (its certificate is made on first read). */
  keys: z
    .array(
      z.strictObject({
        kid: token,
        createdMs: epochMs,
        notAfterMs: epochMs,
        certificate: z.strictObject({ x5c: base64, 'x5t#S256': token, n: keyNumber, e: keyNumber }).nullable(),
      }),
    )
    .max(MAX_ITEMS),
  /** Each app's key credentials, in the order they were added. */
  appKeys: z.array(z.strictObject({ appId, kid: token, created: iso, lastUpdated: iso })).max(MAX_ITEMS * 2),
  /** Pending certificate signing requests (standard base64 DER). */
  csrs: z.array(z.strictObject({ id: token, appId, created: iso, csr: base64 })).max(MAX_ITEMS),
  /** OAuth 2.0 client secrets; `client_secret` only in a snapshot taken with secrets. */
  secrets: z
    .array(z.strictObject({ id: oktaId, appId, status, created: iso, lastUpdated: iso, client_secret: z.string().min(1).max(100).optional() }))
    .max(MAX_ITEMS),
  /** When each client JSON Web Key was added and changed. */
  jwks: z.array(z.strictObject({ id: oktaId, appId, created: iso, lastUpdated: iso })).max(MAX_ITEMS),
});

/** The credentials of a snapshot. */
export type CredentialsSnapshot = z.output<typeof CredentialsSnapshotSchema>;

/** The credentials as a snapshot holds them; client secrets only when `includeSecrets`. */
export function takeCredentials(c: CredentialService, ids: IdSource, includeSecrets: boolean): CredentialsSnapshot {
  return {
    orgKid: c.keys.orgKid,
    tokenCounter: ids.tokenCounter,
    keys: c.keys.materials().map((m) => ({
      kid: m.kid,
      createdMs: m.createdMs,
      notAfterMs: m.notAfterMs,
      certificate: m.made ? { x5c: m.made.x5c, 'x5t#S256': m.made.x5t, n: m.made.n, e: m.made.e } : null,
    })),
    appKeys: c.keys.entries().flatMap(([id, keys]) => keys.map((k) => ({ appId: id, ...k }))),
    csrs: c.csrs.all().map((csr) => ({ id: csr.id, appId: csr.appId, created: csr.created, csr: toBase64(csr.der) })),
    secrets: c.secrets.entries().flatMap(([id, secrets]) =>
      secrets.map(({ client_secret, ...rest }) => ({ ...rest, appId: id, ...(includeSecrets ? { client_secret } : {}) })),
    ),
    jwks: [...c.jwkTimes.entries()].flatMap(([id, times]) => [...times.entries()].map(([keyId, t]) => ({ id: keyId, appId: id, ...t }))),
  };
}

/**
 * Checks what the schema cannot: every key credential, CSR, secret and key time belongs to an app
 * of the snapshot, names a key it holds, each app signs with a key it has, CSRs are PKCS #10,
 * and no client has more than two secrets. Returns the field and reason of the first problem.
 */
export function credentialsProblem(doc: CredentialsSnapshot, apps: ReadonlyArray<{ body: Record<string, unknown> & { id: string } }>): [string, string] | undefined {
  const appIds = new Set(apps.map((a) => a.body.id));
  const kids = new Set(doc.keys.map((k) => k.kid));
  if (!kids.has(doc.orgKid)) return ['credentials.orgKid', `no key in credentials.keys has the kid ${doc.orgKid}`];
  const held = new Map<string, Set<string>>();
  for (const [i, k] of doc.appKeys.entries()) {
    if (!appIds.has(k.appId)) return [`credentials.appKeys[${i}].appId`, `no app in the snapshot has the id ${k.appId}`];
    if (!kids.has(k.kid)) return [`credentials.appKeys[${i}].kid`, `no key in credentials.keys has the kid ${k.kid}`];
    const set = held.get(k.appId) ?? new Set<string>();
    if (set.has(k.kid)) return [`credentials.appKeys[${i}]`, `the app ${k.appId} holds the key ${k.kid} twice`];
    if (set.size >= MAX_KEYS_PER_APP) return [`credentials.appKeys[${i}]`, `the app ${k.appId} holds more than ${MAX_KEYS_PER_APP} keys`];
    held.set(k.appId, set.add(k.kid));
  }
  for (const [i, app] of apps.entries()) {
    const kid = signingKid(app.body as Parameters<typeof signingKid>[0]);
    if (kid !== undefined && !held.get(app.body.id)?.has(kid)) {
      return [`apps.items[${i}].body.credentials.signing.kid`, `the app signs with ${kid}, which is not among its key credentials in credentials.appKeys`];
    }
  }
  for (const [i, csr] of doc.csrs.entries()) {
    if (!appIds.has(csr.appId)) return [`credentials.csrs[${i}].appId`, `no app in the snapshot has the id ${csr.appId}`];
    const der = fromBase64(csr.csr);
    try {
      if (!der) throw new NotDerError('not base64');
      requestPublicKey(der);
    } catch {
      return [`credentials.csrs[${i}].csr`, 'not a PKCS #10 certification request (standard base64 DER)'];
    }
  }
  const perApp = new Map<string, number>();
  for (const [i, secret] of doc.secrets.entries()) {
    if (!appIds.has(secret.appId)) return [`credentials.secrets[${i}].appId`, `no app in the snapshot has the id ${secret.appId}`];
    const n = (perApp.get(secret.appId) ?? 0) + 1;
    if (n > 2) return [`credentials.secrets[${i}]`, `the app ${secret.appId} has more than two client secrets`];
    perApp.set(secret.appId, n);
  }
  for (const [i, key] of doc.jwks.entries()) {
    if (!appIds.has(key.appId)) return [`credentials.jwks[${i}].appId`, `no app in the snapshot has the id ${key.appId}`];
  }
  return undefined;
}

/** Loads checked credentials into an emptied service; without them (an older snapshot), gives each app the keys and secret a create would. */
export function loadCredentials(c: CredentialService, ids: IdSource, doc: CredentialsSnapshot | undefined, apps: AppCollection): void {
  if (doc === undefined) {
    for (const app of apps.values()) c.adoptApp(app);
    return;
  }
  ids.tokenCounter = doc.tokenCounter;
  c.keys.restore(
    doc.orgKid,
    doc.keys.map((k) => ({
      kid: k.kid,
      createdMs: k.createdMs,
      notAfterMs: k.notAfterMs,
      ...(k.certificate ? { made: { x5c: k.certificate.x5c, x5t: k.certificate['x5t#S256'], n: k.certificate.n, e: k.certificate.e } } : {}),
    })),
  );
  for (const { appId: id, ...key } of doc.appKeys) c.keys.attach(id, key);
  for (const csr of doc.csrs) {
    const der = fromBase64(csr.csr)!;
    c.csrs.add({ id: csr.id, appId: csr.appId, created: csr.created, der, subjectPublicKeyInfo: requestPublicKey(der) });
  }
  const secrets = new Map<string, Array<(typeof doc.secrets)[number]>>();
  for (const s of doc.secrets) secrets.set(s.appId, [...(secrets.get(s.appId) ?? []), s]);
  for (const [id, list] of secrets) {
    c.secrets.load(
      id,
      list.map(({ appId: _app, client_secret, ...rest }) => ({ ...rest, client_secret: client_secret ?? CredentialService.newSecretValue() })),
    );
  }
  for (const key of doc.jwks) {
    const times = c.jwkTimes.get(key.appId) ?? new Map();
    times.set(key.id, { created: key.created, lastUpdated: key.lastUpdated });
    c.jwkTimes.set(key.appId, times);
  }
}
