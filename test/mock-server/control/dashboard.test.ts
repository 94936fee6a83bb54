import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { serveBackend, type Served } from './served';

/** A GET with a `Host` header of the caller's choosing (fetch always names the server it calls). */
function getWithHost(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let served: Served;
beforeAll(async () => {
  served = await serveBackend();
});
afterAll(() => served.close());

/** The inline script's and style's CSP hash sources, as a browser computes them from the page. */
function hashesOf(html: string): { script: string; style: string } {
  const inline = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)![1]!;
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return { script: hash(inline('script')), style: hash(inline('style')) };
}

describe('GET /__appset/: the dashboard', () => {
  it('serves one self-contained page under a strict Content-Security-Policy that allows its own script and style by hash', async () => {
    const response = await fetch(`${served.url}/__appset/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const { script, style } = hashesOf(html);
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src ${script}; style-src ${style}; connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Nothing from elsewhere: no script, style, image or link by address.
    expect(html).not.toMatch(/\s(?:src|href)=/i);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('builds the page from data with DOM calls only: its script never parses markup', async () => {
    const html = await (await fetch(`${served.url}/__appset/`)).text();
    expect(html).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
  });

  it('is served at /__appset too', async () => {
    const response = await fetch(`${served.url}/__appset`);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('is refused to a page on another origin and to a host name the server does not answer for, as the rest of the plane is', async () => {
    const fromPage = await fetch(`${served.url}/__appset/`, { headers: { origin: 'https://evil.example' } });
    expect(fromPage.status).toBe(403);
    const rebound = await getWithHost(served.url, '/__appset/', 'rebound.example.com');
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('<html');
  });

  it('is served in-process by backend.fetch, and is absent with the plane off', async () => {
    const backend = createMockBackend();
    const page = await backend.fetch(new Request(`${backend.orgUrl}/__appset/`));
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    const off = createMockBackend({ control: false });
    const missing = await off.fetch(new Request(`${off.orgUrl}/__appset/`));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { errorCode: string }).errorCode).toBe('E0000007');
  });

  it('holds the state when served, before any script runs: every app and every request, each value escaped so that no label can end the script or open a comment', async () => {
    const backend = createMockBackend({ seed: 'demo' });
    const label = `Hostile <img src=x onerror="alert(1)"> </script><script>alert(2)</script> <!-- & 'single'`;
    const created = await backend.fetch(
      new Request(`${backend.orgUrl}/api/v1/apps`, {
        method: 'POST',
        headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }),
      }),
    );
    expect(created.status).toBe(200);
    const missed = await backend.fetch(new Request(`${backend.orgUrl}/api/v1/appz?q=%3Cb%3E`, { headers: { authorization: `SSWS ${backend.defaultToken}` } }));
    const response = await backend.fetch(new Request(`${backend.orgUrl}/__appset/`));
    const html = await response.text();

    for (const app of backend.apps.list().filter((a) => a.label !== label)) expect(html).toContain(`<td>${app.label}</td>`);
    expect(html).toContain('<td>Hostile &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; &lt;!-- &amp; &#39;single&#39;</td>');
    expect(html).toContain(`<tr data-id="${created.headers.get('x-okta-request-id')}" class="ok"`);
    expect(html).toContain(`<tr data-id="${missed.headers.get('x-okta-request-id')}" class="error"`);
    expect(html).toContain('data-path="/api/v1/appz?q=%3Cb%3E"');
    expect(html).toContain('<span id="request-count">2</span>');
    // The page's own script and nothing else: one opening, one closing, no comment, no element from a label.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/loading/i);
    // The state changes the page, never its policy: the script and style stay the same bytes.
    expect(response.headers.get('content-security-policy')).toBe((await fetch(`${served.url}/__appset/`)).headers.get('content-security-policy'));
  });
});
