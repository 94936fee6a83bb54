import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createClient, RedirectError } from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

// Over a real socket: test/hardening/redirects-and-size.test.ts.
const { server } = useMswServer();

describe('redirects, in-process', () => {
  it('a redirect answered in-process (msw) to another origin is refused; the other origin sees nothing', async () => {
    const reached: string[] = [];
    server.use(
      http.get(`${ORG}/api/v1/apps/:id`, () => new HttpResponse(null, { status: 301, headers: { location: 'https://elsewhere.example/api/v1/apps/0oa1' } })),
      http.get('https://elsewhere.example/api/v1/apps/:id', ({ request }) => {
        reached.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json(bookmarkApp());
      }),
    );
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    await expect(client.apps.get('0oa1')).rejects.toBeInstanceOf(RedirectError);
    expect(reached).toEqual([]);
  });
});

describe('maxResponseBytes', () => {
  it('a declared Content-Length past the bound is refused before the body is read', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps/:id`, () =>
        new HttpResponse(JSON.stringify(bookmarkApp()), { headers: { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) } }),
      ),
    );
    const client = createClient({ orgUrl: ORG, token: TOKEN, maxResponseBytes: 1000 });
    await expect(client.apps.get('0oa1')).rejects.toThrow(/larger than 1000 bytes/);
  });

  it('createClient refuses a maxResponseBytes that is not a positive whole number', () => {
    expect(() => createClient({ orgUrl: ORG, token: TOKEN, maxResponseBytes: 0 })).toThrow(ConfigurationError);
    expect(() => createClient({ orgUrl: ORG, token: TOKEN, maxResponseBytes: 1.5 })).toThrow(/maxResponseBytes/);
  });
});
