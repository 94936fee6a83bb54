import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliBundle } from '../support/cli-bundles';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /^appset mock server listening on (http:\/\/\S+)$/;

/** How a CLI process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running `appset-mock`, bundled from the sources (test/support/cli-bundles.ts). */
export interface CliProcess {
  readonly child: ChildProcess;
  /** Every complete line written to stdout so far. */
  readonly stdout: string[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves once the process has ended. */
  readonly exited: Promise<Exit>;
  /** Resolves with the first stdout line (already written or still to come) that matches. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends a signal and resolves when the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/** Runs `node <appset-mock bundled from mock-server/node/cli.ts> ...args` in the repository; `nodeArgs` go to node itself. */
export function runCli(args: string[], nodeArgs: string[] = []): CliProcess {
  const child = spawn(process.execPath, [...nodeArgs, cliBundle('appset-mock'), ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  let partial = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    stdout.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<Exit>((resolve) => {
    // `close`, not `exit`: by then everything the process wrote has been read.
    child.on('close', (code, signal) => {
      for (const wake of waiters) wake();
      resolve({ code, signal });
    });
  });

  function waitForLine(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const line = stdout.find((l) => pattern.test(l));
        if (line !== undefined) return finish(() => resolve(line));
        if (child.exitCode !== null || child.signalCode !== null) {
          return finish(() => reject(new Error(`appset-mock ended before printing ${pattern}; stderr: ${stderr}`)));
        }
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`appset-mock printed no line matching ${pattern}; stdout: ${stdout.join('\n')}; stderr: ${stderr}`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });
  }

  return {
    child,
    stdout,
    stderr: () => stderr,
    exited,
    waitForLine,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts `appset-mock` with the arguments and resolves with its served URL once it listens. */
export async function startCli(args: string[], nodeArgs: string[] = []): Promise<{ cli: CliProcess; url: string }> {
  const cli = runCli(args, nodeArgs);
  try {
    const line = await cli.waitForLine(LISTENING);
    return { cli, url: LISTENING.exec(line)![1]! };
  } catch (error) {
    await cli.stop('SIGKILL');
    throw error;
  }
}
