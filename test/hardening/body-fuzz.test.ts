import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import { CATALOG_APP_NAMES, CUSTOM_APP_NAMES, type Application } from '../../src/index';
import { EVERY_APP_KIND } from '../contract/app-kinds';
import { watchUnhandledRejections } from './unhandled-rejections';

// Thousands of requests: a bare msw server (no per-response contract check) keeps the file fast.
const backend = createMockBackend({ seed: EVERY_APP_KIND });
const server = setupServer(...createHandlers(backend));
const rejections = watchUnhandledRejections();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const KNOWN_NAMES: readonly string[] = [...CUSTOM_APP_NAMES, ...CATALOG_APP_NAMES];

interface Answer {
  status: number;
  body: any;
}

async function send(method: 'POST' | 'PUT', path: string, body: string | Uint8Array): Promise<Answer> {
  const response = await fetch(new URL(path, backend.orgUrl), {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `SSWS ${backend.defaultToken}` },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function read(id: string): Promise<Answer> {
  const response = await fetch(new URL(`/api/v1/apps/${id}`, backend.orgUrl), {
    headers: { accept: 'application/json', authorization: `SSWS ${backend.defaultToken}` },
  });
  return { status: response.status, body: await response.json() };
}

function expectRefusal(answer: Answer, codes: string[]): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(codes).toContain(answer.body.errorCode);
  expect(typeof answer.body.errorSummary).toBe('string');
}

/** The app the store holds last, as it would travel over the wire. */
const onTheWire = (app: Application | undefined) => JSON.parse(JSON.stringify(app)) as unknown;

/** An app answer without `credentials.oauthClient.client_secret`, which only create and a replace that sets it show. */
function withoutClientSecret(app: Record<string, any>): Record<string, any> {
  const client = app?.credentials?.oauthClient;
  if (!client || !('client_secret' in client)) return app;
  const { client_secret: _secret, ...rest } = client;
  return { ...app, credentials: { ...app.credentials, oauthClient: rest } };
}

/**
 * Creates through the API and checks the store: on 200 exactly one app was added (the one
 * answered), on refusal nothing changed at all. A created app is removed again so that the store,
 * and each comparison, stays small.
 */
async function createAndCheck(body: string | Uint8Array, sent: unknown): Promise<Answer> {
  const before = backend.apps.list();
  const answer = await send('POST', '/api/v1/apps', body);
  const after = backend.apps.list();
  if (answer.status === 200) {
    expect(after.slice(0, -1)).toEqual(before);
    // The create answer is the stored app plus, for a secret-based OAuth client, its client_secret (shown once).
    expect(onTheWire(after.at(-1))).toEqual(withoutClientSecret(answer.body));
    backend.apps.deactivate(answer.body.id);
    backend.apps.delete(answer.body.id);
    return answer;
  }
  if (answer.status === 403) {
    // The one reason create may answer 403: self-service assignment, off in orgs by default (recordings).
    expect((sent as { accessibility?: { selfService?: unknown } }).accessibility?.selfService).toBe(true);
    expect(answer.body).toMatchObject({ errorCode: 'E0000043' });
  } else if (answer.status === 404) {
    // The one reason create may answer 404: a name that is no known custom or catalog app.
    const name = (sent as Record<string, unknown>).name;
    expect(typeof name === 'string' && name !== '' && !KNOWN_NAMES.includes(name)).toBe(true);
    expect(answer.body).toMatchObject({ errorCode: 'E0000007', errorSummary: `Not found: Resource not found: ${String(name)} (App)` });
  } else {
    expectRefusal(answer, ['E0000001', 'E0000003']);
  }
  expect(after).toEqual(before);
  return answer;
}

/** Replaces through the API and checks the store: on 200 only that app changed, on 400 nothing did. */
// The store is compared with toEqual: backend.apps.list() hands out plain JSON objects of the
// caller's own (no undefined members, no classes), and toStrictEqual would compare by identity the
// value of an own member named `constructor`, which an accepted random body may carry.
async function replaceAndCheck(id: string, body: string | Uint8Array): Promise<Answer> {
  const before = backend.apps.list();
  const answer = await send('PUT', `/api/v1/apps/${id}`, body);
  const after = backend.apps.list();
  if (answer.status === 200) {
    const at = before.findIndex((app) => app.id === id);
    expect(after.filter((app) => app.id !== id)).toEqual(before.filter((app) => app.id !== id));
    expect(onTheWire(after[at])).toEqual(withoutClientSecret(answer.body));
    expect(answer.body.lastUpdated > before[at]!.lastUpdated).toBe(true);
    expect((await read(id)).body).toEqual(withoutClientSecret(answer.body));
    return answer;
  }
  expectRefusal(answer, ['E0000001', 'E0000003']);
  expect(after).toEqual(before);
  // What the API serves agrees with the store: nothing of the refused body leaked into it.
  expect((await read(id)).body).toEqual(onTheWire(before.find((app) => app.id === id)));
  return answer;
}

type Json = Record<string, unknown> | unknown[];
type Path = Array<string | number>;

/** Every path to an object member or array element, the root excluded. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).flatMap((k) => [[...prefix, k], ...pathsOf((value as Record<string, unknown>)[k], [...prefix, k])]);
}

/** Every object (the root included), where a member can be added. */
function objectsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(objectsOf);
  if (typeof value !== 'object' || value === null) return [];
  return [value, ...Object.values(value).flatMap(objectsOf)];
}

/** Sets an own member, also one named `__proto__` (plain assignment would change the prototype). */
function setMember(target: Json, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function parentOf(root: Json, path: Path): Json {
  let node: unknown = root;
  for (const step of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[step];
  return node as Json;
}

type Mutation =
  | { kind: 'drop'; pick: number }
  | { kind: 'rename'; pick: number; to: string }
  | { kind: 'retype'; pick: number; value: unknown }
  | { kind: 'add'; pick: number; key: string; value: unknown };

function applyMutation(root: Json, m: Mutation): void {
  if (m.kind === 'add') {
    const objects = objectsOf(root);
    setMember(objects[m.pick % objects.length] as Json, m.key, m.value);
    return;
  }
  const paths = pathsOf(root);
  if (paths.length === 0) return;
  const path = paths[m.pick % paths.length]!;
  const parent = parentOf(root, path);
  const key = path.at(-1)!;
  const current = (parent as Record<string | number, unknown>)[key];
  if (m.kind === 'retype') return setMember(parent, key, m.value);
  if (Array.isArray(parent)) {
    parent.splice(Number(key), 1);
    return;
  }
  delete (parent as Record<string | number, unknown>)[key];
  if (m.kind === 'rename') setMember(parent, m.to, current);
}

const json = fc.jsonValue({ maxDepth: 3 });
const memberName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'name', 'label', 'signOnMode', 'settings', 'app', 'lable', 'Label', ''),
  fc.string({ maxLength: 12 }),
);
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), to: memberName }),
  fc.record({ kind: fc.constant('retype' as const), pick: fc.nat(), value: json }),
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), key: memberName, value: json }),
);

/** A deep copy of `base` with one to three random mutations (drop, rename, retype, add a member). */
function mutate(base: unknown, mutations: Mutation[]): Json {
  const copy = structuredClone(base) as Json;
  for (const m of mutations) applyMutation(copy, m);
  return copy;
}

const mutations = fc.array(mutationArb, { minLength: 1, maxLength: 3 });
const notJson = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)),
  fc.constantFrom('', ' ', '{', '{"label": "x",}', "{'label': 'x'}", 'undefined', 'NaN', '[1,]', '\u0000'),
).filter((text) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});

describe('POST /api/v1/apps with random bodies', () => {
  it('creates an app from every valid input kind (the control)', async () => {
    for (const input of EVERY_APP_KIND) {
      expect((await createAndCheck(JSON.stringify(input), input)).status).toBe(200);
    }
  });

  it('answers random JSON with 400 E0000001 or E0000003, or 404 for an unknown app name, leaving the store unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(json, async (body) => {
        expect((await createAndCheck(JSON.stringify(body), body)).status).not.toBe(200);
      }),
      { seed: 42, numRuns: 400 },
    );
  });

  it('answers a mutated valid input with 200, 400 E0000001/E0000003 or 404 for an unknown app name; a refusal leaves the store unchanged', async () => {
    const counts = { 200: 0, 400: 0, 404: 0 } as Record<number, number>;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...EVERY_APP_KIND), mutations, async (base, ms) => {
        const body = mutate(base, ms);
        const answer = await createAndCheck(JSON.stringify(body), body);
        counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      }),
      { seed: 42, numRuns: 700 },
    );
    // The mutations reach every outcome, so each branch above was checked.
    expect(counts[200]).toBeGreaterThan(0);
    expect(counts[400]).toBeGreaterThan(0);
    expect(counts[404]).toBeGreaterThan(0);
  });

  it('answers any body that is not JSON with 400 E0000003, leaving the store unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(notJson, fc.uint8Array({ minLength: 1, maxLength: 300 })), async (body) => {
        const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
        fc.pre(typeof body === 'string' || !isJson(text));
        const answer = await createAndCheck(body, undefined);
        expect(answer.body.errorCode).toBe('E0000003');
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('PUT /api/v1/apps/{id} with random bodies', () => {
  let ids: string[] = [];
  beforeAll(() => {
    ids = backend.apps.list().map((app) => app.id);
  });

  it('answers random JSON with 400 E0000001 or E0000003, leaving the store unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), json, async (pick, body) => {
        const answer = await replaceAndCheck(ids[pick % ids.length]!, JSON.stringify(body));
        expect(answer.status).toBe(400);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('answers a mutated app, as read or as created, with 200 or 400 E0000001/E0000003; a refusal leaves the store unchanged', async () => {
    const counts = { 200: 0, 400: 0 } as Record<number, number>;
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.boolean(), mutations, async (pick, asRead, ms) => {
        const index = pick % ids.length;
        const id = ids[index]!;
        const base = asRead ? backend.apps.get(id) : EVERY_APP_KIND[index];
        const answer = await replaceAndCheck(id, JSON.stringify(mutate(base, ms)));
        counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      }),
      { seed: 42, numRuns: 500 },
    );
    expect(counts[200]).toBeGreaterThan(0);
    expect(counts[400]).toBeGreaterThan(0);
  });

  it('answers any body that is not JSON with 400 E0000003, leaving the store unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), notJson, async (pick, body) => {
        const answer = await replaceAndCheck(ids[pick % ids.length]!, body);
        expect(answer.body.errorCode).toBe('E0000003');
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

it('left no promise rejection unhandled across every request above', async () => {
  expect(await rejections.settled()).not.toHaveBeenCalled();
});
