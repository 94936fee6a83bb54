/**
 * The load generator of the HTTP benchmarks, run in its own process so that it never shares an event
 * loop with the server it measures. Reads one JSON job per stdin line, sends the job's requests with
 * `concurrency` in flight over keep-alive connections, and answers one JSON line:
 * `{ "id", "ms", "failures", "firstFailure"? }`. The same generator loads the subject and the baseline.
 * Usage: node --import tsx bench/http-load.ts
 */
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';

/** One batch of requests: `count` identical ones, or one per body in `bodies`. */
export interface LoadJob {
  id: number;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  expectStatus: number;
  concurrency: number;
  count?: number;
  bodies?: string[];
}

const agents = new Map<string, Agent>();

function send(job: LoadJob, agent: Agent, body: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(job.url, { method: job.method, headers: job.headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function runJob(job: LoadJob) {
  const key = `${new URL(job.url).origin} ${job.concurrency}`;
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = new Agent({ keepAlive: true, maxSockets: job.concurrency })));
  const total = job.bodies?.length ?? job.count ?? 0;
  let next = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < total) {
        const i = next++;
        try {
          const status = await send(job, agent, job.bodies?.[i]);
          if (status !== job.expectStatus) {
            failures += 1;
            firstFailure ??= `status ${status}`;
          }
        } catch (error) {
          failures += 1;
          firstFailure ??= String(error);
        }
      }
    }),
  );
  return { id: job.id, ms: performance.now() - start, failures, firstFailure };
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === '') continue;
  process.stdout.write(`${JSON.stringify(await runJob(JSON.parse(line) as LoadJob))}\n`);
}
for (const agent of agents.values()) agent.destroy();
