import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPublisher,
  SecurityEventTokenInputError,
  SetDeliveryError,
  SetVerificationError,
  type PublisherOptions,
  type PublishOutcome,
  type PublishRetry,
} from '../../src/set/index';

afterEach(() => {
  vi.restoreAllMocks();
});

const ORG = 'https://example.okta.com';
const RECEIVER = `${ORG}/security/api/v1/security-events`;
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A compact JWS with `jti`; nothing here verifies it. */
const token = (jti: string) => [b64url({ alg: 'RS256', kid: 'k1', typ: 'secevent+jwt' }), b64url({ jti }), 'c2lnbmF0dXJl'].join('.');

type Reply = Response | Error | 'hang' | (() => Response | Promise<Response>);

interface Sent {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: string;
}

/** A fetch answering each call with the next reply (the last repeats), recording what was sent. */
function scripted(...replies: Reply[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method, headers: new Headers(init.headers), body: String(init.body) });
    const reply = replies[Math.min(sent.length - 1, replies.length - 1)]!;
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply() : reply.clone();
  });
  return { fetch, sent };
}

const accepted = () => new Response(null, { status: 202 });
const status = (code: number, headers: Record<string, string> = {}, body = '') => new Response(body === '' ? null : body, { status: code, headers });
const refusal = (err: string, description: string) =>
  new Response(JSON.stringify({ err, description }), { status: 400, headers: { 'content-type': 'application/json', 'content-language': 'en-US' } });

/** A publisher with the given fetch, recording outcomes and retries; jitter draws 0.5 unless a test says otherwise. */
function publisher(fetch: PublisherOptions['fetch'], options: Partial<PublisherOptions> = {}) {
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  const outcomes: PublishOutcome[] = [];
  const retries: PublishRetry[] = [];
  const p = createPublisher({
    orgUrl: ORG,
    fetch,
    onOutcome: (o) => outcomes.push(o),
    onRetry: (r) => retries.push(r),
    ...options,
  });
  return { p, outcomes, retries };
}

describe('createPublisher delivering a token', () => {
  it('posts the token as the body to the organization’s receiver, with the SET media type and no credentials', async () => {
    const { fetch, sent } = scripted(accepted());
    const { p } = publisher(fetch);
    await expect(p.publish(token('j1'))).resolves.toEqual({ status: 202, attempts: 1, elapsedMs: expect.any(Number) });
    expect(sent).toHaveLength(1);
    expect({ url: sent[0]!.url, method: sent[0]!.method, body: sent[0]!.body }).toEqual({ url: RECEIVER, method: 'POST', body: token('j1') });
    expect(Object.fromEntries(sent[0]!.headers)).toEqual({ 'content-type': 'application/secevent+jwt', accept: 'application/json' });
  });

  it('posts to the endpoint given instead, with the headers given', async () => {
    const { fetch, sent } = scripted(accepted());
    const { p } = publisher(fetch, { orgUrl: undefined, endpoint: 'https://receiver.example.com/events', headers: { authorization: 'Bearer stream-token' } });
    await p.publish(token('j1'));
    expect(sent[0]!.url).toBe('https://receiver.example.com/events');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer stream-token');
  });

  it('tells onOutcome once that the token was delivered, with its jti and attempts', async () => {
    const { fetch } = scripted(accepted());
    const { p, outcomes } = publisher(fetch);
    await p.publish(token('jti-42'));
    expect(outcomes).toEqual([{ status: 'delivered', httpStatus: 202, token: token('jti-42'), jti: 'jti-42', attempts: 1, elapsedMs: expect.any(Number) }]);
  });

  it('reads the jti of a payload that is not all ASCII, as UTF-8', async () => {
    const { fetch } = scripted(accepted());
    const { p, outcomes } = publisher(fetch);
    const other = [token('x').split('.')[0], b64url({ jti: 'ascii-1', sub: 'Zoë ✓' }), 'c2lnbmF0dXJl'].join('.');
    await Promise.all([p.publish(token('évé-✓-1')), p.publish(other)]);
    expect(outcomes.map((o) => o.jti).sort()).toEqual(['ascii-1', 'évé-✓-1']);
  });

  it('reads the jti of a payload holding bytes that are not UTF-8 elsewhere', async () => {
    const { fetch } = scripted(accepted());
    const { p, outcomes } = publisher(fetch);
    const payload = Buffer.concat([Buffer.from('{"jti":"a1","sub":"'), Buffer.from([0xe9]), Buffer.from('"}')]).toString('base64url');
    await p.publish([token('x').split('.')[0], payload, 'c2lnbmF0dXJl'].join('.'));
    expect(outcomes.map((o) => o.jti)).toEqual(['a1']);
  });

  it('gives a fetch of its own the headers as a frozen record, the same for every attempt', async () => {
    const { fetch } = scripted(status(503), accepted());
    const { p } = publisher(fetch, { baseDelayMs: 0 });
    await p.publish(token('j1'));
    const [first, second] = fetch.mock.calls.map(([, init]) => init.headers);
    expect(first).toEqual({ 'content-type': 'application/secevent+jwt', accept: 'application/json' });
    expect(Object.isFrozen(first)).toBe(true);
    expect(second).toBe(first);
  });

  it('leaves an answer declared empty unread, and still reads one that is not', async () => {
    const pulled: string[] = [];
    /** An answer whose body says when it is read. */
    const answer = (name: string, length: string) => () =>
      new Response(
        new ReadableStream(
          {
            pull(controller) {
              pulled.push(name);
              controller.close();
            },
          },
          { highWaterMark: 0 },
        ),
        { status: 202, headers: { 'content-length': length } },
      );
    const { fetch } = scripted(answer('empty', '0'), answer('declared', '2'));
    const { p } = publisher(fetch);
    await p.publish(token('j1'));
    await p.publish(token('j2'));
    expect(pulled).toEqual(['declared']);
  });

  it('refuses a token that is not a compact JWS before sending anything', async () => {
    const { fetch, sent } = scripted(accepted());
    const { p, outcomes } = publisher(fetch);
    const error = await p.publish('not a token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecurityEventTokenInputError);
    expect((error as SecurityEventTokenInputError).issues).toEqual([
      { path: 'token', reason: 'Must be a signed compact JWS (header.payload.signature, in base64url) of at most 65536 bytes' },
    ]);
    expect({ sent, outcomes }).toEqual({ sent: [], outcomes: [] });
  });
});

describe('createPublisher retrying', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a 503, then a network failure, sending the identical token, and resolves on the 202', async () => {
    const { fetch, sent } = scripted(status(503), new TypeError('fetch failed'), accepted());
    const { p, retries } = publisher(fetch, { baseDelayMs: 100 });
    const done = p.publish(token('j1'));
    await vi.runAllTimersAsync();
    await expect(done).resolves.toMatchObject({ status: 202, attempts: 3 });
    expect(sent.map((s) => s.body)).toEqual([token('j1'), token('j1'), token('j1')]);
    expect(retries.map(({ attempt, status, waitMs }) => ({ attempt, status, waitMs }))).toEqual([
      { attempt: 1, status: 503, waitMs: 50 },
      { attempt: 2, status: undefined, waitMs: 100 },
    ]);
    expect(retries[1]!.error).toBeInstanceOf(TypeError);
  });

  it('waits a full-jitter backoff: a draw between 0 and base × 2^(attempt−1), capped at maxDelayMs', async () => {
    const draws = [0.25, 0.5, 0.99, 0.75];
    const { fetch } = scripted(status(500), status(500), status(500), status(500), accepted());
    const { p, retries } = publisher(fetch, { baseDelayMs: 1000, maxDelayMs: 3000 });
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift()!);
    const done = p.publish(token('j1'));
    await vi.runAllTimersAsync();
    await done;
    expect(retries.map((r) => r.waitMs)).toEqual([250, 1000, 2970, 2250]);
  });

  it('honours Retry-After in seconds on a 429, sending nothing before it ends', async () => {
    const { fetch, sent } = scripted(status(429, { 'retry-after': '2' }), accepted());
    const { p, retries } = publisher(fetch);
    const done = p.publish(token('j1'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toMatchObject({ attempts: 2 });
    expect(retries[0]).toMatchObject({ status: 429, waitMs: 2000 });
  });

  it('honours Retry-After as an HTTP date, measured on the clock', async () => {
    vi.setSystemTime(Date.parse('2026-03-01T09:00:00.000Z'));
    const { fetch } = scripted(status(503, { 'retry-after': 'Sun, 01 Mar 2026 09:00:07 GMT' }), accepted());
    const { p, retries } = publisher(fetch);
    const done = p.publish(token('j1'));
    await vi.runAllTimersAsync();
    await done;
    expect(retries[0]).toMatchObject({ status: 503, waitMs: 7000 });
  });

  it('retries an attempt that times out', async () => {
    const { fetch, sent } = scripted('hang', accepted());
    const { p } = publisher(fetch, { timeoutMs: 1000, baseDelayMs: 10 });
    const done = p.publish(token('j1'));
    await vi.runAllTimersAsync();
    await expect(done).resolves.toMatchObject({ attempts: 2 });
    expect(sent).toHaveLength(2);
  });

  it('gives up after maxAttempts with attempts_exhausted, naming the last status', async () => {
    const { fetch, sent } = scripted(status(503));
    const { p, outcomes } = publisher(fetch, { maxAttempts: 3, baseDelayMs: 10 });
    const done = p.publish(token('j1')).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await done) as SetDeliveryError;
    expect(error).toBeInstanceOf(SetDeliveryError);
    expect({ code: error.code, status: error.status, attempts: error.attempts, message: error.message }).toEqual({
      code: 'attempts_exhausted',
      status: 503,
      attempts: 3,
      message: `Not delivered to ${RECEIVER}: 3 attempts (the last met 503); raise maxAttempts or try later`,
    });
    expect(sent).toHaveLength(3);
    expect(outcomes).toEqual([{ status: 'failed', error, token: token('j1'), jti: 'j1', attempts: 3, elapsedMs: expect.any(Number) }]);
  });

  it('gives up at once with time_exhausted when Retry-After asks for more than the time left', async () => {
    const { fetch, sent } = scripted(status(429, { 'retry-after': '120' }));
    const { p } = publisher(fetch, { maxElapsedMs: 60_000 });
    const done = p.publish(token('j1')).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await done) as SetDeliveryError;
    expect({ code: error.code, status: error.status, attempts: error.attempts }).toEqual({ code: 'time_exhausted', status: 429, attempts: 1 });
    expect(sent).toHaveLength(1);
  });
});

describe('createPublisher never retrying a refusal', () => {
  it('rejects with the receiver’s RFC 8935 err and description on a 400, after one attempt', async () => {
    const { fetch, sent } = scripted(refusal('invalid_key', "No key with kid 'k1' in the key set"));
    const { p, outcomes } = publisher(fetch);
    const error = (await p.publish(token('j1')).catch((e: unknown) => e)) as SetVerificationError;
    expect(error).toBeInstanceOf(SetVerificationError);
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: "No key with kid 'k1' in the key set" });
    expect(sent).toHaveLength(1);
    expect(outcomes.map((o) => o.status)).toEqual(['refused']);
  });

  it.each([
    [400, 'unexpected_status', `The receiver at ${RECEIVER} answered 400, which is not retried (nor followed); check the URL and any headers it asks for`],
    [401, 'unexpected_status', `The receiver at ${RECEIVER} answered 401, which is not retried (nor followed); check the URL and any headers it asks for`],
    [404, 'unexpected_status', `The receiver at ${RECEIVER} answered 404, which is not retried (nor followed); check the URL and any headers it asks for`],
    [307, 'unexpected_status', `The receiver at ${RECEIVER} answered 307, which is not retried (nor followed); check the URL and any headers it asks for`],
  ])('fails a %i without an RFC 8935 body at once with %s', async (code, expected, message) => {
    const { fetch, sent } = scripted(status(code, { location: 'https://elsewhere.example.com/' }, code === 400 ? '<html>Bad Request</html>' : ''));
    const { p } = publisher(fetch);
    const error = (await p.publish(token('j1')).catch((e: unknown) => e)) as SetDeliveryError;
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({ code: expected, status: code, message });
    expect(sent).toHaveLength(1);
  });
});

describe('createPublisher bounding its work', () => {
  it('delivers at most `concurrency` tokens at once, and the rest once slots free', async () => {
    let inFlight = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const fetch = vi.fn(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight -= 1;
      return accepted();
    });
    const { p } = publisher(fetch, { concurrency: 2 });
    const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((jti) => p.publish(token(jti))));
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    expect({ active: p.active, waiting: p.waiting }).toEqual({ active: 2, waiting: 3 });
    let settled = false;
    void all.then(() => (settled = true));
    while (!settled) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await all).toHaveLength(5);
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(most).toBe(2);
  });

  it('fails a token past maxQueue at once with queue_full, telling onOutcome', async () => {
    const { fetch } = scripted('hang');
    const { p, outcomes } = publisher(fetch, { concurrency: 1, maxQueue: 1, timeoutMs: 60_000 });
    const controller = new AbortController();
    const first = p.publish(token('a'), { signal: controller.signal }).catch(() => undefined);
    const second = p.publish(token('b'), { signal: controller.signal }).catch(() => undefined);
    const error = (await p.publish(token('c')).catch((e: unknown) => e)) as SetDeliveryError;
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'queue_full',
      message: '1 tokens already wait (maxQueue); await publish() before sending more, or raise maxQueue',
    });
    expect(outcomes.map((o) => [o.jti, o.status])).toEqual([['c', 'failed']]);
    controller.abort();
    await Promise.all([first, second]);
  });

  it('drops a waiting token whose signal aborts, without sending it, rejecting with the reason', async () => {
    const { fetch, sent } = scripted('hang');
    const { p, outcomes } = publisher(fetch, { concurrency: 1, timeoutMs: 60_000 });
    const holder = new AbortController();
    const first = p.publish(token('a'), { signal: holder.signal }).catch(() => undefined);
    const controller = new AbortController();
    const waiting = p.publish(token('b'), { signal: controller.signal });
    controller.abort(new Error('no longer needed'));
    await expect(waiting).rejects.toThrow('no longer needed');
    expect(p.waiting).toBe(0);
    expect(outcomes).toEqual([{ status: 'aborted', reason: new Error('no longer needed'), token: token('b'), jti: 'b', attempts: 0, elapsedMs: 0 }]);
    holder.abort();
    await first;
    expect(sent.map((s) => s.body)).toEqual([token('a')]);
  });

  it('stops an attempt in flight when the token’s signal aborts', async () => {
    const { fetch } = scripted('hang');
    const { p } = publisher(fetch, { timeoutMs: 60_000 });
    const controller = new AbortController();
    const done = p.publish(token('a'), { signal: controller.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    controller.abort(new Error('stop'));
    await expect(done).rejects.toThrow('stop');
  });

  it('ends a token waiting to retry as soon as either signal aborts, with the token’s reason first', async () => {
    const { fetch } = scripted(status(503, { 'retry-after': '3600' }));
    const closing = new AbortController();
    const { p, outcomes } = publisher(fetch, { maxElapsedMs: 86_400_000, signal: closing.signal });
    const own = new AbortController();
    const done = p.publish(token('a'), { signal: own.signal });
    await vi.waitFor(() => expect(p.active).toBe(1));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    own.abort(new Error('the token’s own'));
    closing.abort(new Error('the publisher’s'));
    await expect(done).rejects.toThrow('the token’s own');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(outcomes).toMatchObject([{ status: 'aborted', reason: new Error('the token’s own'), attempts: 1 }]);
    // The publisher's own signal alone ends a wait too.
    const again = scripted(status(503, { 'retry-after': '3600' }));
    const closingAgain = new AbortController();
    const second = createPublisher({ orgUrl: ORG, fetch: again.fetch, maxElapsedMs: 86_400_000, signal: closingAgain.signal });
    const waiting = second.publish(token('b'));
    await vi.waitFor(() => expect(again.fetch).toHaveBeenCalledTimes(1));
    closingAgain.abort(new Error('shutting down'));
    await expect(waiting).rejects.toThrow('shutting down');
    expect(again.fetch).toHaveBeenCalledTimes(1);
  });

  it('stops at once when onRetry aborts the token’s own signal, without waiting out the Retry-After', async () => {
    const { fetch } = scripted(status(503, { 'retry-after': '3600' }));
    const controller = new AbortController();
    const p = createPublisher({ orgUrl: ORG, fetch, maxElapsedMs: 86_400_000, onRetry: () => controller.abort(new Error('given up in the hook')) });
    await expect(p.publish(token('a'), { signal: controller.signal })).rejects.toThrow('given up in the hook');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('ends a token with its own reason when both signals have aborted, whichever aborted first', async () => {
    const { fetch } = scripted('hang');
    const closing = new AbortController();
    const p = createPublisher({ orgUrl: ORG, fetch, timeoutMs: 60_000, signal: closing.signal });
    const own = new AbortController();
    const done = p.publish(token('a'), { signal: own.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    closing.abort(new Error('the publisher’s'));
    own.abort(new Error('the token’s own'));
    await expect(done).rejects.toThrow('the token’s own');
  });

  it('ends every token with the reason when the publisher’s signal aborts, and takes no more', async () => {
    const { fetch } = scripted('hang');
    const controller = new AbortController();
    const { p } = publisher(fetch, { concurrency: 1, timeoutMs: 60_000, signal: controller.signal });
    const inFlight = p.publish(token('a'));
    const waiting = p.publish(token('b'));
    controller.abort(new Error('shutting down'));
    await expect(inFlight).rejects.toThrow('shutting down');
    await expect(waiting).rejects.toThrow('shutting down');
    await expect(p.publish(token('c'))).rejects.toThrow('shutting down');
  });

  it('close() lets taken tokens finish, and refuses new ones with closed', async () => {
    let release!: () => void;
    const fetch = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return accepted();
    });
    const { p } = publisher(fetch);
    const taken = p.publish(token('a'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const closed = p.close();
    const refused = (await p.publish(token('b')).catch((e: unknown) => e)) as SetDeliveryError;
    expect({ code: refused.code, message: refused.message }).toEqual({ code: 'closed', message: 'The publisher is closed; create another' });
    release();
    await expect(taken).resolves.toMatchObject({ status: 202 });
    await closed;
  });

  it('keeps delivering when a hook throws', async () => {
    const { fetch } = scripted(accepted());
    const p = createPublisher({
      orgUrl: ORG,
      fetch,
      onOutcome: () => {
        throw new Error('hook bug');
      },
    });
    await expect(p.publish(token('a'))).resolves.toMatchObject({ status: 202 });
  });
});

describe('createPublisher options', () => {
  function issues(options: PublisherOptions) {
    try {
      createPublisher(options);
    } catch (error) {
      return (error as SecurityEventTokenInputError).issues;
    }
    return [];
  }

  it('needs orgUrl or endpoint, not both', () => {
    const reason = 'The field cannot be left blank: give orgUrl or endpoint, not both';
    expect(issues({})).toEqual([{ path: 'orgUrl', reason }]);
    expect(issues({ orgUrl: ORG, endpoint: RECEIVER })).toEqual([{ path: 'orgUrl', reason }]);
  });

  it('refuses an http receiver off this machine, and bad bounds, naming each', () => {
    expect(issues({ orgUrl: 'http://example.okta.com', maxAttempts: 0, concurrency: 1.5 })).toEqual([
      { path: 'orgUrl', reason: 'Must use https (http only for this machine: localhost, 127.0.0.0/8, [::1])' },
      { path: 'maxAttempts', reason: 'Must be a whole number from 1 to 20' },
      { path: 'concurrency', reason: 'Must be a whole number from 1 to 256' },
    ]);
  });

  it('takes http on this machine, for tests against appset-mock', () => {
    expect(issues({ orgUrl: 'http://127.0.0.1:4010' })).toEqual([]);
  });
});
