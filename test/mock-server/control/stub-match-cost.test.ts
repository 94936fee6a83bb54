import { describe, expect, it } from 'vitest';
import { compileStubMatch, StubRequestSchema, type StubRequestView } from '../../../mock-server/control/stub-match';

// Found by an outside attack (issue 31, "a pass of your own"): 100 stubs with bodyJson.equalTo and a
// POST of 90,000 members held the server for seconds, each stub listing the body's members again.
// The work counted is how often the body's members are listed (a proxy's ownKeys trap).

/** The body's parsed value behind a proxy that counts how often its members are listed. */
function countedBody(members: number, extra: Record<string, unknown>) {
  const target: Record<string, unknown> = { ...extra };
  for (let i = 0; i < members; i++) target[`k${i}`] = i;
  let listed = 0;
  const value = new Proxy(target, {
    ownKeys(t) {
      listed++;
      return Reflect.ownKeys(t);
    },
  });
  return { body: { value }, listed: () => listed };
}

const view = { url: new URL('http://127.0.0.1/api/v1/heavy') } as StubRequestView;
const stubs = Array.from({ length: 100 }, (_, i) => compileStubMatch(StubRequestSchema.parse({ bodyJson: { equalTo: { a: i } } }))!);

describe('stubs comparing a body with bodyJson.equalTo', () => {
  it('list the members of a body of 20,000 members at most once for 100 stubs, and none of them matches', () => {
    const { body, listed } = countedBody(20_000, { a: 7 });
    expect(stubs.map((stub) => stub.test(view, body))).toEqual(stubs.map(() => false));
    expect(listed()).toBeLessThanOrEqual(1);
  });

  it('still match a body with exactly the stub’s members, and only that stub', () => {
    const { body } = countedBody(0, { a: 7 });
    expect(stubs.map((stub, i) => [i, stub.test(view, body)]).filter(([, matched]) => matched)).toEqual([[7, true]]);
  });

  it('refuse a body holding the stub’s members and one more', () => {
    const { body } = countedBody(1, { a: 7 });
    expect(stubs[7]!.test(view, body)).toBe(false);
  });
});
