import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeListener, type FetchHandler } from '../../src/set/node/index';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handler: FetchHandler): Promise<string> {
  server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends raw bytes and resolves with what the server answered before closing. */
function raw(url: string, request: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk)).on('end', () => resolve(answer)).on('error', reject);
  });
}

describe('toNodeListener', () => {
  it('hands the handler the method, URL, headers and body, and writes back status, headers and body', async () => {
    const url = await serve(async (request) =>
      Response.json(
        { method: request.method, url: request.url, header: request.headers.get('x-test'), body: await request.text() },
        { status: 201, headers: { 'x-answer': 'yes' } },
      ),
    );
    const response = await fetch(`${url}/echo?q=1`, { method: 'POST', headers: { 'x-test': 'abc' }, body: 'hello' });
    expect({ status: response.status, answer: response.headers.get('x-answer'), type: response.headers.get('content-type') }).toEqual({
      status: 201,
      answer: 'yes',
      type: 'application/json',
    });
    expect(await response.json()).toEqual({ method: 'POST', url: `${url}/echo?q=1`, header: 'abc', body: 'hello' });
  });

  it('keeps each Set-Cookie header apart', async () => {
    const url = await serve(() => {
      const headers = new Headers();
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      return new Response('ok', { headers });
    });
    expect((await fetch(url)).headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('sends no body for HEAD', async () => {
    const url = await serve(() => new Response('body', { headers: { 'content-type': 'text/plain' } }));
    const response = await fetch(url, { method: 'HEAD' });
    expect({ status: response.status, body: await response.text() }).toEqual({ status: 200, body: '' });
  });

  it('answers 500 without the error when the handler throws', async () => {
    const url = await serve(() => {
      throw new Error('secret detail');
    });
    const response = await fetch(url);
    expect({ status: response.status, body: await response.text() }).toEqual({ status: 500, body: 'The handler failed\n' });
  });

  it('answers 400 to a Host header that makes no URL', async () => {
    const url = await serve(() => new Response('never'));
    const answer = await raw(url, 'GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.endsWith('The Host header does not make a URL\n')).toBe(true);
  });

  it("aborts the request's signal when the client goes away", async () => {
    let sawAbort!: () => void;
    let received!: () => void;
    const aborted = new Promise<void>((resolve) => (sawAbort = resolve));
    const arrived = new Promise<void>((resolve) => (received = resolve));
    const url = await serve(
      (request) =>
        new Promise<Response>((resolve) => {
          received();
          request.signal.addEventListener('abort', () => {
            sawAbort();
            resolve(new Response('late'));
          });
        }),
    );
    const client = new AbortController();
    const call = fetch(url, { signal: client.signal }).catch(() => undefined);
    await arrived;
    client.abort();
    await call;
    await aborted;
  });
});
