import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { bodyKind, redactBodyText } from '../../../mock-server/control/requests/redact';

// Found by an outside attack on the merged backend (issue 31, "a pass of your own"): bodies whose
// every field or member name made the journal throw an exception (seconds of a blocked server for
// 1 MiB), and forms whose secrets it did not find. A thrown exception is the work counted here: the
// old code threw once per field; the answer is asserted beside it.

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the exceptions `fn` throws while `run` runs, calling through to it. */
function countThrows<T extends object, K extends keyof T>(owner: T, name: K, run: () => void): number {
  const original = owner[name] as (...args: unknown[]) => unknown;
  let thrown = 0;
  vi.spyOn(owner, name as never).mockImplementation(((...args: unknown[]) => {
    try {
      return original.apply(owner, args);
    } catch (error) {
      thrown++;
      throw error;
    }
  }) as never);
  run();
  return thrown;
}

describe('a body of many bad escapes costs the journal no exception per field', () => {
  it('a text/plain form of "%=%&" fields, then a client secret: no decode throws, and the secret is redacted', () => {
    const body = `${'%=%&'.repeat(20_000)}client_secret=Bad-Escape-Form-Secret-1`;
    let kept = '';
    const thrown = countThrows(globalThis, 'decodeURIComponent', () => (kept = redactBodyText(body, bodyKind('text/plain'), 'text/plain')));
    expect(thrown).toBe(0);
    expect(kept).toBe(`${'%=%&'.repeat(20_000)}client_secret=[REDACTED]`);
  });

  it('escapes that are hex but not UTF-8 ("%ff") are read as URLSearchParams reads them, without an exception', () => {
    const body = `${'%ff=%ff&'.repeat(10_000)}%63lient_secret=Bad-Utf8-Form-Secret-2`;
    let kept = '';
    const thrown = countThrows(globalThis, 'decodeURIComponent', () => (kept = redactBodyText(body, 'form')));
    expect(thrown).toBe(0);
    expect(kept).toBe(`${'%ff=%ff&'.repeat(10_000)}%63lient_secret=[REDACTED]`);
  });

  it('JSON member names with an invalid escape ("\\q"): no JSON.parse throws, a valid escape still spells a secret', () => {
    const body = `{"token":"Bad-Escape-Json-Token-3"${',"\\q":0'.repeat(20_000)},"pass\\u0077ord":"Escaped-Name-Pw-3","\\\\q":"kept"}`;
    let kept = '';
    const thrown = countThrows(JSON, 'parse', () => (kept = redactBodyText(body, 'json', 'application/json')));
    expect(thrown).toBe(0);
    expect(kept).toBe(`{"token":"[REDACTED]"${',"\\q":0'.repeat(20_000)},"pass\\u0077ord":"[REDACTED]","\\\\q":"kept"}`);
  });

  it.each([
    ['a raw control character', '{"to\\u006ben\n":"Raw-Control-Name-4"}'],
    ['a cut \\u escape', '{"to\\u006":"Cut-Escape-Name-4"}'],
    ['a backslash before the closing quote of a cut text', '{"token\\"'],
  ])('a name with %s is compared as written, without an exception', (_what, body) => {
    let kept = '';
    const thrown = countThrows(JSON, 'parse', () => (kept = redactBodyText(body, 'json')));
    expect(thrown).toBe(0);
    expect(kept).toBe(body);
  });
});

describe('the journal finds a secret field anywhere in a form, and reads a form by the label the routes read', () => {
  it.each([
    ['a first field with an empty name', '=&client_secret=Empty-First-Name-5', '=&client_secret=[REDACTED]'],
    ['a first field name holding a space', 'a b=1&client_secret=Spaced-First-Name-5', 'a b=1&client_secret=[REDACTED]'],
    ['a first piece without "="', 'hello&password=No-Equals-First-5', 'hello&password=[REDACTED]'],
    ['a leading "?", which URLSearchParams drops', '?client_assertion=Leading-Question-5', '?client_assertion=[REDACTED]'],
  ])('text/plain with %s', (_what, body, expected) => {
    expect(redactBodyText(body, bodyKind('text/plain'), 'text/plain')).toBe(expected);
  });

  it('a multipart part holding "=&client_secret=…"', () => {
    const contentType = 'multipart/form-data; boundary=b';
    const body = '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\n=&client_secret=Nested-Part-Secret-6\r\n--b--\r\n';
    expect(redactBodyText(body, bodyKind(contentType), contentType)).toBe(body.replace('Nested-Part-Secret-6', '[REDACTED]'));
  });

  it('a label the token endpoint reads as a form is one to the journal too', () => {
    expect(bodyKind('application/x-www-form-urlencoded-x')).toBe('form');
    expect(bodyKind('Application/X-WWW-Form-Urlencoded+json; charset=utf-8')).toBe('form');
    expect(bodyKind('application/x-www-form-urlencodedx')).toBe('text');
  });

  it("the attacker's token request: an 'application/x-www-form-urlencoded-x' form opening with '=' keeps no client assertion", async () => {
    const backend = createMockBackend();
    const assertion = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhYmMifQ.Token-Endpoint-SIGLEAK-7';
    const body = `=&grant_type=client_credentials&client_id=abc&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=${assertion}`;
    const answer = await backend.fetch(
      new Request(`${backend.orgUrl}/oauth2/v1/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded-x' }, body }),
    );
    expect(answer.status).toBe(401);
    expect(JSON.stringify(backend.journal.list())).not.toContain('SIGLEAK');
    expect(backend.journal.count({ bodyContains: 'client_assertion=[REDACTED]' })).toBe(1);
  });
});
