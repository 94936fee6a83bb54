import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliProcess } from './cli-process';

let running: CliProcess | undefined;
afterEach(async () => {
  await running?.stop('SIGKILL');
  running = undefined;
});

async function start(args: string[], nodeArgs: string[] = []) {
  const started = await startCli(['--port', '0', '--token', 'log-token', ...args], nodeArgs);
  running = started.cli;
  return started;
}

const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: { authorization: 'SSWS log-token' } });

/** Every stdout line once the process has ended (so nothing written is still on its way). */
async function linesAfterStop(cli: CliProcess): Promise<string[]> {
  await cli.stop('SIGTERM');
  return cli.stdout;
}

describe('appset-mock --log', () => {
  it('by default (errors) writes a line for each refusal and none for answers that succeed', async () => {
    const { cli, url } = await start([]);
    expect((await get(url, '/api/v1/apps?probe=ok')).status).toBe(200);
    expect((await get(url, '/api/v1/apps/0oa0000000000missing?probe=missing')).status).toBe(404);
    const lines = await linesAfterStop(cli);
    expect(lines.filter((line) => line.includes('probe='))).toEqual([expect.stringMatching(/ GET \/api\/v1\/apps\/0oa0000000000missing\?probe=missing 404 .* error=E0000007$/)]);
  });

  it('off writes no line per request', async () => {
    const { cli, url } = await start(['--log', 'off']);
    await get(url, '/api/v1/apps?probe=ok');
    await get(url, '/api/v1/apps/0oa0000000000missing?probe=missing');
    expect((await linesAfterStop(cli)).filter((line) => line.includes('probe='))).toEqual([]);
  });

  it('all writes a line for every request', async () => {
    const { cli, url } = await start(['--log', 'all']);
    await get(url, '/api/v1/apps?probe=ok');
    await get(url, '/api/v1/apps/0oa0000000000missing?probe=missing');
    expect((await linesAfterStop(cli)).filter((line) => line.includes('probe=')).map((line) => line.split(' ').slice(1, 4).join(' '))).toEqual([
      'GET /api/v1/apps?probe=ok 200',
      'GET /api/v1/apps/0oa0000000000missing?probe=missing 404',
    ]);
  });

  it.each([
    [['--log', 'verbose'], 'appset-mock: --log takes off, errors or all (got "verbose"), e.g. --log all.\n'],
    [['--journal-body-bytes', '2000000'], 'appset-mock: --journal-body-bytes must be a whole number from 0 to 1048576 (got "2000000"), e.g. --journal-body-bytes 65536.\n'],
    [['--journal-body-bytes', '16k'], 'appset-mock: --journal-body-bytes must be a whole number from 0 to 1048576 (got "16k"), e.g. --journal-body-bytes 65536.\n'],
    [['--journal-size', '0'], 'appset-mock: --journal-size must be a whole number from 1 to 100000 (got "0"), e.g. --journal-size 1000.\n'],
  ])('refuses %j with exit code 2, saying what it takes', async (args, message) => {
    const cli = runCli(args);
    running = cli;
    expect(await cli.exited).toEqual({ code: 2, signal: null });
    expect(cli.stderr()).toBe(message);
  });

  it('--journal-size bounds how many requests the journal keeps, the oldest dropped first', async () => {
    const { url } = await start(['--journal-size', '2']);
    for (const probe of ['one', 'two', 'three']) await get(url, `/api/v1/apps?probe=${probe}`);
    const { requests } = (await (await fetch(`${url}/__appset/requests`)).json()) as { requests: Array<{ path: string }> };
    expect(requests.map((entry) => entry.path)).toEqual(['/api/v1/apps?probe=two', '/api/v1/apps?probe=three']);
  });

  it('--journal-body-bytes bounds what the journal keeps of each body', async () => {
    const { url } = await start(['--journal-body-bytes', '10']);
    await fetch(`${url}/api/v1/apps`, {
      method: 'POST',
      headers: { authorization: 'SSWS log-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }),
    });
    const { requests } = (await (await fetch(`${url}/__appset/requests`)).json()) as { requests: Array<{ request: { body: string; truncated: boolean } }> };
    expect(requests[0]!.request).toMatchObject({ body: '{"name":"b', truncated: true });
  });

  it('prints where the dashboard is', async () => {
    const { cli, url } = await start([]);
    await cli.waitForLine(/^dashboard: /);
    expect(cli.stdout).toContain(`dashboard: ${url}/__appset/  (the organization and every request, as they happen)`);
  });
});

describe('appset-mock with stdout piped and never read', () => {
  /** Sends `count` GETs over `concurrency` keep-alive connections. */
  async function load(url: string, count: number, concurrency = 8): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    let next = 0;
    const one = () =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${url}/api/v1/apps?limit=1`, { agent, headers: { authorization: 'SSWS log-token' } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end();
      });
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await one();
      }
    }));
    agent.destroy();
  }

  async function heapUsed(url: string): Promise<number> {
    const health = (await (await fetch(`${url}/__appset/health`)).json()) as { memory: { heapUsedBytes: number } };
    return health.memory.heapUsedBytes;
  }

  it('keeps its memory flat: lines are dropped and counted, and a note says how many once stdout drains', async () => {
    // --expose-gc: the health answer measures the heap after a full collection, so garbage is not counted.
    const { cli, url } = await start(['--log', 'all'], ['--expose-gc']);
    cli.child.stdout!.pause();
    // The journal fills (its entries are bounded and counted in the baseline), and so does the pipe.
    await load(url, 3_000);
    const before = await heapUsed(url);
    await load(url, 20_000);
    const after = await heapUsed(url);
    // Queued, 20,000 lines would hold about 10 MB (half a kilobyte each, as measured before).
    expect(after - before).toBeLessThan(3 * 1024 * 1024);
    cli.child.stdout!.resume();
    const note = await cli.waitForLine(/^appset-mock: \d+ log lines? dropped while stdout was not read$/, 30_000);
    const dropped = Number(/(\d+)/.exec(note)![1]);
    expect(dropped).toBeGreaterThan(10_000);
    expect(dropped).toBeLessThanOrEqual(23_000 + 2);
  }, 180_000);
});
