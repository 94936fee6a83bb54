import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A benchmark server running in a child process. */
export interface ServerProcess {
  url: string;
  token: string;
  /** CPU time (user + system) the process has used so far, in microseconds. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts a bench server script and resolves once it prints `listening <url> [token]`. The script
 * answers a `cpu` line on stdin with `cpu <microseconds>` (see {@link answerCpuQueries}).
 */
function startProcess(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env,
  });
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  let seen = '';
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      seen += `${line}\n`;
      const listening = /^listening (\S+)(?: (\S+))?$/.exec(line);
      if (listening) {
        resolve({
          url: listening[1]!,
          token: listening[2] ?? '',
          cpu: () =>
            new Promise((answer) => {
              waiting.push((reply) => answer(Number(reply.slice('cpu '.length))));
              child.stdin.write('cpu\n');
            }),
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      } else if (line.startsWith('cpu ')) {
        waiting.shift()?.(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening: ${seen}`)));
  });
}

/** In a bench server: answers each `cpu` line on stdin with the process's CPU time so far. */
export function answerCpuQueries(): void {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.stdout.write(`cpu ${user + system}\n`);
  });
}

/**
 * Starts bench/seeded-server.ts with `count` apps and resolves once it listens. `provider` is
 * registered in the backend, for SET ingestion; `orgUrl` is the organization URL it answers for
 * (default its served URL), so that several servers can take the same tokens.
 */
export function startSeededServer(count: number, provider?: { issuer: string; jwks: object }, orgUrl?: string): Promise<ServerProcess> {
  const env = { ...process.env };
  if (provider) env.APPSET_BENCH_PROVIDER = JSON.stringify(provider);
  if (orgUrl) env.APPSET_BENCH_ORG_URL = orgUrl;
  return startProcess('./seeded-server.ts', [String(count)], env);
}

/** Starts bench/bare-server.ts with its arguments (a baseline server) and resolves once it listens. */
export function startBareServer(args: string[]): Promise<ServerProcess> {
  return startProcess('./bare-server.ts', args);
}
