/**
 * The `appset-mock` command as users run it (the built CLI, its defaults: the journal on, errors
 * logged), against servers sending the same bytes, each in its own process and loaded by autocannon
 * in a process of its own (16 connections, keep-alive), so the load generator is not the bottleneck:
 * - `server-get-app`: GET one app (1,000 stored) ÷ a bare node:http server writing the recorded bytes
 *   (goal ≥ 0.8); beside it the same server ÷ WireMock 3 standalone, with its defaults and tuned (no
 *   request journal, 16 container threads; goal ≥ 2), when `java` is on the PATH;
 * - `server-get-page`: the same for a 20-app page;
 * - `server-cold-start-ms`: `appset-mock` with its defaults, spawn to the first 200 of
 *   `GET /api/v1/apps?limit=20` (goal ≤ 200), beside a bare node:http server's and WireMock's;
 * - `server-import-ms`: `import('appset/mock-server')` in a new Node process, minus a bare `node -e 0`
 *   (goal ≤ 150 above).
 * Rounds of all servers alternate, their order shuffled each round, after warm-up rounds (the JVM's
 * JIT needs its own); the median round is quoted. Each server's CPU time per request, read from its
 * process (Node's own report, or /proc for Java), is beside each rate. Everything binds 127.0.0.1.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_MOCK_TOKEN } from '../mock-server/index';
import type { RecordedAnswer } from './bare-server';
import { recordAnswers } from './record-answers';
import { benchApps } from './fixtures';
import { median, round, type BenchResult } from './measure';
import { startBareServer, type ServerProcess } from './server-process';

const execFileP = promisify(execFile);
const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'dist/appset-mock/cli.js');
const autocannon = join(root, 'node_modules/autocannon/autocannon.js');
const APPS = 1_000;
const CONNECTIONS = 16;
const ROUND_SECONDS = 3;
const WARMUP = 1;
const JVM_WARMUP = 3;
const ROUNDS = 7;
const STARTS = 7;
const IMPORTS = 11;
const headers = { authorization: `SSWS ${DEFAULT_MOCK_TOKEN}`, accept: 'application/json' };

/** A server under load: its URL and the CPU time its process has used (µs). */
interface Peer {
  name: string;
  url: string;
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, bounded in time; resolves with the milliseconds since `since`. */
async function firstOk(url: string, since: number, limitMs = 30_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > limitMs) throw new Error(`${url} did not answer 200 within ${limitMs} ms`);
    await sleep(2);
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system, µs) of a process, from /proc (Linux); `NaN` elsewhere. */
function procCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 (1-based) of the whole line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
  } catch {
    return Number.NaN;
  }
}

/** The built `appset-mock` CLI with 1,000 apps seeded, as users run it. */
async function startAppsetMock(seedFile: string): Promise<Peer> {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, '--port', String(port), '--seed', seedFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await firstOk(`${url}/api/v1/apps?limit=1`, performance.now());
  return { name: 'appset-mock', url, cpu: async () => procCpu(child.pid!), stop: () => stopChild(child) };
}

function fromProcess(name: string, server: ServerProcess): Peer {
  return { name, url: server.url, cpu: () => server.cpu(), stop: () => server.stop() };
}

/** The WireMock 3 standalone jar the `wiremock` npm package ships, or `undefined` when it is not installed. */
function wiremockJar(): string | undefined {
  const dir = join(root, 'node_modules/wiremock/build');
  if (!existsSync(dir)) return undefined;
  const jar = readdirSync(dir).find((file) => /^wiremock-standalone-.*\.jar$/.test(file));
  return jar === undefined ? undefined : join(dir, jar);
}

/** Why the WireMock rows are skipped, or `undefined` when they run. */
async function wiremockMissing(): Promise<string | undefined> {
  if (wiremockJar() === undefined) return 'the wiremock package (its jar) is not installed: npm install';
  try {
    await execFileP('java', ['-version'], { timeout: 20_000 });
    return undefined;
  } catch {
    return 'java is not on the PATH (Debian: apt-get install openjdk-17-jre-headless)';
  }
}

/** WireMock standalone answering each recorded path with its recorded status, headers and bytes. */
async function startWireMock(name: string, dir: string, recorded: Record<string, RecordedAnswer>, tuned: boolean): Promise<Peer> {
  const home = join(dir, name);
  await mkdir(join(home, 'mappings'), { recursive: true });
  let n = 0;
  for (const [path, answer] of Object.entries(recorded)) {
    const responseHeaders: Record<string, string | string[]> = {};
    for (const [header, value] of answer.headers) {
      if (header === 'content-length' || header === 'date') continue;
      const seen = responseHeaders[header];
      responseHeaders[header] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    const mapping = { request: { method: 'GET', url: path }, response: { status: answer.status, headers: responseHeaders, base64Body: answer.body } };
    await writeFile(join(home, 'mappings', `m${n++}.json`), JSON.stringify(mapping));
  }
  const port = await freePort();
  const args = ['-jar', wiremockJar()!, '--port', String(port), '--bind-address', '127.0.0.1', '--root-dir', home, '--disable-banner'];
  if (tuned) args.push('--no-request-journal', '--container-threads', String(CONNECTIONS));
  const started = performance.now();
  const child = spawn('java', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const startMs = await firstOk(`${url}${Object.keys(recorded)[0]}`, started, 60_000);
  return { name, url, cpu: async () => procCpu(child.pid!), stop: () => stopChild(child), startMs } as Peer & { startMs: number };
}


/** One autocannon run in its own process: requests answered per second, and how many. */
async function load(url: string): Promise<{ perSecond: number; requests: number }> {
  const args = [autocannon, '-j', '-c', String(CONNECTIONS), '-d', String(ROUND_SECONDS)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await execFileP(process.execPath, [...args, url], { maxBuffer: 16 << 20, timeout: (ROUND_SECONDS + 30) * 1000 });
  const out = JSON.parse(stdout) as { requests: { total: number }; duration: number; non2xx: number; errors: number; timeouts: number; '2xx': number };
  if (out.non2xx > 0 || out.errors > 0 || out.timeouts > 0) throw new Error(`${url}: ${out.non2xx} answers not 2xx, ${out.errors} errors, ${out.timeouts} timeouts`);
  return { perSecond: out['2xx'] / out.duration, requests: out['2xx'] };
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface PeerRounds {
  perSecond: number[];
  cpuMicrosPerRequest: number[];
}

/** Loads every peer on `path` in rounds (order shuffled each round) after warm-ups; each peer's rounds. */
async function rounds(peers: Peer[], path: string, jvm: Set<string>): Promise<Map<string, PeerRounds>> {
  for (const peer of peers) for (let i = 0; i < (jvm.has(peer.name) ? JVM_WARMUP : WARMUP); i++) await load(`${peer.url}${path}`);
  const out = new Map(peers.map((peer) => [peer.name, { perSecond: [] as number[], cpuMicrosPerRequest: [] as number[] }]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const peer of shuffled(peers)) {
      const before = await peer.cpu();
      const { perSecond, requests } = await load(`${peer.url}${path}`);
      const spent = (await peer.cpu()) - before;
      out.get(peer.name)!.perSecond.push(perSecond);
      out.get(peer.name)!.cpuMicrosPerRequest.push(spent / requests);
    }
  }
  return out;
}

function throughputResult(what: string, bytes: number, measured: Map<string, PeerRounds>, skipped: string | undefined): BenchResult {
  const rate = (name: string) => median(measured.get(name)!.perSecond);
  const cpu = (name: string) => round(median(measured.get(name)!.cpuMicrosPerRequest));
  const subject = rate('appset-mock');
  const peers: Record<string, unknown> = {};
  for (const name of measured.keys()) peers[name] = { perSecond: round(rate(name)), cpuMicrosPerRequest: cpu(name) };
  const result: BenchResult = {
    ratio: round(subject / rate('bare')),
    baseline: round(rate('bare')),
    subject: round(subject),
    unit: 'requests per s',
    goal: '≥ 0.8',
    what,
    bytes,
    cpuRatio: round(cpu('bare') / cpu('appset-mock')),
    peers,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    roundSeconds: ROUND_SECONDS,
  };
  if (skipped !== undefined) result.wiremock = `skipped: ${skipped}`;
  else {
    result.vsWireMockDefaults = round(subject / rate('wiremock-defaults'));
    result.vsWireMockTuned = round(subject / rate('wiremock-tuned'));
    result.wiremockGoal = '≥ 2 (÷ WireMock tuned)';
  }
  return result;
}

/** Milliseconds from spawn to the first 200 of each command, medians over alternating starts. */
async function coldStarts(dir: string, recorded: Record<string, RecordedAnswer>, skipped: string | undefined): Promise<BenchResult> {
  const bareScript = join(dir, 'bare-start.cjs');
  const [path, answer] = Object.entries(recorded)[0]!;
  // The least a node:http server does to answer: no module but node:http, the bytes from a file.
  await writeFile(join(dir, 'bare-body'), Buffer.from(answer.body, 'base64'));
  await writeFile(
    bareScript,
    `const body = require('node:fs').readFileSync(${JSON.stringify(join(dir, 'bare-body'))});\n` +
      `require('node:http').createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body)).listen(Number(process.argv[2]), '127.0.0.1');\n`,
  );
  const starters: Record<string, (port: number) => ChildProcess> = {
    'appset-mock': (port) => spawn(process.execPath, [cli, '--port', String(port)], { stdio: 'ignore' }),
    bare: (port) => spawn(process.execPath, [bareScript, String(port)], { stdio: 'ignore' }),
  };
  const times = new Map<string, number[]>(Object.keys(starters).map((name) => [name, []]));
  for (let i = 0; i < STARTS + 1; i++) {
    for (const name of shuffled(Object.keys(starters))) {
      const port = await freePort();
      const started = performance.now();
      const child = starters[name]!(port);
      const ms = await firstOk(`http://127.0.0.1:${port}${path}`, started);
      await stopChild(child);
      if (i > 0) times.get(name)!.push(ms);
    }
  }
  const result: BenchResult = {
    value: round(median(times.get('appset-mock')!)),
    ratio: round(median(times.get('appset-mock')!) / median(times.get('bare')!)),
    baseline: round(median(times.get('bare')!)),
    subject: round(median(times.get('appset-mock')!)),
    unit: `ms from spawn to the first 200 of GET ${path} (appset-mock with its defaults; baseline: a bare node:http server sending the same bytes)`,
    goal: '≤ 200',
    starts: STARTS,
  };
  if (skipped === undefined) {
    const jvm: number[] = [];
    for (let i = 0; i < 3; i++) {
      const peer = (await startWireMock(`wiremock-start-${i}`, dir, recorded, false)) as Peer & { startMs: number };
      jvm.push(peer.startMs);
      await peer.stop();
    }
    result.wiremockMs = round(median(jvm));
  } else result.wiremock = `skipped: ${skipped}`;
  return result;
}

/** `import('appset/mock-server')` in a new process (the built package, resolved as a user's import is) minus `node -e 0`. */
async function importTime(): Promise<BenchResult> {
  const bare = ['-e', '0'];
  const subject = ['--input-type=module', '-e', "await import('appset/mock-server')"];
  const spawnMs = async (args: string[]) => {
    const started = performance.now();
    await execFileP(process.execPath, args, { cwd: root, timeout: 30_000 });
    return performance.now() - started;
  };
  const b: number[] = [];
  const s: number[] = [];
  await spawnMs(subject);
  for (let i = 0; i < IMPORTS; i++) {
    if (i % 2 === 0) {
      b.push(await spawnMs(bare));
      s.push(await spawnMs(subject));
    } else {
      s.push(await spawnMs(subject));
      b.push(await spawnMs(bare));
    }
  }
  return {
    value: round(median(s) - median(b)),
    ratio: round(median(s) / median(b)),
    baseline: round(median(b)),
    subject: round(median(s)),
    unit: "ms: a new process's import('appset/mock-server') (the built package) minus a bare node -e 0",
    goal: '≤ 150',
    runs: IMPORTS,
  };
}

/**
 * The server benchmarks named in `wanted` (all four by default), keyed by name. Needs `npm run build`
 * first (they run the built package).
 */
export async function serverPeerBenchmarks(wanted: (name: string) => boolean = () => true): Promise<Record<string, BenchResult>> {
  if (!existsSync(cli)) throw new Error('server-* benchmarks run the built package: npm run build first');
  const skipped = await wiremockMissing();
  if (skipped !== undefined) process.stderr.write(`server-*: the WireMock rows are skipped: ${skipped}\n`);
  const dir = await mkdtemp(join(tmpdir(), 'appset-peers-'));
  const seedFile = join(dir, 'seed.json');
  await writeFile(seedFile, JSON.stringify({ apps: benchApps(APPS).map((app) => ('input' in app ? { ...app.input, ...(app.activate ? {} : { status: 'INACTIVE' }) } : app)) }));
  const peers: Peer[] = [];
  try {
    const subject = await startAppsetMock(seedFile);
    peers.push(subject);
    const list = (await (await fetch(`${subject.url}/api/v1/apps?limit=1`, { headers })).json()) as Array<{ id: string }>;
    const appPath = `/api/v1/apps/${list[0]!.id}`;
    const pagePath = '/api/v1/apps?limit=20';
    const recorded = await recordAnswers(subject.url, [appPath, pagePath], headers);
    const file = join(dir, 'recorded.json');
    await writeFile(file, JSON.stringify(recorded));
    peers.push(fromProcess('bare', await startBareServer(['replay', file])));
    const jvm = new Set<string>();
    if (skipped === undefined && (wanted('server-get-app') || wanted('server-get-page'))) {
      peers.push(await startWireMock('wiremock-defaults', dir, recorded, false));
      peers.push(await startWireMock('wiremock-tuned', dir, recorded, true));
      jvm.add('wiremock-defaults').add('wiremock-tuned');
    }
    const bytes = (path: string) => Buffer.from(recorded[path]!.body, 'base64').byteLength;
    const out: Record<string, BenchResult> = {};
    if (wanted('server-get-app')) out['server-get-app'] = throughputResult('GET one app', bytes(appPath), await rounds(peers, appPath, jvm), skipped);
    if (wanted('server-get-page')) out['server-get-page'] = throughputResult('GET a 20-app page', bytes(pagePath), await rounds(peers, pagePath, jvm), skipped);
    for (const peer of peers.splice(0)) await peer.stop();
    if (wanted('server-cold-start-ms')) out['server-cold-start-ms'] = await coldStarts(dir, { [pagePath]: recorded[pagePath]! }, skipped);
    if (wanted('server-import-ms')) out['server-import-ms'] = await importTime();
    return out;
  } finally {
    for (const peer of peers) await peer.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
