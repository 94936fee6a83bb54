import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A seeded backend running in a child process. */
export interface ServerProcess {
  url: string;
  token: string;
  stop(): Promise<void>;
}

/** Starts bench/seeded-server.ts with `count` apps and resolves once it listens. */
export function startSeededServer(count: number): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./seeded-server.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
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
