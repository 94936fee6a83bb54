import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { incoming, incomingWithBody } from '../../../mock-server/pipeline/request';
import type { RenderedReply } from '../../../mock-server/pipeline/reply';
import { serveHooksOf } from '../../../mock-server/pipeline/serve-hooks';
import { bookmark } from '../app-inputs';

// The HTTP server writes an answer in the turn its request came in when nothing on the way waits
// (as a bare node:http handler does): the router hands back the reply itself, not a promise of it.
describe('what the router answers at once, and what it answers later', () => {
  const backend = createMockBackend();
  const hooks = serveHooksOf(backend)!;
  const app = backend.apps.create(bookmark() as never);
  const headers = { authorization: `SSWS ${backend.defaultToken}` };
  const ask = (path: string, init: RequestInit = {}, withToken = true) => {
    const request = new Request(`${backend.orgUrl}${path}`, { ...init, headers: withToken ? headers : {} });
    return { request, served: hooks.route(incoming(request), new URL(request.url)) };
  };

  it('a GET of an app, a list page, a request without credentials and a path no route serves: the reply itself, recorded', () => {
    const answers = [ask(`/api/v1/apps/${app.id}`), ask('/api/v1/apps?limit=1'), ask('/api/v1/apps', {}, false), ask('/api/v1/nothing')];
    for (const { served } of answers) expect(served).not.toBeInstanceOf(Promise);
    expect(answers.map(({ served }) => (served as RenderedReply).status)).toEqual([200, 200, 403, 404]);
    expect(backend.journal.list().slice(-4).map((entry) => entry.status)).toEqual([200, 200, 403, 404]);
  });

  it('a route that reads the body, a token a verifier checks and a delayed answer: a promise of the reply', async () => {
    const unknown = hooks.route(incoming(new Request(`${backend.orgUrl}/api/v1/apps`, { headers: { authorization: 'Bearer not-issued' } })), new URL(`${backend.orgUrl}/api/v1/apps`));
    expect(unknown).toBeInstanceOf(Promise);
    expect((await unknown).status).toBe(401);
    const created = hooks.route(await incomingWithBody(new Request(`${backend.orgUrl}/api/v1/apps`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(bookmark()) })), new URL(`${backend.orgUrl}/api/v1/apps`));
    expect(created).toBeInstanceOf(Promise);
    expect((await created).status).toBe(200);
    backend.faults.add({ path: `/api/v1/apps/${app.id}`, delayMs: 1 });
    const { served } = ask(`/api/v1/apps/${app.id}`);
    expect(served).toBeInstanceOf(Promise);
    expect((await served).status).toBe(200);
  });
});
