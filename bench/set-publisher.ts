/**
 * set-publisher: a provider's delivery throughput to appset-mock over HTTP with `createPublisher`
 * (queue, retries, outcome hook) ÷ a bare `fetch` loop posting the same tokens, both 16 at a time
 * (goal ≥ 0.9). Beside it, the publisher ÷ a bare loop that, like the publisher, leaves an answer
 * declared empty unread: reading the receiver's empty 202 costs undici about as much as all of the
 * publisher's own work, so leaving it unread is what lifts the first ratio over its goal. Three
 * servers in their own processes receive the same tokens, each once: every round signs new tokens,
 * and the senders take the servers in turn from round to round, so none is tied to one.
 */
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createPublisher, events, signSecurityEventToken } from '../src/set/index';
import { benchUserEmail } from './fixtures';
import { measureRounds, median, pairedRatio, round, type BenchResult } from './measure';
import { startSeededServer, type ServerProcess } from './server-process';

const CONCURRENCY = 16;
const TOKENS_PER_ROUND = 300;
const WARMUP = 2;
const ROUNDS = 31;
const ISSUER = 'https://risk.example.com';
const RECEIVER_PATH = '/security/api/v1/security-events';
const ORG_URL = 'https://bench.okta.test';

function tokens(privateKey: CryptoKey, audience: string, round: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: TOKENS_PER_ROUND }, (_, i) =>
      signSecurityEventToken(
        {
          iss: ISSUER,
          aud: audience,
          jti: `r${round}-${i}`,
          events: events.userRiskChange({ subject: { user: { format: 'email', email: benchUserEmail(i) } }, current_level: 'high', previous_level: 'low' }),
        },
        { key: privateKey, kid: 'k1' },
      ),
    ),
  );
}

/**
 * Posts every token with `CONCURRENCY` loops of `fetch`, reading each answer: the floor. With
 * `skipEmpty`, an answer declared empty (`content-length: 0`) is left unread, as the publisher does.
 */
async function bareLoop(url: string, batch: string[], skipEmpty = false): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batch.length) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/secevent+jwt', accept: 'application/json' },
          body: batch[next++]!,
        });
        if (!skipEmpty || response.headers.get('content-length') !== '0') await response.arrayBuffer();
        if (response.status !== 202) throw new Error(`the receiver answered ${response.status}`);
      }
    }),
  );
}

/** Publishes every token through one publisher, as a provider would. */
async function published(url: string, batch: string[]): Promise<void> {
  let delivered = 0;
  const publisher = createPublisher({ endpoint: url, concurrency: CONCURRENCY, maxQueue: batch.length, onOutcome: (o) => (delivered += o.status === 'delivered' ? 1 : 0) });
  await Promise.all(batch.map((token) => publisher.publish(token)));
  if (delivered !== batch.length) throw new Error(`${batch.length - delivered} tokens were not delivered`);
}

export async function setPublisherThroughput(): Promise<BenchResult> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  // The servers answer for one organization, so each takes the same tokens.
  const servers: ServerProcess[] = await Promise.all([0, 1, 2].map(() => startSeededServer(0, { issuer: ISSUER, jwks: { keys: [jwk] } }, ORG_URL)));
  try {
    const batches: string[][] = [];
    for (let r = 0; r < WARMUP + ROUNDS; r++) batches.push(await tokens(privateKey, ORG_URL, r));
    // Round r: sender k posts batch r to server (r + k) % 3, so each server takes each batch once.
    const sender = (k: number, send: (url: string, batch: string[]) => Promise<void>) => {
      let r = 0;
      return () => {
        const round = r++;
        return send(`${servers[(round + k) % servers.length]!.url}${RECEIVER_PATH}`, batches[round]!);
      };
    };
    const baseline = sender(0, (url, batch) => bareLoop(url, batch));
    const unread = sender(1, (url, batch) => bareLoop(url, batch, true));
    const subject = sender(2, published);
    const rounds = await measureRounds({ baseline, unread, subject }, { warmup: WARMUP, rounds: ROUNDS });
    // Throughput ratio: the bare loop's time ÷ the publisher's, round by round.
    const ratio = pairedRatio(rounds.baseline.ms, rounds.subject.ms);
    const vsUnread = pairedRatio(rounds.unread.ms, rounds.subject.ms);
    const perSecond = (ms: number[]) => round(TOKENS_PER_ROUND / (median(ms) / 1000));
    return {
      ratio: ratio.median,
      baseline: perSecond(rounds.baseline.ms),
      subject: perSecond(rounds.subject.ms),
      quartiles: ratio.quartiles,
      vsUnreadLoop: { ratio: vsUnread.median, quartiles: vsUnread.quartiles, loop: perSecond(rounds.unread.ms) },
      unit: 'SETs per s delivered to appset-mock over HTTP (publisher vs bare fetch loop)',
      goal: '≥ 0.9',
      requests: TOKENS_PER_ROUND,
      concurrency: CONCURRENCY,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
