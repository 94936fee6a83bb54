import { afterEach, describe, expect, it } from 'vitest';
import { createClient, InvalidResponseError, RedirectError } from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { TOKEN } from '../support/msw';
import { faultServer, type FaultServer } from './fault-server';

const started: FaultServer[] = [];

async function serve(...args: Parameters<typeof faultServer>): Promise<FaultServer> {
  const s = await faultServer(...args);
  started.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

const bookmark = { name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } } as const;

describe('redirects (issue 15, item 10)', () => {
  it('a 307 on create is refused with RedirectError and the body is never re-posted anywhere', async () => {
    const elsewhere = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bookmarkApp())));
    const org = await serve((_req, res) =>
      res.writeHead(307, { location: `${elsewhere.url}/steal?token=x`, 'x-okta-request-id': 'r-307' }).end(),
    );
    const client = createClient({ orgUrl: org.url, token: TOKEN });
    const error = await client.apps.create(bookmark).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 307, location: `${elsewhere.url}/steal`, requestId: 'r-307', request: { method: 'POST', path: '/api/v1/apps?activate=true' } });
    expect((error as Error).message).toMatch(/follows no redirects.*orgUrl/);
    expect((error as Error).message).not.toContain('token=x');
    expect(org.requests).toEqual(['POST /api/v1/apps?activate=true']);
    expect(elsewhere.requests).toEqual([]);
  });

  it('a 302 on a GET is refused as well, and not retried', async () => {
    const org = await serve((_req, res) => res.writeHead(302, { location: '/login' }).end());
    const client = createClient({ orgUrl: org.url, token: TOKEN, maxRetries: 3 });
    await expect(client.apps.get('0oa1')).rejects.toMatchObject({ name: 'RedirectError', status: 302, location: `${org.url}/login` });
    expect(org.requests).toEqual(['GET /api/v1/apps/0oa1']);
  });
});

/** Answers 200 and streams 64 KiB chunks (with backpressure) until the client goes or `cap` bytes are out. */
function endless(status: number, cap: number, written: { bytes: number }) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (written.bytes < cap && !res.destroyed) {
        written.bytes += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    res.write('[');
    pump();
  };
}

describe('response size bound (issue 15, item 9)', () => {
  it('an endless body stops at maxResponseBytes with InvalidResponseError, read no further than the socket buffers', async () => {
    const written = { bytes: 0 };
    const cap = 256 * 1024 * 1024;
    const org = await serve(endless(200, cap, written));
    const client = createClient({ orgUrl: org.url, token: TOKEN, maxResponseBytes: 1024 * 1024 });
    const error = await client.apps.get('0oa1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(/larger than 1048576 bytes \(maxResponseBytes\)/);
    expect(org.requests).toHaveLength(1);
    // The client cancelled the body: the server could write only what the socket buffers held.
    await new Promise((r) => setTimeout(r, 50));
    expect(written.bytes).toBeLessThan(32 * 1024 * 1024);
  });

  it('the default bound is 16 MiB, for error answers as well', async () => {
    const written = { bytes: 0 };
    const org = await serve(endless(500, 20 * 1024 * 1024, written));
    const client = createClient({ orgUrl: org.url, token: TOKEN, maxRetries: 0 });
    await expect(client.apps.get('0oa1')).rejects.toThrow(/larger than 16777216 bytes/);
  });

  it('a body within the bound is read whole', async () => {
    const app = JSON.stringify(bookmarkApp('0oaBIG', { notes: 'x'.repeat(200_000) }));
    const org = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(app));
    const client = createClient({ orgUrl: org.url, token: TOKEN, maxResponseBytes: Buffer.byteLength(app) });
    expect((await client.apps.get('0oaBIG')).id).toBe('0oaBIG');
  });
});
