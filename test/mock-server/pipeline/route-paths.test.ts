import { describe, expect, it } from 'vitest';
import { compilePath } from '../../../mock-server/pipeline/router';

// What a route path matches, pinned: literal segments exactly (letter case included), a `:name`
// segment one non-empty segment, percent-decoded; a segment that does not decode matches nothing.
describe('compilePath', () => {
  const match = compilePath('/api/v1/apps/:appId/users/:userId');

  it('takes parameters as they are when they hold no percent sign, decoded when they do', () => {
    expect(match('/api/v1/apps/0oa1/users/00u2')).toEqual({ appId: '0oa1', userId: '00u2' });
    expect(match('/api/v1/apps/a%20b/users/%E2%82%AC')).toEqual({ appId: 'a b', userId: '€' });
    expect(match('/api/v1/apps/a%2Fb/users/x')).toEqual({ appId: 'a/b', userId: 'x' });
  });

  it('matches nothing for another literal, another letter case, an empty or undecodable parameter, or another length', () => {
    expect(match('/api/v1/apps/0oa1/groups/00u2')).toBeUndefined();
    expect(match('/api/v1/Apps/0oa1/users/00u2')).toBeUndefined();
    expect(match('/api/v1/apps//users/00u2')).toBeUndefined();
    expect(match('/api/v1/apps/%E0%A4%A/users/00u2')).toBeUndefined();
    expect(match('/api/v1/apps/0oa1/users/%')).toBeUndefined();
    expect(match('/api/v1/apps/0oa1/users')).toBeUndefined();
    expect(match('/api/v1/apps/0oa1/users/00u2/')).toBeUndefined();
  });

  it('takes the segments already split when given', () => {
    const path = '/api/v1/apps/0oa1/users/00u2';
    expect(match(path, path.split('/'))).toEqual({ appId: '0oa1', userId: '00u2' });
  });
});
