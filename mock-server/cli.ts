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

const HELP = `Usage: appset-mock [options]

Serves an in-memory organization (the Okta Applications API) over HTTP.

Options:
  --port <n>                 TCP port; 0 picks a free one (default 4010)
  --host <address>           interface to bind (default 127.0.0.1)
  --token <token>            the API token to accept, sent as "Authorization: SSWS <token>"
                             (default ${DEFAULT_MOCK_TOKEN})
  --org-url <url>            the organization URL written into links (default: the served URL)
  --seed demo                start with a dozen realistic apps
  --rate-limits okta|off     enforce Okta's published per-minute limits, or not (default off)
  --help                     show this help
`;

const OPTIONS = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  token: { type: 'string', default: DEFAULT_MOCK_TOKEN },
  'org-url': { type: 'string' },
  seed: { type: 'string' },
  'rate-limits': { type: 'string', default: 'off' },
  help: { type: 'boolean', default: false },
} as const;

/** A bad command line: printed as one line, exit code 2. */
class UsageError extends Error {}

interface CliOptions {
  port: number;
  host: string;
  token: string;
  orgUrl?: string;
  seed?: 'demo';
  rateLimits: 'okta' | 'off';
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
  const seed = values.seed;
  if (seed !== undefined && seed !== 'demo') throw new UsageError(`--seed takes only "demo" (got "${seed}"), e.g. --seed demo.`);
  const rateLimits = values['rate-limits'];
  if (rateLimits !== 'okta' && rateLimits !== 'off') {
    throw new UsageError(`--rate-limits takes "okta" or "off" (got "${rateLimits}"), e.g. --rate-limits okta.`);
  }
  return { port, host: values.host, token: values.token, orgUrl, seed, rateLimits };
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
    rateLimits: options.rateLimits,
  };
  if (options.orgUrl !== undefined) backendOptions.orgUrl = options.orgUrl;
  if (options.seed !== undefined) backendOptions.seed = options.seed;
  const backend = createMockBackend(backendOptions);

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
