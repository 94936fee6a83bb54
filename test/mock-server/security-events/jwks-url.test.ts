import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';
import {
  ADA,
  expectAccepted,
  expectRefused,
  ISSUER,
  manualClock,
  providerKey,
  publish,
  sign,
  type ProviderKey,
} from './helpers';

const clock = manualClock();
/** The least time between two key set fetches caused by unknown kids (the verifier's default). */
const REFETCH_COOLDOWN_MS = 30_000;
const { backend, server } = useMockBackend({ now: clock.now });

const JWKS_URL = 'https://provider.test/jwks';

let key1: ProviderKey;
let key2: ProviderKey;
beforeAll(async () => {
  [key1, key2] = await Promise.all([providerKey('kid1'), providerKey('kid2')]);
});

type JwksReply = 'down' | 'not-json' | 'not-a-key-set' | ProviderKey[];

/** The provider's JWKS endpoint: answers as `reply` says at the time of each request, and counts requests. */
function jwksEndpoint(initial: JwksReply) {
  const endpoint = { reply: initial, fetches: 0 };
  server.use(
    http.get(JWKS_URL, () => {
      endpoint.fetches += 1;
      const { reply } = endpoint;
      if (reply === 'down') return new HttpResponse('unavailable', { status: 500 });
      if (reply === 'not-json') return new HttpResponse('<html>maintenance</html>', { headers: { 'content-type': 'text/html' } });
      if (reply === 'not-a-key-set') return HttpResponse.json({ jwks: [] });
      return HttpResponse.json({ keys: reply.map((k) => k.publicJwk) });
    }),
  );
  return endpoint;
}

/** Creates the provider over HTTP, as an administrator would, with its key set at {@link JWKS_URL}. */
async function createProvider(): Promise<void> {
  const response = await call(backend, '/api/v1/security-events-providers', {
    method: 'POST',
    json: { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: JWKS_URL } },
  });
  expect(response.status).toBe(200);
}

const token = (key: ProviderKey) =>
  sign(backend, key, events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' }), { iat: clock.seconds() });

describe('a provider whose keys are at its jwks_url', () => {
  it('is not asked for its key set when it is created', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    expect(endpoint.fetches).toBe(0);
  });

  it('serves the key set once for the first token, which is accepted', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    expectAccepted(await publish(backend, await token(key1)));
    expect(endpoint.fetches).toBe(1);
  });

  it('is not asked again for a second token with a known kid (the key set is cached)', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    await publish(backend, await token(key1));
    expectAccepted(await publish(backend, await token(key1)));
    expect(endpoint.fetches).toBe(1);
  });

  it('is asked again once the cached key set is ten minutes old', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    await publish(backend, await token(key1));
    clock.advance(10 * 60 * 1000);
    expectAccepted(await publish(backend, await token(key1)));
    expect(endpoint.fetches).toBe(2);
  });

  it('after a key rotation, is asked once more for a token with the new kid, which is accepted', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    await publish(backend, await token(key1));
    endpoint.reply = [key2];
    clock.advance(REFETCH_COOLDOWN_MS);
    expectAccepted(await publish(backend, await token(key2)));
    expect(endpoint.fetches).toBe(2);
  });

  it('after a key rotation, serves further tokens with the new kid from the cache', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    await publish(backend, await token(key1));
    endpoint.reply = [key2];
    clock.advance(REFETCH_COOLDOWN_MS);
    await publish(backend, await token(key2));
    expectAccepted(await publish(backend, await token(key2)));
    expect(endpoint.fetches).toBe(2);
  });

  it('answers invalid_key for a kid still missing after one refetch', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    await publish(backend, await token(key1));
    clock.advance(REFETCH_COOLDOWN_MS);
    expectRefused(await publish(backend, await token(key2)), 'invalid_key', `No key with kid 'kid2' in the key set at ${JWKS_URL}`);
    expect(endpoint.fetches).toBe(2);
  });
});

describe('a provider whose jwks_url fails', () => {
  it('answers invalid_key while the endpoint answers 500', async () => {
    jwksEndpoint('down');
    await createProvider();
    expectRefused(
      await publish(backend, await token(key1)),
      'invalid_key',
      `The key set at ${JWKS_URL} could not be fetched: HTTP 500`,
    );
  });

  it('answers invalid_key while the endpoint answers something that is not JSON', async () => {
    jwksEndpoint('not-json');
    await createProvider();
    expectRefused(await publish(backend, await token(key1)), 'invalid_key', `The key set at ${JWKS_URL} could not be fetched: the body is not UTF-8 JSON`);
  });

  it('answers invalid_key while the endpoint answers JSON that is not a key set', async () => {
    jwksEndpoint('not-a-key-set');
    await createProvider();
    expectRefused(
      await publish(backend, await token(key1)),
      'invalid_key',
      `The document at ${JWKS_URL} is not a JSON Web Key Set ({"keys": [...]})`,
    );
  });

  it('accepts tokens again once the endpoint recovers from a 500 and the cooldown has passed', async () => {
    const endpoint = jwksEndpoint('down');
    await createProvider();
    await publish(backend, await token(key1));
    endpoint.reply = [key1];
    clock.advance(REFETCH_COOLDOWN_MS);
    expectAccepted(await publish(backend, await token(key1)));
    expect(endpoint.fetches).toBe(2);
  });

  it('within the cooldown after a failure, refuses with that failure without asking again', async () => {
    const endpoint = jwksEndpoint('down');
    await createProvider();
    await publish(backend, await token(key1));
    endpoint.reply = [key1];
    clock.advance(REFETCH_COOLDOWN_MS - 1);
    for (let n = 0; n < 10; n += 1) {
      expectRefused(await publish(backend, await token(key1)), 'invalid_key', `The key set at ${JWKS_URL} could not be fetched: HTTP 500`);
    }
    expect(endpoint.fetches).toBe(1);
  });

  it('accepts tokens again once the endpoint recovers from garbage', async () => {
    const endpoint = jwksEndpoint('not-json');
    await createProvider();
    await publish(backend, await token(key1));
    endpoint.reply = [key1];
    clock.advance(REFETCH_COOLDOWN_MS);
    expectAccepted(await publish(backend, await token(key1)));
  });

  it('keeps verifying known kids from the cache when a refetch for an unknown kid fails', async () => {
    const endpoint = jwksEndpoint([key1]);
    await createProvider();
    await publish(backend, await token(key1));
    endpoint.reply = 'down';
    clock.advance(REFETCH_COOLDOWN_MS);
    expectRefused(
      await publish(backend, await token(key2)),
      'invalid_key',
      `The key set at ${JWKS_URL} could not be fetched: HTTP 500`,
    );
    expectAccepted(await publish(backend, await token(key1)));
  });
});

describe('a provider created from a discovery document', () => {
  it("verifies tokens with the key set at the document's jwks_uri", async () => {
    server.use(
      http.get('https://provider.test/.well-known/ssf-configuration', () =>
        HttpResponse.json({ issuer: ISSUER, jwks_uri: JWKS_URL }),
      ),
    );
    const endpoint = jwksEndpoint([key1]);
    const response = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'SSF Transmitter', type: 'okta', settings: { well_known_url: 'https://provider.test/.well-known/ssf-configuration' } },
    });
    expect(response.status).toBe(200);
    expectAccepted(await publish(backend, await token(key1)));
    expect(endpoint.fetches).toBe(1);
  });
});

describe('a provider deleted over HTTP', () => {
  it('has its tokens refused with invalid_issuer', async () => {
    jwksEndpoint([key1]);
    const created = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: JWKS_URL } },
    });
    await call(backend, `/api/v1/security-events-providers/${created.body.id}`, { method: 'DELETE' });
    expectRefused(
      await publish(backend, await token(key1)),
      'invalid_issuer',
      `No active security events provider is registered with the issuer '${ISSUER}'`,
    );
  });
});

describe('a provider replaced with another jwks_url', () => {
  it('verifies tokens with the key set at the new URL', async () => {
    jwksEndpoint([key1]);
    const created = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: 'https://provider.test/old-jwks' } },
    });
    await call(backend, `/api/v1/security-events-providers/${created.body.id}`, {
      method: 'PUT',
      json: { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: JWKS_URL } },
    });
    expectAccepted(await publish(backend, await token(key1)));
  });
});
