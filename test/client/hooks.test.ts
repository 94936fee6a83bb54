import { http, HttpResponse } from 'msw';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/core/redact';
import {
  ConfigurationError,
  ConnectionError,
  createClient,
  InvalidResponseError,
  NotFoundError,
  SecurityEventTokenError,
  TimeoutError,
  AppsetError,
  type ClientHooks,
} from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const APP = `${ORG}/api/v1/apps/:id`;

/** Every string a hook could log from what it was given. */
function loggable(value: unknown): string {
  if (value instanceof Request) return `${value.method} ${value.url}\n${[...value.headers].join('\n')}`;
  if (value instanceof Headers) return [...value].join('\n');
  if (value instanceof Error) return `${value.message}\n${value.stack}\n${inspect(value, { depth: 8, showHidden: true })}`;
  return inspect(value, { depth: 8, showHidden: true });
}

describe('hooks', () => {
  it('run once per attempt, in ky order, with the retry count, around a retried call', async () => {
    const answers = [() => HttpResponse.json({ errorCode: 'E0000009' }, { status: 503, headers: { 'retry-after': '0' } }), () => HttpResponse.json(bookmarkApp('0oaH'))];
    server.use(http.get(APP, () => answers.shift()!()));
    const events: string[] = [];
    const hooks: ClientHooks = {
      beforeRequest: [(request, _options, { retryCount }) => void events.push(`beforeRequest ${request.method} ${retryCount}`)],
      afterResponse: [(_request, _options, response, { retryCount }) => void events.push(`afterResponse ${response.status} ${retryCount}`)],
      beforeRetry: [({ retryCount, error }) => void events.push(`beforeRetry ${retryCount} ${error.name}`)],
      beforeError: [(error) => (events.push(`beforeError ${error.name}`), error)],
    };
    const client = createClient({ orgUrl: ORG, token: TOKEN, hooks });
    expect((await client.apps.get('0oaH')).id).toBe('0oaH');
    expect(events).toEqual([
      'beforeRequest GET 0',
      'afterResponse 503 0',
      'beforeRetry 1 HTTPError',
      'beforeRequest GET 1',
      'afterResponse 200 1',
    ]);
  });

  it('beforeRequest may add a header, which reaches the server beside the credential', async () => {
    server.use(http.get(APP, () => HttpResponse.json(bookmarkApp())));
    const client = createClient({
      orgUrl: ORG,
      token: TOKEN,
      hooks: { beforeRequest: [(request) => request.headers.set('traceparent', '00-abc-def-01')] },
    });
    await client.apps.get('0oa1');
    expect(seen[0]?.headers.get('traceparent')).toBe('00-abc-def-01');
    expect(seen[0]?.headers.get('authorization')).toBe(`SSWS ${TOKEN}`);
  });

  it("beforeError gets appset's error for every kind of failure, and what it returns is thrown", async () => {
    const got: AppsetError[] = [];
    const hooks: ClientHooks = {
      beforeError: [
        (error) => {
          got.push(error);
          return error instanceof NotFoundError ? new Error(`wrapped: ${error.errorCode}`) : error;
        },
      ],
    };
    server.use(http.get(APP, () => HttpResponse.json({ errorCode: 'E0000007', errorSummary: 'Not found' }, { status: 404 })));
    const client = createClient({ orgUrl: ORG, token: TOKEN, hooks, maxRetries: 0 });
    await expect(client.apps.get('0oaX')).rejects.toThrow('wrapped: E0000007');

    server.use(http.get(APP, () => HttpResponse.error()));
    await expect(client.apps.get('0oaX')).rejects.toBeInstanceOf(ConnectionError);

    server.use(http.get(APP, () => new Promise<Response>(() => {})));
    await expect(client.apps.get('0oaX', undefined, { timeout: 20 })).rejects.toBeInstanceOf(TimeoutError);

    expect(got.map((e) => e.name)).toEqual(['NotFoundError', 'ConnectionError', 'TimeoutError']);
  });

  it('beforeError sees a refused security event token as the SecurityEventTokenError publish throws', async () => {
    const got: AppsetError[] = [];
    const hooks: ClientHooks = { beforeError: [(error) => (got.push(error), error)] };
    server.use(
      http.post(`${ORG}/security/api/v1/security-events`, () =>
        HttpResponse.json({ err: 'invalid_issuer', description: 'No active security events provider is registered' }, { status: 400 }),
      ),
    );
    const client = createClient({ orgUrl: ORG, token: TOKEN, hooks });
    const error = await client.securityEvents.publish('aGVhZA.Ym9keQ.c2ln').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecurityEventTokenError);
    expect(got).toEqual([error]);
  });

  it('never show the credential: not in requests, options, responses or errors, on success, retry and failure', async () => {
    const answers = [
      () => HttpResponse.json({ errorCode: 'E0000047' }, { status: 429, headers: { 'x-rate-limit-reset': '0' } }),
      () => HttpResponse.json({ errorCode: 'E0000011', errorSummary: 'Invalid token provided' }, { status: 401 }),
    ];
    server.use(http.get(APP, () => answers.shift()!()));
    const logged: string[] = [];
    const log = (...values: unknown[]) => logged.push(...values.map(loggable));
    const client = createClient({
      orgUrl: ORG,
      token: TOKEN,
      headers: { authorization: `SSWS ${TOKEN}`, 'x-extra': 'kept' },
      hooks: {
        beforeRequest: [(request, options, state) => void log(request, options, state)],
        afterResponse: [(request, options, response, state) => void log(request, options, response, response.headers, state)],
        beforeRetry: [(state) => void log(state.request, state.options, state.error)],
        beforeError: [(error) => (log(error), error)],
      },
    });
    await expect(client.apps.get('0oa1')).rejects.toMatchObject({ status: 401 });
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual([`SSWS ${TOKEN}`, `SSWS ${TOKEN}`]);
    expect(logged.length).toBeGreaterThan(8);
    expect(logged.join('\n')).toContain('x-extra');
    expect(logged.join('\n')).not.toContain(TOKEN);
  });

  it.each([
    ['alone', false],
    ['beside an afterResponse hook', true],
  ])('beforeRetry, %s, gets an answer quoting the token in its status text and body redacted', async (_name, withAfterResponse) => {
    const answers = [
      () =>
        HttpResponse.json(
          { errorCode: 'E0000009', errorSummary: `Down for ${TOKEN}` },
          { status: 503, statusText: `Unavailable for ${TOKEN}`, headers: { 'retry-after': '0', 'x-echo': `SSWS ${TOKEN}` } },
        ),
      () => HttpResponse.json(bookmarkApp('0oaH')),
    ];
    server.use(http.get(APP, () => answers.shift()!()));
    const logged: string[] = [];
    const hooks: ClientHooks = {
      beforeRetry: [
        async (state) => {
          const { response } = state.error as Error & { response: Response };
          logged.push(loggable(state.request), loggable(state.options), loggable(state.error), JSON.stringify(state.error), state.error.message);
          logged.push(`${response.status} ${response.statusText}`, loggable(response), loggable(response.headers));
          if (!response.bodyUsed) logged.push(await response.clone().text());
        },
      ],
    };
    if (withAfterResponse) hooks.afterResponse = [(_request, _options, response) => void logged.push(response.statusText)];
    const client = createClient({ orgUrl: ORG, token: TOKEN, hooks });

    await expect(client.apps.get('0oaH')).resolves.toMatchObject({ id: '0oaH' });

    expect(seen.map((r) => r.headers.get('authorization'))).toEqual([`SSWS ${TOKEN}`, `SSWS ${TOKEN}`]);
    expect(logged.join('\n')).toContain('503 Unavailable for [REDACTED]');
    // The body is there to read when an afterResponse hook reads responses; it is redacted too.
    if (withAfterResponse) expect(logged.join('\n')).toContain('Down for [REDACTED]');
    expect(logged.join('\n')).not.toContain(TOKEN);
  });

  it("a hook's own error rejects the call as it is, with no request retried or sent", async () => {
    server.use(http.get(APP, () => HttpResponse.json(bookmarkApp())));
    const mistake = new Error('the hook failed');
    const client = createClient({ orgUrl: ORG, token: TOKEN, hooks: { beforeRequest: [() => { throw mistake; }] } });
    await expect(client.apps.get('0oa1')).rejects.toBe(mistake);
    expect(seen).toHaveLength(0);
  });

  it('createClient names an unknown hook or one that is not a list of functions', () => {
    expect(() => createClient({ orgUrl: ORG, token: TOKEN, hooks: { beforeSend: [] } as never })).toThrow(ConfigurationError);
    expect(() => createClient({ orgUrl: ORG, token: TOKEN, hooks: { beforeSend: [] } as never })).toThrow(/beforeSend/);
    expect(() => createClient({ orgUrl: ORG, token: TOKEN, hooks: { afterResponse: ['log'] } as never })).toThrow('hooks.afterResponse[0]: Must be a function');
  });
});

describe('beforeError sees the InvalidResponseError of an answer found unusable after the transport', () => {
  const APPS = `${ORG}/api/v1/apps`;

  /** A client whose beforeError hook records each error, checks it is already redacted, and replaces it. */
  function hookedClient() {
    const got: AppsetError[] = [];
    const client = createClient({
      orgUrl: ORG,
      token: TOKEN,
      maxRetries: 0,
      hooks: {
        beforeError: [
          (error) => {
            got.push(error);
            expect(loggable(error)).not.toContain(TOKEN);
            return new Error(`wrapped: ${error.name}`);
          },
        ],
      },
    });
    return { client, got };
  }

  /** A first page whose next link echoes the credential (a server putting it in its cursor), then `second`. */
  function secondPage(second: () => Response) {
    server.use(
      http.get(APPS, ({ request }) =>
        new URL(request.url).searchParams.has('after')
          ? second()
          : HttpResponse.json([bookmarkApp('0oaP1')], { headers: { link: `<${APPS}?after=${TOKEN}>; rel="next"` } }),
      ),
    );
  }

  it('a list page that is not JSON', async () => {
    secondPage(() => new HttpResponse('<html>proxy error</html>', { headers: { 'content-type': 'application/json' } }));
    const { client, got } = hookedClient();
    await expect(client.apps.list().toArray({ max: 10 })).rejects.toThrow('wrapped: InvalidResponseError');
    expect(got).toHaveLength(1);
    expect(got[0]).toBeInstanceOf(InvalidResponseError);
    expect(got[0]!.message).toContain('a body that is not JSON');
    expect(got[0]!.message).toContain(`after=${REDACTED}`);
  });

  it('a list page of the wrong shape', async () => {
    secondPage(() => HttpResponse.json({ not: 'a list' }));
    const { client, got } = hookedClient();
    await expect(client.apps.list().toArray({ max: 10 })).rejects.toThrow('wrapped: InvalidResponseError');
    expect(got).toHaveLength(1);
    expect(got[0]).toBeInstanceOf(InvalidResponseError);
    expect(got[0]!.message).toContain('not a list of applications');
    expect(got[0]!.message).toContain(`after=${REDACTED}`);
  });

  it('a get() body of the wrong shape', async () => {
    server.use(http.get(`${APPS}/:id`, () => HttpResponse.json({ id: 42, label: 'not an app' })));
    const { client, got } = hookedClient();
    await expect(client.apps.get('0oaX')).rejects.toThrow('wrapped: InvalidResponseError');
    expect(got).toHaveLength(1);
    expect(got[0]).toBeInstanceOf(InvalidResponseError);
    expect(got[0]!.message).toContain('a body of an unexpected shape');
  });

  it('a next link the pager refuses (another origin)', async () => {
    server.use(http.get(APPS, () => HttpResponse.json([bookmarkApp('0oaP1')], { headers: { link: `<https://elsewhere.example/api/v1/apps?after=${TOKEN}>; rel="next"` } })));
    const { client, got } = hookedClient();
    await expect(client.apps.list().toArray({ max: 10 })).rejects.toThrow(/^wrapped: /);
    expect(got).toHaveLength(1);
    expect(got[0]).toBeInstanceOf(AppsetError);
  });

  it('without hooks, the same errors are thrown redacted', async () => {
    secondPage(() => new HttpResponse('<html>proxy error</html>'));
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const error = await client.apps.list().toArray({ max: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(loggable(error)).not.toContain(TOKEN);
  });
});
