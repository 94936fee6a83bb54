import { describe, expect, it } from 'vitest';
import { planeRefusal } from '../../../mock-server/node/plane-guard';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
const orgUrl = () => new URL('http://mock.example.test:4010');
const open = { corsOrigins: '*' as const, boundHost: '127.0.0.1', orgUrl };
const listed = { corsOrigins: ['http://localhost:5173'], boundHost: '0.0.0.0', orgUrl };

describe('the control plane on a real socket', () => {
  it.each([
    ['127.0.0.1:4010', open],
    ['localhost:4010', open],
    ['app.localhost', open],
    ['[::1]:4010', open],
    ['mock.example.test:4010', open],
    ['appset-mock:4010', open],
    ['mock.internal.test', { ...open, boundHost: 'mock.internal.test' }],
  ])('serves a client that sends no Origin and names this server as %s', (host, options) => {
    expect(planeRefusal(headers({ host }), options)).toBeUndefined();
  });

  it('refuses a page on any origin when the plane was not opened to it by name', () => {
    expect(planeRefusal(headers({ host: '127.0.0.1:4010', origin: 'https://evil.example' }), open)).toMatch(
      /^The control plane does not serve web pages on https:\/\/evil\.example: allow the origin by name with --cors-origin/,
    );
    expect(planeRefusal(headers({ host: '127.0.0.1:4010', origin: 'https://evil.example' }), listed)).toMatch(/does not serve web pages/);
  });

  it('serves a page on an origin allowed by name', () => {
    expect(planeRefusal(headers({ host: '127.0.0.1:4010', origin: 'http://localhost:5173' }), listed)).toBeUndefined();
  });

  it('refuses a host name that is not this server (DNS rebinding), and a missing Host', () => {
    expect(planeRefusal(headers({ host: 'rebind.evil.example:4010' }), open)).toMatch(/^The control plane does not answer for the host rebind\.evil\.example/);
    expect(planeRefusal(headers({}), open)).toBe('The control plane needs a Host header naming this server.');
    expect(planeRefusal(headers({ host: 'x'.repeat(400) }), open)).toBe('The control plane needs a Host header naming this server.');
  });
});
