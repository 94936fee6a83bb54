import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ForbiddenError, NotFoundError, type Application } from '../../src/index';
import { CONTRACT_PATH, contractAvailable, contractCheckingFetch, responsesChecked } from '../support/contract';
import { runCli, startCli, type CliProcess } from './cli-process';

const TOKEN = 'e2e-token';
const DEMO_APP_COUNT = 12;
const bookmark = (label: string) =>
  ({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }) as const;

let cli: CliProcess;
let url: string;

beforeAll(async () => {
  ({ cli, url } = await startCli(['--port', '0', '--host', '127.0.0.1', '--seed', 'demo', '--token', TOKEN, '--log', 'all']));
});

afterAll(async () => {
  await cli?.stop('SIGTERM');
});

// Every response this file receives over HTTP is checked against the OpenAPI contract.
const contractProblems: string[] = [];
const checkedFetch = contractCheckingFetch(contractProblems);
afterEach(() => {
  expect(contractProblems.splice(0)).toEqual([]);
});

/** `fetch` on the served URL with the CLI's token unless `authorization` is given (null: none). */
async function request(path: string, init: { method?: string; authorization?: string | null; body?: string } = {}) {
  const headers = new Headers({ accept: 'application/json' });
  const authorization = init.authorization === undefined ? `SSWS ${TOKEN}` : init.authorization;
  if (authorization !== null) headers.set('authorization', authorization);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const response = await checkedFetch(`${url}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

describe('appset-mock on the command line', () => {
  it('prints the served URL and the token to use', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await cli.waitForLine(/^token: /);
    const at = cli.stdout.findIndex((line) => line === `appset mock server listening on ${url}`);
    expect(cli.stdout[at + 1]).toBe(`token: ${TOKEN}  (send it as: Authorization: SSWS ${TOKEN})`);
  });

  it('logs one line per request: time, method, path and query, status, milliseconds, request id, refusal code', async () => {
    const listed = await request('/api/v1/apps?limit=1&probe=log-line');
    const missing = await request('/api/v1/apps/0oa0000000000missing?probe=log-line', { method: 'DELETE' });
    await cli.waitForLine(/ DELETE \/api\/v1\/apps\/0oa0000000000missing\?probe=log-line /);
    const lines = cli.stdout.filter((line) => line.includes('probe=log-line'));
    expect(lines).toHaveLength(2);
    const time = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
    expect(lines[0]).toMatch(new RegExp(`^${time} GET /api/v1/apps\\?limit=1&probe=log-line 200 \\d+\\.\\dms id=${listed.headers.get('x-okta-request-id')}$`));
    expect(lines[1]).toMatch(
      new RegExp(`^${time} DELETE /api/v1/apps/0oa0000000000missing\\?probe=log-line 404 \\d+\\.\\dms id=${missing.headers.get('x-okta-request-id')} error=E0000007$`),
    );
  });
});

describe('appset-mock log lines for refusals outside Okta’s own errors', () => {
  it('names the OAuth error of the token endpoint and control_refused for the plane, each with a request id', async () => {
    // Raw fetch: these answers are not in the Okta contract the checked fetch validates against.
    const token = await fetch(`${url}/oauth2/v1/token?probe=oauth-log`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    const plane = await fetch(`${url}/__appset/clock?probe=plane-log`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs": -1}' });
    expect([token.status, plane.status]).toEqual([401, 400]);
    await cli.waitForLine(/ POST \/__appset\/clock\?probe=plane-log /);
    const oauthLine = cli.stdout.find((line) => line.includes('probe=oauth-log'));
    const planeLine = cli.stdout.find((line) => line.includes('probe=plane-log'));
    expect(oauthLine).toMatch(new RegExp(`401 \\d+\\.\\dms id=${token.headers.get('x-okta-request-id')} error=invalid_client$`));
    expect(planeLine).toMatch(new RegExp(`400 \\d+\\.\\dms id=${plane.headers.get('x-okta-request-id')} error=control_refused$`));
    expect(plane.headers.get('x-okta-request-id')).toMatch(/^\w{20}$/);
  });
});

describe('the appset client against appset-mock', () => {
  const client = () => createClient({ orgUrl: url, token: TOKEN, maxRetries: 0, fetch: checkedFetch });

  it('lists the dozen demo apps in three pages of at most five, following the served next links', async () => {
    const pages = [];
    for await (const page of client().apps.list({ limit: 5 }).pages()) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 2]);
    // Real organizations write `after` first in next links.
    expect(pages[0]!.links.next).toMatch(new RegExp(`^${url}/api/v1/apps\\?after=[^&]+&limit=5$`));
    expect(pages[2]!.links.next).toBeUndefined();
    const ids = pages.flatMap((p) => p.items.map((app) => app.id));
    expect(new Set(ids).size).toBe(DEMO_APP_COUNT);
  });

  it('creates, replaces, deactivates and deletes an app', async () => {
    const apps = client().apps;
    const created = await apps.create(bookmark('E2E Wiki'));
    expect(created).toMatchObject({ name: 'bookmark', label: 'E2E Wiki', status: 'ACTIVE' });
    expect(created.id).toMatch(/^0oa[0-9A-Za-z]{17}$/);

    const replaced = await apps.replace(created.id, bookmark('E2E Wiki (renamed)'));
    expect(replaced).toMatchObject({ id: created.id, label: 'E2E Wiki (renamed)', status: 'ACTIVE' });

    await apps.deactivate(created.id);
    const inactive: Application = await apps.get(created.id);
    expect(inactive.status).toBe('INACTIVE');
    expect(inactive._links).toMatchObject({ activate: { href: `${url}/api/v1/apps/${created.id}/lifecycle/activate` } });

    await apps.delete(created.id);
    await expect(apps.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses to delete an active app with ForbiddenError E0000056', async () => {
    const apps = client().apps;
    const created = await apps.create(bookmark('E2E Active'));
    const refused = await apps.delete(created.id).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ForbiddenError);
    expect(refused).toMatchObject({
      status: 403,
      errorCode: 'E0000056',
      errorSummary: 'Delete application forbidden.',
      errorCauses: [{ errorSummary: 'The application must be deactivated before deletion.' }],
    });
    await apps.deactivate(created.id);
    await apps.delete(created.id);
  });
});

describe('appset-mock over plain HTTP', () => {
  it('answers a page with the common headers and absolute self and next links on the served URL', async () => {
    const page = await request('/api/v1/apps?limit=5');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(5);
    expect(page.headers.get('content-type')).toBe('application/json');
    expect(page.headers.get('x-okta-request-id')).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(Number.isNaN(Date.parse(page.headers.get('date') ?? ''))).toBe(false);
    expect(page.headers.get('x-rate-limit-limit')).toMatch(/^\d+$/);
    expect(page.headers.get('x-rate-limit-remaining')).toMatch(/^\d+$/);
    expect(page.headers.get('x-rate-limit-reset')).toMatch(/^\d+$/);
    const links = (page.headers.get('link') ?? '').split(/,\s*(?=<)/);
    expect(links).toHaveLength(2);
    expect(links[0]).toBe(`<${url}/api/v1/apps?limit=5>; rel="self"`);
    expect(links[1]).toMatch(new RegExp(`^<${url}/api/v1/apps\\?after=[^&>]+&limit=5>; rel="next"$`));
  });

  it('answers create 200, deactivate 200 {}, delete 204 with no body, then 404', async () => {
    const created = await request('/api/v1/apps', { method: 'POST', body: JSON.stringify(bookmark('HTTP Wiki')) });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    const deactivated = await request(`/api/v1/apps/${id}/lifecycle/deactivate`, { method: 'POST' });
    expect({ status: deactivated.status, body: deactivated.body }).toEqual({ status: 200, body: {} });
    const deleted = await request(`/api/v1/apps/${id}`, { method: 'DELETE' });
    expect({ status: deleted.status, text: deleted.text }).toEqual({ status: 204, text: '' });
    expect((await request(`/api/v1/apps/${id}`)).status).toBe(404);
  });

  it('answers 403 E0000005 to a request without an Authorization header', async () => {
    const answer = await request('/api/v1/apps', { authorization: null });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ errorCode: 'E0000005', errorSummary: 'Invalid session' });
  });

  it('answers 401 E0000011 to a token it was not started with', async () => {
    const answer = await request('/api/v1/apps', { authorization: 'SSWS appset-mock-token' });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ errorCode: 'E0000011', errorSummary: 'Invalid token provided' });
  });

  it('answers 400 E0000003 to a body that is not JSON', async () => {
    const answer = await request('/api/v1/apps', { method: 'POST', body: '{"name": "bookmark",' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: 'E0000003', errorSummary: 'The request body was not well-formed.' });
  });

  it('answers 400 E0000003 to a body over 1 MiB', async () => {
    const label = 'x'.repeat(1024 * 1024);
    const answer = await request('/api/v1/apps', { method: 'POST', body: JSON.stringify(bookmark(label)) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: 'E0000003' });
  });

  it('answers 404 in the Okta error shape on a route it does not serve', async () => {
    const answer = await request('/api/v1/nothing-here');
    expect(answer.status).toBe(404);
    expect(Object.keys(answer.body as object).sort()).toEqual(['errorCauses', 'errorCode', 'errorId', 'errorLink', 'errorSummary']);
    expect(answer.body).toMatchObject({
      errorCode: 'E0000007',
      errorSummary: 'Not found: Resource not found: GET /api/v1/nothing-here (Route)',
      errorLink: 'E0000007',
      errorId: expect.stringMatching(/^\S+$/),
      errorCauses: [],
    });
  });
});

describe('appset-mock --rate-limits okta', () => {
  let limited: { cli: CliProcess; url: string };
  beforeAll(async () => {
    limited = await startCli(['--port', '0', '--host', '127.0.0.1', '--rate-limits', 'okta', '--token', TOKEN]);
  });
  afterAll(async () => {
    await limited?.cli.stop('SIGKILL');
  });

  it('answers the 101st list call of a minute with 429 E0000047', async () => {
    const calls: Array<{ status: number; reset: string | null; remaining: string | null; body: unknown }> = [];
    // A window may end during the run, so call until refused (at most two windows' worth).
    while (calls.length < 202 && calls.at(-1)?.status !== 429) {
      const response = await fetch(`${limited.url}/api/v1/apps`, { headers: { authorization: `SSWS ${TOKEN}` } });
      calls.push({
        status: response.status,
        reset: response.headers.get('x-rate-limit-reset'),
        remaining: response.headers.get('x-rate-limit-remaining'),
        body: await response.json(),
      });
    }
    const refused = calls.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.remaining).toBe('0');
    expect(refused.body).toMatchObject({
      errorCode: 'E0000047',
      errorSummary: 'API call exceeded rate limit due to too many requests.',
      errorCauses: [],
    });
    const sameWindow = calls.slice(0, -1).filter((c) => c.reset === refused.reset);
    expect(sameWindow).toHaveLength(100);
    expect(sameWindow.every((c) => c.status === 200)).toBe(true);
    expect(sameWindow.map((c) => c.remaining).slice(-2)).toEqual(['1', '0']);
  });

  it('closes the server and exits 0 on SIGTERM', async () => {
    expect(await limited.cli.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(limited.cli.stdout.at(-1)).toBe('appset mock server stopped');
    await expect(fetch(`${limited.url}/api/v1/apps`)).rejects.toThrow();
  });
});

describe('appset-mock refusing to start', () => {
  it('names the flag at fault and exits 2 on a bad argument', async () => {
    const bad = runCli(['--port', 'eighty']);
    expect(await bad.exited).toEqual({ code: 2, signal: null });
    expect(bad.stderr()).toBe(
      'appset-mock: --port must be a whole number from 0 to 65535 (got "eighty"), e.g. --port 4010, or --port 0 for a free port.\n',
    );
  });

  it('says the port is in use and exits 1', async () => {
    const port = new URL(url).port;
    const second = runCli(['--port', port, '--host', '127.0.0.1']);
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.stderr()).toBe(
      `appset-mock: port ${port} on 127.0.0.1 is already in use; stop the program using it or pick another with --port (--port 0 picks a free one).\n`,
    );
  });
});

describe('appset-mock with --org-url, stopped with SIGINT', () => {
  let org: { cli: CliProcess; url: string };
  beforeAll(async () => {
    org = await startCli(['--port', '0', '--host', '127.0.0.1', '--token', TOKEN, '--org-url', 'https://acme.okta.example']);
  });

  it('writes the given org URL into links while serving on the local port', async () => {
    const response = await checkedFetch(`${org.url}/api/v1/apps?limit=1`, { headers: { authorization: `SSWS ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe('<https://acme.okta.example/api/v1/apps?limit=1>; rel="self"');
  });

  it('closes the server and exits 0 on SIGINT', async () => {
    expect(await org.cli.stop('SIGINT')).toEqual({ code: 0, signal: null });
    expect(org.cli.stdout.at(-1)).toBe('appset mock server stopped');
  });
});

// Without the contract (a clone with no ../shared beside it) nothing can be checked: say so here too.
if (!contractAvailable) {
  console.warn(
    `Contract coverage over HTTP skipped: no contract at ${CONTRACT_PATH}. Set APPSET_CONTRACT to the path of okta-apps-ssf.openapi.yaml to check this file's responses.`,
  );
}
describe.skipIf(!contractAvailable)('contract coverage over HTTP', () => {
  it('checked the responses of this file against the contract', () => {
    expect(responsesChecked()).toBeGreaterThan(20);
  });
});
