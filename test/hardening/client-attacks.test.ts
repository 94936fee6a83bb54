import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createClient, InvalidResponseError, RequestValidationError } from '../../src/index';
import { MAX_LINK_HEADER_LENGTH, parseLinkHeader } from '../../src/core/link-header';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });

describe('8. plain http only to this machine', () => {
  it.each(['http://org.example', 'http://example.okta.com', 'http://10.0.0.5:8080', 'http://127.0.0.1.nip.io', 'http://[::ffff:127.0.0.1]', 'http://localhost.evil.test'])(
    'refuses %s at createClient, naming the cleartext risk',
    (orgUrl) => {
      expect(() => createClient({ orgUrl, token: TOKEN })).toThrow(ConfigurationError);
      expect(() => createClient({ orgUrl, token: TOKEN })).toThrow(
        /uses http, which would send the token in cleartext; use https, or http only for a backend on this machine \(localhost, 127\.0\.0\.0\/8, \[::1\]\)/,
      );
    },
  );

  it.each(['http://localhost:4010', 'http://LOCALHOST', 'http://127.0.0.1:8080', 'http://127.8.9.10', 'http://127.1', 'http://[::1]:4010', 'https://org.example'])(
    'accepts %s',
    (orgUrl) => {
      expect(createClient({ orgUrl, token: TOKEN }).orgUrl.protocol).toMatch(/^https?:$/);
    },
  );
});

describe('plain http to another host, opted into with allowInsecureHttp', () => {
  const SERVICE = 'http://appset-mock:4010';

  it('is refused without the opt-in, and the refusal names the opt-in', () => {
    expect(() => createClient({ orgUrl: SERVICE, token: TOKEN })).toThrow(
      'orgUrl http://appset-mock:4010 uses http, which would send the token in cleartext; use https, or http only for a backend on this machine (localhost, 127.0.0.0/8, [::1]). For a test backend on another host (a compose or CI service such as http://appset-mock:4010), pass allowInsecureHttp: true.',
    );
  });

  it('sends requests to a compose or CI service name with allowInsecureHttp: true', async () => {
    server.use(http.get(`${SERVICE}/api/v1/apps/:id`, ({ params }) => HttpResponse.json(bookmarkApp(String(params.id)))));
    const insecure = createClient({ orgUrl: SERVICE, token: TOKEN, allowInsecureHttp: true });
    expect((await insecure.apps.get('0oa1')).id).toBe('0oa1');
    expect(seen.map((r) => [r.url.href, r.headers.get('authorization')])).toEqual([[`${SERVICE}/api/v1/apps/0oa1`, `SSWS ${TOKEN}`]]);
  });

  it('still refuses a redirect, so the token never follows one', async () => {
    server.use(http.get(`${SERVICE}/api/v1/apps/:id`, () => new HttpResponse(null, { status: 307, headers: { location: 'http://elsewhere.test/steal' } })));
    const insecure = createClient({ orgUrl: SERVICE, token: TOKEN, allowInsecureHttp: true });
    await expect(insecure.apps.get('0oa1')).rejects.toMatchObject({ name: 'RedirectError', status: 307 });
    expect(seen.map((r) => r.url.host)).toEqual(['appset-mock:4010']);
  });

  it('refuses an allowInsecureHttp that is not a boolean, naming the option', () => {
    expect(() => createClient({ orgUrl: SERVICE, token: TOKEN, allowInsecureHttp: 'yes' as never })).toThrow(
      'Invalid client options: allowInsecureHttp: Must be a boolean.',
    );
  });
});

describe('12. ids that are path segments of their own', () => {
  it.each(['.', '..'])("refuses apps.delete('%s') before sending anything", async (id) => {
    await expect(client.apps.delete(id)).rejects.toThrow(RequestValidationError);
    await expect(client.apps.delete(id)).rejects.toThrow(/Must be a resource id, not '\.{1,2}' \(a path segment meaning the current or parent folder\)/);
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['apps.get', (id: string) => client.apps.get(id)],
    ['apps.replace', (id: string) => client.apps.replace(id, { name: 'bookmark', label: 'x', settings: { app: { url: 'https://x.test' } } } as never)],
    ['apps.activate', (id: string) => client.apps.activate(id)],
    ['apps.deactivate', (id: string) => client.apps.deactivate(id)],
    ['securityEventsProviders.get', (id: string) => client.securityEventsProviders.get(id)],
    ['securityEventsProviders.delete', (id: string) => client.securityEventsProviders.delete(id)],
    ['securityEventsProviders.activate', (id: string) => client.securityEventsProviders.activate(id)],
    ['securityEventsProviders.deactivate', (id: string) => client.securityEventsProviders.deactivate(id)],
  ] as const)('%s refuses "..", "." and an empty id, sending nothing', async (_name, callWith) => {
    for (const id of ['..', '.', '']) await expect(callWith(id)).rejects.toThrow(RequestValidationError);
    expect(seen).toHaveLength(0);
  });

  it('refuses an id longer than 1000 characters', async () => {
    await expect(client.apps.get('a'.repeat(1001))).rejects.toThrow(/Must be at most 1000 characters long \(got 1001\)/);
    expect(seen).toHaveLength(0);
  });

  it('still sends an id that merely contains dots, escaped in its segment', async () => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, ({ params }) => HttpResponse.json(bookmarkApp(String(params.id)))));
    await client.apps.get('...');
    expect(seen[0]!.url.pathname).toBe('/api/v1/apps/...');
  });
});

describe('13. Link headers: bounded length, linear parse', () => {
  it(`refuses a page whose Link header is longer than ${MAX_LINK_HEADER_LENGTH} characters with InvalidResponseError`, async () => {
    const link = `<${ORG}/api/v1/apps?after=${'x'.repeat(MAX_LINK_HEADER_LENGTH)}>; rel="next"`;
    server.use(http.get(`${ORG}/api/v1/apps`, () => HttpResponse.json([bookmarkApp('0oa00000000000000001')], { headers: { link } })));
    const error = await client.apps.list().toArray({ max: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toContain(`a Link header of ${link.length} characters (at most ${MAX_LINK_HEADER_LENGTH} are read)`);
    expect(seen).toHaveLength(1);
  });

  it('reads a Link header of exactly the bound', async () => {
    const prefix = `<${ORG}/api/v1/apps?after=`;
    const suffix = '>; rel="next"';
    const header = `${prefix}${'x'.repeat(MAX_LINK_HEADER_LENGTH - prefix.length - suffix.length)}${suffix}`;
    expect(header).toHaveLength(MAX_LINK_HEADER_LENGTH);
    expect(parseLinkHeader(header).next).toBe(header.slice(1, header.indexOf('>')));
  });

  it.each([
    ['48 KB of "<"', '<'.repeat(48 * 1024)],
    ['48 KB of "<a>;"', '<a>;'.repeat(12 * 1024)],
    ['48 KB of "<a>; rel="', '<a>; rel='.repeat(5 * 1024)],
    ['an unterminated quoted string', `<a>; rel="${'x'.repeat(48 * 1024)}`],
    ['48 KB of ", "', ', '.repeat(24 * 1024)],
  ])('parses %s to a plain answer', (_what, header) => {
    const links = parseLinkHeader(header);
    expect(Object.getPrototypeOf(links)).toBe(Object.prototype);
    for (const target of Object.values(links)) expect(typeof target).toBe('string');
  });

  it('reads quoted relations, several relations, the first rel, and commas inside targets', () => {
    expect(
      parseLinkHeader('<https://o.test/a?x=1,2>; rel="self next"; title="a, b; c", <https://o.test/b>; REL=prev; rel=ignored, <https://o.test/c>; rel=next'),
    ).toEqual({ self: 'https://o.test/a?x=1,2', next: 'https://o.test/a?x=1,2', prev: 'https://o.test/b' });
  });

  it('ignores a relation named __proto__ as an ordinary key', () => {
    const links = parseLinkHeader('<https://o.test/a>; rel="__proto__", <https://o.test/b>; rel=next');
    expect(links.next).toBe('https://o.test/b');
    expect(Object.getPrototypeOf(links)).toBe(Object.prototype);
  });
});

describe('adversarial pass: header options that could split a request', () => {
  it.each([
    ['a line break in a header value', { headers: { 'x-trace': 'a\r\nX-Injected: 1' } }, /headers\.x-trace: Must not contain line breaks or NUL characters/],
    ['a header name with a space', { headers: { 'x trace': 'a' } }, /headers: Header names must be HTTP tokens/],
    ['a line break in userAgent', { userAgent: 'appset\r\nX-Injected: 1' }, /userAgent: Must not contain line breaks or NUL characters/],
  ])('refuses %s at createClient with ConfigurationError', (_what, extra, message) => {
    const make = () => createClient({ orgUrl: ORG, token: TOKEN, ...extra });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(message);
  });

  it('refuses more than 50 extra headers', () => {
    const headers = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`x-h${i}`, 'v']));
    expect(() => createClient({ orgUrl: ORG, token: TOKEN, headers })).toThrow(/Must have at most 50 headers/);
  });
});
