import { X509Certificate } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppsetError, BadRequestError, expiringKeys, NotFoundError, RequestValidationError, type SigningKey } from '../../src/index';
import type { ApiCall } from '../../src/core/api-call';
import { useMockBackend } from '../support/backend';
import { oidcApp, samlApp } from '../mock-server/apps/credentials/helpers';

const mock = useMockBackend();
const { backend } = mock;
// The default client has every resource.
const client = mock.client;

/** Records each request the client sends (method, path, accept). */
function recording() {
  const sent: Array<{ method: string; path: string; accept: string | null }> = [];
  const apps = client({
    fetch: (input, init) => {
      const request = new Request(input, init);
      sent.push({ method: request.method, path: new URL(request.url).pathname, accept: request.headers.get('accept') });
      return globalThis.fetch(request);
    },
  }).apps;
  return { apps, sent };
}

describe('client.apps.keys', () => {
  it('lists, reads, generates and clones signing keys, typed as SigningKey', async () => {
    const saml = backend.apps.create(samlApp('Source'));
    const target = backend.apps.create(samlApp('Target'));
    const { keys } = client().apps;
    expectTypeOf(keys.get).returns.toEqualTypeOf<ApiCall<SigningKey>>();
    const listed = await keys.list(saml.id).toArray({ max: 10 });
    const kid = (saml.credentials as { signing: { kid: string } }).signing.kid;
    expect(listed.map((k) => k.kid)).toEqual([kid]);
    expect(await keys.get(saml.id, kid)).toEqual(listed[0]);
    const { data: generated, response } = await keys.generate(saml.id, { validityYears: 2 }).withResponse();
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${backend.orgUrl}/api/v1/apps/${saml.id}/credentials/keys/${generated.kid}`);
    expect(new X509Certificate(Buffer.from(generated.x5c![0]!, 'base64')).subject).toContain('OU=SSOProvider');
    expect(await keys.clone(saml.id, generated.kid, { targetAid: target.id })).toEqual(generated);
  });

  it('refuses validityYears outside 2 to 10 before sending, and a refusal of the API is a BadRequestError', async () => {
    const saml = backend.apps.create(samlApp());
    const { apps, sent } = recording();
    await expect(apps.keys.generate(saml.id, { validityYears: 11 })).rejects.toBeInstanceOf(RequestValidationError);
    expect(sent).toEqual([]);
    const kid = (saml.credentials as { signing: { kid: string } }).signing.kid;
    const error = await apps.keys.clone(saml.id, kid, { targetAid: saml.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errorCode).toBe('E0000001');
  });
});

describe('client.apps.metadata', () => {
  it('answers the XML document as a string, asking for application/xml', async () => {
    const saml = backend.apps.create(samlApp());
    const { apps, sent } = recording();
    const xml = await apps.metadata(saml.id);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><md:EntityDescriptor entityID="http://www.okta.com/exk')).toBe(true);
    expect(sent).toEqual([{ method: 'GET', path: `/api/v1/apps/${saml.id}/sso/saml/metadata`, accept: 'application/xml' }]);
    await expect(apps.metadata(saml.id, { kid: 'unknown' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('stops at the caller’s AbortSignal', async () => {
    const saml = backend.apps.create(samlApp());
    const error = await client().apps.metadata(saml.id, {}, { signal: AbortSignal.abort(new Error('stop')) }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('stop');
  });
});

describe('client.apps.csrs', () => {
  it('creates, lists, reads and revokes CSRs', async () => {
    const saml = backend.apps.create(samlApp());
    const { csrs } = client().apps;
    const csr = await csrs.create(saml.id, { subject: { commonName: 'SP Issuer', countryName: 'US' } });
    expect(csr.csr).toMatch(/^MII/);
    expect(await csrs.list(saml.id).toArray({ max: 5 })).toEqual([csr]);
    expect(await csrs.get(saml.id, csr.id)).toEqual(csr);
    await csrs.revoke(saml.id, csr.id);
    await expect(csrs.get(saml.id, csr.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('publish sends PEM as application/x-pem-file and DER as application/pkix-cert, refusing anything else before sending', async () => {
    const saml = backend.apps.create(samlApp());
    const types: string[] = [];
    const { csrs } = client({
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'POST') types.push(request.headers.get('content-type') ?? '');
        return globalThis.fetch(request);
      },
    }).apps;
    const csr = await csrs.create(saml.id, { subject: { commonName: 'SP' } });
    // Not a certificate for the CSR's key: the API refuses both, after they were sent as asked.
    await expect(csrs.publish(saml.id, csr.id, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')).rejects.toBeInstanceOf(BadRequestError);
    await expect(csrs.publish(saml.id, csr.id, new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]))).rejects.toBeInstanceOf(BadRequestError);
    await expect(csrs.publish(saml.id, csr.id, 42 as never)).rejects.toBeInstanceOf(RequestValidationError);
    expect(types.slice(1)).toEqual(['application/x-pem-file', 'application/pkix-cert']);
  });
});

describe('client.apps.secrets', () => {
  it('lists the first secret, creates a second, deactivates, activates and deletes it', async () => {
    const app = backend.apps.create(oidcApp());
    const { secrets } = client().apps;
    const [first] = await secrets.list(app.id).toArray({ max: 2 });
    expect(first!.status).toBe('ACTIVE');
    const second = await secrets.create(app.id, {});
    expect((await secrets.deactivate(app.id, second.id)).status).toBe('INACTIVE');
    expect((await secrets.activate(app.id, second.id)).status).toBe('ACTIVE');
    await secrets.deactivate(app.id, second.id);
    await secrets.delete(app.id, second.id);
    expect((await secrets.list(app.id).toArray({ max: 2 })).map((s) => s.id)).toEqual([first!.id]);
    const refused = await secrets.deactivate(app.id, first!.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).message).toContain("You can't deactivate the only active client secret.");
  });

  it('refuses a create body with an unknown member before sending', async () => {
    const app = backend.apps.create(oidcApp());
    const { apps, sent } = recording();
    await expect(apps.secrets.create(app.id, { secret: 'x' } as never)).rejects.toBeInstanceOf(RequestValidationError);
    expect(sent).toEqual([]);
  });
});

describe('client.apps.jwks', () => {
  it('adds a key, lists the keys, deactivates, activates and deletes it', async () => {
    const app = backend.apps.create(oidcApp());
    const { jwks } = client().apps;
    const { publicKey } = await generateKeyPair('RS256');
    const added = await jwks.add(app.id, { ...(await exportJWK(publicKey)), kty: 'RSA', kid: 'k1', use: 'sig', alg: 'RS256' });
    expect(added).toMatchObject({ kid: 'k1', kty: 'RSA', status: 'ACTIVE' });
    expect(await jwks.list(app.id).toArray({ max: 50 })).toEqual([added]);
    expect(await jwks.get(app.id, added.id)).toEqual(added);
    expect((await jwks.deactivate(app.id, added.id)).status).toBe('INACTIVE');
    expect((await jwks.activate(app.id, added.id)).status).toBe('ACTIVE');
    await jwks.deactivate(app.id, added.id);
    await jwks.delete(app.id, added.id);
    expect(await jwks.list(app.id).toArray({ max: 50 })).toEqual([]);
  });
});

describe('client.apps.rotateSigningKey', () => {
  it('generates a key, switches the app to it, and answers the key, the app and metadata with the new certificate', async () => {
    const saml = backend.apps.create(samlApp());
    const apps = client().apps;
    const { key, app, metadata } = await apps.rotateSigningKey(saml.id, { validityYears: 3 });
    expect((app.credentials as { signing: { kid: string } }).signing.kid).toBe(key.kid);
    expect(metadata!.replace(/\n/g, '')).toContain(key.x5c![0]);
    const found = await apps.list({ filter: { 'credentials.signing.kid': key.kid } }).toArray({ max: 5 });
    expect(found.map((a) => a.id)).toEqual([saml.id]);
    const { lastUpdated: _a, _links: _b, credentials: _c, ...before } = saml as Record<string, unknown>;
    const { lastUpdated: _d, _links: _e, credentials: _f, ...after } = app as Record<string, unknown>;
    expect(after).toEqual(before);
  });

  it("changes nothing else of an OAuth 2.0 client: its secret and keys stay, and it has no metadata", async () => {
    const { publicKey } = await generateKeyPair('RS256');
    const created = backend.apps.create(oidcApp('client_secret_basic', [{ ...(await exportJWK(publicKey)), kid: 'k1', use: 'sig' }]));
    const apps = client().apps;
    const secretsBefore = await apps.secrets.list(created.id).toArray({ max: 2 });
    const { app, metadata } = await apps.rotateSigningKey(created.id, { validityYears: 2 });
    expect(metadata).toBeUndefined();
    expect(app.settings).toEqual(created.settings);
    expect(await apps.secrets.list(created.id).toArray({ max: 2 })).toEqual(secretsBefore);
  });

  it('refuses a bad validityYears before sending anything', async () => {
    const saml = backend.apps.create(samlApp());
    const { apps, sent } = recording();
    await expect(apps.rotateSigningKey(saml.id, { validityYears: 1 })).rejects.toBeInstanceOf(RequestValidationError);
    expect(sent).toEqual([]);
  });
});

describe('expiringKeys(client, { withinDays })', () => {
  it('yields the keys of signing apps that expire in time, with one request per page of apps and one per signing app', async () => {
    const saml = backend.apps.create(samlApp());
    backend.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });
    const c = client();
    const soon = await c.apps.keys.generate(saml.id, { validityYears: 2 });
    const { apps, sent } = recording();
    const found = [];
    for await (const item of expiringKeys({ apps }, { withinDays: 3 * 365 })) found.push(item);
    expect(found.map(({ app, key, signing }) => [app.id, key.kid, signing])).toEqual([[saml.id, soon.kid, false]]);
    expect(sent.map((r) => r.path)).toEqual(['/api/v1/apps', `/api/v1/apps/${saml.id}/credentials/keys`]);
  });

  it('throws once more signing apps than maxApps would be read', async () => {
    for (const label of ['A', 'B', 'C']) backend.apps.create(samlApp(label));
    const walk = async () => {
      for await (const _ of expiringKeys(client(), { withinDays: 30, maxApps: 2 })) void _;
    };
    await expect(walk()).rejects.toThrow(AppsetError);
    await expect(walk()).rejects.toThrow('expiringKeys read the keys of 2 apps and more apps sign; pass a larger maxApps to walk them all.');
  });
});
