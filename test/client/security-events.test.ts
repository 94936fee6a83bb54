import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  BadRequestError,
  createClient,
  isApiError,
  RequestValidationError,
  SecurityEventTokenError,
} from '../../src/index';
import { BACKOFF_BASE_MS } from '../../src/core/retry-policy';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });

const RECEIVER = `${ORG}/security/api/v1/security-events`;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A compact JWS of the right shape; the receiver in these tests never verifies it. */
const SET = [
  b64url({ alg: 'RS256', kid: 'key-1', typ: 'secevent+jwt' }),
  b64url({ iss: 'https://risk.example.com', aud: ORG, jti: 'jti-1', iat: 1_790_000_000, events: {} }),
  Buffer.from('signature-bytes').toString('base64url'),
].join('.');

interface Captured {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** Answers every POST to the receiver with the next of `replies` (the last one repeats) and records it. */
function receiver(...replies: Array<() => Response>) {
  const calls: Captured[] = [];
  server.use(
    http.post(RECEIVER, async ({ request }) => {
      calls.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
      return replies[Math.min(calls.length - 1, replies.length - 1)]!();
    }),
  );
  return calls;
}

const accepted = () => new HttpResponse(null, { status: 202 });

function refused(err: string, description?: string) {
  return () =>
    HttpResponse.json(description === undefined ? { err } : { err, description }, {
      status: 400,
      headers: { 'content-language': 'en-US', 'x-okta-request-id': 'req-set-1' },
    });
}

/** Every string reachable from an error: message, stack, own properties, headers and the cause chain. */
function everything(value: unknown, visited = new Set<unknown>()): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' && typeof value !== 'function') return String(value);
  if (visited.has(value)) return '';
  visited.add(value);
  if (value instanceof Headers) return [...value].map(([k, v]) => `${k}: ${v}`).join('\n');
  const parts: string[] = [];
  if (value instanceof Error) parts.push(value.message, value.stack ?? '', everything(value.cause, visited));
  for (const key of Reflect.ownKeys(value)) {
    parts.push(String(key), everything((value as Record<PropertyKey, unknown>)[key], visited));
  }
  return parts.join('\n');
}

describe('client.securityEvents.publish', () => {
  it('posts the token as the raw body to /security/api/v1/security-events with SET content type, JSON accept and no credentials', async () => {
    const calls = receiver(accepted);
    await client.securityEvents.publish(SET);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.href).toBe(RECEIVER);
    expect(calls[0]?.headers.get('content-type')).toBe('application/secevent+jwt');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.body).toBe(SET);
  });

  it('resolves with undefined when the organization answers 202 with an empty body', async () => {
    receiver(accepted);
    await expect(client.securityEvents.publish(SET)).resolves.toBeUndefined();
  });

  it('sends no Authorization header even when the client options add one', async () => {
    const calls = receiver(accepted);
    const withHeader = createClient({ orgUrl: ORG, token: TOKEN, headers: { Authorization: 'Basic c2VjcmV0', 'X-Trace': 't1' } });
    await withHeader.securityEvents.publish(SET);
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.headers.get('x-trace')).toBe('t1');
  });

  it('a 400 with an RFC 8935 body becomes a SecurityEventTokenError carrying err and description', async () => {
    receiver(refused('invalid_issuer', 'The issuer https://risk.example.com is not a known provider.'));
    const error = (await client.securityEvents.publish(SET).catch((e: unknown) => e)) as SecurityEventTokenError;
    expect(error).toBeInstanceOf(SecurityEventTokenError);
    expect(error).toMatchObject({
      name: 'SecurityEventTokenError',
      err: 'invalid_issuer',
      description: 'The issuer https://risk.example.com is not a known provider.',
      status: 400,
      requestId: 'req-set-1',
      request: { method: 'POST', path: '/security/api/v1/security-events' },
      body: { err: 'invalid_issuer', description: 'The issuer https://risk.example.com is not a known provider.' },
    });
    expect(error.headers.get('content-language')).toBe('en-US');
  });

  it('a SecurityEventTokenError is an ApiError and a BadRequestError, also to isApiError', async () => {
    receiver(refused('invalid_key', 'kid key-1 is not in the key set'));
    const error = await client.securityEvents.publish(SET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(isApiError(error)).toBe(true);
  });

  it('the message says the token was refused, with err, description, request id and what to check', async () => {
    receiver(refused('invalid_issuer', 'The issuer https://risk.example.com is not a known provider.'));
    const error = (await client.securityEvents.publish(SET).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      'The organization refused the security event token: invalid_issuer: The issuer https://risk.example.com is not a known provider (request id req-set-1). ' +
        "Check that the token's `iss` is the issuer of an ACTIVE security events provider.",
    );
  });

  it('the message of a refusal without description or hint has only the code', async () => {
    server.use(http.post(RECEIVER, () => HttpResponse.json({ err: 'vendor_specific' }, { status: 400 })));
    const error = (await client.securityEvents.publish(SET).catch((e: unknown) => e)) as SecurityEventTokenError;
    expect(error.err).toBe('vendor_specific');
    expect(error.description).toBeUndefined();
    expect(error.message).toBe('The organization refused the security event token: vendor_specific.');
  });

  it('a 400 whose body is not RFC 8935 stays a plain BadRequestError', async () => {
    server.use(
      http.post(RECEIVER, () =>
        HttpResponse.json({ errorCode: 'E0000003', errorSummary: 'The request body was not well-formed.' }, { status: 400 }),
      ),
    );
    const error = await client.securityEvents.publish(SET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(SecurityEventTokenError);
    expect((error as ApiError).errorCode).toBe('E0000003');
  });

  it('a refused token is not sent again', async () => {
    const calls = receiver(refused('authentication_failed', 'The signature does not verify.'));
    await client.securityEvents.publish(SET).catch(() => undefined);
    expect(calls).toHaveLength(1);
  });

  it('neither the token nor the API token appears anywhere in a SecurityEventTokenError', async () => {
    const calls = receiver(refused('invalid_audience', 'The audience is not the organization.'));
    const error = await client.securityEvents.publish(SET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecurityEventTokenError);
    const text = everything(error);
    expect(text.length).toBeGreaterThan(50);
    expect(text).not.toContain(SET);
    expect(text).not.toContain(SET.split('.')[1]);
    expect(text).not.toContain(TOKEN);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it.each([
    ['two segments', 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0'],
    ['four segments', `${SET}.extra`],
    ['an empty signature', `${SET.split('.').slice(0, 2).join('.')}.`],
    ['base64 padding', `${SET}=`],
    ['standard base64 characters', SET.replace(/^./, '+')],
    ['surrounding whitespace', ` ${SET}\n`],
    ['an empty string', ''],
  ])('a token with %s is refused with a RequestValidationError and nothing is sent', async (_, token) => {
    const error = await client.securityEvents.publish(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'token', reason: 'Must be a signed compact JWS: three base64url segments joined by dots (header.payload.signature)' },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('a token that is not a string is refused naming its type, and nothing is sent', async () => {
    const error = await client.securityEvents.publish({ token: SET } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'token', reason: 'Must be a string holding a compact JWS (got object)' },
    ]);
    expect((error as Error).message).not.toContain(SET);
    expect(seen).toHaveLength(0);
  });
});

describe('client.securityEvents.publish retries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is sent again after a 503, once the backoff has passed, and then resolves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const times: number[] = [];
    const calls = receiver(
      () => {
        times.push(Date.now());
        return new HttpResponse(null, { status: 503 });
      },
      () => {
        times.push(Date.now());
        return accepted();
      },
    );
    const result = client.securityEvents.publish(SET);
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeUndefined();
    expect(calls).toHaveLength(2);
    expect(times[1]! - times[0]!).toBe(BACKOFF_BASE_MS);
    expect(calls[1]?.body).toBe(SET);
    expect(calls[1]?.headers.has('authorization')).toBe(false);
  });

  it('is sent again after a connection error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const calls = receiver(() => HttpResponse.error(), accepted);
    const result = client.securityEvents.publish(SET);
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    await expect(result).resolves.toBeUndefined();
    expect(calls).toHaveLength(2);
  });
});
