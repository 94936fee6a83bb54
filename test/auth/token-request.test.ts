import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceAppAuth } from '../../src/auth/service-app';
import { createClient, InvalidResponseError, RedirectError, TimeoutError } from '../../src/index';
import { faultServer, type FaultServer } from '../hardening/fault-server';
import { bookmarkApp } from '../support/fixtures';

// The token request goes through ky like every other request: no redirect followed, the answer
// bounded by maxResponseBytes, the client's timeout over the body too, and no user hook sees it.

const started: FaultServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});
async function serve(...args: Parameters<typeof faultServer>): Promise<FaultServer> {
  const s = await faultServer(...args);
  started.push(s);
  return s;
}

async function privateJwk() {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: 'k1' };
}

const tokenAnswer = (padding = 0) =>
  JSON.stringify({ token_type: 'Bearer', expires_in: 3600, access_token: 'foreign-access-token-0123456789', scope: 'okta.apps.read', pad: ' '.repeat(padding) });

describe('the token request', () => {
  it('does not follow a 307: nothing (no assertion, no proof) reaches the target, and no foreign token is used', async () => {
    const elsewhere = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(tokenAnswer()));
    const org = await serve((req, res) => {
      if (req.url === '/oauth2/v1/token') res.writeHead(307, { location: `${elsewhere.url}/steal`, 'x-okta-request-id': 'r-307' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const client = createClient({ orgUrl: org.url, oauth: { clientId: '0oaClient', privateKey: await privateJwk(), scopes: ['okta.apps.read'], dpop: true } });
    const error = await client.apps.get('0oa1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 307, location: `${elsewhere.url}/steal`, request: { method: 'POST', path: '/oauth2/v1/token' } });
    expect(elsewhere.requests).toEqual([]);
    expect(org.requests).toEqual(['POST /oauth2/v1/token']);
  });

  it('refuses an answer larger than maxResponseBytes with InvalidResponseError', async () => {
    const org = await serve((req, res) => {
      if (req.url === '/oauth2/v1/token') res.writeHead(200, { 'content-type': 'application/json' }).end(tokenAnswer(10_000));
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"0oa1"}');
    });
    const client = createClient({ orgUrl: org.url, maxResponseBytes: 4096, oauth: { clientId: '0oaClient', privateKey: await privateJwk(), scopes: ['okta.apps.read'] } });
    const error = await client.apps.get('0oa1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(/POST \/oauth2\/v1\/token.*larger than 4096 bytes \(maxResponseBytes\)/);
    expect(org.requests).toEqual(['POST /oauth2/v1/token']);
  });

  it('times out after the client\'s timeout even when the body stalls and the fetch ignores its signal', async () => {
    const stalled: TokenFetchLike = async () =>
      new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"token_type":')) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const auth = new ServiceAppAuth({
      orgUrl: new URL('https://example.okta.com'),
      options: { clientId: '0oaClient', privateKey: await privateJwk(), scopes: ['okta.apps.read'] },
      fetch: stalled,
      timeout: 200,
      maxResponseBytes: 1024 * 1024,
      userAgent: 'test',
    });
    const started = Date.now();
    const error = await auth.headers({ method: 'GET', url: new URL('https://example.okta.com/api/v1/apps') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('/oauth2/v1/token');
    expect(Date.now() - started).toBeLessThan(2000);
  }, 5000);

  it('is not shown to user hooks: they would see the client assertion in its body', async () => {
    const org = await serve((req, res) => {
      if (req.url === '/oauth2/v1/token') res.writeHead(200, { 'content-type': 'application/json' }).end(tokenAnswer());
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bookmarkApp()));
    });
    const seen: string[] = [];
    const client = createClient({
      orgUrl: org.url,
      oauth: { clientId: '0oaClient', privateKey: await privateJwk(), scopes: ['okta.apps.read'] },
      hooks: {
        beforeRequest: [(request) => void seen.push(`before ${new URL(request.url).pathname}`)],
        afterResponse: [(request) => void seen.push(`after ${new URL(request.url).pathname}`)],
      },
    });
    await client.apps.get('0oa1');
    expect(org.requests).toEqual(['POST /oauth2/v1/token', 'GET /api/v1/apps/0oa1']);
    expect(seen).toEqual(['before /api/v1/apps/0oa1', 'after /api/v1/apps/0oa1']);
  });
});

type TokenFetchLike = (input: string, init: RequestInit) => Promise<Response>;
