import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import { EVENT_TYPES, events } from '../../src/set/index';
import {
  ADA,
  ISSUER,
  providerKey,
  RECEIVER_PATH,
  registerProvider,
  sign,
  signWithNodeCrypto,
  type ProviderKey,
} from '../mock-server/security-events/helpers';
import { watchUnhandledRejections } from './unhandled-rejections';

// Thousands of requests: a bare msw server (no per-response contract check) keeps the file fast.
const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
const rejections = watchUnhandledRejections();

/** The registered provider's key, and a stranger's key that claims the same kid. */
let key: ProviderKey;
let stranger: ProviderKey;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  [key, stranger] = await Promise.all([providerKey('key-1'), providerKey('key-1')]);
  registerProvider(backend, [key]);
});
afterAll(() => server.close());

const SET_ERRORS = [
  'invalid_request',
  'invalid_key',
  'invalid_issuer',
  'invalid_audience',
  'authentication_failed',
  'access_denied',
];
const KNOWN_EVENT_URIS: readonly string[] = Object.values(EVENT_TYPES);
const B64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

async function deliver(body: string | Uint8Array): Promise<Answer> {
  const response = await fetch(new URL(RECEIVER_PATH, backend.orgUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/secevent+jwt', accept: 'application/json' },
    body,
  });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

/**
 * The receiver's only two answers: 202 with an empty body (allowed only when `mayAccept`), or 400
 * with exactly `{err, description}`, err one of RFC 8935's codes and a description to read.
 */
function expectReceiverAnswer(answer: Answer, mayAccept: boolean): void {
  if (answer.status === 202 && mayAccept) {
    expect(answer.text).toBe('');
    return;
  }
  expect(answer.status, `answered ${answer.status} ${answer.text}`).toBe(400);
  expect(answer.contentType).toBe('application/json');
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['description', 'err']);
  expect(SET_ERRORS).toContain(body.err);
  expect(typeof body.description === 'string' && body.description.trim() !== '').toBe(true);
}

let jtiCounter = 0;
/** A jti no other token of this file uses, so no delivery is mistaken for a replay. */
const freshJti = () => `fuzz-${(jtiCounter += 1)}`;

const riskEvent = () => events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' });

/** A correctly signed token from the registered provider, with a fresh jti. */
const validToken = () => sign(backend, key, riskEvent(), { jti: freshJti() });

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeSegment(segment: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a token signed with the registered key (RS256) over this header and payload must be
 * accepted, by DESIGN.md's rules, written independently of the verifier: typ secevent+jwt (the
 * media type may carry `application/` and any case), the registered kid, RS256, the provider's
 * exact issuer, the org URL in aud (trailing slash tolerated), a non-empty jti, a non-negative
 * integer iat at most five minutes ahead and at most a day old (the replay window), no member named `__proto__`, and events: a non-empty object whose known event types carry their original valid
 * payload and whose other members are objects.
 */
function hasPrototypeMember(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasPrototypeMember);
  if (!isObject(value)) return false;
  return Object.hasOwn(value, '__proto__') || Object.values(value).some(hasPrototypeMember);
}

function mustAccept(header: unknown, claims: unknown, originalEvents: Record<string, unknown>): boolean {
  if (!isObject(header) || !isObject(claims)) return false;
  const { typ, kid, alg } = header;
  if (typeof typ !== 'string' || !/^(application\/)?secevent\+jwt$/i.test(typ)) return false;
  if (kid !== key.kid || alg !== 'RS256') return false;
  if (claims.iss !== ISSUER) return false;
  const aud = claims.aud;
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) && aud.every((a) => typeof a === 'string') ? aud : [];
  if (!audiences.some((a: string) => a.replace(/\/$/, '') === backend.orgUrl)) return false;
  if (typeof claims.jti !== 'string' || claims.jti === '') return false;
  if (typeof claims.iat !== 'number' || !Number.isSafeInteger(claims.iat) || claims.iat < 0) return false;
  // Issued at most five minutes ahead of the receiver's clock.
  if (claims.iat > Math.floor(Date.now() / 1000) + 300) return false;
  // And at most a day old: the replay memory's window, past which a replay could not be recognised.
  if (claims.iat < Math.floor(Date.now() / 1000) - 86_400) return false;
  // No member anywhere may be named __proto__ (it would become a prototype when copied).
  if (hasPrototypeMember(header) || hasPrototypeMember(claims)) return false;
  const evts = claims.events;
  if (!isObject(evts) || Object.keys(evts).length === 0) return false;
  return Object.entries(evts).every(([uri, payload]) =>
    KNOWN_EVENT_URIS.includes(uri) ? isDeepStrictEqual(payload, originalEvents[uri]) : isObject(payload),
  );
}

const b64urlChar = fc.constantFrom(...B64URL_ALPHABET);
const b64urlSegment = fc.string({ unit: b64urlChar, maxLength: 400 });
const json = fc.jsonValue({ maxDepth: 3 });

describe('the receiver, given thousands of random and mutated tokens', () => {
  it('accepts correctly signed, unmodified tokens from the registered provider (the control)', async () => {
    const answers: Array<Pick<Answer, 'status' | 'text'>> = [];
    for (let n = 0; n < 20; n += 1) {
      const { status, text } = await deliver(await validToken());
      answers.push({ status, text });
    }
    expect(answers).toEqual(answers.map(() => ({ status: 202, text: '' })));
  });

  it('refuses a token signed by another key under the registered kid with authentication_failed', async () => {
    const token = await sign(backend, stranger, riskEvent(), { jti: freshJti() });
    const answer = await deliver(token);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ err: 'authentication_failed' });
  });

  it('refuses random bytes with a 400 RFC 8935 error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), async (bytes) => {
        expectReceiverAnswer(await deliver(bytes), false);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('refuses random Unicode text with a 400 RFC 8935 error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 600 }), async (text) => {
        expectReceiverAnswer(await deliver(text), false);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('refuses any number of random base64url segments joined by dots with a 400 RFC 8935 error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(b64urlSegment, { minLength: 1, maxLength: 5 }), async (segments) => {
        expectReceiverAnswer(await deliver(segments.join('.')), false);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('refuses tokens whose header and payload are random JSON under a random signature with a 400 RFC 8935 error', async () => {
    await fc.assert(
      fc.asyncProperty(json, json, b64urlSegment, async (header, payload, signature) => {
        expectReceiverAnswer(await deliver(`${b64url(header)}.${b64url(payload)}.${signature}`), false);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('accepts a valid token with one character changed only when the change leaves its signed bytes identical', async () => {
    // Besides the alphabet: characters that break the compact form; whitespace is left out because
    // the receiver trims the body.
    const replacement = fc.constantFrom(...B64URL_ALPHABET, '.', '=', '+', '/', '~', '\u00e9', '\u0000');
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), replacement, async (where, char) => {
        const token = await validToken();
        const at = Math.floor(where * token.length);
        const mutated = token.slice(0, at) + char + token.slice(at + 1);
        const [h, p, s] = token.split('.') as [string, string, string];
        const parts = mutated.split('.');
        const sameBytes =
          parts.length === 3 &&
          parts[0] === h &&
          parts[1] === p &&
          /^[A-Za-z0-9_-]+$/.test(parts[2]!) &&
          Buffer.from(parts[2]!, 'base64url').equals(Buffer.from(s, 'base64url'));
        const answer = await deliver(mutated);
        if (answer.status === 202) accepted += 1;
        expectReceiverAnswer(answer, sameBytes);
      }),
      { seed: 42, numRuns: 400 },
    );
    // Replacing a character by itself, or flipping padding bits, leaves the token valid.
    expect(accepted).toBeGreaterThan(0);
  });

  it('accepts a re-signed token with one header or claim member replaced by random JSON only when the new value is still valid', async () => {
    const member = fc.constantFrom('header.typ', 'header.alg', 'header.kid', 'claims.iss', 'claims.aud', 'claims.jti', 'claims.iat', 'claims.events');
    await fc.assert(
      fc.asyncProperty(member, json, async (which, value) => {
        const [h, p] = (await validToken()).split('.') as [string, string];
        const header = decodeSegment(h);
        const claims = decodeSegment(p);
        const originalEvents = claims.events as Record<string, unknown>;
        const [part, name] = which.split('.') as ['header' | 'claims', string];
        (part === 'header' ? header : claims)[name] = value;
        const answer = await deliver(signWithNodeCrypto(header, claims, key.privateKey));
        expectReceiverAnswer(answer, mustAccept(header, claims, originalEvents));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('accepts a token with a random typ, alg and kid exactly when all three are valid', async () => {
    // Each member is valid about half the time, so that some tokens have all three right.
    const typ = fc.oneof(
      { arbitrary: fc.constantFrom('secevent+jwt', 'SECEVENT+JWT', 'application/secevent+jwt', 'Application/Secevent+JWT'), weight: 4 },
      { arbitrary: fc.constantFrom('JWT', 'secevent', 'secevent+jwt ', 'text/secevent+jwt', ''), weight: 2 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: json, weight: 1 },
    );
    const alg = fc.oneof(
      { arbitrary: fc.constant('RS256'), weight: 5 },
      { arbitrary: fc.constantFrom('RS384', 'PS256', 'ES256', 'EdDSA', 'none', 'None', 'HS256', 'hs256', 'rs256', ''), weight: 3 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: json, weight: 1 },
    );
    const kid = fc.oneof(
      { arbitrary: fc.constant('key-1'), weight: 5 },
      { arbitrary: fc.constantFrom('key-2', 'KEY-1', 'key-1 ', ''), weight: 3 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: json, weight: 1 },
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.option(typ), fc.option(alg), fc.option(kid), async (t, a, k) => {
        const [, p] = (await validToken()).split('.') as [string, string];
        const claims = decodeSegment(p);
        const header: Record<string, unknown> = {};
        if (t !== null) header.typ = t;
        if (a !== null) header.alg = a;
        if (k !== null) header.kid = k;
        const answer = await deliver(signWithNodeCrypto(header, claims, key.privateKey));
        const expected = mustAccept(header, claims, claims.events as Record<string, unknown>);
        if (expected) accepted += 1;
        expectReceiverAnswer(answer, expected);
        expect(answer.status === 202, `answered ${answer.status} ${answer.text}`).toBe(expected);
      }),
      { seed: 42, numRuns: 200 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('accepts a token with random iss, aud, iat and events exactly when they are valid', async () => {
    // Each claim is valid about half the time, so that a good share of tokens is entirely valid.
    const absent = fc.constant(undefined);
    const iss = fc.oneof(
      { arbitrary: fc.constant(ISSUER), weight: 6 },
      { arbitrary: fc.constantFrom(`${ISSUER}/`, 'https://other-provider.test', 'HTTPS://PROVIDER.TEST', ''), weight: 2 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: json, weight: 1 },
      { arbitrary: absent, weight: 1 },
    );
    // 'ORG' stands for the organization URL, which is only known once the test runs.
    const aud = fc.oneof(
      { arbitrary: fc.constantFrom('ORG', 'ORG/', ['ORG'], ['https://other.test', 'ORG']), weight: 6 },
      { arbitrary: fc.constantFrom('ORG//', 'ORG/x', 'https://other.test', ['https://other.test'], [], '', ['ORG', 7]), weight: 2 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: json, weight: 1 },
      { arbitrary: absent, weight: 1 },
    );
    const nowSeconds = Math.floor(Date.now() / 1000);
    const iat = fc.oneof(
      // Recent enough to be accepted (a minute inside either bound), and old or far ahead.
      { arbitrary: fc.integer({ min: nowSeconds - 86_340, max: nowSeconds + 240 }), weight: 6 },
      { arbitrary: fc.oneof(fc.constantFrom(0, 1_767_225_600, Number.MAX_SAFE_INTEGER), fc.nat()), weight: 3 },
      { arbitrary: fc.constantFrom(-1, 1.5, 2 ** 53, 1e21, '1767225600', null), weight: 2 },
      { arbitrary: fc.oneof(fc.integer(), fc.double()), weight: 1 },
      { arbitrary: json, weight: 1 },
      { arbitrary: absent, weight: 1 },
    );
    const knownUri = fc.constantFrom(...KNOWN_EVENT_URIS);
    const notAnEventPayload = fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(json, { maxLength: 3 }), fc.record({ note: fc.string() }));
    const evts = fc.oneof(
      { arbitrary: fc.constant('ORIGINAL'), weight: 4 },
      { arbitrary: fc.dictionary(fc.webUrl(), fc.oneof(fc.constant({}), json), { minKeys: 1, maxKeys: 3 }), weight: 2 },
      { arbitrary: fc.constant({}), weight: 1 },
      { arbitrary: fc.tuple(knownUri, notAnEventPayload).map(([uri, payload]) => ({ [uri]: payload })), weight: 2 },
      { arbitrary: json, weight: 1 },
      { arbitrary: absent, weight: 1 },
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(iss, aud, iat, evts, async (i, a, t, e) => {
        const original = riskEvent() as Record<string, unknown>;
        const orgOrValue = (v: unknown): unknown =>
          typeof v === 'string' ? v.replace(/^ORG/, backend.orgUrl) : Array.isArray(v) ? v.map(orgOrValue) : v;
        const claims: Record<string, unknown> = { jti: freshJti() };
        if (i !== undefined) claims.iss = i;
        if (a !== undefined) claims.aud = orgOrValue(a);
        if (t !== undefined) claims.iat = t;
        if (e !== undefined) claims.events = e === 'ORIGINAL' ? original : e;
        const header = { typ: 'secevent+jwt', alg: 'RS256', kid: key.kid };
        const answer = await deliver(signWithNodeCrypto(header, claims, key.privateKey));
        const expected = mustAccept(header, claims, original);
        if (expected) accepted += 1;
        expectReceiverAnswer(answer, expected);
        expect(answer.status === 202, `answered ${answer.status} ${answer.text}`).toBe(expected);
      }),
      { seed: 42, numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('left no promise rejection unhandled across every delivery above', async () => {
    expect(await rejections.settled()).not.toHaveBeenCalled();
  });
});
