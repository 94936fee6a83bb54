import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { createClient, NotFoundError, type AppsetClient, type CreateApplicationInput } from '../../src/index';

const backend = createMockBackend();
let running: RunningServer;
let client: AppsetClient;
/** Requests the server has answered. */
let answered = 0;

beforeAll(async () => {
  running = await listen(backend, { host: '127.0.0.1', port: 0, onRequest: () => void (answered += 1) });
  client = createClient({ orgUrl: running.url, token: backend.defaultToken });
});
afterAll(() => running.close());

/** How many requests are in flight at most: enough to interleave, few enough to keep sockets in check. */
const IN_FLIGHT = 64;

const bookmark = (label: string): CreateApplicationInput => ({
  name: 'bookmark',
  label,
  signOnMode: 'BOOKMARK',
  settings: { app: { url: `https://${label}.example.com` } },
});

/** Runs every task with at most `limit` running at once; settles them all, never throws. */
async function pool(tasks: Array<() => Promise<unknown>>, limit: number): Promise<PromiseSettledResult<unknown>[]> {
  const results: PromiseSettledResult<unknown>[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await tasks[index]!() };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** The same tasks in a fixed pseudo-random order (seed 42). */
function shuffled<T>(items: T[]): T[] {
  return fc.sample(fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }), { seed: 42, numRuns: 1 })[0]!;
}

const failures = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));

describe('1,000 concurrent mixed operations over HTTP', () => {
  let createsAcknowledged = 0;
  let deletesAcknowledged = 0;
  let requestsAnswered = 0;
  let problems: string[] = [];
  let setupIds: string[] = [];
  let doomed: string[] = [];
  let renamed: string[] = [];
  let switchedOff: string[] = [];
  /** Apps created by the workload, id → label. */
  const created = new Map<string, string>();
  /** Apps created and deleted again by the workload. */
  const shortLived: string[] = [];

  beforeAll(async () => {
    backend.reset();
    const create = async (label: string, activate: boolean) => {
      const app = await client.apps.create(bookmark(label), { activate });
      createsAcknowledged += 1;
      return app.id;
    };
    const remove = async (id: string) => {
      await client.apps.delete(id);
      deletesAcknowledged += 1;
    };

    // The apps the workload acts on, created concurrently too.
    const setup = await pool(
      [
        ...Array.from({ length: 100 }, (_, i) => () => create(`doomed-${i}`, false)),
        ...Array.from({ length: 150 }, (_, i) => () => create(`original-${i}`, false)),
        ...Array.from({ length: 50 }, (_, i) => () => create(`switched-off-${i}`, true)),
      ],
      IN_FLIGHT,
    );
    problems = failures(setup);
    setupIds = setup.flatMap((r) => (r.status === 'fulfilled' ? [r.value as string] : []));
    doomed = setupIds.slice(0, 100);
    renamed = setupIds.slice(100, 250);
    switchedOff = setupIds.slice(250);

    const tasks: Array<() => Promise<unknown>> = [
      // 100 deletes of INACTIVE apps.
      ...doomed.map((id) => () => remove(id)),
      // 150 replaces, one per app with a label no other task uses, racing 150 activations of the same apps.
      ...renamed.map((id, i) => () => client.apps.replace(id, bookmark(`renamed-${i}`))),
      ...renamed.map((id) => () => client.apps.activate(id)),
      // 50 deactivations.
      ...switchedOff.map((id) => () => client.apps.deactivate(id)),
      // 300 creates, every other one INACTIVE.
      ...Array.from({ length: 300 }, (_, i) => async () => created.set(await create(`new-${i}`, i % 2 === 0), `new-${i}`)),
      // 50 creates of an INACTIVE app, each followed by its delete: 100 requests.
      ...Array.from({ length: 50 }, (_, i) => async () => {
        const id = await create(`short-lived-${i}`, false);
        await remove(id);
        shortLived.push(id);
      }),
      // 150 list calls, one page each, of 1 to 200 apps.
      ...Array.from({ length: 150 }, (_, i) => async () => {
        for await (const page of client.apps.list({ limit: 1 + ((i * 37) % 200) }).pages()) {
          const pageIds = page.items.map((app) => app.id);
          if (new Set(pageIds).size !== pageIds.length) throw new Error(`a page repeated an app: ${pageIds.join(', ')}`);
          break;
        }
      }),
    ];
    const answeredBefore = answered;
    problems.push(...failures(await pool(shuffled(tasks), IN_FLIGHT)));
    requestsAnswered = answered - answeredBefore;
  }, 60_000);

  it('succeed, every one of the 1,000 requests', () => {
    expect(problems).toEqual([]);
    expect(requestsAnswered).toBe(1000);
  });

  it('never issue an id twice', () => {
    const everyId = [...setupIds, ...created.keys(), ...shortLived];
    expect(everyId).toHaveLength(300 + 300 + 50);
    expect(new Set(everyId).size).toBe(everyId.length);
  });

  it("lose no update: each replaced app has its one replace's label and its concurrent activation's status", () => {
    expect(renamed.map((id) => [backend.apps.get(id)?.label, backend.apps.get(id)?.status])).toEqual(
      renamed.map((_, i) => [`renamed-${i}`, 'ACTIVE']),
    );
  });

  it('leave every deactivated app INACTIVE and every created app with its label', () => {
    expect(switchedOff.map((id) => backend.apps.get(id)?.status)).toEqual(switchedOff.map(() => 'INACTIVE'));
    expect([...created].filter(([id, label]) => backend.apps.get(id)?.label !== label)).toEqual([]);
  });

  it('leave every deleted app answering 404', async () => {
    const gone = [...doomed, ...shortLived];
    expect(gone).toHaveLength(150);
    const answers = await pool(
      gone.map((id) => () => client.apps.get(id)),
      IN_FLIGHT,
    );
    expect(answers.map((r) => (r.status === 'rejected' && r.reason instanceof NotFoundError ? 404 : r.status))).toEqual(
      gone.map(() => 404),
    );
  });

  it('leave as many apps as creates acknowledged minus deletes acknowledged', () => {
    expect(createsAcknowledged - deletesAcknowledged).toBe(backend.apps.size);
    // 300 set up, 100 of them deleted, 300 created; the short-lived ones came and went.
    expect(backend.apps.size).toBe(500);
  });

  it('leave a full list walk serving exactly the stored apps, in creation order, each as stored', async () => {
    const walked: unknown[] = [];
    for await (const app of client.apps.list({ limit: 200 })) walked.push(app);
    expect(walked).toEqual(JSON.parse(JSON.stringify(backend.apps.list())));
  });
});

describe('a pagination walk during concurrent creates and deletes', () => {
  it('returns every app that existed throughout the walk exactly once, and no app twice', async () => {
    backend.reset();
    const survivors = new Set<string>();
    const doomed: string[] = [];
    for (let i = 0; i < 500; i += 1) {
      // Doomed apps are spread over the whole order, so deletes land both behind and ahead of the cursor.
      if (i % 5 === 1 || i % 5 === 3) doomed.push(backend.apps.create(bookmark(`doomed-${i}`), { activate: false }).id);
      else survivors.add(backend.apps.create(bookmark(`survivor-${i}`)).id);
    }
    const deleteOrder = shuffled(doomed);
    const deleted = new Set<string>();
    const createdDuringWalk = new Set<string>();
    let batch = 0;
    const churn = async () => {
      const n = batch++;
      await Promise.all([
        ...deleteOrder.slice(n * 15, n * 15 + 15).map(async (id) => {
          await client.apps.delete(id);
          deleted.add(id);
        }),
        ...Array.from({ length: 10 }, async (_, i) => createdDuringWalk.add((await client.apps.create(bookmark(`late-${n}-${i}`))).id)),
      ]);
    };

    const seen: string[] = [];
    const pages = client.apps.list({ limit: 50 }).pages()[Symbol.asyncIterator]();
    let pagesRead = 0;
    for (;;) {
      // Each page request is in flight together with a batch of creates and deletes.
      const [page] = await Promise.all([pages.next(), churn()]);
      if (page.done) break;
      pagesRead += 1;
      seen.push(...page.value.items.map((app) => app.id));
    }

    expect(pagesRead).toBeGreaterThan(5);
    expect(deleted.size).toBeGreaterThan(0);
    expect(seen.length - new Set(seen).size).toBe(0);
    // Survivors and the doomed apps whose delete never came existed for the whole walk.
    const throughout = [...survivors, ...doomed.filter((id) => !deleted.has(id))];
    expect(throughout.length).toBeGreaterThan(survivors.size);
    expect(throughout.filter((id) => !seen.includes(id))).toEqual([]);
    const known = new Set([...survivors, ...doomed, ...createdDuringWalk]);
    expect(seen.filter((id) => !known.has(id))).toEqual([]);
  });
});
