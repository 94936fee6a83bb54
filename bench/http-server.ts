/**
 * The HTTP server's throughput against bare node:http servers, each in its own process, loaded by the
 * same generator in a third process (bench/http-load.ts), 16 requests in flight over keep-alive:
 * - `http-get-app`: GET one app ÷ a bare server writing the same bytes (goal ≥ 0.7);
 * - `http-get-page`: GET a 200-app page ÷ a bare server writing the same bytes (goal ≥ 0.7);
 * - `set-ingestion-http`: POST security event tokens ÷ a bare receiver that only verifies with
 *   `jose.jwtVerify` and remembers `jti` (goal ≥ 0.8). Both get the same tokens, each a new `jti`.
 * Throughput ratio = baseline time ÷ subject time for the same requests. Beside it, `cpuRatio` is the
 * baseline's CPU time per request ÷ the subject's, read from each server process: on a machine shared
 * with other work it moves much less than wall-clock throughput.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { events, signSecurityEventToken } from '../src/set/index';
import type { RecordedAnswer } from './bare-server';
import { recordAnswers } from './record-answers';
import { benchUserEmail } from './fixtures';
import type { LoadJob } from './http-load';
import { compare, median, round, type BenchResult } from './measure';
import { startBareServer, startSeededServer, type ServerProcess } from './server-process';

const CONCURRENCY = 16;
const APPS = 1_000;
// Many short rounds, alternating subject and baseline: on a shared machine, load from elsewhere comes
// and goes within seconds, and a median over short alternating rounds is the least disturbed by it.
const GET_APP_REQUESTS = 1_500;
const GET_PAGE_REQUESTS = 120;
const SETS_PER_ROUND = 300;
const WARMUP = 2;
const ROUNDS = 15;
const ISSUER = 'https://risk.example.com';

/** A round's work on one server, with the server's CPU time per request recorded for each round. */
export function tracked(server: ServerProcess, requests: number, work: () => Promise<void>) {
  const perRequest: number[] = [];
  const run = async () => {
    const before = await server.cpu();
    await work();
    perRequest.push(((await server.cpu()) - before) / requests);
  };
  return { run, perRequest };
}

/** Throughput and CPU ratios of a subject against its baseline, from tracked rounds. */
export function result(
  times: { baseline: number; subject: number },
  cpu: { baseline: number[]; subject: number[] },
  requests: number,
  extra: { unit: string; goal: string } & Record<string, unknown>,
): BenchResult {
  const perSecond = (ms: number) => round(requests / (ms / 1000));
  // Warm-up rounds are tracked too; they are left out here.
  const [b, s] = [median(cpu.baseline.slice(WARMUP)), median(cpu.subject.slice(WARMUP))];
  return {
    ratio: round(times.baseline / times.subject),
    baseline: perSecond(times.baseline),
    subject: perSecond(times.subject),
    cpuRatio: round(b / s),
    baselineCpuMicrosPerRequest: round(b),
    subjectCpuMicrosPerRequest: round(s),
    requests,
    concurrency: CONCURRENCY,
    ...extra,
  };
}

/** The load generator process: one job at a time. */
export function startLoad() {
  const script = fileURLToPath(new URL('./http-load.ts', import.meta.url));
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', script]);
  child.stderr.pipe(process.stderr);
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let id = 0;
  return {
    async run(job: Omit<LoadJob, 'id' | 'concurrency'>): Promise<void> {
      child.stdin.write(`${JSON.stringify({ ...job, id: ++id, concurrency: CONCURRENCY })}\n`);
      const next = await answers.next();
      if (next.done) throw new Error('the load generator ended');
      const answer = JSON.parse(next.value) as { failures: number; firstFailure?: string };
      if (answer.failures > 0) throw new Error(`${answer.failures} requests to ${job.url} failed: ${answer.firstFailure}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}


async function getThroughput(): Promise<{ app: BenchResult; page: BenchResult }> {
  const subject = await startSeededServer(APPS);
  const headers = { authorization: `SSWS ${subject.token}`, accept: 'application/json' };
  const dir = await mkdtemp(join(tmpdir(), 'appset-bench-'));
  const load = startLoad();
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const list = (await (await fetch(`${subject.url}/api/v1/apps?limit=1`, { headers })).json()) as Array<{ id: string }>;
    const appPath = `/api/v1/apps/${list[0]!.id}`;
    const pagePath = '/api/v1/apps?limit=200';
    const file = join(dir, 'recorded.json');
    const recorded = await recordAnswers(subject.url, [appPath, pagePath], headers);
    await writeFile(file, JSON.stringify(recorded));
    bare = await startBareServer(['replay', file]);

    const measure = async (path: string, count: number, what: string): Promise<BenchResult> => {
      const job = (server: ServerProcess) =>
        tracked(server, count, () => load.run({ url: `${server.url}${path}`, method: 'GET', headers, expectStatus: 200, count }));
      const [baseline, subjectJob] = [job(bare!), job(subject)];
      const times = await compare(baseline.run, subjectJob.run, { warmup: WARMUP, rounds: ROUNDS });
      return result(times, { baseline: baseline.perRequest, subject: subjectJob.perRequest }, count, {
        unit: 'requests per s',
        goal: '≥ 0.7',
        what,
        bytes: Buffer.from(recorded[path]!.body, 'base64').byteLength,
      });
    };
    const app = await measure(appPath, GET_APP_REQUESTS, 'GET one app');
    const page = await measure(pagePath, GET_PAGE_REQUESTS, 'GET a 200-app page');
    return { app, page };
  } finally {
    await load.stop();
    await bare?.stop();
    await subject.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** `count` tokens, each with its own `jti`, for the audience given. */
function tokens(privateKey: CryptoKey, audience: string, count: number, offset: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      signSecurityEventToken(
        {
          iss: ISSUER,
          aud: audience,
          events: events.userRiskChange({
            subject: { user: { format: 'email', email: benchUserEmail(offset + i) } },
            current_level: 'high',
            previous_level: 'low',
          }),
        },
        { key: privateKey, kid: 'k1' },
      ),
    ),
  );
}

async function ingestionThroughput(): Promise<BenchResult> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const subject = await startSeededServer(0, { issuer: ISSUER, jwks: { keys: [jwk] } });
  const bare = await startBareServer(['set-receiver', ISSUER, subject.url, JSON.stringify(jwk)]);
  const load = startLoad();
  try {
    // Every round sends new tokens to each server; the same tokens go to both.
    const batches: string[][] = [];
    for (let r = 0; r < WARMUP + ROUNDS; r++) batches.push(await tokens(privateKey, subject.url, SETS_PER_ROUND, r * SETS_PER_ROUND));
    const headers = { 'content-type': 'application/secevent+jwt', accept: 'application/json' };
    const job = (server: ServerProcess) => {
      let batch = 0;
      return tracked(server, SETS_PER_ROUND, () =>
        load.run({ url: `${server.url}/security/api/v1/security-events`, method: 'POST', headers, expectStatus: 202, bodies: batches[batch++]! }),
      );
    };
    const [baseline, subjectJob] = [job(bare), job(subject)];
    const times = await compare(baseline.run, subjectJob.run, { warmup: WARMUP, rounds: ROUNDS });
    return result(times, { baseline: baseline.perRequest, subject: subjectJob.perRequest }, SETS_PER_ROUND, {
      unit: 'SETs per s',
      goal: '≥ 0.8',
    });
  } finally {
    await load.stop();
    await bare.stop();
    await subject.stop();
  }
}

/** The three HTTP results, keyed by benchmark name. */
export async function httpServerBenchmarks(): Promise<Record<string, BenchResult>> {
  const { app, page } = await getThroughput();
  const ingestion = await ingestionThroughput();
  return { 'http-get-app': app, 'http-get-page': page, 'set-ingestion-http': ingestion };
}
