import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import { missingMsw } from '../../mock-server/msw/missing-msw';

describe('backend.fetch, the web fetch handler', () => {
  const backend = createMockBackend({ seed: 'demo', orgUrl: 'https://acme.okta.test' });
  const headers = { authorization: `SSWS ${backend.defaultToken}` };

  it("serves a request named on another origin (an edge runtime's host) on the organization", async () => {
    const response = await backend.fetch(new Request('https://mock.workers.example/api/v1/apps?limit=2', { headers }));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(2);
    expect(response.headers.get('link')).toMatch(/^<https:\/\/acme\.okta\.test\/api\/v1\/apps\?limit=2>; rel="self", <https:\/\/acme\.okta\.test\/api\/v1\/apps\?after=[^&>]+&limit=2>; rel="next"$/);
  });

  it("answers an unknown path with Okta's 404", async () => {
    const response = await backend.fetch(new Request('https://acme.okta.test/api/v1/nowhere', { headers }));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorCode: 'E0000007' });
  });
});

describe('createHandlers (appset/mock-server/msw)', () => {
  const backend = createMockBackend({ seed: 'demo' });
  const handlers = createHandlers(backend);

  it("answers requests to the backend's organization", async () => {
    const response = await getResponse(handlers, new Request(`${backend.orgUrl}/api/v1/apps?limit=1`, { headers: { authorization: `SSWS ${backend.defaultToken}` } }));
    expect(response?.status).toBe(200);
  });

  it('lets requests to any other origin through, for the next handler or onUnhandledRequest', async () => {
    expect(await getResponse(handlers, new Request('https://example.okta.com/api/v1/apps'))).toBeUndefined();
  });
});

describe('the msw entry without msw installed', () => {
  it('says in one sentence to install msw, keeping the resolution error as the cause', () => {
    for (const notFound of [
      Object.assign(new Error("Cannot find package 'msw' imported from /app/node_modules/appset/dist/mock-server/msw/index.js"), { code: 'ERR_MODULE_NOT_FOUND' }),
      Object.assign(new Error("Cannot find module 'msw'\nRequire stack:\n- /app/node_modules/appset/dist/chunk.cjs"), { code: 'MODULE_NOT_FOUND' }),
    ]) {
      const error = missingMsw(notFound) as Error;
      expect(error.message).toBe('appset/mock-server/msw needs the msw package, which is not installed: run npm install -D msw.');
      expect(error.cause).toBe(notFound);
    }
  });

  it('passes on any other failure unchanged (msw installed but broken, or a dependency of msw missing)', () => {
    const broken = new SyntaxError('Unexpected token');
    const dependency = Object.assign(new Error("Cannot find package 'graphql' imported from /app/node_modules/msw/lib/core/index.mjs"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    expect(missingMsw(broken)).toBe(broken);
    expect(missingMsw(dependency)).toBe(dependency);
  });
});
