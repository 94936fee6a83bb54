import { describe, expect, it } from 'vitest';
import { BROWSER_OAUTH_REFUSAL, loadServiceApp as browserLoad } from '../../src/auth/load.browser';
import { loadServiceApp } from '../../src/auth/load';
import { ConfigurationError } from '../../src/errors';

// tsup's browser build takes src/auth/load.browser.ts for src/auth/load.ts (test/bundle checks the built files).
describe('the service-app loader', () => {
  const settings = {
    orgUrl: new URL('https://example.okta.com'),
    options: { clientId: '0oa1', privateKey: 'pem', scopes: ['okta.apps.read'] },
    fetch: undefined,
    timeout: 1000,
    maxResponseBytes: 1024 * 1024,
    userAgent: 'test',
  };

  it('for browsers refuses, in one sentence that says why and what to pass instead', () => {
    expect(() => browserLoad(settings)).toThrow(ConfigurationError);
    expect(() => browserLoad(settings)).toThrow(BROWSER_OAUTH_REFUSAL);
    expect(BROWSER_OAUTH_REFUSAL).toMatch(/server runtime.*private key.*`accessToken`/);
  });

  it('for servers gives the transport a per-attempt authenticator', () => {
    const auth = loadServiceApp(settings);
    expect(typeof auth.apply).toBe('function');
    expect(typeof auth.sendAgain).toBe('function');
  });
});
