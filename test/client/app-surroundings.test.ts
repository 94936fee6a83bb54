import { Readable } from 'node:stream';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type CreateApplicationInput, type GroupPushMapping, NotFoundError, RequestValidationError } from '../../src/index';
import { useMockBackend } from '../support/backend';
import { bookmark } from '../mock-server/app-inputs';

const mock = useMockBackend();
const { backend } = mock;
// The default client has every resource.
const client = mock.client;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);
const org2org = { name: 'okta_org2org', label: 'Partner', signOnMode: 'SAML_2_0', settings: { app: { baseUrl: 'https://partner.okta.com' } } } as unknown as CreateApplicationInput;
const deelhr = { name: 'deelhr', label: 'Deel', signOnMode: 'AUTO_LOGIN', settings: { app: {} } } as unknown as CreateApplicationInput;

describe('client.apps around an app', () => {
  it('policies.assign answers nothing and the app links to the policy', async () => {
    const app = backend.apps.create(bookmark());
    const policy = backend.policies.add({ name: 'Require MFA' });
    expect(await client().apps.policies.assign(app.id, String(policy.id))).toBeUndefined();
    expect((await client().apps.get(app.id))._links?.accessPolicy).toEqual({ href: `${backend.orgUrl}/api/v1/policies/${String(policy.id)}` });
    await expect(client().apps.policies.assign(app.id, 'rstNOPE')).rejects.toBeInstanceOf(NotFoundError);
  });

  describe('logo.upload', () => {
    it('sends a Uint8Array as multipart and answers where the logo is served', async () => {
      const app = backend.apps.create(bookmark());
      const { url } = await client().apps.logo.upload(app.id, PNG);
      expect(url).toMatch(new RegExp(`^${backend.orgUrl}/fs/bco/4/`));
      expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(PNG);
    });

    it('takes a Blob and a Node Readable', async () => {
      const app = backend.apps.create(bookmark());
      for (const file of [new Blob([PNG]), Readable.from([PNG.subarray(0, 5), PNG.subarray(5)])]) {
        const { url } = await client().apps.logo.upload(app.id, file);
        expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(PNG);
      }
    });

    it('refuses a file of another type before anything is sent', async () => {
      const app = backend.apps.create(bookmark());
      const before = backend.journal.list().length;
      const error = await client().apps.logo.upload(app.id, new TextEncoder().encode('hello')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).message).toBe(
        'Invalid logo: file: Must be a PNG, JPG, SVG (UTF-8) or GIF image; the bytes are none of these. Fix the field(s) named and call again; nothing was sent.',
      );
      expect(backend.journal.list()).toHaveLength(before);
    });

    it('reads a stream only up to the 1 MB bound, then stops it and refuses', async () => {
      const app = backend.apps.create(bookmark());
      let pulled = 0;
      const endless = new Readable({
        read() {
          pulled += 1;
          this.push(new Uint8Array(64 * 1024));
        },
      });
      const error = await client().apps.logo.upload(app.id, endless).catch((e: unknown) => e);
      expect((error as RequestValidationError).issues).toEqual([{ path: 'file', reason: 'Must be less than 1 MB (1048576 bytes); this file is 1048576 or more bytes' }]);
      expect(endless.destroyed).toBe(true);
      expect(pulled).toBeLessThan(40);
    });

    it('refuses a Blob of 1 MB or more without reading it', async () => {
      const app = backend.apps.create(bookmark());
      await expect(client().apps.logo.upload(app.id, new Blob([new Uint8Array(2 * 1024 * 1024)]))).rejects.toThrow('this file is 2097152 bytes');
    });
  });

  it('connections and features: get, update with activate, list, get, update', async () => {
    const app = backend.apps.create(org2org);
    const apps = client().apps;
    expect((await apps.connections.get(app.id)).status).toBe('DISABLED');
    expect((await apps.connections.update(app.id, { profile: { authScheme: 'TOKEN', token: 't0k3n' } }, { activate: true })).status).toBe('ENABLED');
    expect((await apps.features.list(app.id)).map((f) => f.name)).toEqual(['USER_PROVISIONING', 'INBOUND_PROVISIONING']);
    const updated = await apps.features.update(app.id, 'USER_PROVISIONING', { update: { profile: { status: 'ENABLED' } } });
    expect(updated.capabilities).toMatchObject({ update: { profile: { status: 'ENABLED' } } });
    expect(await apps.features.get(app.id, 'USER_PROVISIONING')).toEqual(updated);
    expect(await apps.connections.deactivate(app.id)).toBeUndefined();
    expect(await apps.connections.activate(app.id)).toBeUndefined();
  });

  it('tokens: list pages every token, get, revoke, revokeAll', async () => {
    const app = backend.apps.create(bookmark());
    const user = backend.directory.addUser({ login: 'ada@example.com' });
    const ids = [1, 2, 3].map(() => backend.refreshTokens.issue(app.id, { userId: user.id, scopes: ['offline_access'] }));
    const tokens = client().apps.tokens;
    expect((await tokens.list(app.id, { limit: 2 }).toArray({ max: 10 })).map((t) => t.id)).toEqual(ids);
    expect((await tokens.get(app.id, ids[0]!, { expand: 'scope' })).scopes).toEqual(['offline_access']);
    await tokens.revoke(app.id, ids[0]!);
    await expect(tokens.get(app.id, ids[0]!)).rejects.toBeInstanceOf(NotFoundError);
    await tokens.revokeAll(app.id);
    expect(await tokens.list(app.id).toArray({ max: 10 })).toEqual([]);
  });

  it('groupPush: create, list filtered, update, delete', async () => {
    const app = backend.apps.create(deelhr);
    const group = backend.directory.addGroup({ name: 'Engineering' });
    const push = client().apps.groupPush;
    const mapping = await push.create(app.id, { sourceGroupId: group.id, targetGroupName: 'Engineering' });
    expectTypeOf(mapping).toMatchTypeOf<GroupPushMapping>();
    expect((await push.list(app.id, { sourceGroupId: group.id }).toArray({ max: 5 })).map((m) => m.id)).toEqual([mapping.id]);
    expect((await push.update(app.id, mapping.id, { status: 'INACTIVE' })).status).toBe('INACTIVE');
    expect(await push.delete(app.id, mapping.id, { deleteTargetGroup: true })).toBeUndefined();
    expect(backend.directory.group(mapping.targetGroupId)).toBeUndefined();
  });

  it('federatedClaims: create, list, get, replace, delete', async () => {
    const app = backend.apps.create(bookmark());
    const claims = client().apps.federatedClaims;
    const claim = await claims.create(app.id, { name: 'role', expression: 'user.profile.title' });
    expect(await claims.list(app.id)).toEqual([claim]);
    expect(await claims.get(app.id, claim.id)).toEqual(claim);
    expect((await claims.replace(app.id, claim.id, { name: 'title', expression: 'user.profile.title' })).name).toBe('title');
    await claims.delete(app.id, claim.id);
    expect(await claims.list(app.id)).toEqual([]);
  });

  it('userSchema: get, and update adding then removing a custom property', async () => {
    const app = backend.apps.create(bookmark());
    const schema = client().apps.userSchema;
    expect(Object.keys((await schema.get(app.id)).definitions.base.properties)).toEqual(['userName']);
    const added = await schema.update(app.id, { definitions: { custom: { properties: { team: { title: 'Team', type: 'string' } } } } });
    expect(Object.keys(added.definitions.custom.properties)).toEqual(['team']);
    const removed = await schema.update(app.id, { definitions: { custom: { properties: { team: null } } } });
    expect(removed.definitions.custom.properties).toEqual({});
  });

  it('refuses a body that is not an object before anything is sent', async () => {
    const error = await client().apps.federatedClaims.create('0oa1', 'role' as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
  });
});
