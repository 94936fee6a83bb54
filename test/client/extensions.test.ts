import { describe, expect, it } from 'vitest';
import { appCredentials, appResources, ConfigurationError, createClient, directory } from '../../src/index';

const options = { orgUrl: 'https://example.okta.com', token: 'test-token-123456' };

describe('client extensions', () => {
  it('a client carries the credentials, the resources around apps and the directory only once extended', () => {
    const client = createClient(options);
    expect(['keys', 'csrs', 'secrets', 'jwks', 'metadata', 'rotateSigningKey', 'logo', 'policies', 'grants'].filter((name) => name in client.apps)).toEqual([]);
    expect('users' in client || 'groups' in client).toBe(false);
  });

  it('extend adds the resources to the same client and keeps the apps calls beside them', () => {
    const client = createClient(options);
    const extended = client.extend(appCredentials).extend(appResources).extend(directory);
    expect(extended).toBe(client);
    expect(typeof extended.apps.list).toBe('function');
    expect(typeof extended.apps.keys.list).toBe('function');
    expect(typeof extended.apps.rotateSigningKey).toBe('function');
    expect(typeof extended.apps.logo.upload).toBe('function');
    expect(typeof extended.apps.grants.grant).toBe('function');
    expect(typeof extended.users.list).toBe('function');
    expect(typeof extended.groups.members).toBe('function');
  });

  it('an extension refuses an object that createClient did not make', () => {
    expect(() => appCredentials({ apps: {} } as never)).toThrow(ConfigurationError);
    expect(() => directory({} as never)).toThrow('extend adds resources to a client made by createClient; this object is none.');
  });
});
