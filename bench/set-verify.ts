/**
 * set-verify-vs-jose: `verifySecurityEventToken` throughput ÷ a bare `jose.jwtVerify` of the same token
 * and key (goal ≥ 0.8), and ingestion throughput over HTTP in SETs per second.
 */
import { exportJWK, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { createMockBackend } from '../mock-server/index';
import { benchUserEmail, benchUsers } from './fixtures';
import { listen } from '../mock-server/node/index';
import { events, signSecurityEventToken, verifySecurityEventToken } from '../src/set/index';
import { compare, round, type BenchResult } from './measure';

const VERIFIES = 4_000;
const INGESTED = 2_000;
const CONCURRENCY = 16;
const ISSUER = 'https://risk.example.com';
const AUDIENCE = 'https://appset.okta.test';

async function signed(privateKey: CryptoKey, n: number, audience = AUDIENCE) {
  return signSecurityEventToken(
    {
      iss: ISSUER,
      aud: audience,
      events: events.userRiskChange({
        subject: { user: { format: 'email', email: benchUserEmail(n) } },
        current_level: 'high',
        previous_level: 'low',
      }),
    },
    { key: privateKey, kid: 'k1' },
  );
}

async function ingestionRate(privateKey: CryptoKey, jwk: object): Promise<number> {
  const backend = createMockBackend();
  backend.providers.register({ issuer: ISSUER, jwks: { keys: [jwk as never] } });
  for (const user of benchUsers()) backend.directory.addUser(user);
  const running = await listen(backend, { host: '127.0.0.1', port: 0 });
  try {
    const tokens = await Promise.all(Array.from({ length: INGESTED }, (_, i) => signed(privateKey, i, running.url)));
    const post = async (token: string) => {
      const response = await fetch(`${running.url}/security/api/v1/security-events`, {
        method: 'POST',
        headers: { 'content-type': 'application/secevent+jwt', accept: 'application/json' },
        body: token,
      });
      if (response.status !== 202) throw new Error(`ingestion answered ${response.status}: ${await response.text()}`);
    };
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < tokens.length) await post(tokens[next++]!);
      }),
    );
    return INGESTED / ((performance.now() - start) / 1000);
  } finally {
    await running.close();
  }
}

/** Runs `VERIFIES` calls of `verify`, `concurrency` at a time. */
function saturate(verify: () => Promise<unknown>, concurrency: number) {
  return async () => {
    let left = VERIFIES;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await verify();
      }),
    );
  };
}

export async function setVerifyVsJose(): Promise<BenchResult> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const keys = { keys: [jwk] };
  const token = await signed(privateKey, 0);
  const bare = () => jwtVerify(token, publicKey, { audience: AUDIENCE, issuer: ISSUER });
  const appset = () => verifySecurityEventToken(token, { audience: AUDIENCE, issuer: ISSUER, keys });
  const perSecond = (ms: number) => VERIFIES / (ms / 1000);
  // Throughput: Web Crypto verifies on libuv's thread pool, so a receiver keeps several tokens in
  // flight; both sides get the same concurrency. One-at-a-time latency is reported beside it.
  const concurrent = await compare(saturate(bare, CONCURRENCY / 2), saturate(appset, CONCURRENCY / 2), { warmup: 3, rounds: 11 });
  const sequential = await compare(saturate(bare, 1), saturate(appset, 1), { warmup: 1, rounds: 5 });
  return {
    // Throughput ratio: subject ops/s ÷ baseline ops/s.
    ratio: round(perSecond(concurrent.subject) / perSecond(concurrent.baseline)),
    baseline: round(perSecond(concurrent.baseline)),
    subject: round(perSecond(concurrent.subject)),
    unit: `verifications per second, ${CONCURRENCY / 2} in flight`,
    goal: '≥ 0.8',
    sequentialRatio: round(perSecond(sequential.subject) / perSecond(sequential.baseline)),
    ingestionPerSecond: round(await ingestionRate(privateKey, jwk)),
  };
}
