// The replay of whole tests aligns list items by id: an item ours lists under an id the test knows
// (a role assignment's id is the role type, the same in every org) and the real org no longer
// lists is a difference, as an item ours made is.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTestRecordings, AppTestScenario, AppTestStep } from './recordings';
import { replayWholeTest } from './whole-run';

const USER = '00uaaaaaaaaaaaaaaaaa';
const roles = `/api/v1/users/${USER}/roles`;
const step = (n: number, method: string, endpoint: string, body: unknown, status: number, answer: unknown, more: Partial<AppTestStep> = {}, path = roles): AppTestStep => ({
  n,
  endpoint,
  request: { method, path, body: body === null ? null : JSON.stringify(body) },
  response: { status, headers: {}, body: answer },
  ...more,
}) as AppTestStep;

const scenario: AppTestScenario = {
  id: 'A999 TestAccRoles_listed/classic-00 (2020-01-01)',
  test: 'TestAccRoles_listed',
  source: { repo: 'example/repo', path: 'roles_test.go', commit: '0'.repeat(40), recorded: '2020-01-01', org: 'classic-00' },
  origins: ['https://recorded.okta.com'],
  directory: { users: [{ id: USER, login: 'ada@example.com' }], groups: [] },
  steps: [
    step(0, 'POST', 'POST /api/v1/users/{userId}/roles', { type: 'USER_ADMIN' }, 201, { id: 'JBCUYUC7IRCVGS27IFCE2SKO', type: 'USER_ADMIN' }, { setup: true }),
    step(1, 'POST', 'POST /api/v1/users/{userId}/roles', { type: 'APP_ADMIN' }, 201, { id: 'IFIFAX2BIRGUSTQ', type: 'APP_ADMIN' }, { setup: true }),
    // The test reads the second role by the id the first answer held: the test knows that id.
    step(2, 'GET', 'GET /api/v1/users/{userId}/roles/{roleAssignmentId}', null, 200, { id: 'IFIFAX2BIRGUSTQ', type: 'APP_ADMIN' }, { setup: true, refs: { IFIFAX2BIRGUSTQ: 1 } }, `${roles}/IFIFAX2BIRGUSTQ`),
    // The real org lists the first role alone (as if the second had been taken away): ours lists both.
    step(3, 'GET', 'GET /api/v1/users/{userId}/roles', null, 200, [{ id: 'JBCUYUC7IRCVGS27IFCE2SKO', type: 'USER_ADMIN' }]),
  ],
};
const recordings: AppTestRecordings = { oldBefore: '2021-01-01', optionalInReality: [], orgSpecificValues: [], endpointCounts: {}, scenarios: [scenario] };

describe('lists in the replay of whole tests', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('reports an item ours lists under an id the test knows that the real org does not list', async () => {
    const results = await replayWholeTest(server, scenario, recordings);
    expect(results.slice(0, 3).map((r) => r.differences)).toEqual([[], [], []]);
    expect(results[3]!.differences).toContain('list: ours lists Application Administrator, real orgs do not');
  });

  it('reports a list whose items ours orders otherwise, unless both sides order them by id (ids are the org\'s choice)', async () => {
    const apps = '/api/v1/apps';
    const bookmark = (label: string) => ({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://example.com' } } });
    const [a, b] = ['0oaaaaaaaaaaaaaaaaaa', '0oazzzzzzzzzzzzzzzzz'];
    // The real org lists the second app first, and not by id; ours lists apps as they were made.
    const listed: AppTestScenario = {
      ...scenario,
      steps: [
        step(0, 'POST', 'POST /api/v1/apps', bookmark('A'), 200, { id: a, label: 'A' }, { setup: true }, apps),
        step(1, 'POST', 'POST /api/v1/apps', bookmark('B'), 200, { id: b, label: 'B' }, { setup: true }, apps),
        step(2, 'GET', 'GET /api/v1/apps', null, 200, [{ id: b, label: 'B' }, { id: a, label: 'A' }], {}, apps),
      ],
    };
    const results = await replayWholeTest(server, listed, recordings);
    expect(results[2]!.differences).toContain('list: ours lists the items in another order than real orgs');
  });
  it('aligns the org\'s built-in authenticators by key, so a test reads ours under the id the recording org gave its own', async () => {
    const recordedId = 'autnwmp13v5jQ3JQJ5d7';
    const self = `https://recorded.okta.com/api/v1/authenticators/${recordedId}`;
    const email = {
      type: 'email',
      id: recordedId,
      key: 'okta_email',
      status: 'ACTIVE',
      name: 'Email',
      created: '2025-03-19T09:20:46.000Z',
      lastUpdated: '2025-03-19T09:20:46.000Z',
      settings: { allowedFor: 'recovery', tokenLifetimeInMinutes: 5 },
      _links: {
        self: { href: self, hints: { allow: ['GET', 'PUT'] } },
        deactivate: { href: `${self}/lifecycle/deactivate`, hints: { allow: ['POST'] } },
        methods: { href: `${self}/methods`, hints: { allow: ['GET'] } },
      },
    };
    const path = '/api/v1/authenticators';
    const listed: AppTestScenario = {
      ...scenario,
      steps: [
        step(0, 'GET', 'GET /api/v1/authenticators', null, 200, [email], {}, path),
        step(1, 'GET', 'GET /api/v1/authenticators/{authenticatorId}', null, 200, email, {}, `${path}/${recordedId}`),
      ],
    };
    for (const s of listed.steps) s.response.headers = { 'content-type': ['application/json'] };
    const results = await replayWholeTest(server, listed, recordings);
    expect(results.map((r) => r.differences)).toEqual([[], []]);
  });
});
