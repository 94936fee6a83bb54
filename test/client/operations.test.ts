import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiCall } from '../../src/core/api-call';
import { defineOperations } from '../../src/core/operations';
import type { ListOptions, Pager } from '../../src/core/pagination';
import type { CallOptions } from '../../src/core/transport';
import { Transport, headerAuth } from '../../src/core/transport';
import { BadRequestError, InvalidResponseError, RequestValidationError, ServerError } from '../../src/index';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();

const ThingSchema = z.looseObject({ id: z.string(), status: z.optional(z.string()) });
const NewThingSchema = z.strictObject({ name: z.string().check(z.minLength(1)) });
const ListQuerySchema = z.strictObject({ limit: z.optional(z.number()), q: z.optional(z.string()) });

/** A resource built from a table, as the app's sub-resources are. */
interface ThingsResource {
  list(appId: string, params?: { limit?: number; q?: string }, options?: ListOptions): Pager<z.infer<typeof ThingSchema>>;
  get(appId: string, thingId: string, options?: CallOptions): ApiCall<z.infer<typeof ThingSchema>>;
  create(appId: string, body: { name: string }, options?: CallOptions): ApiCall<z.infer<typeof ThingSchema>>;
  rename(appId: string, thingId: string, body: { name: string }, options?: CallOptions): ApiCall<z.infer<typeof ThingSchema>>;
  remove(appId: string, thingId: string, options?: CallOptions): ApiCall<void>;
  document(appId: string, params?: { limit?: number; q?: string }, options?: CallOptions): ApiCall<string>;
}

const things: (transport: Transport) => ThingsResource = defineOperations({
  list: { route: 'GET /api/v1/apps/{appId}/things', answer: ThingSchema, list: true, query: ListQuerySchema, what: 'things' },
  get: { route: 'GET /api/v1/apps/{appId}/things/{thingId}', answer: ThingSchema, what: 'thing' },
  create: { route: 'POST /api/v1/apps/{appId}/things', body: NewThingSchema, answer: ThingSchema, what: 'thing' },
  rename: { route: 'PATCH /api/v1/apps/{appId}/things/{thingId}', body: NewThingSchema, answer: ThingSchema, what: 'thing' },
  remove: { route: 'DELETE /api/v1/apps/{appId}/things/{thingId}' },
  document: { route: 'GET /api/v1/apps/{appId}/things/document', answer: 'text', query: ListQuerySchema, accept: 'application/xml' },
});

function resource(maxRetries = 2) {
  const transport = new Transport({
    orgUrl: new URL(ORG),
    auth: headerAuth(`SSWS ${TOKEN}`),
    fetch: undefined,
    timeout: 5_000,
    maxRetries,
    maxRetryWait: 1_000,
    maxResponseBytes: 1 << 20,
    userAgent: 'test',
    headers: {},
    hooks: {},
  });
  return things(transport);
}

const url = (path: string) => `${ORG}/api/v1/apps/0oa1/${path}`;

describe('defineOperations', () => {
  it('types each method from its row: ids, then the body, then the query, then the options', () => {
    const r = resource();
    expectTypeOf(r.get).parameters.toEqualTypeOf<[string, string, (CallOptions | undefined)?]>();
    expectTypeOf(r.create).parameters.toEqualTypeOf<[string, { name: string }, (CallOptions | undefined)?]>();
    expect(seen).toEqual([]);
    expectTypeOf(r.create).returns.toEqualTypeOf<ApiCall<z.infer<typeof ThingSchema>>>();
    expectTypeOf(r.remove).returns.toEqualTypeOf<ApiCall<void>>();
    expectTypeOf(r.document).returns.toEqualTypeOf<ApiCall<string>>();
    // @ts-expect-error a body is required where the row has one
    void (() => r.create('a'));
  });

  it('fills the route with the ids, each encoded as one path segment, and parses the answer with the row schema', async () => {
    server.use(http.get(url('things/:id'), ({ params }) => HttpResponse.json({ id: params.id, extra: 1 })));
    const thing = await resource().get('0oa1', 'a/b c');
    expect(thing).toEqual({ id: 'a/b c', extra: 1 });
    expect(seen[0]!.url.pathname).toBe('/api/v1/apps/0oa1/things/a%2Fb%20c');
    expect(seen[0]!.headers.get('authorization')).toBe(`SSWS ${TOKEN}`);
  });

  it('refuses a bad id before anything is sent, naming the route parameter', async () => {
    const error = await resource().get('0oa1', '..').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).message).toContain('thingId');
    expect(seen).toEqual([]);
  });

  it('checks the body with the row schema before anything is sent, and sends it as JSON', async () => {
    server.use(http.post(url('things'), async ({ request }) => HttpResponse.json({ id: 't1', ...((await request.json()) as object) })));
    const bad = await resource().create('0oa1', { name: '', extra: true } as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(RequestValidationError);
    expect((bad as RequestValidationError).message).toMatch(/name/);
    expect((bad as RequestValidationError).message).toMatch(/extra/);
    expect(seen).toEqual([]);
    expect(await resource().create('0oa1', { name: 'n' })).toEqual({ id: 't1', name: 'n' });
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ name: 'n' });
  });

  it('sends PATCH with its body', async () => {
    server.use(http.patch(url('things/:id'), async ({ request, params }) => HttpResponse.json({ id: params.id, ...((await request.json()) as object) })));
    expect(await resource().rename('0oa1', 't1', { name: 'm' })).toEqual({ id: 't1', name: 'm' });
    expect(seen[0]!.method).toBe('PATCH');
  });

  it('answers void for a row without an answer, and the response through withResponse()', async () => {
    server.use(http.delete(url('things/:id'), () => new HttpResponse(null, { status: 204, headers: { 'x-okta-request-id': 'req1' } })));
    const { data, response } = await resource().remove('0oa1', 't1').withResponse();
    expect(data).toBeUndefined();
    expect(response.status).toBe(204);
    expect(response.requestId).toBe('req1');
  });

  it("returns a text answer as it is, asking for the row's media type", async () => {
    const xml = '<?xml version="1.0"?><a b="1"/>';
    server.use(http.get(url('things/document'), () => new HttpResponse(xml, { headers: { 'content-type': 'application/xml' } })));
    expect(await resource().document('0oa1', { q: 'x' })).toBe(xml);
    expect(seen[0]!.headers.get('accept')).toBe('application/xml');
    expect(seen[0]!.url.search).toBe('?q=x');
  });

  it('lists with a pager over the row schema, following next links, with the checked query', async () => {
    server.use(
      http.get(url('things'), ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        if (after === null) return HttpResponse.json([{ id: 't1' }], { headers: { link: `<${url('things')}?after=t1&limit=1>; rel="next"` } });
        return HttpResponse.json([{ id: 't2' }]);
      }),
    );
    const items = await resource().list('0oa1', { limit: 1 }).toArray({ max: 10 });
    expect(items.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(seen.map((s) => s.url.search)).toEqual(['?limit=1', '?after=t1&limit=1']);
    expect(() => resource().list('0oa1', { limit: 'x' } as never)).toThrow(RequestValidationError);
  });

  it('raises InvalidResponseError for an answer of another shape, and a page that is not a list of the items', async () => {
    server.use(http.get(url('things/:id'), () => HttpResponse.json({ status: 'ACTIVE' })));
    await expect(resource().get('0oa1', 't1')).rejects.toBeInstanceOf(InvalidResponseError);
    server.use(http.get(url('things'), () => HttpResponse.json([{ nope: 1 }])));
    await expect(resource().list('0oa1').toArray({ max: 5 })).rejects.toThrow(/not a list of things/);
  });

  it('retries a GET after a 503, but not a POST (it may have been done already)', async () => {
    let gets = 0;
    let posts = 0;
    server.use(
      http.get(url('things/:id'), () => (++gets === 1 ? HttpResponse.json({}, { status: 503, headers: { 'retry-after': '0' } }) : HttpResponse.json({ id: 't1' }))),
      http.post(url('things'), () => (++posts, HttpResponse.json({ errorCode: 'E0000009', errorSummary: 'x', errorCauses: [] }, { status: 503 }))),
    );
    expect(await resource().get('0oa1', 't1')).toEqual({ id: 't1' });
    expect(gets).toBe(2);
    await expect(resource().create('0oa1', { name: 'n' })).rejects.toBeInstanceOf(ServerError);
    expect(posts).toBe(1);
  });

  it("raises the API's error as the typed error of its status", async () => {
    server.use(http.get(url('things/:id'), () => HttpResponse.json({ errorCode: 'E0000001', errorSummary: 'Api validation failed', errorCauses: [] }, { status: 400 })));
    await expect(resource().get('0oa1', 't1')).rejects.toBeInstanceOf(BadRequestError);
  });
});
