import { inspect } from 'node:util';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, createClient, type AppsetClient } from '../../src/index';
import { REDACTED, SecretRedactor } from '../../src/core/redact';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server } = useMswServer();

const ACCESS_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.access-token-value.sig_0123456789';
const API_KEY = 'proxy-key-0123456789-secret';

/** Every view of an error a log could take: message, stack, causes, inspect (hidden members too), JSON. */
function everyView(error: unknown): string {
  const views: string[] = [inspect(error, { depth: null, showHidden: true }), JSON.stringify(error) ?? ''];
  for (let e: unknown = error, n = 0; e instanceof Error && n < 10; e = e.cause, n += 1) {
    views.push(e.message, e.stack ?? '', String(e));
    if (e instanceof ApiError) {
      views.push(JSON.stringify(e.body) ?? '', JSON.stringify([...e.headers]));
      for (const [, value] of e.headers) views.push(value);
    }
  }
  return views.join('\n');
}

async function failure(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

/** An Okta error body and headers that echo `secret` everywhere they can. */
function echoingError(secret: string, status = 400) {
  return HttpResponse.json(
    {
      errorCode: 'E0000001',
      errorSummary: `Api validation failed: token ${secret}`,
      errorLink: 'E0000001',
      errorId: `oae${secret}`,
      errorCauses: [{ errorSummary: `Authorization: SSWS ${secret}` }],
      [`key-${secret}`]: { nested: [`SSWS ${secret}`, encodeURIComponent(secret)] },
    },
    { status, headers: { 'www-authenticate': `SSWS realm="${secret}"`, 'x-echo': secret } },
  );
}

const clients: Array<[string, string, () => AppsetClient]> = [
  ['an API token', TOKEN, () => createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 0 })],
  ['an access token', ACCESS_TOKEN, () => createClient({ orgUrl: ORG, accessToken: ACCESS_TOKEN, maxRetries: 0 })],
  ['a secret header of the options', API_KEY, () => createClient({ orgUrl: ORG, token: TOKEN, headers: { 'x-api-key': API_KEY }, maxRetries: 0 })],
];

describe('11. a credential echoed by the server never reaches an error', () => {
  it.each(clients)('with %s, an error body and headers that echo it are redacted in every view', async (_what, secret, make) => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, () => echoingError(secret)));
    const error = await failure(() => make().apps.get('0oa00000000000000001'));
    expect(error).toBeInstanceOf(ApiError);
    const views = everyView(error);
    expect(views).not.toContain(secret);
    expect(views).not.toContain(encodeURIComponent(secret));
    expect(views).toContain(REDACTED);
    const apiError = error as ApiError;
    expect(apiError.errorSummary).toBe(`Api validation failed: token ${REDACTED}`);
    expect(apiError.headers.get('x-echo')).toBe(REDACTED);
    expect(apiError.status).toBe(400);
  });

  it('a 5xx after retries is redacted too', async () => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, () => echoingError(TOKEN, 503)));
    const client = createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 1, maxRetryWait: 1 });
    const views = everyView(await failure(() => client.apps.get('0oa00000000000000001')));
    expect(views).not.toContain(TOKEN);
  });

  it('a connection error whose message quotes the credential is redacted, cause included', async () => {
    const client = createClient({
      orgUrl: ORG,
      token: TOKEN,
      maxRetries: 0,
      fetch: async () => {
        throw new TypeError(`proxy refused Authorization: SSWS ${TOKEN}`, { cause: new Error(`inner ${TOKEN}`) });
      },
    });
    const views = everyView(await failure(() => client.apps.get('0oa00000000000000001')));
    expect(views).not.toContain(TOKEN);
    expect(views).toContain(`inner ${REDACTED}`);
  });
});

describe('SecretRedactor', () => {
  it('ignores secrets too short to tell apart from text, and leaves other values alone', () => {
    const redactor = new SecretRedactor();
    redactor.add('abc');
    const error = new Error('abc and more');
    expect(redactor.redactError(error).message).toBe('abc and more');
  });

  it('replaces a secret that contains another one whole', () => {
    const redactor = new SecretRedactor();
    redactor.add('secret-01234');
    redactor.add('outer-secret-01234-x');
    expect(redactor.redactText('outer-secret-01234-x / secret-01234')).toBe(`${REDACTED} / ${REDACTED}`);
  });

  it('keeps only the latest DPoP proofs, whole and by segment; an error passed its own proofs is cleared of them', () => {
    const proof = (n: number) => `eyJhbGciOiJFUzI1NiJ9header.payload-${String(n).padStart(12, '0')}.signature-${String(n).padStart(12, '0')}`;
    const redactor = new SecretRedactor();
    for (let n = 0; n < 100; n += 1) redactor.addProof(proof(n));
    const signature = (n: number) => proof(n).split('.')[2]!;
    expect(redactor.redactText(`${proof(99)} ${signature(92)}`)).toBe(`${REDACTED} ${REDACTED}`);
    // Older proofs are no longer kept: the list does not grow with every request.
    expect(redactor.redactText(signature(91))).toBe(signature(91));
    expect(redactor.redactText(signature(0))).toBe(signature(0));
    const error = new Error(`echoed ${proof(0)}`);
    expect(redactor.redactError(error, [proof(0)]).message).toBe(`echoed ${REDACTED}`);
    expect(redactor.redactText(signature(0))).toBe(signature(0));
  });

  it('survives cycles and deep bodies', () => {
    const redactor = new SecretRedactor();
    redactor.add(TOKEN);
    const error = new Error(TOKEN) as Error & { self?: unknown; body?: unknown };
    error.self = error;
    let deep: unknown = TOKEN;
    for (let i = 0; i < 100; i += 1) deep = { deep };
    error.body = deep;
    redactor.redactError(error);
    // JSON.stringify refuses the cycle; inspect walks it.
    expect(inspect(error, { depth: null, showHidden: true })).not.toContain(TOKEN);
    expect(error.message).toBe(REDACTED);
  });
});
