import { createHash, createPublicKey, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate } from 'pkijs';
import { describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_APP, SigningKeys } from '../../../../mock-server/apps/credentials/signing-keys';
import { loadSubresourceRecordings } from '../../../replay/recordings';
import { bookmarkApp, countingKeyPairs, credentialBackend, oidcApp, ORG, samlApp } from './helpers';

const START = Date.parse('2026-03-01T10:00:30.250Z');
const KID = /^[A-Za-z0-9_-]{43}$/;

/** The members of a key as real organizations answer them, in their order. */
const KEY_MEMBERS = ['kty', 'created', 'lastUpdated', 'expiresAt', 'kid', 'use', 'x5c', 'x5t#S256', 'e', 'n'];

async function createApp(call: ReturnType<typeof credentialBackend>['call'], input: unknown) {
  const created = await call('POST', '/api/v1/apps', { json: input });
  expect(created.status).toBe(200);
  return created.body;
}

describe('the signing keys of a new app', () => {
  it("a SAML 2.0 app signs with a key of its own, listed alone in real organizations' member order", async () => {
    const { call } = credentialBackend({ now: () => START });
    const app = await createApp(call, samlApp());
    const keys = await call('GET', `/api/v1/apps/${app.id}/credentials/keys`);
    expect(keys.status).toBe(200);
    expect(keys.headers.get('content-type')).toBe('application/json');
    expect(keys.body).toHaveLength(1);
    const [key] = keys.body;
    expect(Object.keys(key)).toEqual(KEY_MEMBERS);
    expect(key).toMatchObject({
      kty: 'RSA',
      created: '2026-03-01T10:00:30.000Z',
      lastUpdated: '2026-03-01T10:00:30.000Z',
      expiresAt: '2036-03-01T10:00:30.000Z',
      kid: app.credentials.signing.kid,
      use: 'sig',
      e: 'AQAB',
    });
    expect(key.kid).toMatch(KID);
  });

  it('SAML 1.1 and OpenID Connect apps sign with the organization key, one key for all of them', async () => {
    const { call } = credentialBackend();
    const office = await createApp(call, { name: 'office365', label: 'M365', signOnMode: 'SAML_1_1', settings: { app: { domain: 'example.com', msftTenant: 'example' } } });
    const portal = await createApp(call, oidcApp());
    const other = await createApp(call, { ...oidcApp(), label: 'Other portal' });
    expect(office.credentials.signing.kid).toMatch(KID);
    expect(portal.credentials.signing.kid).toBe(office.credentials.signing.kid);
    expect(other.credentials.signing.kid).toBe(office.credentials.signing.kid);
    const [a, b] = await Promise.all([portal, other].map((app) => call('GET', `/api/v1/apps/${app.id}/credentials/keys`)));
    expect(a!.body.map((k: { kid: string }) => k.kid)).toEqual([office.credentials.signing.kid]);
    expect(b!.body[0].x5c).toEqual(a!.body[0].x5c);
  });

  it('a bookmark app has no signing kid but lists the organization key, as real organizations did', async () => {
    const { call } = credentialBackend();
    const wiki = await createApp(call, bookmarkApp());
    const portal = await createApp(call, oidcApp());
    expect(wiki.credentials.signing).toEqual({});
    const keys = await call('GET', `/api/v1/apps/${wiki.id}/credentials/keys`);
    expect(keys.body.map((k: { kid: string }) => k.kid)).toEqual([portal.credentials.signing.kid]);
  });

  it('a catalog SAML 2.0 app lists its own key and the organization key; a custom one only its own', async () => {
    const { call } = credentialBackend();
    const google = await createApp(call, { name: 'google', label: 'Google', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example.com' } } });
    const custom = await createApp(call, samlApp());
    const portal = await createApp(call, oidcApp());
    const kids = async (id: string) => (await call('GET', `/api/v1/apps/${id}/credentials/keys`)).body.map((k: { kid: string }) => k.kid);
    expect(new Set(await kids(google.id))).toEqual(new Set([google.credentials.signing.kid, portal.credentials.signing.kid]));
    expect(await kids(custom.id)).toEqual([custom.credentials.signing.kid]);
  });

  it('creating SAML apps makes no key pair; the first read of a key makes one, however many read it at once', async () => {
    const { call } = credentialBackend();
    const { result: apps, keyPairs: atCreate } = await countingKeyPairs(async () => {
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await createApp(call, samlApp(`App ${i}`)));
      return made;
    });
    expect(atCreate).toBe(0);
    const path = `/api/v1/apps/${apps[0].id}/credentials/keys`;
    const { result: reads, keyPairs } = await countingKeyPairs(() => Promise.all([call('GET', path), call('GET', path), call('GET', `${path}/${apps[0].credentials.signing.kid}`)]));
    expect(keyPairs).toBe(1);
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set([reads[0]!.body[0].x5c[0], reads[1]!.body[0].x5c[0], reads[2]!.body.x5c[0]]).size).toBe(1);
  });
});

describe("a key's certificate", () => {
  async function firstKey() {
    const { call } = credentialBackend({ now: () => START });
    const app = await createApp(call, samlApp());
    return (await call('GET', `/api/v1/apps/${app.id}/credentials/keys`)).body[0];
  }

  it('is a self-signed X.509 certificate of a 2048-bit RSA key with the subject real organizations write', async () => {
    const key = await firstKey();
    const certificate = new X509Certificate(Buffer.from(key.x5c[0], 'base64'));
    const name = 'C=US\nST=California\nL=San Francisco\nO=Okta\nOU=SSOProvider\nCN=acme\nemailAddress=info@okta.com';
    expect(certificate.subject).toBe(name);
    expect(certificate.issuer).toBe(name);
    expect(certificate.checkIssued(certificate)).toBe(true);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.publicKey.asymmetricKeyType).toBe('rsa');
    expect(certificate.publicKey.asymmetricKeyDetails).toEqual({ modulusLength: 2048, publicExponent: 65537n });
  });

  it('has the creation time in milliseconds as serial, a notBefore a minute before it and ten years of validity', async () => {
    const key = await firstKey();
    const certificate = new X509Certificate(Buffer.from(key.x5c[0], 'base64'));
    expect(BigInt(`0x${certificate.serialNumber}`)).toBe(BigInt(START));
    expect(new Date(certificate.validFrom).toISOString()).toBe('2026-03-01T09:59:30.000Z');
    expect(new Date(certificate.validTo).toISOString()).toBe('2036-03-01T10:00:30.000Z');
    expect(key.expiresAt).toBe('2036-03-01T10:00:30.000Z');
  });

  it('holds the public key the JWK names (n, e), and x5t#S256 is the SHA-256 of its DER', async () => {
    const key = await firstKey();
    const der = Buffer.from(key.x5c[0], 'base64');
    const fromCertificate = new X509Certificate(der).publicKey.export({ format: 'jwk' });
    const fromJwk = createPublicKey({ key: { kty: 'RSA', n: key.n, e: key.e }, format: 'jwk' }).export({ format: 'jwk' });
    expect(fromJwk).toEqual(fromCertificate);
    expect(key['x5t#S256']).toBe(createHash('sha256').update(der).digest('base64url'));
  });

  it('is a v3 certificate without extensions, signed sha256WithRSAEncryption with NULL parameters', async () => {
    const key = await firstKey();
    const certificate = Certificate.fromBER(Buffer.from(key.x5c[0], 'base64'));
    expect(certificate.version).toBe(2);
    expect(certificate.extensions).toBeUndefined();
    expect(certificate.signatureAlgorithm.algorithmId).toBe('1.2.840.113549.1.1.11');
    expect(certificate.signatureAlgorithm.algorithmParams).toBeInstanceOf(asn1js.Null);
    expect(certificate.signature.algorithmParams).toBeInstanceOf(asn1js.Null);
  });

  const recordings = loadSubresourceRecordings();
  it.skipIf(!recordings)('is built as the recorded ones are: the same ASN.1 structure, tag by tag, but for lengths and values', async () => {
    const recorded = recordings!.scenarios.flatMap((s) => s.steps).find((s) => s.endpoint === 'GET /api/v1/apps/{appId}/credentials/keys/{keyId}')!;
    const key = await firstKey();
    expect(skeleton(Buffer.from(key.x5c[0], 'base64'))).toEqual(skeleton(Buffer.from((recorded.response.body as { x5c: string[] }).x5c[0]!, 'base64')).replace('1.2.840.113549.1.1.5', '1.2.840.113549.1.1.11'));
  });
});

/** A DER structure's tags, nesting and object identifiers, without lengths or other values. */
function skeleton(der: Uint8Array): string {
  const walk = (block: asn1js.BaseBlock): string => {
    const tag = `${block.idBlock.tagClass}:${block.idBlock.tagNumber}`;
    if (block instanceof asn1js.ObjectIdentifier) return `${tag}(${block.valueBlock.toString()})`;
    const inner = (block.valueBlock as { value?: unknown }).value;
    return Array.isArray(inner) && block.idBlock.isConstructed ? `${tag}[${inner.map((b) => walk(b as asn1js.BaseBlock)).join(',')}]` : tag;
  };
  return walk(asn1js.fromBER(der.slice().buffer).result);
}

describe('POST /api/v1/apps/{appId}/credentials/keys/generate', () => {
  it('answers 201 with the new key and its Location, valid for the years asked', async () => {
    const { call } = credentialBackend({ now: () => START });
    const app = await createApp(call, samlApp());
    const generated = await call('POST', `/api/v1/apps/${app.id}/credentials/keys/generate?validityYears=3`);
    expect(generated.status).toBe(201);
    expect(generated.headers.get('location')).toBe(`${ORG}/api/v1/apps/${app.id}/credentials/keys/${generated.body.kid}`);
    expect(generated.body).toMatchObject({ created: '2026-03-01T10:00:30.000Z', expiresAt: '2029-03-01T10:00:30.000Z' });
    expect(new Date(new X509Certificate(Buffer.from(generated.body.x5c[0], 'base64')).validTo).toISOString()).toBe('2029-03-01T10:00:30.000Z');
    const listed = await call('GET', `/api/v1/apps/${app.id}/credentials/keys`);
    expect(listed.body.map((k: { kid: string }) => k.kid)).toEqual(expect.arrayContaining([generated.body.kid, app.credentials.signing.kid]));
  });

  it.each(['1', '11', '', 'abc', '2.5'])('refuses validityYears=%s as real orgs do, adding no key', async (years) => {
    const { call } = credentialBackend();
    const app = await createApp(call, samlApp());
    const refused = await call('POST', `/api/v1/apps/${app.id}/credentials/keys/generate?validityYears=${years}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: generateKey',
      errorCauses: [{ errorSummary: 'Validity years out of range. It should be 2 - 10 years.' }],
    });
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/keys`)).body).toHaveLength(1);
  });

  it('needs okta.apps.manage: a read-only token gets 403 E0000006', async () => {
    const { backend, call } = credentialBackend({ tokens: [{ type: 'SSWS', token: 'reader-token-1', scopes: ['okta.apps.read'] }, { type: 'SSWS', token: 'admin-token-1' }] });
    const app = await createApp((m, p, s) => call(m, p, { ...s, token: 'admin-token-1' }), samlApp());
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/keys`, { token: 'reader-token-1' })).status).toBe(200);
    const refused = await call('POST', `/api/v1/apps/${app.id}/credentials/keys/generate?validityYears=2`, { token: 'reader-token-1' });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('E0000006');
    expect(backend.apps.size).toBe(1);
  });
});

describe('GET /api/v1/apps/{appId}/credentials/keys/{kid}', () => {
  it('answers 404 E0000007 for a kid the app does not have', async () => {
    const { call } = credentialBackend();
    const app = await createApp(call, samlApp());
    const missing = await call('GET', `/api/v1/apps/${app.id}/credentials/keys/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: nope (KeyCredential)' });
  });

  it('answers 404 AppInstance for an app that does not exist', async () => {
    const { call } = credentialBackend();
    const missing = await call('GET', '/api/v1/apps/0oa1missing000000000/credentials/keys');
    expect(missing.status).toBe(404);
    expect(missing.body.errorSummary).toBe('Not found: Resource not found: 0oa1missing000000000 (AppInstance)');
  });
});

describe('POST /api/v1/apps/{appId}/credentials/keys/{kid}/clone', () => {
  it('shares the key with the target app (201, its Location there), the same certificate and times', async () => {
    const { call } = credentialBackend();
    const source = await createApp(call, samlApp('Source'));
    const target = await createApp(call, samlApp('Target'));
    const generated = (await call('POST', `/api/v1/apps/${source.id}/credentials/keys/generate?validityYears=2`)).body;
    const cloned = await call('POST', `/api/v1/apps/${source.id}/credentials/keys/${generated.kid}/clone?targetAid=${target.id}`);
    expect(cloned.status).toBe(201);
    expect(cloned.headers.get('location')).toBe(`${ORG}/api/v1/apps/${target.id}/credentials/keys/${generated.kid}`);
    expect(cloned.body).toEqual(generated);
    expect((await call('GET', `/api/v1/apps/${target.id}/credentials/keys/${generated.kid}`)).body).toEqual(generated);
  });

  it('refuses a target that already has the key, in real organizations words', async () => {
    const { call } = credentialBackend();
    const source = await createApp(call, samlApp('Source'));
    const target = await createApp(call, samlApp('Target'));
    const kid = source.credentials.signing.kid;
    expect((await call('POST', `/api/v1/apps/${source.id}/credentials/keys/${kid}/clone?targetAid=${target.id}`)).status).toBe(201);
    const again = await call('POST', `/api/v1/apps/${source.id}/credentials/keys/${kid}/clone?targetAid=${target.id}`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: cloneKey',
      errorCauses: [{ errorSummary: 'Key already exists in the list of key credentials for the target app.' }],
    });
  });

  it('answers 404 for a target app that does not exist, and a 400 naming targetAid when it is missing', async () => {
    const { call } = credentialBackend();
    const source = await createApp(call, samlApp());
    const kid = source.credentials.signing.kid;
    expect((await call('POST', `/api/v1/apps/${source.id}/credentials/keys/${kid}/clone?targetAid=0oa1missing000000000`)).status).toBe(404);
    const blank = await call('POST', `/api/v1/apps/${source.id}/credentials/keys/${kid}/clone`);
    expect(blank.status).toBe(400);
    expect(blank.body.errorSummary).toBe('Api validation failed: targetAid');
  });
});

describe('switching credentials.signing.kid with a replace', () => {
  it('to a key of the app: the app, the list filter and the metadata follow', async () => {
    const { call } = credentialBackend();
    const app = await createApp(call, samlApp());
    const generated = (await call('POST', `/api/v1/apps/${app.id}/credentials/keys/generate?validityYears=2`)).body;
    const { _links: _l, ...body } = app;
    const replaced = await call('PUT', `/api/v1/apps/${app.id}`, { json: { ...body, credentials: { ...body.credentials, signing: { kid: generated.kid } } } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.credentials.signing).toEqual({ kid: generated.kid });
    const found = await call('GET', `/api/v1/apps?filter=${encodeURIComponent(`credentials.signing.kid eq "${generated.kid}"`)}`);
    expect(found.body.map((a: { id: string }) => a.id)).toEqual([app.id]);
    const old = await call('GET', `/api/v1/apps?filter=${encodeURIComponent(`credentials.signing.kid eq "${app.credentials.signing.kid}"`)}`);
    expect(old.body).toEqual([]);
    const metadata = await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata`, { accept: 'application/xml' });
    expect(metadata.text.replace(/\n/g, '')).toContain(generated.x5c[0]);
  });

  it('to a key the app does not have: 400 E0000001 naming the field, and the app unchanged', async () => {
    const { call } = credentialBackend();
    const app = await createApp(call, samlApp());
    const { _links: _l, ...body } = app;
    const refused = await call('PUT', `/api/v1/apps/${app.id}`, { json: { ...body, credentials: { ...body.credentials, signing: { kid: 'not-a-key-of-this-app' } } } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: credentials.signing.kid' });
    expect(refused.body.errorCauses[0].errorSummary).toMatch(/^credentials\.signing\.kid: 'not-a-key-of-this-app' is not a key credential of this app; list the app's keys with GET /);
    const read = await call('GET', `/api/v1/apps/${app.id}`);
    expect(read.body.credentials.signing.kid).toBe(app.credentials.signing.kid);
    expect(read.body.lastUpdated).toBe(app.lastUpdated);
  });

  it('a replace that leaves credentials out keeps the kid', async () => {
    const { call } = credentialBackend();
    const app = await createApp(call, samlApp());
    const { _links: _l, credentials: _c, ...body } = app;
    const replaced = await call('PUT', `/api/v1/apps/${app.id}`, { json: { ...body, label: 'Renamed' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.credentials.signing.kid).toBe(app.credentials.signing.kid);
  });

  it('a kid sent with a create is the server’s to choose: the app gets a key of its own', async () => {
    const { call } = credentialBackend();
    const app = await createApp(call, { ...samlApp(), credentials: { signing: { kid: 'chosen-by-caller' } } });
    expect(app.credentials.signing.kid).toMatch(KID);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/keys`)).body[0].kid).toBe(app.credentials.signing.kid);
  });
});

describe('an app deleted', () => {
  it('takes its keys with it, and a later read is the app’s 404', async () => {
    const { call } = credentialBackend();
    const app = await createApp(call, samlApp());
    await call('POST', `/api/v1/apps/${app.id}/lifecycle/deactivate`);
    expect((await call('DELETE', `/api/v1/apps/${app.id}`)).status).toBe(204);
    const gone = await call('GET', `/api/v1/apps/${app.id}/credentials/keys`);
    expect(gone.status).toBe(404);
    expect(gone.body.errorSummary).toBe(`Not found: Resource not found: ${app.id} (AppInstance)`);
  });
});

describe('the key credentials of one app', () => {
  it(`are bounded: the ${MAX_KEYS_PER_APP + 1}th is refused, naming the bound`, () => {
    const keys = new SigningKeys({ newKid: () => crypto.randomUUID(), orgKid: () => 'org', subdomain: () => 'acme' });
    keys.reset(START);
    for (let i = 0; i < MAX_KEYS_PER_APP; i++) keys.attach('0oa1', { kid: `k${i}`, created: 'c', lastUpdated: 'c' });
    expect(() => keys.attach('0oa1', { kid: 'one-too-many', created: 'c', lastUpdated: 'c' })).toThrow(
      expect.objectContaining({ status: 400, errorCode: 'E0000001', causes: [`The app already has ${MAX_KEYS_PER_APP} key credentials, the most this organization keeps for one app.`] }),
    );
    expect(keys.list('0oa1')).toHaveLength(MAX_KEYS_PER_APP);
  });
});
