/**
 * profile-serve: the CPU time the HTTP server's own JavaScript spends per request, with no socket,
 * no HTTP parser and no load generator sharing the machine. Not a benchmark (it prints no ratio and
 * writes nothing to results.json): a way to find costs and to compare two versions of the code.
 *
 *   node --import tsx bench/profile-serve.ts app 7
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-serve.ts page 7
 *
 * It serves 1,000 apps as `appset-mock` does (the journal on, a log of refusals only) through
 * `listenWith`'s request handler, called directly with stand-ins for Node's request and response:
 * `GET /api/v1/apps/{id}` (`app`) or `GET /api/v1/apps?limit=20` (`page`), 16 requests a turn, each
 * with header strings of its own as Node's parser makes them. After a warm-up it prints the median of
 * `rounds` rounds of 100,000 requests, in µs of this process's CPU per request. What the stand-ins
 * skip (parsing, writing, the system calls) costs the server and a bare node:http server alike.
 * Compare versions by alternating runs of each, several times.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { benchApps } from './fixtures';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// listen() makes its server with node:http's createServer: the handler it passes is kept here.
let handler: Handler | undefined;
const createServer = http.createServer;
(http as { createServer: unknown }).createServer = (listener: Handler) => {
  handler = listener;
  return createServer(listener);
};
syncBuiltinESMExports();

const { createMockBackend } = await import('../mock-server/index');
const { listenWith } = await import('../mock-server/node/listen');

const kind = process.argv[2] === 'page' ? 'page' : 'app';
const rounds = Math.min(Math.max(Number(process.argv[3] ?? 7) || 7, 1), 50);
const seed = benchApps(1_000).map((app) => ('input' in app ? { ...app.input, ...(app.activate ? {} : { status: 'INACTIVE' as const }) } : app));
const backend = createMockBackend({ seed: { apps: seed } as never });
const server = await listenWith(backend, { port: 0, logged: 'refusals', onRequest: () => {} });
const serve = handler!;
const token = `SSWS ${backend.defaultToken}`;
const first = (await (await fetch(`${server.url}/api/v1/apps?limit=1`, { headers: { authorization: token } })).json()) as Array<{ id: string }>;
const path = kind === 'app' ? `/api/v1/apps/${first[0]!.id}` : '/api/v1/apps?limit=20';

let answered = 0;
let bad = 0;
const socket = { destroy() {}, remoteAddress: '127.0.0.1' };

/** What the server uses of a ServerResponse. */
class Response {
  headersSent = false;
  socket = socket;
  writeHead(status: number, headers: Array<[string, string]> | string[]): this {
    if (status !== 200) bad++;
    this.headersSent = true;
    // As Node's _storeHeader: each name and value read once, in either form.
    let chars = 0;
    for (const entry of headers) chars += typeof entry === 'string' ? entry.length : entry[0].length + entry[1].length;
    if (chars === 0) bad++;
    return this;
  }
  end(): void {
    answered++;
  }
}

/** What the server uses of an IncomingMessage, its strings made anew as Node's parser makes them. */
function request(): IncomingMessage {
  const rawHeaders = ['host', `127.0.0.1:${4000 + (answered & 7)}`, 'authorization', `${token}${''.padEnd(answered & 0)}`, 'accept', ['application', 'json'].join('/')];
  return { method: 'GET', url: `${path}${''.padEnd(answered & 0)}`, rawHeaders, socket, headers: {}, on() {}, resume() {} } as unknown as IncomingMessage;
}

async function round(n: number): Promise<number> {
  const start = process.cpuUsage();
  const target = answered + n;
  while (answered < target) {
    for (let i = 0; i < 16; i++) serve(request(), new Response() as unknown as ServerResponse);
    // Answers that waited (none should) and timers get their turn, as between a socket's reads.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

await round(50_000);
const results: number[] = [];
for (let i = 0; i < rounds; i++) results.push(await round(100_000));
results.sort((a, b) => a - b);
await server.close();
if (bad > 0) throw new Error(`${bad} answers were not 200 with headers`);
console.log(`${kind}: ${results[Math.floor(results.length / 2)]!.toFixed(2)} µs of CPU per request (median of ${rounds} rounds of 100,000; all: ${results.map((r) => r.toFixed(2)).join(' ')})`);
