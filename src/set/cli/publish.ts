import { safeDescription } from '../errors';
import { createPublisher, tokenProblem, type PublishOutcome } from '../publisher';
import { wholeNumber, type Command } from './args';
import { readStdin, UsageError } from './io';

/** The most tokens one `publish` takes. */
const MAX_TOKENS = 10_000;

/** The tokens given as arguments, or else read from stdin (separated by white space). */
export async function tokensFrom(positionals: string[], what: string): Promise<string[]> {
  const given = positionals.length === 0 || (positionals.length === 1 && positionals[0] === '-') ? (await readStdin(what)).split(/\s+/) : positionals;
  const tokens = given.filter((token) => token !== '');
  if (tokens.length === 0) throw new UsageError(`no token given; give ${what} as an argument, or pipe it on stdin.`);
  return tokens;
}

/** How a token is named: its jti comes from the token, so its control characters are escaped (no terminal escapes). */
function named(jti: string | undefined): string {
  return jti === undefined ? 'token' : `jti ${safeDescription(jti)}`;
}

function describe(outcome: PublishOutcome): string {
  const which = named(outcome.jti);
  const attempts = `${outcome.attempts} attempt${outcome.attempts === 1 ? '' : 's'}`;
  switch (outcome.status) {
    case 'delivered':
      return `accepted ${which} (${outcome.httpStatus}, ${attempts})`;
    case 'refused':
      return `refused ${which}: ${outcome.error.err}: ${outcome.error.description}`;
    case 'failed':
      return `not delivered ${which}: ${outcome.error.message}`;
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
    'max-attempts': { type: 'string', value: 'N', help: 'the most sends of one token, 1 to 20 (default 6)', example: '6' },
    'max-time': { type: 'string', value: 'SECONDS', help: 'the most time for one token, retries included (default 60)', example: '60' },
  },
  async run(values, positionals) {
    const maxAttempts = wholeNumber(values, 'max-attempts', 1, 20);
    const maxTime = wholeNumber(values, 'max-time', 1, 86_400);
    const tokens = await tokensFrom(positionals, 'the tokens');
    if (tokens.length > MAX_TOKENS) throw new UsageError(`at most ${MAX_TOKENS} tokens at once (got ${tokens.length}); send them in parts.`);
    let failed = 0;
    const publisher = createPublisher({
      orgUrl: values['org-url'] as string,
      maxQueue: MAX_TOKENS,
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
      ...(maxTime === undefined ? {} : { maxElapsedMs: maxTime * 1000 }),
      onRetry: (retry) => {
        const cause = retry.status === undefined ? 'a network failure' : `${retry.status}`;
        process.stderr.write(`retrying ${named(retry.jti)} in ${(retry.waitMs / 1000).toFixed(1)} s after ${cause}\n`);
      },
      onOutcome: (outcome) => {
        if (outcome.status === 'delivered') {
          process.stdout.write(`${describe(outcome)}\n`);
          return;
        }
        failed += 1;
        process.stderr.write(`${describe(outcome)}\n`);
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
