// The replay learns which of our ids stand for the recording org's by walking both answers side by
// side; an ORN holds the org's id and the object's, which a client sends back (a resource set's
// `resources`), so each of its parts is learned at its place.
import { describe, expect, it } from 'vitest';
import { learnIds } from './sub-run';

describe('learning ids from recorded and replayed answers', () => {
  it('learns the org id and the app id inside an ORN', () => {
    const ids = new Map<string, string>();
    learnIds(
      { id: '0oaqgahs6ua9nyoVf5d7', orn: 'orn:okta:idp:00onwlw0o4KFVCgzO5d7:apps:bookmark:0oaqgahs6ua9nyoVf5d7' },
      { id: '0oa1ours000000000000', orn: 'orn:okta:idp:00o1ours000000000000:apps:bookmark:0oa1ours000000000000' },
      ids,
    );
    expect([...ids]).toEqual([
      ['0oaqgahs6ua9nyoVf5d7', '0oa1ours000000000000'],
      ['00onwlw0o4KFVCgzO5d7', '00o1ours000000000000'],
    ]);
  });

  it('learns nothing from ORNs of different shapes', () => {
    const ids = new Map<string, string>();
    learnIds('orn:okta:idp:00onwlw0o4KFVCgzO5d7:apps', 'orn:okta:idp:00o1ours000000000000:apps:bookmark', ids);
    expect(ids.size).toBe(0);
  });
});
