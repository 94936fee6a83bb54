import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  isSetVerificationError,
  verifySecurityEventToken,
  type JsonWebKeySet,
  type SetVerificationError,
} from '../../src/set/index';
import { AUDIENCE, ISSUER, rsaKeyPair, signRaw, validClaims, type TestKeyPair } from './helpers';

let first: TestKeyPair;
let second: TestKeyPair;
let urlCounter = 0;

beforeAll(() => {
  first = rsaKeyPair('key-2024');
  second = rsaKeyPair('key-2025');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fresh URL per test: the verifier caches key sets per URL for the whole process. */
function jwksUrl(): string {
  urlCounter += 1;
  return `https://provider-${urlCounter}.example.com/.well-known/jwks.json`;
}

/** Stubs the global fetch with a key set endpoint whose answer the test can change. */
function serveKeySet(initial: JsonWebKeySet) {
  const endpoint = { keySet: initial };
  const fetch = vi.fn(async (_input: string | URL | Request) =>
    new Response(JSON.stringify(endpoint.keySet), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return { endpoint, fetch };
}

function tokenFor(pair: TestKeyPair, kid = pair.kid): Promise<string> {
  return signRaw({ alg: 'RS256', kid, typ: 'secevent+jwt' }, validClaims(), pair.privateKey);
}

async function rejection(token: string, keys: string): Promise<SetVerificationError> {
  const error: unknown = await verifySecurityEventToken(token, { audience: AUDIENCE, issuer: ISSUER, keys }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (isSetVerificationError(error)) return error;
  throw new Error(`expected a SetVerificationError, got ${String(error)}`);
}

function freezeClock(at: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

describe('verifySecurityEventToken with a key set URL', () => {
  it('fetches the key set with the global fetch and verifies', async () => {
    const url = jwksUrl();
    const { fetch } = serveKeySet({ keys: [first.publicJwk] });
    const result = await verifySecurityEventToken(await tokenFor(first), { audience: AUDIENCE, keys: url });
    expect(result.header.kid).toBe('key-2024');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(url);
  });

  it('accepts a URL object', async () => {
    const url = jwksUrl();
    serveKeySet({ keys: [first.publicJwk] });
    const result = await verifySecurityEventToken(await tokenFor(first), { audience: AUDIENCE, keys: new URL(url) });
    expect(result.claims.iss).toBe(ISSUER);
  });

  it('fetches a key set once for many verifications', async () => {
    const url = jwksUrl();
    const { fetch } = serveKeySet({ keys: [first.publicJwk] });
    const token = await tokenFor(first);
    await Promise.all([1, 2, 3].map(() => verifySecurityEventToken(token, { audience: AUDIENCE, keys: url })));
    await verifySecurityEventToken(token, { audience: AUDIENCE, keys: url });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refetches once when the provider rotates to a new kid', async () => {
    const url = jwksUrl();
    freezeClock(Date.UTC(2025, 0, 1));
    const { endpoint, fetch } = serveKeySet({ keys: [first.publicJwk] });
    await verifySecurityEventToken(await tokenFor(first), { audience: AUDIENCE, keys: url });

    endpoint.keySet = { keys: [first.publicJwk, second.publicJwk] };
    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 1));
    const rotated = await tokenFor(second);
    const result = await verifySecurityEventToken(rotated, { audience: AUDIENCE, keys: url });
    await verifySecurityEventToken(rotated, { audience: AUDIENCE, keys: url });

    expect(result.header.kid).toBe('key-2025');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not refetch for every unknown kid of a flood', async () => {
    const url = jwksUrl();
    freezeClock(Date.UTC(2025, 0, 1));
    const { fetch } = serveKeySet({ keys: [first.publicJwk] });
    await verifySecurityEventToken(await tokenFor(first), { audience: AUDIENCE, keys: url });
    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 1));

    const errors = [];
    for (const kid of ['bogus-1', 'bogus-2', 'bogus-3']) errors.push((await rejection(await tokenFor(first, kid), url)).err);

    expect(errors).toEqual(['invalid_key', 'invalid_key', 'invalid_key']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('names the unknown kid and the key set URL', async () => {
    const url = jwksUrl();
    serveKeySet({ keys: [first.publicJwk] });
    const error = await rejection(await tokenFor(first, 'bogus'), url);
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: `No key with kid 'bogus' in the key set at ${url}` });
  });

  it('refuses with invalid_key when the endpoint is down', async () => {
    const url = jwksUrl();
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('fetch failed'); }));
    const error = await rejection(await tokenFor(first), url);
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: `The key set at ${url} could not be fetched: the request failed` });
    expect(error.cause).toEqual(new TypeError('fetch failed'));
  });

  it('refuses with invalid_key when the endpoint answers an HTTP error', async () => {
    const url = jwksUrl();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 503 })));
    const error = await rejection(await tokenFor(first), url);
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: `The key set at ${url} could not be fetched: HTTP 503` });
  });

  it('refuses with invalid_key when the endpoint answers something that is not JSON', async () => {
    const url = jwksUrl();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>maintenance</html>', { status: 200 })));
    const error = await rejection(await tokenFor(first), url);
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: `The key set at ${url} could not be fetched: the body is not UTF-8 JSON` });
  });

  it('refuses with invalid_key when the endpoint answers JSON that is not a key set', async () => {
    const url = jwksUrl();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ issuer: ISSUER })));
    const error = await rejection(await tokenFor(first), url);
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: `The document at ${url} is not a JSON Web Key Set ({"keys": [...]})`,
    });
  });

  it('fetches again after a failed fetch once the 30 s cooldown has passed, and not before', async () => {
    const url = jwksUrl();
    freezeClock(Date.UTC(2025, 0, 1));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 503 })));
    await rejection(await tokenFor(first), url);
    const { fetch } = serveKeySet({ keys: [first.publicJwk] });
    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 0, 29, 999));
    const refused = await rejection(await tokenFor(first), url);
    expect(refused.description).toBe(`The key set at ${url} could not be fetched: HTTP 503`);
    expect(fetch).not.toHaveBeenCalled();
    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 0, 30));
    const result = await verifySecurityEventToken(await tokenFor(first), { audience: AUDIENCE, keys: url });
    expect(result.header.kid).toBe('key-2024');
  });

  it('refetches a key set older than ten minutes', async () => {
    const url = jwksUrl();
    freezeClock(Date.UTC(2025, 0, 1));
    const { fetch } = serveKeySet({ keys: [first.publicJwk] });
    const token = await tokenFor(first);
    await verifySecurityEventToken(token, { audience: AUDIENCE, keys: url });
    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 10));
    await verifySecurityEventToken(token, { audience: AUDIENCE, keys: url });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops waiting when the signal aborts', async () => {
    const url = jwksUrl();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const pending = verifySecurityEventToken(await tokenFor(first), { audience: AUDIENCE, keys: url, signal: controller.signal });
    controller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
  });
});
