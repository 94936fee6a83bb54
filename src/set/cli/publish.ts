import { safeDescription, type SetDeliveryError } from '../errors';
import { createPublisher, PUBLISHER_BOUNDS, PUBLISHER_DEFAULTS, tokenProblem, type PublishOutcome } from '../publisher';
import { wholeNumber, type Command } from './args';
import { readStdin, UsageError } from './io';

/** The most tokens one `publish` takes. */
const MAX_TOKENS = 10_000;

/** `--max-attempts`: the publisher's bounds and default. */
const [MIN_ATTEMPTS, MAX_ATTEMPTS] = PUBLISHER_BOUNDS.maxAttempts;

/** `--max-time`, in seconds: the publisher's bounds of `maxElapsedMs`, in whole seconds, and its default. */
const MIN_TIME = Math.max(1, Math.ceil(PUBLISHER_BOUNDS.maxElapsedMs[0] / 1000));
const MAX_TIME = Math.floor(PUBLISHER_BOUNDS.maxElapsedMs[1] / 1000);
const DEFAULT_MAX_TIME = PUBLISHER_DEFAULTS.maxElapsedMs / 1000;

/** The tokens given as arguments, or else read from stdin (separated by white space). */
export async function tokensFrom(positionals: string[], what: string): Promise<string[]> {
  const given = positionals.length === 0 || (positionals.length === 1 && positionals[0] === '-') ? (await readStdin(what)).split(/\s+/) : positionals;
  const tokens = given.filter((token) => token !== '');
  if (tokens.length === 0) throw new UsageError(`no token given; give ${what} as an argument, or pipe it on stdin.`);
  return tokens;
}

/**
 * A network failure in words: each message down the `cause` chain (fetch's "fetch failed" holds the
 * reason, e.g. "connect ECONNREFUSED 127.0.0.1:4010"), or that no answer came in time. At most 300
 * characters.
 */
export function networkFailure(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') return 'no answer in time';
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const message = current instanceof Error ? current.message : typeof current === 'string' ? current : '';
    const code = (current as { code?: unknown }).code;
    const text = message !== '' ? message : typeof code === 'string' ? code : '';
    if (text !== '' && !parts.includes(text)) parts.push(text);
    current = (current as { cause?: unknown }).cause;
  }
  const joined = parts.length === 0 ? 'a network failure' : parts.join(': ');
  return joined.length > 300 ? `${joined.slice(0, 300)}…` : joined;
}

/** Why a token was not delivered, in the terms of the command line: its flags, and the network error met. */
export function notDelivered(error: SetDeliveryError, maxTime: number | undefined): string {
  const last = error.status !== undefined ? `the last answered ${error.status}` : `the last met ${networkFailure(error.cause)}`;
  const attempts = `${error.attempts} attempt${error.attempts === 1 ? '' : 's'}`;
  if (error.code === 'attempts_exhausted') return `${attempts} (${last}); raise --max-attempts (up to ${MAX_ATTEMPTS}), or try later`;
  if (error.code === 'time_exhausted') {
    return `${attempts} in the time allowed (--max-time ${maxTime ?? DEFAULT_MAX_TIME} s; ${last}); raise --max-time, or try later`;
  }
  return error.message;
}

/** How a token is named: its jti comes from the token, so its control characters are escaped (no terminal escapes). */
function named(jti: string | undefined): string {
  return jti === undefined ? 'token' : `jti ${safeDescription(jti)}`;
}

function describe(outcome: PublishOutcome, maxTime?: number): string {
  const which = named(outcome.jti);
  const attempts = `${outcome.attempts} attempt${outcome.attempts === 1 ? '' : 's'}`;
  switch (outcome.status) {
    case 'delivered':
      return `accepted ${which} (${outcome.httpStatus}, ${attempts})`;
    case 'refused':
      return `refused ${which}: ${outcome.error.err}: ${outcome.error.description}`;
    case 'failed':
      return `not delivered ${which}: ${notDelivered(outcome.error, maxTime)}`;
    case 'aborted':
      return `stopped ${which}`;
  }
}

/** `appset-set publish`: tokens pushed to an organization, with the publisher's retries. */
export const publish: Command = {
  name: 'publish',
  summary: 'push signed tokens to an organization, retrying 429, 5xx and network failures',
  positionals: '[TOKEN…]',
  description:
    'Pushes each token (arguments, or white-space separated on stdin) to the organization\'s receiver,\n' +
    '/security/api/v1/security-events, without any Okta credentials. 429, 5xx and network failures are\n' +
    'retried with backoff and jitter, honouring Retry-After; a refusal (400) is printed, never retried.\n' +
    'Exits 0 when every token was accepted, 1 otherwise. Tokens are never printed, only their jti.',
  flags: {
    'org-url': { type: 'string', value: 'URL', help: 'the organization URL', example: 'https://example.okta.com', required: true },
    'max-attempts': {
      type: 'string',
      value: 'N',
      help: `the most sends of one token, ${MIN_ATTEMPTS} to ${MAX_ATTEMPTS} (default ${PUBLISHER_DEFAULTS.maxAttempts})`,
      example: `${PUBLISHER_DEFAULTS.maxAttempts}`,
    },
    'max-time': {
      type: 'string',
      value: 'SECONDS',
      help: `the most time for one token, retries included (default ${DEFAULT_MAX_TIME})`,
      example: `${DEFAULT_MAX_TIME}`,
    },
  },
  async run(values, positionals) {
    const maxAttempts = wholeNumber(values, 'max-attempts', MIN_ATTEMPTS, MAX_ATTEMPTS);
    const maxTime = wholeNumber(values, 'max-time', MIN_TIME, MAX_TIME);
    const tokens = await tokensFrom(positionals, 'the tokens');
    if (tokens.length > MAX_TOKENS) throw new UsageError(`at most ${MAX_TOKENS} tokens at once (got ${tokens.length}); send them in parts.`);
    let failed = 0;
    const publisher = createPublisher({
      orgUrl: values['org-url'] as string,
      maxQueue: MAX_TOKENS,
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
      ...(maxTime === undefined ? {} : { maxElapsedMs: maxTime * 1000 }),
      onRetry: (retry) => {
        const cause = retry.status === undefined ? `a network failure (${networkFailure(retry.error)})` : `${retry.status}`;
        process.stderr.write(`retrying ${named(retry.jti)} in ${(retry.waitMs / 1000).toFixed(1)} s after ${cause}\n`);
      },
      onOutcome: (outcome) => {
        if (outcome.status === 'delivered') {
          process.stdout.write(`${describe(outcome, maxTime)}\n`);
          return;
        }
        failed += 1;
        process.stderr.write(`${describe(outcome, maxTime)}\n`);
      },
    });
    // Checked before anything is sent, and never quoted: a token may carry personal data.
    tokens.forEach((token, i) => {
      const problem = tokenProblem(token);
      if (problem !== undefined) throw new UsageError(`token ${i + 1} of ${tokens.length}: ${problem}; give what appset-set sign prints.`);
    });
    // Each outcome is printed by onOutcome; the promises only tell when all have ended.
    await Promise.all(tokens.map((token) => publisher.publish(token).catch(() => undefined)));
    return failed === 0 ? 0 : 1;
  },
};
