import { describe, expect, expectTypeOf, it } from 'vitest';
import { appCredentials, appResources, ConfigurationError, createClient, directory, type AppsetClient, type CoreClient, type User } from '../../src/index';
import { createClient as createCoreClient } from '../../src/core';
import { useMockBackend } from '../support/backend';

const mock = useMockBackend();
const options = { orgUrl: 'https://example.okta.com', token: 'test-token-123456' };

describe('createClient from appset: every resource', () => {
  it('lists the directory, the credentials and the resources around apps without extending anything', async () => {
    mock.backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const client = mock.client();
    const logins = (await client.users.list().toArray({ max: 10 })).map((user) => user.profile.login);
    expect(logins).toContain('ada@example.com');
    expect(await client.groups.list().toArray({ max: 10 })).not.toEqual([]);
    for (const member of [client.apps.list, client.apps.users.list, client.apps.keys.list, client.apps.rotateSigningKey, client.apps.logo.upload, client.apps.grants.grant]) {
      expect(typeof member).toBe('function');
    }
  });

  it('is typed with every resource', () => {
    const client = createClient(options);
    expectTypeOf(client).toEqualTypeOf<AppsetClient>();
    expectTypeOf(client.users.list().toArray).returns.resolves.toEqualTypeOf<User[]>();
    expectTypeOf(client.apps.keys.list).toBeFunction();
    expectTypeOf(client.apps.policies.assign).toBeFunction();
    expectTypeOf(client.apps.grants.list).toBeFunction();
    expectTypeOf(client.apps.list).toBeFunction();
  });
});

describe('the bare client of appset/core', () => {
  it('has apps, their users and groups, providers, security events and the System Log, and nothing an extension adds', () => {
    const client = createCoreClient(options);
    expect(Object.keys(client).sort()).toEqual(['apps', 'extend', 'logs', 'orgUrl', 'securityEvents', 'securityEventsProviders']);
    expect(Object.keys(client.apps).sort()).toEqual(['activate', 'create', 'deactivate', 'delete', 'get', 'groups', 'list', 'replace', 'users']);
  });

  it('names the extension and its import when a resource it lacks is read', () => {
    const client = createCoreClient(options);
    expect(() => (client as unknown as AppsetClient).users.list()).toThrow(
      "client.users comes with the directory extension: import { directory } from 'appset/core' and use client.extend(directory), or createClient from 'appset', which has every resource.",
    );
    expect(() => (client as unknown as AppsetClient).groups).toThrow(ConfigurationError);
    expect(() => (client as unknown as AppsetClient).apps.grants).toThrow(/client\.apps\.grants comes with the directory extension/);
    expect(() => (client as unknown as AppsetClient).apps.keys).toThrow(/client\.apps\.keys comes with the appCredentials extension.*import \{ appCredentials \} from 'appset\/core'/);
    expect(() => (client as unknown as AppsetClient).apps.logo).toThrow(/client\.apps\.logo comes with the appResources extension/);
  });

  it('is typed without what it lacks: reading it does not compile', () => {
    const client = createCoreClient(options);
    expectTypeOf(client).toEqualTypeOf<CoreClient>();
    expectTypeOf(client).not.toHaveProperty('users');
    expectTypeOf(client.apps).not.toHaveProperty('keys');
    // @ts-expect-error: the bare client has no directory until it is extended with it.
    expect(() => client.users).toThrow(ConfigurationError);
    // @ts-expect-error: nor the credentials around apps.
    expect(() => client.apps.keys).toThrow(ConfigurationError);
  });
});

describe('extend', () => {
  it('returns a new client with the extension, leaving the client it is called on as it was', () => {
    const bare = createCoreClient(options);
    const apps = bare.apps;
    const withDirectory = bare.extend(directory);
    expect(withDirectory).not.toBe(bare);
    expect(typeof withDirectory.users.list).toBe('function');
    expect(typeof withDirectory.apps.grants.grant).toBe('function');
    // The first client, and its apps, are unchanged: still without the directory.
    expect(bare.apps).toBe(apps);
    expect(Object.keys(bare)).not.toContain('users');
    expect(() => (bare as unknown as AppsetClient).users).toThrow(ConfigurationError);
    expect(() => (bare as unknown as AppsetClient).apps.grants).toThrow(ConfigurationError);
    expect(Object.isFrozen(bare) && Object.isFrozen(bare.apps) && Object.isFrozen(withDirectory) && Object.isFrozen(withDirectory.apps)).toBe(true);
    // What is still missing still names its extension.
    expect(() => (withDirectory as unknown as AppsetClient).apps.keys).toThrow(/appCredentials/);
  });

  it('merges apps into a new object, so the apps calls stay beside the added ones', () => {
    const client = createCoreClient(options).extend(appCredentials).extend(appResources).extend(directory);
    expect(typeof client.apps.list).toBe('function');
    expect(typeof client.apps.users.assign).toBe('function');
    expect(typeof client.apps.keys.list).toBe('function');
    expect(typeof client.apps.rotateSigningKey).toBe('function');
    expect(typeof client.apps.logo.upload).toBe('function');
    expect(typeof client.apps.grants.grant).toBe('function');
    expect(typeof client.groups.members).toBe('function');
    expect(client.orgUrl.href).toBe('https://example.okta.com/');
  });

  it('types the new client with the extension and leaves the type of the first as it was', () => {
    const bare = createCoreClient(options);
    const extended = bare.extend(directory);
    expectTypeOf(extended.users.list().toArray).returns.resolves.toEqualTypeOf<User[]>();
    expectTypeOf(extended.apps.grants.list).toBeFunction();
    expectTypeOf(extended.apps.list).toBeFunction();
    expectTypeOf(bare).not.toHaveProperty('users');
  });

  it('calls through a client it returned reach the backend', async () => {
    mock.backend.directory.addUser({ login: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    const client = createCoreClient({ orgUrl: mock.backend.orgUrl, token: mock.backend.defaultToken }).extend(directory);
    expect((await client.users.get('grace@example.com')).profile.firstName).toBe('Grace');
    expect(await client.apps.list().toArray({ max: 5 })).toEqual(expect.any(Array));
  });

  it('refuses an extension that adds members to a resource that cannot take them, rather than break its calls', () => {
    const client = createCoreClient(options);
    expect(() => client.extend(() => ({ logs: { tail: () => 'tail' } }))).toThrow(
      'An extension adds members to client.logs, which takes none; give them a name of their own.',
    );
    expect(typeof client.extend(() => ({ audit: { tail: () => 'tail' } })).audit.tail).toBe('function');
  });

  it('an extension refuses an object that createClient did not make', () => {
    expect(() => appCredentials({ apps: {} } as never)).toThrow(ConfigurationError);
    expect(() => directory({} as never)).toThrow('extend adds resources to a client made by createClient; this object is none.');
  });
});
