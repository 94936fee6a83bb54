// Node only: a server started for a test stops when what started it goes. `npx appset-mock` runs the
// bin as node → sh → npm exec (→ the caller), and a caller that stops npx (Popen.terminate(),
// kill <npx pid>) leaves the shell and the server behind, re-parented; so the chain up to npm is
// recorded at start, and any link of it ending (or being re-parented) stops the server. Shared by
// `appset-mock` and `appset-set serve`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** One process of the starter chain, as it was at start. */
export interface StarterLink {
  pid: number;
  /** Its parent's pid at start: a different one later means its parent has gone. */
  ppid: number;
  /** Its command line, for messages (shortened). */
  command: string;
}

/** What is known of a running process. */
export interface ProcessInfo {
  ppid: number;
  /** Ended but not yet reaped (a zombie): gone for the watch. */
  zombie: boolean;
  /** Its command line, arguments separated by spaces. */
  command: string;
}

/** How far up the chain is followed at most: node, a shell or two, npm. */
const MAX_CHAIN = 6;
/** How often the chain is checked: a stop is seen within this. */
export const PARENT_WATCH_INTERVAL_MS = 500;
/** The longest a command line is kept, for messages. */
const MAX_COMMAND = 200;

/** Reads a process on Linux from /proc: the parent pid and state from `stat`, the command from `cmdline`. */
function readProc(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      // A process that ended between the two reads: its stat said enough.
    }
    return { ppid: Number(ppid), zombie: state === 'Z' || state === 'X', command: command.slice(0, MAX_COMMAND) };
  } catch {
    return undefined;
  }
}

/** Reads a process elsewhere (macOS, BSD) with `ps`, bounded in time; only at start. */
function readPs(pid: number): ProcessInfo | undefined {
  try {
    const out = execFileSync('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] });
    const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(out.split('\n')[0] ?? '');
    if (!match) return undefined;
    return { ppid: Number(match[1]), zombie: match[2]!.startsWith('Z'), command: match[3]!.slice(0, MAX_COMMAND) };
  } catch {
    return undefined;
  }
}

/** Reads a process by the means this platform has: /proc on Linux, `ps` elsewhere, nothing on Windows. */
export function readProcess(pid: number): ProcessInfo | undefined {
  if (process.platform === 'linux') return readProc(pid);
  if (process.platform === 'win32') return undefined;
  return readPs(pid);
}

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ash', 'ksh', 'mksh', 'cmd.exe', 'cmd', 'pwsh', 'powershell', 'powershell.exe']);

/** Whether a command line is npm's or npx's (npm names its process `npm exec …` once it runs). */
export function isNpm(command: string): boolean {
  if (/^(npm|npx)( |$)/.test(command)) return true;
  const words = command.split(' ').slice(0, 2);
  return words.some((word) => /^(npm|npx)(-cli\.js|\.cmd|\.js)?$/.test(basename(word)));
}

/** Whether a command line is a shell's (npm runs a bin through one). */
export function isShell(command: string): boolean {
  const first = command.split(' ')[0] ?? '';
  return SHELLS.has(basename(first).replace(/^-/, ''));
}

/**
 * The processes that started this one: the direct parent, then, while a link is a shell or npm has
 * not been reached, its parent, up to and including the first npm/npx process (at most
 * {@link MAX_CHAIN} links). A parent that is neither a shell nor npm is the starter itself.
 */
export function starterChain(read: (pid: number) => ProcessInfo | undefined = readProcess, pid = process.pid, ppid = process.ppid): StarterLink[] {
  const chain: StarterLink[] = [];
  let child = { pid, ppid };
  while (chain.length < MAX_CHAIN && child.ppid > 1) {
    const parent = read(child.ppid);
    if (parent === undefined) {
      // Unreadable (Windows, or it has already gone): the parent is still watched, by its pid.
      chain.push({ pid: child.ppid, ppid: -1, command: '' });
      break;
    }
    chain.push({ pid: child.ppid, ppid: parent.ppid, command: parent.command });
    if (isNpm(parent.command) || !isShell(parent.command)) break;
    child = { pid: child.ppid, ppid: parent.ppid };
  }
  return chain;
}

/** Whether a process with this pid exists (a zombie counts as existing: the caller checks more). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The first process of the chain that has gone, or `undefined`. A process has gone when it no
 * longer exists or has ended (a zombie its starter did not reap), or when its child in the chain
 * has another parent than the one recorded (re-parented: the parent ended); this process's own
 * parent is checked the same way, through `process.ppid`.
 */
export function goneLink(chain: readonly StarterLink[], given?: (pid: number) => ProcessInfo | undefined, ppid = process.ppid): StarterLink | undefined {
  const first = chain[0];
  if (first !== undefined && ppid !== first.pid) return first;
  // Reading every link each time is cheap only from /proc; elsewhere a pid's existence is checked.
  const canRead = given !== undefined || process.platform === 'linux';
  const read = given ?? readProcess;
  for (const [index, link] of chain.entries()) {
    if (!canRead) {
      if (!exists(link.pid)) return link;
      continue;
    }
    const now = read(link.pid);
    if (now === undefined || now.zombie) return link;
    // Re-parented: the process that went is its parent, the next link (or, past the chain, the one recorded).
    if (link.ppid !== -1 && now.ppid !== link.ppid) return chain[index + 1] ?? { pid: link.ppid, ppid: -1, command: '' };
  }
  return undefined;
}

/** A running watch; {@link watchStarter} starts one. */
export interface StarterWatch {
  /** The processes watched, the direct parent first. */
  readonly chain: readonly StarterLink[];
  /** Stops watching. */
  stop(): void;
}

/**
 * Calls `onGone` once, with the link that went, when the process that started this one (through npm
 * and shells, see {@link starterChain}) ends. Checks every {@link PARENT_WATCH_INTERVAL_MS} on a timer
 * that does not keep the process alive; each check reads a few small files (Linux) or signals a
 * few pids (elsewhere).
 */
export function watchStarter(onGone: (link: StarterLink) => void, intervalMs = PARENT_WATCH_INTERVAL_MS): StarterWatch {
  const chain = starterChain();
  const timer = setInterval(() => {
    const gone = goneLink(chain);
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, intervalMs);
  timer.unref();
  return { chain, stop: () => clearInterval(timer) };
}

/** How a stop by the watch is told: the link that went, by pid and, when known, command. */
export function starterGoneMessage(link: StarterLink): string {
  const what = link.command === '' ? '' : ` (${link.command.length > 60 ? `${link.command.slice(0, 60)}…` : link.command})`;
  return `the process that started it, pid ${link.pid}${what}, has ended; stopping (--no-parent-watch keeps it running)`;
}

/**
 * Calls `stop` once, on SIGINT or SIGTERM or, when `watchParent` is set, when the process that
 * started this one ends (said on stderr as `<program>: …`); the signal handlers and the watch are
 * removed before `stop` runs. Answers the watch, `undefined` when the starter is not watched.
 * Shared by `appset-mock` and `appset-set serve`.
 */
export function stopOnSignalOrStarterGone(program: string, watchParent: boolean, stop: () => void): StarterWatch | undefined {
  let watch: StarterWatch | undefined;
  const stopOnce = () => {
    watch?.stop();
    process.off('SIGINT', stopOnce);
    process.off('SIGTERM', stopOnce);
    stop();
  };
  process.on('SIGINT', stopOnce);
  process.on('SIGTERM', stopOnce);
  if (watchParent) {
    watch = watchStarter((link) => {
      // Whoever read stdout and stderr may have gone with the starter: a write to a closed pipe
      // must not end the process before `stop` has done its work.
      process.stdout.on('error', () => undefined);
      process.stderr.on('error', () => undefined);
      process.stderr.write(`${program}: ${starterGoneMessage(link)}\n`);
      stopOnce();
    });
  }
  return watch;
}
