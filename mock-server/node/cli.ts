#!/usr/bin/env node
// `appset-mock`: serves the reference backend over HTTP for clients in any language. It loads only the
// backend's core and the Node HTTP server: msw is not needed.
import { parseArgs } from 'node:util';
import { version } from '../../package.json';
import { createMockBackend, type MockBackendOptions } from '../backend';
import { DEFAULT_MOCK_TOKEN } from '../pipeline/auth';
import { answersAsOf } from '../shared/answer-changes';
import { checkOrigins, type CorsOrigins } from './cors';
import { listenWith, type RequestLogEntry, type RunningServer } from './listen';
import { CliOptionError, controlCliOptions, controlExposureWarning, isLoopback, readState, writeState, type ControlCliOptions } from './cli-options';
import { LogLines, type LogLevel } from './log-lines';
import { JOURNAL_DEFAULT_BODY_BYTES, JOURNAL_MAX_BODY_BYTES } from '../control/requests/capture';
import { JOURNAL_DEFAULT_SIZE, JOURNAL_MAX_SIZE } from '../control/requests/journal';
import { stopOnSignalOrStarterGone } from '../../src/set/cli/parent-watch';

/** One command-line flag: how `parseArgs` reads it, and how `--help` shows it. */
interface Flag {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  default?: string | boolean;
  /** The value's placeholder in `--help`, e.g. `<n>`. */
  value?: string;
  /** The help text; a flag's lines after the first are indented under it. */
  help: string[];
  /** An example value for error messages. */
  example?: string;
}

/**
 * Every flag, in `--help` order. A new flag is one entry here plus its check in `parseCommandLine`.
 */
const FLAGS = {
  port: { type: 'string', default: '4010', value: '<n>', help: ['TCP port, 0 to 65535; 0 picks a free one (default 4010)'], example: '4010' },
  host: { type: 'string', default: '127.0.0.1', value: '<address>', help: ['interface to bind (default 127.0.0.1)'], example: '127.0.0.1' },
  token: {
    type: 'string',
    default: DEFAULT_MOCK_TOKEN,
    value: '<token>',
    help: ['the API token to accept, sent as "Authorization: SSWS <token>"', `(default ${DEFAULT_MOCK_TOKEN})`],
    example: 'my-test-token',
  },
  'org-url': { type: 'string', value: '<url>', help: ['the organization URL written into links (default: the served URL)'], example: 'https://example.okta.com' },
  seed: {
    type: 'string',
    value: 'demo|FILE',
    help: ['start with a dozen realistic apps, or with a seed document (JSON;', 'schema: appset/seed.schema.json); reset goes back to it'],
    example: 'demo',
  },
  'rate-limits': {
    type: 'string',
    default: 'off',
    value: 'okta|off|FILE',
    help: ["enforce Okta's published per-minute limits, none (default off),", 'or the numbers per bucket in a JSON file, e.g. {"apps": 10}'],
    example: 'okta',
  },
  state: {
    type: 'string',
    value: 'FILE',
    help: ['load the state from FILE when it exists; write it there (atomically)', 'on SIGINT/SIGTERM'],
    example: './appset-state.json',
  },
  ids: { type: 'string', default: 'random', value: 'deterministic|random', help: ['the same id sequence on every start and after a reset, or random ids', '(default random)'], example: 'deterministic' },
  control: {
    type: 'string',
    default: 'on',
    value: 'on|off',
    help: ['serve the control plane and its dashboard under /__appset/', '(default on; needs no token)'],
    example: 'off',
  },
  log: {
    type: 'string',
    default: 'errors',
    value: 'off|errors|all',
    help: [
      'one line per request on stdout: none, refusals and failures only',
      '(default errors), or all; lines a reader does not take are dropped',
      '(and counted), never queued; every request is in the journal anyway',
    ],
    example: 'all',
  },
  'journal-size': {
    type: 'string',
    default: String(JOURNAL_DEFAULT_SIZE),
    value: '<n>',
    help: [`how many requests the journal keeps, 1 to ${JOURNAL_MAX_SIZE}, the oldest dropped first`, `(default ${JOURNAL_DEFAULT_SIZE})`],
    example: '1000',
  },
  'journal-body-bytes': {
    type: 'string',
    default: String(JOURNAL_DEFAULT_BODY_BYTES),
    value: '<n>',
    help: [`how much of each body the request journal keeps, 0 to ${JOURNAL_MAX_BODY_BYTES} bytes`, `(default ${JOURNAL_DEFAULT_BODY_BYTES})`],
    example: '65536',
  },
  'answers-as-of': {
    type: 'string',
    value: 'YYYY-MM-DD',
    help: ['answer as Okta organizations did that day where Okta has since', 'changed an answer (default: as they answer today)'],
    example: '2026-03-01',
  },
  'cors-origin': {
    type: 'string',
    multiple: true,
    value: '<origin>',
    help: ['allow only web pages on this origin to call the server (repeat it, or', 'give a comma-separated list); default: pages on any origin'],
    example: 'http://localhost:5173',
  },
  'no-parent-watch': {
    type: 'boolean',
    default: false,
    help: [
      'keep serving when the process that started it ends; by default it stops',
      'when its parent, or the npx/npm that ran it (and the shell between), goes',
    ],
  },
  version: { type: 'boolean', short: 'v', default: false, help: ['print the version and exit'] },
  help: { type: 'boolean', short: 'h', default: false, help: ['show this help'] },
} as const satisfies Record<string, Flag>;

function helpText(): string {
  const rows = Object.entries(FLAGS as Record<string, Flag>).map(([name, flag]) => {
    const short = flag.short ? `-${flag.short}, ` : '';
    return { left: `${short}--${name}${flag.value ? ` ${flag.value}` : ''}`, help: flag.help };
  });
  const width = Math.max(...rows.map((row) => row.left.length)) + 2;
  const lines = rows.flatMap(({ left, help }) => [
    `  ${left.padEnd(width)}${help[0]}`,
    ...help.slice(1).map((line) => `  ${' '.repeat(width)}${line}`),
  ]);
  return `Usage: appset-mock [options]

Serves an in-memory organization (the Okta Applications API) over HTTP.

Options:
${lines.join('\n')}
`;
}

/** A bad command line: printed as one line, exit code 2. */
class UsageError extends Error {}

interface CliOptions {
  port: number;
  host: string;
  token: string;
  orgUrl?: string;
  corsOrigins: CorsOrigins;
  control: ControlCliOptions;
  log: LogLevel;
  journalBodyBytes: number;
  journalSize: number;
  /** `--answers-as-of`: the day whose answers to give, checked. */
  answersAsOf?: string;
  /** Stop when the starter (the parent, or npx/npm through a shell) ends. */
  parentWatch: boolean;
}

function exampleValue(flag: string): string {
  const entry = (FLAGS as Record<string, Flag>)[flag.replace(/^--/, '')];
  return entry?.example ?? '<value>';
}

function fromParseError(error: unknown): UsageError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown option ${flag}; run appset-mock --help to see the options.`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const value = /'([^']*)'/.exec(message)?.[1] ?? '';
    return new UsageError(`unexpected argument "${value}"; every value follows its option, e.g. --port 4010.`);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return new UsageError(`${flag} takes no value; write it alone, e.g. ${flag}.`);
    return new UsageError(`${flag} needs a value, e.g. ${flag} ${exampleValue(flag)}.`);
  }
  return new UsageError(`${message}; run appset-mock --help to see the options.`);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `--cors-origin` values, each possibly a comma-separated list; none given means any origin. */
function parseCorsOrigins(values: readonly string[] | undefined): CorsOrigins {
  if (values === undefined || values.length === 0) return '*';
  const origins = values.flatMap((value) => value.split(',')).map((origin) => origin.trim());
  if (origins.includes('*')) return '*';
  for (const origin of origins) {
    try {
      checkOrigins([origin]);
    } catch {
      const shown = origin.length > 100 ? `${origin.slice(0, 100)}…` : origin;
      const fixed = URL.canParse(origin) && new URL(origin).origin !== 'null' ? new URL(origin).origin : 'http://localhost:5173';
      throw new UsageError(`--cors-origin takes origins as browsers send them, scheme://host[:port] (got "${shown}"), e.g. --cors-origin ${fixed}.`);
    }
  }
  return origins;
}

type Parsed = { kind: 'help' } | { kind: 'version' } | { kind: 'serve'; options: CliOptions };

/** Parses and checks the command line. */
function parseCommandLine(args: string[]): Parsed {
  const parse = () => parseArgs({ args, options: FLAGS, strict: true, allowPositionals: false });
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (error) {
    throw fromParseError(error);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535 (got "${values.port}"), e.g. --port 4010, or --port 0 for a free port.`);
  }
  if (values.host.trim() === '') throw new UsageError('--host must name an interface, e.g. --host 127.0.0.1.');
  if (!/^[\x21-\x7e]+$/.test(values.token)) {
    throw new UsageError('--token must be a non-empty token of printable characters without spaces, e.g. --token my-test-token.');
  }
  const orgUrl = values['org-url'];
  if (orgUrl !== undefined && !isHttpUrl(orgUrl)) {
    throw new UsageError(`--org-url must be an http(s) URL (got "${orgUrl}"), e.g. --org-url https://example.okta.com.`);
  }
  let control: ControlCliOptions;
  try {
    control = controlCliOptions(values);
  } catch (error) {
    if (error instanceof CliOptionError) throw new UsageError(error.message);
    throw error;
  }
  const corsOrigins = parseCorsOrigins(values['cors-origin']);
  const log = values.log;
  if (log !== 'off' && log !== 'errors' && log !== 'all') throw new UsageError(`--log takes off, errors or all (got "${log}"), e.g. --log all.`);
  const journalBodyBytes = Number(values['journal-body-bytes']);
  if (!/^\d+$/.test(values['journal-body-bytes']) || journalBodyBytes > JOURNAL_MAX_BODY_BYTES) {
    throw new UsageError(`--journal-body-bytes must be a whole number from 0 to ${JOURNAL_MAX_BODY_BYTES} (got "${values['journal-body-bytes']}"), e.g. --journal-body-bytes 65536.`);
  }
  const journalSize = Number(values['journal-size']);
  if (!/^\d+$/.test(values['journal-size']) || journalSize < 1 || journalSize > JOURNAL_MAX_SIZE) {
    throw new UsageError(`--journal-size must be a whole number from 1 to ${JOURNAL_MAX_SIZE} (got "${values['journal-size']}"), e.g. --journal-size 1000.`);
  }
  const asOf = values['answers-as-of'];
  try {
    answersAsOf(asOf, '--answers-as-of');
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return { kind: 'serve', options: {
      port,
      host: values.host,
      token: values.token,
      orgUrl,
      corsOrigins,
      control,
      log,
      journalBodyBytes,
      journalSize,
      ...(asOf === undefined ? {} : { answersAsOf: asOf }),
      parentWatch: !values['no-parent-watch'],
    },
  };
}

/** Whether `--log errors` writes a line for this request: a refusal or a failure (status 400 and up, or no answer). */
function isError(entry: RequestLogEntry): boolean {
  return entry.status >= 400 || entry.status === 0 || entry.errorCode !== undefined;
}

/** One request, one line: time, method, path, status, duration, request id, and a refusal's code. */
function logLine(entry: RequestLogEntry): string {
  const refusal = entry.errorCode === undefined ? '' : ` error=${entry.errorCode}`;
  return `${entry.time} ${entry.method} ${entry.path} ${entry.status} ${entry.milliseconds.toFixed(1)}ms id=${entry.requestId}${refusal}`;
}

/** Explains why the server could not listen, in the terms of the command line. */
function listenFailure(error: unknown, options: CliOptions): string {
  const code = (error as { code?: unknown }).code;
  const where = `${options.host}:${options.port}`;
  if (code === 'EADDRINUSE') {
    return `port ${options.port} on ${options.host} is already in use; stop the program using it or pick another with --port (--port 0 picks a free one).`;
  }
  if (code === 'EACCES') return `not permitted to listen on ${where}; use a port above 1023, e.g. --port 4010.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `cannot bind ${options.host}: no such local interface; use e.g. --host 127.0.0.1.`;
  }
  return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`appset-mock: ${error.message}\n`);
    return 2;
  }
  if (parsed.kind === 'help') {
    process.stdout.write(helpText());
    return 0;
  }
  if (parsed.kind === 'version') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const { options } = parsed;

  const backendOptions: MockBackendOptions = {
    tokens: [{ type: 'SSWS', token: options.token }],
    rateLimits: options.control.rateLimits,
    ids: options.control.ids,
    control: options.control.control,
    journalBodyBytes: options.journalBodyBytes,
    journalSize: options.journalSize,
  };
  if (options.orgUrl !== undefined) backendOptions.orgUrl = options.orgUrl;
  if (options.answersAsOf !== undefined) backendOptions.answersAsOf = options.answersAsOf;
  if (options.control.seed !== undefined) backendOptions.seed = options.control.seed;
  const { statePath } = options.control;
  let backend: ReturnType<typeof createMockBackend>;
  try {
    backend = createMockBackend(backendOptions);
    const saved = statePath === undefined ? undefined : readState(statePath);
    if (saved !== undefined) backend.restore(saved);
  } catch (error) {
    // A bad seed, rate-limit or state file: the message names the file's field.
    process.stderr.write(`appset-mock: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (options.control.control && !isLoopback(options.host)) process.stderr.write(`appset-mock: ${controlExposureWarning(options.host)}\n`);

  let server: RunningServer;
  const lines = new LogLines(process.stdout);
  const onRequest =
    options.log === 'off'
      ? undefined
      : (entry: RequestLogEntry) => {
          if (options.log === 'all' || isError(entry)) lines.write(`${logLine(entry)}\n`);
        };
  try {
    // With --log errors, the server makes no entry for an answer that succeeds (most of them).
    const logged = options.log === 'errors' ? 'refusals' : 'all';
    server = await listenWith(backend, { port: options.port, host: options.host, corsOrigins: options.corsOrigins, onRequest, logged });
  } catch (error) {
    process.stderr.write(`appset-mock: ${listenFailure(error, options)}\n`);
    return 1;
  }

  return new Promise<number>((resolve) => {
    // The handlers are in place before the server says it listens: a harness that stops it as soon
    // as it reads that line gets the state written and a clean exit, never the default kill.
    stopOnSignalOrStarterGone('appset-mock', options.parentWatch, () => {
      if (statePath !== undefined) {
        try {
          writeState(statePath, backend.snapshot());
          process.stdout.write(`state written to ${statePath}\n`);
        } catch (error) {
          process.stderr.write(`appset-mock: could not write the state to ${statePath}: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
      server.close().then(
        () => {
          process.stdout.write('appset mock server stopped\n');
          resolve(0);
        },
        (error: unknown) => {
          process.stderr.write(`appset-mock: could not close the server cleanly: ${String(error)}\n`);
          resolve(1);
        },
      );
    });
    process.stdout.write(`appset mock server listening on ${server.url}\n`);
    process.stdout.write(`token: ${options.token}  (send it as: Authorization: SSWS ${options.token})\n`);
    if (options.orgUrl !== undefined) process.stdout.write(`org url: ${backend.orgUrl}  (links in responses point here)\n`);
    const cors = options.corsOrigins === '*' ? 'any origin' : options.corsOrigins.join(', ');
    process.stdout.write(`cors: web pages on ${cors} may call this server\n`);
    if (options.control.control) process.stdout.write(`dashboard: ${server.url}/__appset/  (the organization and every request, as they happen)\n`);
    const stopsWith = options.parentWatch ? '; it also stops when the process that started it ends' : '';
    process.stdout.write(`pid: ${process.pid}  (stop it with kill -TERM ${process.pid}${stopsWith})\n`);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`appset-mock: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
