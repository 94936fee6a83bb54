import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';

// The form of login, email and secondEmail is checked only on values within their length bound, and
// by a scan linear in the value: `a@` + dots + `@` used to make the pattern backtrack quadratically
// (60,000 dots blocked the server for seconds; these 200,000 would block it for more than a minute).
const DOTS = `a@${'.'.repeat(200_000)}@`;

async function send(path: string, json: unknown) {
  const backend = createMockBackend({ orgUrl: 'https://acme.okta.test' });
  const response = await backend.fetch(
    new Request(new URL(path, backend.orgUrl), {
      method: 'POST',
      headers: { authorization: `SSWS ${backend.defaultToken}`, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(json),
    }),
  );
  return { backend, status: response.status, body: (await response.json()) as any };
}

const profile = (extra: Record<string, unknown>) => ({ firstName: 'Ada', lastName: 'Lovelace', login: 'ada@example.com', email: 'ada@example.com', ...extra });

describe('the email form of a profile', () => {
  it.each([
    ['login', { login: DOTS }, ['login: Must be at most 100 characters']],
    ['email', { email: DOTS }, ['email: Must be at most 100 characters']],
    ['secondEmail', { secondEmail: DOTS }, ['secondEmail: Must be at most 100 characters']],
  ])('answers an over-long %s of dots with its length alone (400 E0000001), and creates no user', async (_field, extra, causes) => {
    const { backend, status, body } = await send('/api/v1/users', { profile: profile(extra) });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('E0000001');
    expect(body.errorCauses.map((c: { errorSummary: string }) => c.errorSummary)).toEqual(causes);
    expect(backend.directory.users()).toEqual([]);
  });

  it('refuses a seeded secondEmail of dots over its bound, naming the field, and seeds nothing', async () => {
    const { backend, status, body } = await send('/__appset/seed', { users: [{ login: 'ada@example.com', profile: { secondEmail: DOTS } }] });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'seed field users[0]: The profile is refused: secondEmail: Must be at most 100 characters.' });
    expect(backend.directory.users()).toEqual([]);
  });

  it.each([
    ['ada@example.com', true],
    ['a.b+c@mail.example.co', true],
    ['ada@example', false],
    ['ada@.com', false],
    ['ada@example.', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['ada@exa@mple.com', false],
    ['ada lovelace@example.com', false],
    ['ada@example.c\tom', false],
    ['a@b.c', true],
    ['a@..', false],
    ['a@.b.', false],
    ['a@b..', true],
  ])('reads %j as an address: %s', async (email, valid) => {
    const { status, body } = await send('/api/v1/users', { profile: profile({ email }) });
    if (valid) expect(status).toBe(200);
    else expect(body.errorCauses).toEqual([{ errorSummary: 'email: Does not match required pattern' }]);
  });
});
