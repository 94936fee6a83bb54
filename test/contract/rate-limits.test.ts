import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMockBackend } from '../support/backend';
import { CONTRACT_PATH, contractAvailable, responsesChecked } from '../support/contract';
import { BOOKMARK } from './app-kinds';

if (!contractAvailable) {
  console.warn(
    `Contract rate-limit tests skipped: no contract at ${CONTRACT_PATH}. Set APPSET_CONTRACT to the path of okta-apps-ssf.openapi.yaml to run them.`,
  );
}

// One call a minute per bucket: the second call of a test in a bucket is over the limit. The clock
// stands still, so no test can straddle two rate-limit windows.
const { backend } = useMockBackend({
  seed: [BOOKMARK],
  rateLimits: { apps: 1, app: 1 },
  now: () => Date.parse('2026-11-20T10:00:30.000Z'),
});

let sent = 0;

async function call(method: string, path: string, body?: unknown) {
  sent += 1;
  const response = await fetch(new URL(path, backend.orgUrl), {
    method,
    headers: {
      authorization: `SSWS ${backend.defaultToken}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const appId = () => backend.apps.list()[0]!.id;

/** Each operation, with another call that spends its bucket first. */
const OPERATIONS = [
  { name: 'list', bucket: 'apps', method: 'GET', path: () => '/api/v1/apps' },
  { name: 'create', bucket: 'apps', method: 'POST', path: () => '/api/v1/apps', body: BOOKMARK },
  { name: 'retrieve', bucket: 'app', method: 'GET', path: () => `/api/v1/apps/${appId()}` },
  { name: 'replace', bucket: 'app', method: 'PUT', path: () => `/api/v1/apps/${appId()}`, body: BOOKMARK },
  { name: 'delete', bucket: 'app', method: 'DELETE', path: () => `/api/v1/apps/${appId()}` },
  { name: 'activate', bucket: 'app', method: 'POST', path: () => `/api/v1/apps/${appId()}/lifecycle/activate` },
  { name: 'deactivate', bucket: 'app', method: 'POST', path: () => `/api/v1/apps/${appId()}/lifecycle/deactivate` },
] as const;

describe.skipIf(!contractAvailable)('over the rate limit, every operation answers as the contract says', () => {
  let checkedBefore = 0;
  beforeAll(() => {
    checkedBefore = responsesChecked();
  });
  afterAll(() => {
    expect(sent).toBeGreaterThan(0);
    expect(responsesChecked() - checkedBefore).toBe(sent);
  });

  it.for(OPERATIONS)('$name answers 429 E0000047 once its bucket is spent', async (op) => {
    const spend = op.bucket === 'apps' ? '/api/v1/apps' : `/api/v1/apps/${appId()}`;
    expect((await call('GET', spend)).status).toBe(200);
    const answer = await call(op.method, op.path(), 'body' in op ? op.body : undefined);
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({
      errorCode: 'E0000047',
      errorSummary: 'API call exceeded rate limit due to too many requests.',
      errorLink: 'E0000047',
      errorCauses: [],
    });
    expect(answer.headers.get('x-rate-limit-limit')).toBe('1');
    expect(answer.headers.get('x-rate-limit-remaining')).toBe('0');
  });
});
