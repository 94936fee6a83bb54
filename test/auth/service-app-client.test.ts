import { generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';
import { http, HttpResponse } from 'msw';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createClient, isOAuthError, OAuthError, type ServiceAppPrivateKey } from '../../src/index';
import { useMockBackend } from '../support/backend';
import { bookmarkApp } from '../support/fixtures';

const { backend, server } = useMockBackend();

async function rsaKey(kid = 'k1') {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, privateJwk: { ...(await exportJWK(privateKey)), kid }, publicJwk: { ...(await exportJWK(publicKey)), kid, use: 'sig' } };
}

function serviceClient(clientId: string, privateKey: ServiceAppPrivateKey, extra: { scopes?: string[]; dpop?: boolean; keyId?: string } = {}) {
  return createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey, scopes: extra.scopes ?? ['okta.apps.read'], dpop: extra.dpop, keyId: extra.keyId } });
}

async function failure(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isOAuthError(error)).toBe(true);
  return error as OAuthError;
}

describe('token failures are OAuthErrors that say what to fix', () => {
  it('an unknown client: invalid_client, pointing at oauth.clientId', async () => {
    const { privateJwk } = await rsaKey();
    const error = await failure(serviceClient('0oaNoSuchClient00000', privateJwk).apps.list().toArray({ max: 10 }));
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.error).toBe('invalid_client');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/^The organization refused the service app's token request with invalid_client: The client_id '0oaNoSuchClient00000' is not an OAuth 2\.0 client of this organization \(request id \w{20}\)\. Check oauth\.clientId/);
  });

  it('a key that is not registered: invalid_client, pointing at the app\'s jwks', async () => {
    const registered = await rsaKey();
    const other = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: registered.publicJwk, scopes: ['okta.apps.read'] });
    const error = await failure(serviceClient(clientId, other.privateJwk).apps.get(clientId));
    expect(error.error).toBe('invalid_client');
    expect(error.message).toMatch(/signature is invalid.*settings\.oauthClient\.jwks\.keys/);
  });

  it('a scope that is not granted: invalid_scope, naming the scope and the grants API', async () => {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    const error = await failure(serviceClient(clientId, key.privateJwk, { scopes: ['okta.apps.manage'] }).apps.get(clientId));
    expect(error.error).toBe('invalid_scope');
    expect(error.message).toMatch(/not granted to the client '\w+': okta\.apps\.manage\..*Grant the scopes to the service app/);
  });

  it('DPoP required but not enabled: invalid_dpop_proof, telling to pass oauth.dpop: true', async () => {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'], dpop: true });
    const error = await failure(serviceClient(clientId, key.privateJwk).apps.get(clientId));
    expect(error.error).toBe('invalid_dpop_proof');
    expect(error.message).toMatch(/pass oauth\.dpop: true/);
  });

  it('never carries the private key, the client assertion or a token', async () => {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/oauth2/v1/token')) void request.clone().text().then((t) => sent.push(t));
    });
    const error = await failure(serviceClient(clientId, key.privateJwk, { scopes: ['okta.logs.read'] }).apps.get(clientId));
    const assertionSent = new URLSearchParams(sent[0]).get('client_assertion')!;
    const text = `${error.message}\n${error.stack}\n${JSON.stringify(error)}\n${String(error.cause)}`;
    expect(assertionSent.length).toBeGreaterThan(100);
    expect(text).not.toContain(assertionSent);
    expect(text).not.toContain(key.privateJwk.d!);
  });
});

describe('a token endpoint that echoes what it refused', () => {
  it('leaves the client assertion and the DPoP proof out of the OAuthError', async () => {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    const sent: { assertion?: string; proof?: string } = {};
    server.use(
      http.post(`${backend.orgUrl}/oauth2/v1/token`, async ({ request }) => {
        sent.assertion = new URLSearchParams(await request.text()).get('client_assertion')!;
        sent.proof = request.headers.get('dpop') ?? undefined;
        const [, payload] = sent.assertion.split('.');
        return HttpResponse.json(
          { error: 'invalid_client', error_description: `Refused ${sent.assertion} (payload ${payload}) with proof ${sent.proof}` },
          { status: 401 },
        );
      }),
    );
    const error = await failure(serviceClient(clientId, key.privateJwk, { dpop: true }).apps.get(clientId));
    const text = `${error.message}\n${error.stack}\n${JSON.stringify(error)}\n${inspect(error)}`;
    expect(sent.assertion!.length).toBeGreaterThan(100);
    expect(sent.proof!.length).toBeGreaterThan(100);
    for (const secret of [sent.assertion!, ...sent.assertion!.split('.'), sent.proof!, ...sent.proof!.split('.')]) expect(text).not.toContain(secret);
    expect(error.message).toContain('Refused [REDACTED] (payload [REDACTED]) with proof [REDACTED]');
  });
});

describe('the private key', () => {
  it.each([
    ['a PKCS #8 PEM string', async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
      return { privateKey: await exportPKCS8(privateKey), publicJwk: { ...(await exportJWK(publicKey)), kid: 'pem', use: 'sig' }, keyId: 'pem' };
    }],
    ['a Node.js KeyObject', async () => {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      return { privateKey: pair.privateKey as ServiceAppPrivateKey, publicJwk: { ...(pair.publicKey.export({ format: 'jwk' }) as object), kid: 'ko' }, keyId: 'ko' };
    }],
    ['a non-extractable CryptoKey', async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES384', { extractable: false });
      return { privateKey: privateKey as ServiceAppPrivateKey, publicJwk: { ...(await exportJWK(publicKey)), kid: 'ck' }, keyId: 'ck' };
    }],
    ['a private EC JWK', async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      return { privateKey: { ...(await exportJWK(privateKey)), kid: 'jwk' } as ServiceAppPrivateKey, publicJwk: { ...(await exportJWK(publicKey)), kid: 'jwk' }, keyId: undefined };
    }],
  ])('may be %s', async (_name, make) => {
    const { privateKey, publicJwk, keyId } = await make();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'], dpop: true });
    await expect(serviceClient(clientId, privateKey, { keyId, dpop: true }).apps.get(clientId)).resolves.toMatchObject({ id: clientId });
  });

  it('refuses a public JWK, a PKCS #1 PEM and other strings with a ConfigurationError that shows no key material', async () => {
    const { publicJwk } = await rsaKey();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pkcs1 = privateKey.export({ format: 'pem', type: 'pkcs1' }) as string;
    const cases: Array<[ServiceAppPrivateKey, RegExp]> = [
      [publicJwk, /is a public JWK; pass the private key/],
      [pkcs1, /is a PKCS #1 \/ SEC 1 PEM; convert it to PKCS #8/],
      ['not a key', /is a string but not a PKCS #8 PEM/],
    ];
    for (const [key, message] of cases) {
      const error = await serviceClient('0oaAnyClient00000000', key).apps.get('0oa1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain(pkcs1.slice(40, 80));
    }
  });

  it('is checked with the other options when the client is created', () => {
    expect(() => createClient({ orgUrl: backend.orgUrl, token: 'x', oauth: { clientId: '0oa1', privateKey: 'pem', scopes: ['okta.apps.read'] } })).toThrow(
      /^createClient got both `token` and `oauth`; pass only one of them\.$/,
    );
    expect(() => createClient({ orgUrl: backend.orgUrl, oauth: { clientId: '0oa1', privateKey: 'pem', scopes: [] } })).toThrow(/^Invalid client options: oauth\.scopes: Must contain at least 1 item/);
  });
});

describe('a token that stops working', () => {
  it('is renewed once after a 401 for a revoked token, without the caller noticing', async () => {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'], dpop: true });
    const client = serviceClient(clientId, key.privateJwk, { dpop: true });
    await client.apps.get(clientId);
    expect(backend.oauth.revokeTokens(clientId)).toBe(1);

    await expect(client.apps.get(clientId)).resolves.toMatchObject({ id: clientId });
  });

  it('is not renewed twice for one call: a second 401 reaches the caller', async () => {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    const client = serviceClient(clientId, key.privateJwk);
    await client.apps.get(clientId);
    // Every token is revoked as soon as the API sees it.
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/')) backend.oauth.revokeTokens(clientId);
    });
    const error = await client.apps.get(clientId).catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(401);
  });
});

describe('a token close to its expiry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is renewed a minute before it expires, before any request is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    const answers: Array<[string, number]> = [];
    server.events.on('response:mocked', ({ request, response }) => {
      answers.push([new URL(request.url).pathname, response.status]);
    });
    const client = serviceClient(clientId, key.privateJwk);

    await client.apps.get(clientId);
    vi.setSystemTime(Date.now() + 3539 * 1000); // 61 s left: the token is still used
    await client.apps.get(clientId);
    vi.setSystemTime(Date.now() + 2 * 1000); // 59 s left: renewed first
    await client.apps.get(clientId);

    const path = `/api/v1/apps/${clientId}`;
    expect(answers).toEqual([
      ['/oauth2/v1/token', 200],
      [path, 200],
      [path, 200],
      ['/oauth2/v1/token', 200],
      [path, 200],
    ]);
  });
});

describe('access tokens the client obtains are secrets too', () => {
  it('an error answer that echoes the issued token keeps it out of the message, body, inspect and JSON', async () => {
    const { http, HttpResponse } = await import('msw');
    const { inspect } = await import('node:util');
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    let seen = '';
    server.use(
      http.get(`${backend.orgUrl}/api/v1/apps/:appId`, ({ request }) => {
        seen = request.headers.get('authorization') ?? '';
        return HttpResponse.json(
          { errorCode: 'E0000006', errorSummary: `You sent ${seen}`, errorLink: 'E0000006', errorId: 'oaeEcho', errorCauses: [{ errorSummary: seen }] },
          { status: 403, headers: { 'x-echo': seen } },
        );
      }),
    );
    const error = await serviceClient(clientId, key.privateJwk).apps.get(clientId).then(
      () => undefined,
      (e: unknown) => e,
    );
    const token = seen.replace(/^Bearer /, '');
    expect(token.length).toBeGreaterThan(20);
    for (const text of [String((error as Error).message), (error as Error).stack ?? '', inspect(error, { depth: 10 }), JSON.stringify(error)]) {
      expect(text).not.toContain(token);
    }
    expect((error as Error).message).toContain('[REDACTED]');
  });
});

describe('a 401 is answered with a new token only when it is about the token', () => {
  const invalidToken = (scheme: string) =>
    `${scheme} authorization_uri="https://x/oauth2/v1/authorize", realm="https://x", scope="okta.apps.read", error="invalid_token", error_description="The access token is invalid.", resource="/api/v1/apps"`;
  it.each([
    ['no WWW-Authenticate challenge', true, undefined],
    ['a Bearer invalid_token challenge', true, invalidToken('Bearer')],
    ['a DPoP invalid_token challenge', true, invalidToken('DPoP algs="ES256",')],
    ['an invalid_dpop_proof challenge', false, 'DPoP algs="ES256", realm="https://x", error="invalid_dpop_proof", error_description="The DPoP proof is invalid."'],
    ['a challenge without an error', false, 'Bearer realm="https://x"'],
  ])('%s: renewed %s', async (_name, renewed, challenge) => {
    const { http, HttpResponse } = await import('msw');
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    const client = serviceClient(clientId, key.privateJwk);
    await client.apps.get(clientId);
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => void sent.push(new URL(request.url).pathname));
    const headers: Record<string, string> = challenge === undefined ? {} : { 'www-authenticate': challenge };
    server.use(
      http.get(
        `${backend.orgUrl}/api/v1/apps/:appId`,
        () => HttpResponse.json({ errorCode: 'E0000011', errorSummary: 'Invalid token provided', errorLink: 'E0000011', errorId: 'oae401', errorCauses: [] }, { status: 401, headers }),
        { once: true },
      ),
    );

    const result = await client.apps.get(clientId).catch((e: unknown) => e);

    const path = `/api/v1/apps/${clientId}`;
    if (renewed) {
      expect(result).toMatchObject({ id: clientId });
      expect(sent).toEqual([path, '/oauth2/v1/token', path]);
    } else {
      expect(result).toMatchObject({ status: 401 });
      expect(sent).toEqual([path]);
    }
  });
});

describe('a DPoP nonce on a successful answer', () => {
  it('is used by the next proof (the resource server rotates its nonce)', async () => {
    const { decodeJwt } = await import('jose');
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'], dpop: true });
    let rotated = false;
    const client = createClient({
      orgUrl: backend.orgUrl,
      oauth: { clientId, privateKey: key.privateJwk, scopes: ['okta.apps.read'], dpop: true },
      fetch: async (input, init) => {
        const response = await globalThis.fetch(input, init);
        if (rotated || !new URL(String(input)).pathname.startsWith('/api/') || !response.ok) return response;
        rotated = true;
        const headers = new Headers(response.headers);
        headers.set('dpop-nonce', 'rotated-nonce-1');
        return new Response(response.body, { status: response.status, headers });
      },
    });
    const nonces: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/')) nonces.push(decodeJwt(request.headers.get('dpop')!).nonce);
    });

    await client.apps.get(clientId);
    await client.apps.get(clientId);

    expect(nonces).toEqual([undefined, 'rotated-nonce-1']);
  });
});

describe('DPoP proofs sent to the API are secrets too', () => {
  /** Everything a log line could take from an error. */
  const loggable = (error: unknown) =>
    [String((error as Error).message), (error as Error).stack ?? '', inspect(error, { depth: 10, showHidden: true }), JSON.stringify(error), JSON.stringify((error as { body?: unknown }).body)].join('\n');
  /** A proof and each of its segments. */
  const pieces = (proof: string) => [proof, ...proof.split('.')];
  const refusedProof = 'DPoP algs="ES256", error="invalid_dpop_proof", error_description="The DPoP proof is invalid."';
  /** A 401 for a refused proof (no new token is asked for) that quotes the proof in its body and a header. */
  const echoProof = (proof: string) => {
    const [, payload, signature] = proof.split('.');
    return HttpResponse.json(
      { errorCode: 'E0000011', errorSummary: `Invalid proof ${proof}`, errorLink: 'E0000011', errorId: 'oaeProof', errorCauses: [{ errorSummary: `payload ${payload}, signature ${signature}` }] },
      { status: 401, headers: { 'www-authenticate': refusedProof, 'x-echo': proof } },
    );
  };

  async function dpopApp() {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'], dpop: true });
    return { clientId, privateKey: key.privateJwk };
  }

  it("a 401 that echoes the proof keeps it, whole or any segment, out of the error's message, body and headers, and what beforeError sees", async () => {
    const { clientId, privateKey } = await dpopApp();
    const proofs: string[] = [];
    server.use(
      http.get(`${backend.orgUrl}/api/v1/apps/:appId`, ({ request }) => {
        proofs.push(request.headers.get('dpop')!);
        return echoProof(proofs.at(-1)!);
      }),
    );
    const hooked: string[] = [];
    const client = createClient({
      orgUrl: backend.orgUrl,
      oauth: { clientId, privateKey, scopes: ['okta.apps.read'], dpop: true },
      hooks: { beforeError: [(error) => (hooked.push(loggable(error)), error)] },
    });

    const error = await client.apps.get(clientId).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, errorCode: 'E0000011' });
    expect(proofs).toHaveLength(1);
    expect(hooked).toHaveLength(1);
    const text = `${loggable(error)}\n${[...(error as { headers: Headers }).headers].join('\n')}\n${hooked.join('\n')}`;
    for (const secret of pieces(proofs[0]!)) expect(text).not.toContain(secret);
    expect((error as Error).message).toContain('Invalid proof [REDACTED]');
  });

  it("an error is redacted of its own request's proof, however many requests sent proofs since", async () => {
    const { clientId, privateKey } = await dpopApp();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let slowProof = '';
    server.use(
      http.get(`${backend.orgUrl}/api/v1/apps/:appId`, async ({ request, params }) => {
        if (params.appId !== '0oaSlow') return HttpResponse.json(bookmarkApp(String(params.appId)));
        slowProof = request.headers.get('dpop')!;
        await released;
        return echoProof(slowProof);
      }),
    );
    const client = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey, scopes: ['okta.apps.read'], dpop: true } });

    const slow = client.apps.get('0oaSlow').catch((e: unknown) => e);
    await vi.waitFor(() => expect(slowProof).not.toBe(''));
    for (let i = 0; i < 20; i += 1) await client.apps.get(`0oaFast${i}`);
    release();
    const error = await slow;

    expect(error).toMatchObject({ status: 401 });
    const text = loggable(error);
    for (const secret of pieces(slowProof)) expect(text).not.toContain(secret);
  });

  it('an answer that echoes the proof in its status text and body shows none to afterResponse and beforeRetry hooks', async () => {
    const { clientId, privateKey } = await dpopApp();
    const proofs: string[] = [];
    server.use(
      http.get(
        `${backend.orgUrl}/api/v1/apps/:appId`,
        ({ request }) => {
          const proof = request.headers.get('dpop')!;
          proofs.push(proof);
          return HttpResponse.json(
            { errorCode: 'E0000047', errorSummary: `Busy with ${proof}`, errorLink: 'E0000047', errorId: 'oaeBusy', errorCauses: [] },
            { status: 429, statusText: `Too many for ${proof}`, headers: { 'x-rate-limit-reset': '0', 'x-echo': proof } },
          );
        },
        { once: true },
      ),
      http.get(`${backend.orgUrl}/api/v1/apps/:appId`, ({ params }) => HttpResponse.json(bookmarkApp(String(params.appId)))),
    );
    const logged: string[] = [];
    const client = createClient({
      orgUrl: backend.orgUrl,
      oauth: { clientId, privateKey, scopes: ['okta.apps.read'], dpop: true },
      hooks: {
        afterResponse: [
          async (_request, _options, response) =>
            void logged.push(`${response.status} ${response.statusText}\n${[...response.headers].join('\n')}\n${await response.clone().text()}`),
        ],
        beforeRetry: [
          async ({ error }) => {
            const { response } = error as Error & { response: Response };
            logged.push(`${loggable(error)}\n${response.statusText}\n${[...response.headers].join('\n')}\n${await response.clone().text()}`);
          },
        ],
      },
    });

    await expect(client.apps.get('0oaBusy')).resolves.toMatchObject({ id: '0oaBusy' });

    expect(proofs).toHaveLength(1);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toContain('Too many for [REDACTED]');
    expect(logged[0]).toContain('Busy with [REDACTED]');
    for (const secret of pieces(proofs[0]!)) expect(logged.join('\n')).not.toContain(secret);
  });
});

describe('an attempt abandoned while its fetch ignores the signal', () => {
  it('sends nothing more after the abort, even when the late answer asks for a DPoP nonce', async () => {
    const key = await rsaKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.manage'], dpop: true });
    const creates: string[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const controller = new AbortController();
    const client = createClient({
      orgUrl: backend.orgUrl,
      oauth: { clientId, privateKey: key.privateJwk, scopes: ['okta.apps.manage'], dpop: true },
      // Ignores its signal for the apps API: answers only when the test says, with a nonce challenge.
      fetch: async (input, init) => {
        if (new URL(String(input)).pathname !== '/api/v1/apps') return globalThis.fetch(input, init);
        creates.push(String(init?.method));
        await answered;
        return new Response(null, {
          status: 401,
          headers: { 'www-authenticate': 'DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"', 'dpop-nonce': 'late-nonce' },
        });
      },
    });
    const creating = client.apps.create(
      { name: 'bookmark', label: 'Abandoned', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://example.com' } } },
      undefined,
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(creates).toEqual(['POST']));
    controller.abort(new Error('caller gave up'));
    await expect(creating).rejects.toThrow('caller gave up');
    answer();
    // Time for the abandoned attempt to read the challenge and (before the fix) send again with the nonce.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(creates).toEqual(['POST']);
  });
});
