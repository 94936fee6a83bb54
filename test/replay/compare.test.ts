// The replay compares the ids an organization chose by kind, never by value (the recordings
// README): every kind the backend makes is one the comparison knows.
import { describe, expect, it } from 'vitest';
import { compareAnswers, normalise, type CompareContext } from './compare';

const ctx: CompareContext = { origins: ['https://acme.okta.com'], generatedNames: new Set(), optional: new Set(), old: false };

describe('ids in recorded and replayed answers', () => {
  it.each([
    ['a user role assignment (ra1…)', 'ra1b8aahBZuGJRRa30g4', '<id:ra1>'],
    ['a group role assignment (gra…)', 'grakwr6yx1gwn7G2x1d7', '<id:gra>'],
    ['an interclient trust mapping (itm…)', 'itm1a2b3c4d5e6f7g8h9', '<id:itm>'],
    ['a Cross App Access connection (cwo…)', 'cwo1a2b3c4d5e6f7g8h9', '<id:cwo>'],
    ['a resource set (iam…)', 'iamqgahvw0zXNQ14J5d7', '<id:iam>'],
    ['a resource of a set (ire…)', 'ireqgml15lndhHPir5d7', '<id:ire>'],
    ['an authenticator (aut…)', 'autnwmp13v5jQ3JQJ5d7', '<id:aut>'],
    ['an inline hook (cal…)', 'calkwv01phewZjZj61d7', '<id:cal>'],
    ['a custom authorization server (aus…)', 'ausrqretfoZdCdBC11d7', '<id:aus>'],
    ['a scope of a server (scp…)', 'scprqre6fisw9fiFm1d7', '<id:scp>'],
    ['a claim of a server (ocl…)', 'oclrqrsi40FIFxGsA1d7', '<id:ocl>'],
    ['a policy of a server (00p…)', '00prqrld5eC2LNL8v1d7', '<id:00p>'],
  ])('%s is compared by kind', (_what, id, kind) => {
    expect(normalise(`https://acme.okta.com/api/v1/x/${id}`, ctx)).toBe(`<org>/api/v1/x/${kind}`);
  });

  it('the path segment authorizationServers (20 letters starting with aut) is not an authenticator id', () => {
    expect(normalise('https://acme.okta.com/api/v1/authorizationServers/ausrqretfoZdCdBC11d7/scopes', ctx)).toBe('<org>/api/v1/authorizationServers/<id:aus>/scopes');
  });

  it('ids that are the same in every org stay as they are (a targetable role assignment, a feature)', () => {
    expect(normalise('IFIFAX2BIRGUSTQ', ctx)).toBe('IFIFAX2BIRGUSTQ');
    expect(normalise('ftr3aIC4kQI7sJEgoodC', ctx)).toBe('ftr3aIC4kQI7sJEgoodC');
  });
});

describe('sets of names the org answers in either order', () => {
  const answer = (body: unknown) => ({ status: 200, headers: { 'content-type': ['application/json'] }, body });
  it('compares Okta Verify\'s userVerificationMethods as a set, and other lists in order', () => {
    const okta = (methods: string[], other: string[]) => ({ settings: { userVerificationMethods: methods, algorithms: other } });
    const out = compareAnswers(answer(okta(['PIN', 'BIOMETRICS'], ['ES256', 'RS256'])), answer(okta(['BIOMETRICS', 'PIN'], ['RS256', 'ES256'])), ctx, false);
    expect(out.filter((d) => d.includes('userVerificationMethods'))).toEqual([]);
    expect(out.some((d) => d.startsWith('settings.algorithms[0]'))).toBe(true);
    expect(compareAnswers(answer(okta(['PIN'], [])), answer(okta(['BIOMETRICS'], [])), ctx, false)).not.toEqual([]);
  });
});
