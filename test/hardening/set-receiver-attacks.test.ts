import { createSign, KeyObject } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalKeySet, createRemoteKeySet, MAX_SHARED_KEY_SETS, sharedKeySetCount } from '../../src/set/keys';
import { validateEvents } from '../../src/set/events';
import { events } from '../../src/set/index';
import { call } from '../mock-server/raw-http';
import {
  ADA,
  addAda,
  CLAIM_FAILURE,
  expectAccepted,
  expectRefused,
  ISSUER,
  providerKey,
  publish,
  receivedEvents,
  registerProvider,
  sign,
  signWithNodeCrypto,
  type ProviderKey,
} from '../mock-server/security-events/helpers';
import { useMockBackend } from '../support/backend';
import {
  AUDIENCE,
  ecKeyPair,
  ISSUER as SET_ISSUER,
  rsaKeyPair,
  signRaw,
  USER_RISK_URI,
  userRiskPayload,
  validClaims,
  verificationError,
  type TestKeyPair,
} from '../set/helpers';
import { verifySecurityEventToken } from '../../src/set/verify';

const { backend, server } = useMockBackend();

const JWKS_URL = 'https://provider.test/jwks';
const WELL_KNOWN = 'https://provider.test/.well-known/ssf-configuration';

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

const now = () => Math.floor(Date.now() / 1000);

/** A token to the backend signed over a payload given as JSON text, so that `__proto__` stays a member. */
function rawToken(eventsJson: string): string {
  const header = Buffer.from(JSON.stringify({ typ: 'secevent+jwt', alg: 'RS256', kid: key.kid })).toString('base64url');
  const payload = `{"iss":${JSON.stringify(ISSUER)},"aud":${JSON.stringify(backend.orgUrl)},"jti":"jti-proto","iat":${now()},"events":${eventsJson}}`;
  const input = `${header}.${Buffer.from(payload).toString('base64url')}`;
  const signature = createSign('RSA-SHA256').update(input).sign(KeyObject.from(key.privateKey)).toString('base64url');
  return `${input}.${signature}`;
}

const riskPayload = JSON.stringify({
  event_timestamp: 1_700_000_000,
  subject: { user: ADA },
  current_level: 'no-such-level',
  previous_level: 'low',
});

describe('1. a member named __proto__ (signed tokens)', () => {
  it('refuses events {"__proto__": {user-risk-change: …}} with 400 invalid_request and acts on nothing', async () => {
    registerProvider(backend, [key]);
    const token = rawToken(`{"__proto__":{${JSON.stringify(USER_RISK_URI)}:${riskPayload}}}`);
    expectRefused(
      await publish(backend, token),
      'invalid_request',
      "The security event token payload has a member named '__proto__'; no claim, event or header parameter has that name, so remove it",
    );
    expect(await receivedEvents(backend)).toEqual([]);
    expect(backend.signals.user('ada@example.com')).toBeUndefined();
  });

  it('refuses __proto__ anywhere in the payload, e.g. inside an event subject', async () => {
    registerProvider(backend, [key]);
    const token = rawToken(`{${JSON.stringify(USER_RISK_URI)}:{"__proto__":{"x":1},"event_timestamp":1,"subject":{"user":{"format":"email","email":"ada@example.com"}},"current_level":"high","previous_level":"low"}}`);
    const answer = await publish(backend, token);
    expect(answer.status).toBe(400);
    expect((answer.body as { err: string }).err).toBe('invalid_request');
  });

  it('validateEvents reports an own __proto__ member instead of making it the prototype of the result', () => {
    const hostile = JSON.parse(`{"__proto__":{${JSON.stringify(USER_RISK_URI)}:${riskPayload}}}`) as Record<string, unknown>;
    const { events: result, issues } = validateEvents(hostile);
    expect(issues).toEqual([{ path: 'events.__proto__', reason: 'Not one of the allowed values' }]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect((result as Record<string, unknown>)[USER_RISK_URI]).toBeUndefined();
  });
});

describe('2. unknown kids do not make the backend refetch the key set on every token', () => {
  it('25 tokens with invented kids cause one refetch, not 25', async () => {
    let fetches = 0;
    server.use(
      http.get(JWKS_URL, () => {
        fetches += 1;
        return HttpResponse.json({ keys: [key.publicJwk] });
      }),
    );
    const created = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: JWKS_URL } },
    });
    expect(created.status).toBe(200);
    expectAccepted(await publish(backend, await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }))));
    expect(fetches).toBe(1);
    for (let n = 0; n < 25; n += 1) {
      const header = { typ: 'secevent+jwt', alg: 'RS256', kid: `invented-${n}` };
      const claims = { iss: ISSUER, aud: backend.orgUrl, jti: `j-${n}`, iat: now(), events: events.sessionRevoked({ subject: { user: ADA } }) };
      const answer = await publish(backend, signWithNodeCrypto(header, claims, key.privateKey));
      expect((answer.body as { err: string }).err).toBe('invalid_key');
    }
    // The first token was verified with a fresh key set: within the cooldown, no invented kid refetches.
    expect(fetches).toBe(1);
  });
});

/** A body that never ends: 64 KiB chunks for as long as it is read; counts what was pulled. */
function endlessBody() {
  const state = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('3. fetched key sets and discovery documents are read up to 1 MiB', () => {
  it('the verifier stops reading an endless key set past 1 MiB and answers invalid_key', async () => {
    const { stream, state } = endlessBody();
    const keys = createRemoteKeySet('https://keys.test/jwks', {
      fetch: async () => new Response(stream, { headers: { 'content-type': 'application/json' } }),
    });
    await expect(keys.jwk('k', 'RS256')).rejects.toMatchObject({
      err: 'invalid_key',
      description: 'The key set at https://keys.test/jwks could not be fetched: the body is larger than 1048576 bytes',
    });
    expect(state.pulled).toBeLessThanOrEqual(1024 * 1024 + 3 * 64 * 1024);
    expect(state.cancelled).toBe(true);
  });

  it('the verifier refuses a key set whose Content-Length is over 1 MiB without reading it', async () => {
    const { stream, state } = endlessBody();
    const keys = createRemoteKeySet('https://keys.test/jwks', {
      fetch: async () => new Response(stream, { headers: { 'content-length': String(2 * 1024 * 1024) } }),
    });
    await expect(keys.jwk('k', 'RS256')).rejects.toMatchObject({ err: 'invalid_key' });
    expect(state.pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('the backend refuses an endless discovery document with 400 E0000001', async () => {
    const { stream, state } = endlessBody();
    server.use(http.get(WELL_KNOWN, () => new HttpResponse(stream, { headers: { 'content-type': 'application/json' } })));
    const answer = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'Risk Engine', type: 'okta', settings: { well_known_url: WELL_KNOWN } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errorCode: 'E0000001',
      errorCauses: [{ errorSummary: 'settings.well_known_url: The discovery document could not be fetched: the body is larger than 1048576 bytes' }],
    });
    expect(state.pulled).toBeLessThanOrEqual(1024 * 1024 + 3 * 64 * 1024);
  });
});

describe('4. redirects are refused, never followed', () => {
  it('the verifier answers invalid_key for a key set URL that redirects, and never asks the other origin', async () => {
    const asked: string[] = [];
    const keys = createRemoteKeySet('https://keys.test/jwks', {
      fetch: async (input, init) => {
        asked.push(input);
        expect(init.redirect).toBe('manual');
        return new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/jwks' } });
      },
    });
    await expect(keys.jwk('k', 'RS256')).rejects.toMatchObject({
      err: 'invalid_key',
      description:
        'The key set at https://keys.test/jwks could not be fetched: HTTP 302 redirect to https://elsewhere.test/jwks; redirects are not followed, so configure the final URL',
    });
    expect(asked).toEqual(['https://keys.test/jwks']);
  });

  it('the backend refuses a discovery document that redirects to another origin', async () => {
    let elsewhere = 0;
    server.use(
      http.get(WELL_KNOWN, () => new HttpResponse(null, { status: 307, headers: { location: 'https://elsewhere.test/ssf' } })),
      http.get('https://elsewhere.test/ssf', () => {
        elsewhere += 1;
        return HttpResponse.json({ issuer: ISSUER, jwks_uri: JWKS_URL });
      }),
    );
    const answer = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'Risk Engine', type: 'okta', settings: { well_known_url: WELL_KNOWN } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errorCauses: [
        {
          errorSummary:
            'settings.well_known_url: The discovery document could not be fetched: HTTP 307 redirect to https://elsewhere.test/ssf; redirects are not followed, so configure the final URL',
        },
      ],
    });
    expect(elsewhere).toBe(0);
    expect(backend.providers.list()).toEqual([]);
  });
});

describe('5. a discovery document gets the checks of direct settings', () => {
  it.each([
    ['a javascript: jwks_uri', { issuer: ISSUER, jwks_uri: 'javascript:alert(1)' }, 'jwks_uri: Must be an absolute http(s) URL'],
    ['a file: jwks_uri', { issuer: ISSUER, jwks_uri: 'file:///etc/passwd' }, 'jwks_uri: Must be an absolute http(s) URL'],
    ['a 100,000-character issuer', { issuer: `https://${'a'.repeat(100_000)}`, jwks_uri: JWKS_URL }, 'issuer: Must be at most 700 characters long'],
  ])('refuses %s with 400 E0000001 and stores nothing', async (_what, document, problem) => {
    server.use(http.get(WELL_KNOWN, () => HttpResponse.json(document)));
    const answer = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'Risk Engine', type: 'okta', settings: { well_known_url: WELL_KNOWN } },
    });
    expect(answer.status).toBe(400);
    const causes = (answer.body as { errorCauses: Array<{ errorSummary: string }> }).errorCauses;
    expect(causes).toHaveLength(1);
    expect(causes[0]!.errorSummary).toBe(`settings.well_known_url: The discovery document is not usable (${problem})`);
    expect(backend.providers.list()).toEqual([]);
  });
});

/** The same bytes, spelled with the unused low bits of the segment's last character set. */
function respell(segment: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const rest = segment.length % 4;
  if (rest === 0) throw new Error('a segment whose length is a multiple of 4 has no unused bits');
  const last = alphabet.indexOf(segment.at(-1)!);
  return segment.slice(0, -1) + alphabet[last | (rest === 2 ? 0b1111 : 0b11)];
}

describe('6. one spelling per signature', () => {
  it('refuses a re-spelled signature, so a copy sent first cannot make the genuine token "jti already used"', async () => {
    registerProvider(backend, [key]);
    addAda(backend);
    // An RS256 signature is 256 bytes: 342 characters, 2 unused bits.
    const genuine = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: 'jti-respelled' });
    const [h, p, s] = genuine.split('.') as [string, string, string];
    expect(s.length % 4).toBe(2);
    expect(Buffer.from(respell(s), 'base64url')).toEqual(Buffer.from(s, 'base64url'));
    const copy = `${h}.${p}.${respell(s)}`;
    expectRefused(
      await publish(backend, copy),
      'invalid_request',
      'The security event token is not a compact JWS: expected three base64url segments separated by dots',
    );
    expectAccepted(await publish(backend, genuine));
    expect(await receivedEvents(backend)).toHaveLength(1);
  });

  it('refuses non-canonical header and payload segments too', async () => {
    const pair = rsaKeyPair('k');
    const token = await signRaw({ alg: 'RS256', kid: 'k', typ: 'secevent+jwt' }, validClaims(), pair.privateKey);
    const [h, p, s] = token.split('.') as [string, string, string];
    for (const variant of [`${h.length % 4 ? respell(h) : h}.${p}.${s}`, `${h}.${p.length % 4 ? respell(p) : p}.${s}`]) {
      if (variant === token) continue;
      const error = await verificationError(variant, { audience: AUDIENCE, keys: { keys: [pair.publicJwk] } });
      expect(error.err).toBe('invalid_request');
    }
  });
});

describe('7. decisions: mixed key types under one kid, far-future iat, shared issuers', () => {
  let rsa: TestKeyPair;
  let ec: TestKeyPair;
  beforeAll(() => {
    rsa = rsaKeyPair('shared');
    ec = ecKeyPair('shared');
  });
  const withoutAlg = (pair: TestKeyPair) => {
    const { alg: _alg, ...jwk } = pair.publicJwk;
    return jwk;
  };

  it('verifies an RS256 token against a key set listing an EC key first under the same kid', async () => {
    const token = await signRaw({ alg: 'RS256', kid: 'shared', typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    const keys = { keys: [withoutAlg(ec), withoutAlg(rsa)] };
    const verified = await verifySecurityEventToken(token, { audience: AUDIENCE, keys });
    expect(verified.claims.iss).toBe(SET_ISSUER);
    const resolver = createLocalKeySet(keys);
    expect(await resolver({ alg: 'ES256', kid: 'shared', typ: 'secevent+jwt' }, {})).toMatchObject({ kty: 'EC' });
  });

  it('refuses an iat more than five minutes ahead, without maxTokenAge', async () => {
    const token = await signRaw({ alg: 'RS256', kid: 'shared', typ: 'secevent+jwt' }, validClaims({ iat: now() + 10 * 365 * 86_400 }), rsa.privateKey);
    const error = await verificationError(token, { audience: AUDIENCE, keys: { keys: [rsa.publicJwk] } });
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: `${CLAIM_FAILURE} 'iat': Must not be more than 300 seconds in the future`,
    });
  });

  it('accepts an iat a minute ahead (issuer clocks drift)', async () => {
    const token = await signRaw({ alg: 'RS256', kid: 'shared', typ: 'secevent+jwt' }, validClaims({ iat: now() + 60 }), rsa.privateKey);
    await expect(verifySecurityEventToken(token, { audience: AUDIENCE, keys: { keys: [rsa.publicJwk] } })).resolves.toBeDefined();
  });

  it('refuses a second provider with the issuer of another one (400 E0000001 on settings.issuer), even an inactive one', async () => {
    const base = '/api/v1/security-events-providers';
    const input = { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: JWKS_URL } };
    const first = await call(backend, base, { method: 'POST', json: input });
    expect(first.status).toBe(200);
    const firstId = (first.body as { id: string }).id;
    const expected = {
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: settings.issuer',
      errorCauses: [
        { errorSummary: `settings.issuer: The issuer '${ISSUER}' belongs to the provider ${firstId}; delete it first or use another issuer` },
      ],
    };
    const second = await call(backend, base, { method: 'POST', json: input });
    expect({ status: second.status, body: second.body }).toMatchObject({ status: 400, body: expected });
    expect((await call(backend, `${base}/${firstId}/lifecycle/deactivate`, { method: 'POST' })).status).toBe(200);
    const third = await call(backend, base, { method: 'POST', json: input });
    expect({ status: third.status, body: third.body }).toMatchObject({ status: 400, body: expected });
    expect(backend.providers.list()).toHaveLength(1);
  });

  it('refuses to move a provider onto the issuer of another by replace', async () => {
    const base = '/api/v1/security-events-providers';
    const input = { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: JWKS_URL } };
    expect((await call(backend, base, { method: 'POST', json: input })).status).toBe(200);
    const other = { ...input, settings: { issuer: 'https://other.test', jwks_url: 'https://other.test/jwks' } };
    const second = (await call(backend, base, { method: 'POST', json: other })).body as { id: string };
    const replaced = await call(backend, `${base}/${second.id}`, { method: 'PUT', json: input });
    expect(replaced.status).toBe(400);
    expect(replaced.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: settings.issuer' });
    // Replacing a provider with its own issuer is not a conflict.
    expect((await call(backend, `${base}/${second.id}`, { method: 'PUT', json: other })).status).toBe(200);
  });

  it('providers.register refuses an issuer a provider has', () => {
    registerProvider(backend, [key]);
    expect(() => registerProvider(backend, [key])).toThrow(/a provider already has the issuer 'https:\/\/provider\.test'/);
  });

  it('still verifies the user-risk payload the way it did (control)', async () => {
    const token = await signRaw({ alg: 'RS256', kid: 'shared', typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    const verified = await verifySecurityEventToken(token, { audience: AUDIENCE, keys: { keys: [rsa.publicJwk] } });
    expect(verified.events[USER_RISK_URI]).toEqual(userRiskPayload());
  });
});

describe('adversarial pass: refusals quoting the token stay one bounded line', () => {
  it('a kid with line breaks and terminal escapes is quoted escaped', async () => {
    registerProvider(backend, [key]);
    const kid = 'x\nERROR forged log line\u001b[31m';
    const header = { typ: 'secevent+jwt', alg: 'RS256', kid };
    const claims = { iss: ISSUER, aud: backend.orgUrl, jti: 'j-kid', iat: now(), events: events.sessionRevoked({ subject: { user: ADA } }) };
    const answer = await publish(backend, signWithNodeCrypto(header, claims, key.privateKey));
    expectRefused(answer, 'invalid_key', "No key with kid 'x\\u000aERROR forged log line\\u001b[31m' in the key set");
  });

  it('an issuer of 40,000 characters gives a description of at most 1000', async () => {
    const iss = `https://${'a'.repeat(40_000)}.test`;
    const header = { typ: 'secevent+jwt', alg: 'RS256', kid: key.kid };
    const claims = { iss, aud: backend.orgUrl, jti: 'j-iss', iat: now(), events: events.sessionRevoked({ subject: { user: ADA } }) };
    const answer = await publish(backend, signWithNodeCrypto(header, claims, key.privateKey));
    expect(answer.status).toBe(400);
    const { err, description } = answer.body as { err: string; description: string };
    expect(err).toBe('invalid_issuer');
    expect(description).toHaveLength(1000);
    expect(description.endsWith('…')).toBe(true);
  });
});

describe('adversarial pass: the verifier remembers a bounded number of key set URLs', () => {
  it(`keeps at most ${MAX_SHARED_KEY_SETS} after verifications against 150 different URLs`, async () => {
    const pair = rsaKeyPair('k');
    const token = await signRaw({ alg: 'RS256', kid: 'k', typ: 'secevent+jwt' }, validClaims(), pair.privateKey);
    server.use(http.get('https://keys.test/:n/jwks', () => HttpResponse.json({ keys: [pair.publicJwk] })));
    for (let n = 0; n < 150; n += 1) {
      await verifySecurityEventToken(token, { audience: AUDIENCE, keys: `https://keys.test/${n}/jwks` });
    }
    expect(sharedKeySetCount()).toBe(MAX_SHARED_KEY_SETS);
  });
});
