import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';

// A refusal of the control plane names the field and what it takes instead, so a suite in any
// language can fix its call from the message alone.
const backend = createMockBackend();

async function refusal(method: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await backend.fetch(`${backend.orgUrl}/__appset/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('control-plane refusals say what is accepted', () => {
  it('a fault status other than 429 or 5xx names both forms', async () => {
    expect(await refusal('POST', 'faults', { path: '/api/v1/apps', status: 404 })).toEqual({
      status: 400,
      body: { error: "fault field status: Must be 429 (Okta's rate limit, E0000047) or a server error from 500 to 599" },
    });
  });

  it('a fault method lists the methods', async () => {
    expect(await refusal('POST', 'faults', { path: '/api/v1/apps', status: 500, method: 'get' })).toEqual({
      status: 400,
      body: { error: 'fault field method: Must be one of "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"' },
    });
  });

  it('a clock change with neither form names advanceMs and now', async () => {
    expect(await refusal('POST', 'clock', {})).toEqual({
      status: 400,
      body: { error: 'clock: Needs one of advanceMs and now: give {"advanceMs": <milliseconds>} to move the clock forward, or {"now": "<ISO 8601 time>"} to set it' },
    });
  });

  it('a clock time that is not ISO 8601 shows one that is', async () => {
    expect(await refusal('POST', 'clock', { now: 'tomorrow' })).toEqual({
      status: 400,
      body: { error: 'clock field now: Must be an ISO 8601 time with its zone, e.g. 2026-01-01T00:00:00Z' },
    });
  });

  it('a rate-limit setting of no known form names the three forms and the buckets', async () => {
    expect(await refusal('PUT', 'rate-limits', 'fast')).toEqual({
      status: 400,
      body: {
        error:
          'rate limits: Must be "okta" (Okta\'s published limits), "off", or requests per minute by bucket, e.g. {"apps": 100} (buckets: apps, app, providers, logs, security-events, users, groups, default)',
      },
    });
  });

  it('a seeded token without type says it is required and lists the types', async () => {
    expect(await refusal('POST', 'seed', { tokens: [{ token: 'reader' }] })).toEqual({
      status: 400,
      body: { error: 'seed field tokens[0].type: Required; give one of "SSWS", "Bearer"' },
    });
  });

  it('a seeded provider of no known shape lists the shapes', async () => {
    expect(await refusal('POST', 'seed', { providers: ['https://risk.example.com'] })).toEqual({
      status: 400,
      body: {
        error:
          'seed field providers[0]: Must be {"name", "issuer", "jwks"}, {"name", "issuer", "jwks_url"} or {"name", "well_known_url"} (each with an optional "type", default "okta")',
      },
    });
  });

  it('a snapshot of another version names the version this backend reads', async () => {
    expect(await refusal('PUT', 'snapshot', { version: 7 })).toEqual({
      status: 400,
      body: { error: 'snapshot field version: Must be 1, the snapshot version this backend reads (GET /__appset/health names it as snapshotVersion)' },
    });
  });
});

describe('a provider key without kid', () => {
  const KID_REASON =
    "Required: tokens name their key by kid, so a key without one verifies none; give the kid your tokens' header carries (for instance the key's RFC 7638 thumbprint, jose's calculateJwkThumbprint)";

  async function publicJwk() {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    return exportJWK(publicKey);
  }

  it('is refused in a seed document, naming the key, and nothing is added', async () => {
    const jwk = await publicJwk();
    expect(await refusal('POST', 'seed', { providers: [{ name: 'Risk', issuer: 'https://risk.example.com', jwks: { keys: [jwk] } }] })).toEqual({
      status: 400,
      body: { error: `seed field providers[0].jwks.keys[0].kid: ${KID_REASON}` },
    });
    expect(backend.providers.list()).toEqual([]);
  });

  it('is refused by providers.register, naming the key', async () => {
    const jwk = await publicJwk();
    expect(() => backend.providers.register({ issuer: 'https://risk.example.com', jwks: { keys: [jwk] } })).toThrow(
      "providers.register: jwks.keys[0].kid is required: tokens name their key by kid, so a key without one verifies none; give the kid your tokens' header carries (for instance the key's RFC 7638 thumbprint, jose's calculateJwkThumbprint)",
    );
    expect(backend.providers.list()).toEqual([]);
  });
});

describe('a provider key that is not a public key', () => {
  async function jwkOf(alg: 'ES256' | 'ES384' | 'RS256' | 'EdDSA') {
    const { publicKey } = await generateKeyPair(alg, { extractable: true });
    return { ...(await exportJWK(publicKey)), kid: 'k1' };
  }
  const seedRefusal = (key: Record<string, unknown>) =>
    refusal('POST', 'seed', { providers: [{ name: 'Risk', issuer: 'https://risk.example.com', jwks: { keys: [key] } }] });

  it('is refused in a seed document with a placeholder or cut coordinate, naming it and its length', async () => {
    const ec = await jwkOf('ES256');
    expect(await seedRefusal({ ...ec, x: '…', y: '…' })).toEqual({
      status: 400,
      body: { error: "seed field providers[0].jwks.keys[0].x: Must be the P-256 public key's x coordinate: 43 base64url characters (as jose's exportJWK writes it)" },
    });
    expect((await seedRefusal({ ...(await jwkOf('ES384')), y: ec.y })).body).toEqual({
      error: "seed field providers[0].jwks.keys[0].y: Must be the P-384 public key's y coordinate: 64 base64url characters (as jose's exportJWK writes it)",
    });
    expect((await seedRefusal({ ...ec, crv: 'P-192' })).body).toEqual({ error: 'seed field providers[0].jwks.keys[0].crv: Must be P-256, P-384 or P-521 for an EC key' });
    expect((await seedRefusal({ ...(await jwkOf('EdDSA')), x: 'AAAA' })).body).toEqual({
      error: "seed field providers[0].jwks.keys[0].x: Must be the Ed25519 public key's x coordinate: 43 base64url characters (as jose's exportJWK writes it)",
    });
    expect(backend.providers.list()).toEqual([]);
  });

  it('is refused with a short or missing RSA modulus or a bad exponent', async () => {
    const rsa = await jwkOf('RS256');
    expect((await seedRefusal({ ...rsa, n: String(rsa.n).slice(0, 171) })).body).toEqual({
      error: "seed field providers[0].jwks.keys[0].n: Must be the modulus of an RSA public key of 2,048 bits or more, in base64url (as jose's exportJWK writes it)",
    });
    expect((await seedRefusal({ ...rsa, e: '65537' + '='.repeat(3) })).body).toEqual({
      error: 'seed field providers[0].jwks.keys[0].e: Must be the RSA public key\'s exponent in base64url, usually "AQAB"',
    });
    expect(backend.providers.list()).toEqual([]);
  });

  it('takes the public keys jose exports, of every kind a provider signs with', async () => {
    const keys = await Promise.all((['ES256', 'ES384', 'RS256', 'EdDSA'] as const).map(async (alg, i) => ({ ...(await jwkOf(alg)), kid: `k${i}` })));
    const fresh = createMockBackend();
    const response = await fresh.fetch(`${fresh.orgUrl}/__appset/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ providers: [{ name: 'Risk', issuer: 'https://risk.example.com', jwks: { keys } }] }),
    });
    expect(response.status).toBe(201);
    expect(fresh.providers.list()).toHaveLength(1);
  });
});

describe('providers.register', () => {
  it('refuses a key a snapshot could not load again, naming the member', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1' };
    const fresh = createMockBackend();
    expect(() => fresh.providers.register({ issuer: 'https://risk.example.com', jwks: { keys: [{ ...jwk, y: 'short' }] } })).toThrow(
      "providers.register: jwks.keys[0].y: Must be the P-256 public key's y coordinate: 43 base64url characters (as jose's exportJWK writes it)",
    );
    expect(fresh.providers.list()).toEqual([]);
    // A whole key is taken, and the snapshot holding it loads again.
    fresh.providers.register({ issuer: 'https://risk.example.com', jwks: { keys: [jwk] } });
    const again = createMockBackend();
    again.restore(fresh.snapshot());
    expect(again.providers.list().map((provider) => provider.settings.issuer)).toEqual(['https://risk.example.com']);
  });
});

describe('a provider that a snapshot keeps', () => {
  it('loads again however it was registered, and snapshots written before the key checks still load', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1' };
    const fresh = createMockBackend();
    // An issuer that is not a URL: the answer's jwks_url is <issuer>/jwks all the same.
    fresh.providers.register({ issuer: 'risk-engine', jwks: { keys: [jwk] } });
    fresh.providers.register({ issuer: `https://${'r'.repeat(200)}.example.com`, jwks: { keys: [{ ...jwk, kid: 'k2' }] } });
    const snapshot = fresh.snapshot() as { providers: Array<{ name: string; jwks: { keys: Array<Record<string, unknown>> } | null }> };
    expect(snapshot.providers.map((provider) => provider.name.length <= 100)).toEqual([true, true]);
    const again = createMockBackend();
    again.restore(snapshot);
    expect(again.providers.list().map((provider) => provider.settings.issuer)).toEqual(['risk-engine', `https://${'r'.repeat(200)}.example.com`]);
    // An empty key set (a provider that sends nothing) is taken and kept too.
    const quiet = createMockBackend();
    quiet.providers.register({ issuer: 'https://quiet.example.com', jwks: { keys: [] } });
    createMockBackend().restore(quiet.snapshot());
    // A key the seed now refuses, as an older version kept it: the snapshot still loads.
    snapshot.providers[0]!.jwks!.keys[0] = { kty: 'EC', crv: 'P-256', x: '…', y: '…', kid: 'risk-1' };
    createMockBackend().restore(snapshot);
  });

  it('is refused at register when a snapshot could not hold it, naming the member', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] };
    const fresh = createMockBackend();
    expect(() => fresh.providers.register({ issuer: '', jwks })).toThrow('providers.register: issuer must be the iss its tokens carry, 1 to 700 characters');
    expect(() => fresh.providers.register({ issuer: 'https://risk.example.com', name: 'n'.repeat(101), jwks })).toThrow('providers.register: name must be 1 to 100 characters');
    expect(() => fresh.providers.register({ issuer: 'https://risk.example.com', type: '', jwks })).toThrow('providers.register: type must be 1 to 255 characters');
    expect(fresh.providers.list()).toEqual([]);
  });
});
