import { http, HttpResponse } from 'msw';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConnectionError,
  createClient,
  ForbiddenError,
  InvalidResponseError,
  isApiError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
  ServerError,
  TimeoutError,
} from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 0 });

function oktaError(status: number, errorCode: string, errorSummary: string, causes: string[] = []) {
  return HttpResponse.json(
    { errorCode, errorSummary, errorLink: errorCode, errorId: 'oaeErr1', errorCauses: causes.map((c) => ({ errorSummary: c })) },
    { status, headers: { 'x-okta-request-id': 'req-42', 'x-rate-limit-reset': '1700000060', 'x-rate-limit-limit': '100' } },
  );
}

async function failure(status: number, code: string, summary: string, causes: string[] = []) {
  server.use(http.get(`${ORG}/api/v1/apps/:id`, () => oktaError(status, code, summary, causes)));
  return client.apps.get('0oaX').catch((e: unknown) => e);
}

describe('API errors', () => {
  it.each([
    [400, BadRequestError, 'E0000001'],
    [401, AuthenticationError, 'E0000011'],
    [403, ForbiddenError, 'E0000006'],
    [404, NotFoundError, 'E0000007'],
    [429, RateLimitError, 'E0000047'],
    [500, ServerError, 'E0000009'],
    [503, ServerError, 'E0000010'],
  ])('status %i becomes %o', async (status, cls, code) => {
    const error = await failure(status, code, 'Something happened');
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).errorCode).toBe(code);
  });

  it('carries every field of the Okta error body, the request id and the response headers', async () => {
    const error = (await failure(400, 'E0000001', 'Api validation failed: label', ['label: The field cannot be left blank'])) as ApiError;
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: label',
      errorLink: 'E0000001',
      errorId: 'oaeErr1',
      errorCauses: [{ errorSummary: 'label: The field cannot be left blank' }],
      requestId: 'req-42',
      request: { method: 'GET', path: '/api/v1/apps/0oaX' },
    });
    expect(error.headers.get('x-okta-request-id')).toBe('req-42');
  });

  it('says what failed (method, path, status, code, summary, causes, request id) and what to do', async () => {
    const error = (await failure(400, 'E0000001', 'Api validation failed: label', ['label: The field cannot be left blank'])) as ApiError;
    expect(error.message).toBe(
      'GET /api/v1/apps/0oaX failed with 400 E0000001: Api validation failed: label (label: The field cannot be left blank), request id req-42. Fix the fields named above and send the request again.',
    );
  });

  it.each([
    [403, 'E0000056', 'Deactivate the application first, then delete it.'],
    [401, 'E0000011', 'Check the token: it is unknown, expired or revoked.'],
    [403, 'E0000006', 'Grant the token the scope this call needs'],
    [404, 'E0000007', 'Check the id: the resource does not exist or was deleted.'],
    [429, 'E0000047', 'Wait until the rate limit resets (RateLimitError.resetAt)'],
    [418, 'E9999999', 'Check the request against the API documentation'],
  ])('ends a %i %s message with what to do', async (status, code, hint) => {
    const error = (await failure(status, code, 'Something happened')) as ApiError;
    expect(error.message).toContain(`failed with ${status} ${code}: Something happened, request id req-42. ${hint}`);
  });

  it('RateLimitError exposes the reset time and the limit', async () => {
    const error = (await failure(429, 'E0000047', 'API call exceeded rate limit due to too many requests.')) as RateLimitError;
    expect(error.resetAt?.toISOString()).toBe(new Date(1700000060 * 1000).toISOString());
    expect(error.limit).toBe(100);
  });

  it('an HTML error page still becomes a typed error with a readable message', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps/:id`, () =>
        new HttpResponse('<html><body>Bad gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    );
    const error = (await client.apps.get('0oaX').catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.errorCode).toBeUndefined();
    expect(error.message).toBe(
      'GET /api/v1/apps/0oaX failed with 502: the server answered HTTP 502 without an Okta error body. Retry later; if it persists, quote the request id to Okta support.',
    );
  });

  it('a 200 with a body that is not JSON is an InvalidResponseError', async () => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, () => new HttpResponse('{"id": "0oa', { status: 200 })));
    const error = await client.apps.get('0oaX').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(/answered 200 with a body that is not JSON/);
  });

  it('a network failure is a ConnectionError naming the request', async () => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, () => HttpResponse.error()));
    const error = await client.apps.get('0oaX').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/^GET \/api\/v1\/apps\/0oaX could not reach the organization/);
  });

  it('isApiError recognizes errors from another realm, where instanceof fails', async () => {
    const error = await failure(404, 'E0000007', 'Not found: Resource not found: 0oaX (AppInstance)');
    const foreign = runInNewContext('({ ...e, [Symbol.for("appset.ApiError")]: true })', { e: error });
    expect(foreign instanceof ApiError).toBe(false);
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

/** Every string reachable from an error: message, stack, own properties, headers and the cause chain. */
function everything(value: unknown, seen = new Set<unknown>()): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' && typeof value !== 'function') return String(value);
  if (seen.has(value)) return '';
  seen.add(value);
  const parts: string[] = [];
  if (value instanceof Headers) {
    for (const [k, v] of value) parts.push(`${k}: ${v}`);
    return parts.join('\n');
  }
  if (value instanceof Error) parts.push(value.message, value.stack ?? '', everything(value.cause, seen));
  for (const key of Reflect.ownKeys(value)) {
    parts.push(String(key), everything((value as Record<PropertyKey, unknown>)[key], seen));
  }
  return parts.join('\n');
}

describe('credentials never leak', () => {
  const cases: Array<[string, () => void]> = [
    ['an API error', () => server.use(http.get(`${ORG}/api/v1/apps/:id`, () => oktaError(401, 'E0000011', 'Invalid token provided')))],
    ['a connection error', () => server.use(http.get(`${ORG}/api/v1/apps/:id`, () => HttpResponse.error()))],
    ['an invalid response', () => server.use(http.get(`${ORG}/api/v1/apps/:id`, () => new HttpResponse('nope', { status: 200 })))],
  ];

  it.each(cases)('the token appears nowhere in %s', async (_, arrange) => {
    arrange();
    const error = await client.apps.get('0oaX').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = everything(error);
    expect(text.length).toBeGreaterThan(50);
    expect(text).not.toContain(TOKEN);
    expect(text.toLowerCase()).not.toContain('authorization');
  });

  it('the token appears nowhere in a timeout error', async () => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, async () => {
      await new Promise((r) => setTimeout(r, 200));
      return HttpResponse.json(bookmarkApp());
    }));
    const error = await client.apps.get('0oaX', undefined, { timeout: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(
      'GET /api/v1/apps/0oaX got no answer within 20 ms. Raise the `timeout` option or retry later.',
    );
    expect(everything(error)).not.toContain(TOKEN);
  });

  it('the token appears nowhere in a validation error', async () => {
    const error = await client.apps.create({ name: 'bookmark' } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(everything(error)).not.toContain(TOKEN);
  });
});

describe('timeouts', () => {
  it('bound the body as well as the headers: a body that stalls half-way is a TimeoutError', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps/:id`, () => {
        const stream = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id": "0oa1", "label": "half'));
            // …and never closes.
          },
        });
        return new HttpResponse(stream, { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const error = await client.apps.get('0oaX', undefined, { timeout: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(50);
  });

  it('are not retried, so a call takes at most one timeout per attempt it makes', async () => {
    let calls = 0;
    server.use(
      http.get(`${ORG}/api/v1/apps/:id`, async () => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 200));
        return HttpResponse.json(bookmarkApp());
      }),
    );
    const retrying = createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 3 });
    await expect(retrying.apps.get('0oaX', undefined, { timeout: 20 })).rejects.toBeInstanceOf(TimeoutError);
    expect(calls).toBe(1);
  });
});

describe('createClient options', () => {
  it('refuses two credentials at once, naming both', () => {
    expect(() => createClient({ orgUrl: ORG, token: 'a', accessToken: 'b' })).toThrow(
      new ConfigurationError('createClient got both `token` and `accessToken`; pass only one of them.'),
    );
  });

  it('names each bad option', () => {
    const both = () => createClient({ orgUrl: ORG, token: 'a', maxRetries: -1, timeout: 0 });
    expect(both).toThrow(/maxRetries: Must be at least 0/);
    expect(both).toThrow(/timeout: Must be a whole number of milliseconds/);
    expect(() => createClient({ orgUrl: ORG, token: 'a', tokn: 'x' } as never)).toThrow(/tokn: Unknown field/);
    expect(() => createClient({ orgUrl: ORG, token: 'a b\nInjected: 1' })).toThrow(/token: Must be a non-empty token/);
  });

  it('refuses an orgUrl that is not an http(s) URL, without echoing credentials', () => {
    expect(() => createClient({ orgUrl: 'example.okta.com', token: 'a' })).toThrow(/not a URL/);
    expect(() => createClient({ orgUrl: 'ftp://example.okta.com', token: 'a' })).toThrow(/must use https/);
    expect(() => createClient({ orgUrl: 'https://u:p@example.okta.com', token: 'a' })).toThrow(/must not carry credentials/);
  });

  it('keeps only the origin of the orgUrl', () => {
    expect(createClient({ orgUrl: `${ORG}/some/path/`, token: 'a' }).orgUrl.href).toBe(`${ORG}/`);
  });
});
