import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { networkFailure } from '../../src/set/cli/publish';
import { appsetSet } from './set-cli-process';

// `appset-set publish` says why a token was not delivered in the command line's terms: its flags
// (--max-attempts, --max-time), never the library's option names, and the network error it met.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let dir: string;
let token: string;
/** A loopback port nothing listens on: taken, then let go. */
let closedPort: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'appset-set-publish-'));
  const keyFile = join(dir, 'key.pem');
  await appsetSet(['keygen', '--out', keyFile]);
  const signed = await appsetSet(['sign', '--key', keyFile, '--issuer', 'https://risk.example.com', '--audience', 'http://127.0.0.1', '--event', 'session-revoked', '--user', 'ada@example.com', '--jti', 'msg-1']);
  token = signed.stdout.trim();
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('appset-set publish, when a token is not delivered', () => {
  it('names --max-attempts and the network error of the last attempt', async () => {
    const ran = await appsetSet(['publish', '--org-url', `http://127.0.0.1:${closedPort}`, '--max-attempts', '1', token]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe(`not delivered jti msg-1: 1 attempt (the last met fetch failed: connect ECONNREFUSED 127.0.0.1:${closedPort}); raise --max-attempts (up to 20), or try later\n`);
  });

  it('names --max-time, its value, and the network error, with the error in each retry line too', async () => {
    const ran = await appsetSet(['publish', '--org-url', `http://127.0.0.1:${closedPort}`, '--max-time', '1', '--max-attempts', '20', token]);
    expect(ran.code).toBe(1);
    const lines = ran.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(
      new RegExp(`^not delivered jti msg-1: \\d+ attempts? in the time allowed \\(--max-time 1 s; the last met fetch failed: connect ECONNREFUSED 127\\.0\\.0\\.1:${closedPort}\\); raise --max-time, or try later$`),
    );
    for (const line of lines.slice(0, -1)) {
      expect(line).toMatch(new RegExp(`^retrying jti msg-1 in \\d+\\.\\d s after a network failure \\(fetch failed: connect ECONNREFUSED 127\\.0\\.0\\.1:${closedPort}\\)$`));
    }
    expect(ran.stderr).not.toMatch(/maxElapsedMs|maxAttempts/);
  });

  it('names the status of the last answer when there was one', async () => {
    const busy = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
      const ran = await appsetSet(['publish', '--org-url', url, '--max-attempts', '1', token]);
      expect(ran.stderr).toBe('not delivered jti msg-1: 1 attempt (the last answered 503); raise --max-attempts (up to 20), or try later\n');
    } finally {
      busy.closeAllConnections();
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});

describe('networkFailure', () => {
  it('reads the cause chain, a timeout, and bounds its length', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(networkFailure(new TypeError('fetch failed', { cause: refused }))).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
    expect(networkFailure(new DOMException('The operation was aborted.', 'AbortError'))).toBe('no answer in time');
    expect(networkFailure(undefined)).toBe('a network failure');
    expect(networkFailure(new Error('x'.repeat(1000)))).toHaveLength(301);
  });
});
