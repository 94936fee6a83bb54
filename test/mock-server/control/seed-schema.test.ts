import { readFileSync } from 'node:fs';
import { refuseProtoKeys } from '../../../mock-server/control/body-errors';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { seedJsonSchema, SeedDocumentSchema } from '../../../mock-server/index';

const published = JSON.parse(readFileSync(new URL('../../../schema/seed.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ strict: false }).compile(published);

describe('the published seed JSON Schema (appset/seed.schema.json)', () => {
  it('is the one generated from the zod schema (run npm run schema after changing it)', () => {
    expect(published).toEqual(seedJsonSchema());
  });

  it('accepts a document with every member, as the zod schema does', () => {
    const doc = {
      apps: [{ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } }, status: 'INACTIVE' }],
      users: [{ id: '00u1ada0000000000000', login: 'ada@example.com' }],
      groups: [{ name: 'Engineering' }],
      assignments: [{ appId: '0oa1wiki000000000000', userId: '00u1ada0000000000000' }, { appId: '0oa1wiki000000000000', groupId: '00g1eng0000000000000' }],
      providers: [
        { name: 'A', issuer: 'https://a.test', jwks: { keys: [{ kty: 'RSA', kid: 'k', n: `u${'A'.repeat(341)}`, e: 'AQAB' }] } },
        { name: 'B', issuer: 'https://b.test', jwks_url: 'https://b.test/keys' },
        { name: 'C', well_known_url: 'https://c.test/.well-known/ssf-configuration' },
      ],
      tokens: [{ token: 't1', type: 'SSWS' }, { token: 't2', type: 'Bearer', scopes: ['okta.apps.read'] }, { token: 't3', type: 'Bearer' }],
    };
    expect(validate(doc)).toBe(true);
    expect(SeedDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it.each([
    ['an unknown member', { robots: [] }],
    ['a user without login', { users: [{ email: 'a@example.com' }] }],
    ['a token of another type', { tokens: [{ token: 't', type: 'Basic' }] }],
    ['too many providers', { providers: Array.from({ length: 101 }, (_, i) => ({ name: `p${i}`, issuer: `https://p${i}.test`, jwks_url: 'https://p.test/k' })) }],
  ])('refuses %s, as the zod schema does', (_, doc) => {
    expect(validate(doc)).toBe(false);
    expect(SeedDocumentSchema.safeParse(doc).success).toBe(false);
  });
});

describe('refuseProtoKeys', () => {
  it('walks a document nested 100,000 deep in linear time and refuses it by its depth, naming the field', () => {
    let doc: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) doc = [doc];
    expect(() => refuseProtoKeys({ apps: doc }, 'seed')).toThrow(/^seed field apps(\[0\]){999}: nested deeper than 1000 levels/);
  });

  it('names the path of a __proto__ member', () => {
    expect(() => refuseProtoKeys(JSON.parse('{"apps":[{"settings":{"__proto__":{"x":1}}}]}'), 'seed')).toThrow(
      'seed field apps[0].settings.__proto__: a member named __proto__ is not allowed; remove it',
    );
  });
});
