import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A seeded backend running in a child process. */
export interface ServerProcess {
  url: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * Starts bench/seeded-server.ts with `count` apps and resolves once it listens. `provider` is
 * registered in the backend, for SET ingestion.
 */
export function startSeededServer(count: number, provider?: { issuer: string; jwks: object }): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./seeded-server.ts', import.meta.url));
  const env = provider ? { ...process.env, APPSET_BENCH_PROVIDER: JSON.stringify(provider) } : process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+) (\S+)/.exec(out);
      if (match) {
        resolve({
          url: match[1]!,
          token: match[2]!,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`seeded server exited with ${code} before listening: ${out}`)));
  });
}

/** Starts bench/bare-server.ts with its arguments (a baseline server) and resolves with its URL once it listens. */
export function startBareServer(args: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) {
        resolve({
          url: match[1]!,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code} before listening: ${out}`)));
  });
}
