#!/usr/bin/env node
// `appset-mock`: serves the reference backend over HTTP for clients in any language.
import { parseArgs } from 'node:util';
import {
  createMockBackend,
  DEFAULT_MOCK_TOKEN,
  type MockBackendOptions,
  type RequestLogEntry,
  type RunningServer,
} from './index';
import { CliOptionError, controlCliOptions, controlExposureWarning, isLoopback, readState, writeState, type ControlCliOptions } from './control/cli-options';

const HELP = `Usage: appset-mock [options]

Serves an in-memory organization (the Okta Applications API) over HTTP.

Options:
  --port <n>                 TCP port; 0 picks a free one (default 4010)
  --host <address>           interface to bind (default 127.0.0.1)
  --token <token>            the API token to accept, sent as "Authorization: SSWS <token>"
                             (default ${DEFAULT_MOCK_TOKEN})
  --org-url <url>            the organization URL written into links (default: the served URL)
  --seed demo|FILE           start with a dozen realistic apps, or with a seed document (JSON;
                             schema: appset/seed.schema.json); reset goes back to it
  --rate-limits okta|off|FILE  enforce Okta's published per-minute limits, none (default off),
                             or the numbers per bucket in a JSON file, e.g. {"apps": 10}
  --state FILE               load the state from FILE when it exists; write it there (atomically)
                             on SIGINT/SIGTERM
  --ids deterministic        the same id sequence on every start and after a reset
  --control on|off           serve the control plane under /__appset/ (default on; needs no token)
  --help                     show this help
`;

const OPTIONS = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  token: { type: 'string', default: DEFAULT_MOCK_TOKEN },
  'org-url': { type: 'string' },
  seed: { type: 'string' },
  'rate-limits': { type: 'string', default: 'off' },
  state: { type: 'string' },
  ids: { type: 'string', default: 'random' },
  control: { type: 'string', default: 'on' },
  help: { type: 'boolean', default: false },
} as const;

/** A bad command line: printed as one line, exit code 2. */
class UsageError extends Error {}

interface CliOptions {
  port: number;
  host: string;
  token: string;
  orgUrl?: string;
  control: ControlCliOptions;
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

function exampleValue(flag: string): string {
  const examples: Record<string, string> = {
    '--port': '4010',
    '--host': '127.0.0.1',
    '--token': 'my-test-token',
    '--org-url': 'https://example.okta.com',
    '--seed': 'demo',
    '--rate-limits': 'okta',
  };
  return examples[flag] ?? '<value>';
}

/** Parses and checks the command line; `undefined` means `--help` was asked for. */
function parseCommandLine(args: string[]): CliOptions | undefined {
  const parse = () => parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (error) {
    throw fromParseError(error);
  }
  if (values.help) return undefined;

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
  return { port, host: values.host, token: values.token, orgUrl, control };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function logLine(entry: RequestLogEntry): string {
  return `${entry.method} ${entry.path} ${entry.status} ${entry.milliseconds.toFixed(1)}ms`;
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
  let options: CliOptions | undefined;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`appset-mock: ${error.message}\n`);
    return 2;
  }
  if (!options) {
    process.stdout.write(HELP);
    return 0;
  }

  const backendOptions: MockBackendOptions = {
    tokens: [{ type: 'SSWS', token: options.token }],
    rateLimits: options.control.rateLimits,
    ids: options.control.ids,
    control: options.control.control,
  };
  if (options.orgUrl !== undefined) backendOptions.orgUrl = options.orgUrl;
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
  try {
    server = await backend.listen({
      port: options.port,
      host: options.host,
      onRequest: (entry) => process.stdout.write(`${logLine(entry)}\n`),
    });
  } catch (error) {
    process.stderr.write(`appset-mock: ${listenFailure(error, options)}\n`);
    return 1;
  }

  process.stdout.write(`appset mock server listening on ${server.url}\n`);
  process.stdout.write(`token: ${options.token}  (send it as: Authorization: SSWS ${options.token})\n`);
  if (options.orgUrl !== undefined) process.stdout.write(`org url: ${backend.orgUrl}  (links in responses point here)\n`);

  return new Promise<number>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
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
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`appset-mock: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
