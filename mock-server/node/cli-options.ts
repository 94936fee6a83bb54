// Node-only helpers of `appset-mock` for the control plane's options: files in, state out.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { IdMode } from '../state/ids';
import { inputError } from '../control/body-errors';
import { RateLimitSettingSchema, type RateLimitSetting } from '../control/plane';
import type { SeedDocument } from '../control/seed-schema';

/** The largest seed, rate-limit or state file the CLI reads. */
export const MAX_CLI_FILE_BYTES = 64 * 1024 * 1024;

/** A bad option of the control plane: the CLI prints it and exits with status 2. */
export class CliOptionError extends Error {}

/** What the control-plane flags ask for. */
export interface ControlCliOptions {
  seed?: 'demo' | SeedDocument;
  rateLimits: RateLimitSetting;
  ids: IdMode;
  control: boolean;
  /** `--state FILE`: read at start when present, written on SIGINT/SIGTERM. */
  statePath?: string;
}

function readJsonFile(path: string, flag: string): unknown {
  let text: string;
  let fd: number;
  try {
    // Opened without blocking, so a FIFO cannot hang the start; then checked on the open file itself.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliOptionError(`${flag} ${path}: no such file; give the path of a JSON file.`);
    throw new CliOptionError(`${flag} ${path}: cannot be opened (${code ?? String(error)}).`);
  }
  try {
    const stats = fstatSync(fd);
    // A device, FIFO or directory has no size to check (/dev/zero never ends): only regular files are read.
    if (!stats.isFile()) throw new CliOptionError(`${flag} ${path}: not a regular file; give the path of a JSON file.`);
    if (stats.size > MAX_CLI_FILE_BYTES) throw new CliOptionError(`${flag} ${path}: the file is larger than ${MAX_CLI_FILE_BYTES} bytes.`);
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliOptionError(`${flag} ${path}: not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/** Reads the control-plane flags (`--seed`, `--rate-limits`, `--ids`, `--control`, `--state`). */
export function controlCliOptions(values: { seed?: string; 'rate-limits'?: string; ids?: string; control?: string; state?: string }): ControlCliOptions {
  const { seed, ids = 'random', control = 'on', state } = values;
  const rateLimitsFlag = values['rate-limits'] ?? 'off';
  if (ids !== 'random' && ids !== 'deterministic') throw new CliOptionError(`--ids takes "deterministic" or "random" (got "${ids}"), e.g. --ids deterministic.`);
  if (control !== 'on' && control !== 'off') throw new CliOptionError(`--control takes "on" or "off" (got "${control}"), e.g. --control off.`);
  const rateLimits: RateLimitSetting =
    rateLimitsFlag === 'okta' || rateLimitsFlag === 'off'
      ? rateLimitsFlag
      : fileRateLimits(rateLimitsFlag);
  const options: ControlCliOptions = { rateLimits, ids, control: control === 'on' };
  if (seed !== undefined) options.seed = seed === 'demo' ? 'demo' : (readJsonFile(seed, '--seed') as SeedDocument);
  if (state !== undefined) {
    if (state.trim() === '') throw new CliOptionError('--state needs a file path, e.g. --state ./appset-state.json.');
    options.statePath = state;
  }
  return options;
}

function fileRateLimits(path: string): RateLimitSetting {
  const parsed = RateLimitSettingSchema.safeParse(readJsonFile(path, '--rate-limits'));
  if (!parsed.success) throw new CliOptionError(`--rate-limits ${path}: ${inputError(parsed.error, 'rate limits').message}`);
  return parsed.data as RateLimitSetting;
}

/** The saved state, when the `--state` file exists. */
export function readState(path: string): unknown {
  return existsSync(path) ? readJsonFile(path, '--state') : undefined;
}

/**
 * Writes the state atomically: to a new temporary file beside it (a random name, created
 * exclusively, so a file or link planted there is never written through), readable by its owner
 * only, then renamed over it (a link at `path` is replaced, not followed).
 */
export function writeState(path: string, snapshot: unknown): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, `${JSON.stringify(snapshot)}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Whether a host to bind is a loopback interface only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The warning printed when the plane (which needs no token) is served beyond loopback. */
export function controlExposureWarning(host: string): string {
  return `warning: the control plane (/__appset/) is on and needs no token, and the server listens on ${host}: anyone who can reach it can read, reset or replace the state. Use --control off, or --host 127.0.0.1.`;
}
