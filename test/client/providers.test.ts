import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient, InvalidResponseError, RequestValidationError, ServerError } from '../../src/index';
import { captureRequests, ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 2 });

const BASE = '/api/v1/security-events-providers';

/** Answers every request on `path` with `reply` and records what was sent. */
function capture(method: 'get' | 'post' | 'put' | 'delete', path: string, reply: () => Response) {
  return captureRequests(server, method, `${ORG}${path}`, reply);
}

/** A provider as the organization answers it. */
function provider(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: 'Risk Engine',
    type: 'Custom',
    status: 'ACTIVE',
    settings: { issuer: 'https://risk.example.com', jwks_url: 'https://risk.example.com/jwks', well_known_url: null },
    _links: { self: { href: `${ORG}${BASE}/${id}`, hints: { allow: ['GET', 'PUT', 'DELETE'] } } },
    ...extra,
  };
}

const issuerInput = {
  name: 'Risk Engine',
  type: 'Custom',
  settings: { issuer: 'https://risk.example.com', jwks_url: 'https://risk.example.com/jwks' },
};

const wellKnownInput = {
  name: 'SSF Transmitter',
  type: 'Custom',
  settings: { well_known_url: 'https://ssf.example.com/.well-known/ssf-configuration' },
};

describe('client.securityEventsProviders', () => {
  it('create posts { name, type, settings: { issuer, jwks_url } } as JSON with credentials and returns the provider', async () => {
    const calls = capture('post', BASE, () => HttpResponse.json(provider('sse1NEW')));
    const created = await client.securityEventsProviders.create(issuerInput);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.href).toBe(`${ORG}${BASE}`);
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.get('authorization')).toBe(`SSWS ${TOKEN}`);
    expect(calls[0]?.body).toEqual(issuerInput);
    expect(created).toEqual(provider('sse1NEW'));
  });

  it('create posts { name, type, settings: { well_known_url } } for an SSF provider', async () => {
    const answer = provider('sse1SSF', {
      name: 'SSF Transmitter',
      settings: {
        issuer: 'https://ssf.example.com',
        jwks_url: 'https://ssf.example.com/jwks',
        well_known_url: 'https://ssf.example.com/.well-known/ssf-configuration',
      },
    });
    const calls = capture('post', BASE, () => HttpResponse.json(answer));
    const created = await client.securityEventsProviders.create(wellKnownInput);
    expect(calls[0]?.body).toEqual(wellKnownInput);
    expect(created.settings.well_known_url).toBe('https://ssf.example.com/.well-known/ssf-configuration');
    expect(created.settings.issuer).toBe('https://ssf.example.com');
  });

  it('create refuses a jwks_url that is not a URL, naming settings.jwks_url, before any request', async () => {
    const input = { ...issuerInput, settings: { issuer: 'https://risk.example.com', jwks_url: 'risk.example.com/jwks' } };
    const error = await client.securityEventsProviders.create(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'settings.jwks_url', reason: 'Must be an absolute http(s) URL' },
    ]);
    expect((error as Error).message).toBe(
      'Invalid security events provider: settings.jwks_url: Must be an absolute http(s) URL. Fix the field(s) named and call again; nothing was sent.',
    );
    expect(seen).toHaveLength(0);
  });

  it('create refuses settings that mix both variants, naming the member to remove', async () => {
    const input = { ...wellKnownInput, settings: { well_known_url: 'https://ssf.example.com/.well-known/ssf-configuration', issuer: 'x' } };
    const error = await client.securityEventsProviders.create(input as never).catch((e: unknown) => e);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'settings.issuer', reason: 'Unknown field; remove it or check its spelling' },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('create refuses a blank name and a missing jwks_url, naming both', async () => {
    const input = { name: '', type: 'Custom', settings: { issuer: 'https://risk.example.com' } };
    const error = await client.securityEventsProviders.create(input as never).catch((e: unknown) => e);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'name', reason: 'The field cannot be left blank' },
      { path: 'settings.jwks_url', reason: 'The field cannot be left blank' },
    ]);
    expect(seen).toHaveLength(0);
  });

  it("create refuses a provider without type, naming 'okta' as the value to give, before any request", async () => {
    const { type: _type, ...input } = issuerInput;
    const error = await client.securityEventsProviders.create(input as never).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      "Invalid security events provider: type: The field cannot be left blank; give 'okta', the provider type of Okta's API (any text of 1 to 255 characters is accepted). Fix the field(s) named and call again; nothing was sent.",
    );
    expect(seen).toHaveLength(0);
  });

  it('create is not sent again after a 5xx, since the provider may have been created', async () => {
    const calls = capture('post', BASE, () => new HttpResponse(null, { status: 500 }));
    await expect(client.securityEventsProviders.create(issuerInput)).rejects.toBeInstanceOf(ServerError);
    expect(calls).toHaveLength(1);
  });

  it('get sends GET /api/v1/security-events-providers/{id} and keeps members appset does not model', async () => {
    const calls = capture('get', `${BASE}/:id`, () => HttpResponse.json(provider('sse1AAA', { futureField: [1] })));
    const got = await client.securityEventsProviders.get('sse1AAA');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.href).toBe(`${ORG}${BASE}/sse1AAA`);
    expect(calls[0]?.headers.get('authorization')).toBe(`SSWS ${TOKEN}`);
    expect(got).toEqual(provider('sse1AAA', { futureField: [1] }));
  });

  it('get encodes the provider id as one path segment', async () => {
    const calls = capture('get', `${BASE}/:id`, () => HttpResponse.json(provider('a/b?c')));
    await client.securityEventsProviders.get('a/b?c');
    expect(calls[0]?.url.pathname).toBe(`${BASE}/a%2Fb%3Fc`);
  });

  it('get refuses an empty id before any request', async () => {
    const error = await client.securityEventsProviders.get('').catch((e: unknown) => e);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'providerId', reason: 'Must be a non-empty string (got an empty string)' },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('get turns a body that is not a provider into an InvalidResponseError', async () => {
    capture('get', `${BASE}/:id`, () => HttpResponse.json({ id: 'sse1AAA' }));
    const error = await client.securityEventsProviders.get('sse1AAA').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
  });

  it('replace sends PUT with the whole body and returns the provider', async () => {
    const input = { ...issuerInput, name: 'Risk Engine v2' };
    const calls = capture('put', `${BASE}/:id`, () => HttpResponse.json(provider('sse1AAA', { name: 'Risk Engine v2' })));
    const replaced = await client.securityEventsProviders.replace('sse1AAA', input);
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.href).toBe(`${ORG}${BASE}/sse1AAA`);
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual(input);
    expect(replaced.name).toBe('Risk Engine v2');
  });

  it('replace refuses an invalid well_known_url, naming settings.well_known_url, before any request', async () => {
    const error = await client.securityEventsProviders
      .replace('sse1AAA', { ...wellKnownInput, settings: { well_known_url: 'ftp://ssf.example.com/' } })
      .catch((e: unknown) => e);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'settings.well_known_url', reason: 'Must be an absolute http(s) URL' },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('delete sends DELETE and resolves on 204', async () => {
    const calls = capture('delete', `${BASE}/:id`, () => new HttpResponse(null, { status: 204 }));
    await expect(client.securityEventsProviders.delete('sse1AAA')).resolves.toBeUndefined();
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url.href).toBe(`${ORG}${BASE}/sse1AAA`);
  });

  it('activate posts to lifecycle/activate with no body and returns the ACTIVE provider', async () => {
    const calls = capture('post', `${BASE}/:id/lifecycle/activate`, () => HttpResponse.json(provider('sse1AAA')));
    const activated = await client.securityEventsProviders.activate('sse1AAA');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.href).toBe(`${ORG}${BASE}/sse1AAA/lifecycle/activate`);
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.has('content-type')).toBe(false);
    expect(activated).toEqual(provider('sse1AAA'));
  });

  it('deactivate posts to lifecycle/deactivate and returns the INACTIVE provider', async () => {
    const calls = capture('post', `${BASE}/:id/lifecycle/deactivate`, () => HttpResponse.json(provider('sse1AAA', { status: 'INACTIVE' })));
    const deactivated = await client.securityEventsProviders.deactivate('sse1AAA');
    expect(calls[0]?.url.href).toBe(`${ORG}${BASE}/sse1AAA/lifecycle/deactivate`);
    expect(deactivated.status).toBe('INACTIVE');
  });
});

describe('client.securityEventsProviders.list', () => {
  it('walks every provider across pages by following the Link next header', async () => {
    const requested: string[] = [];
    server.use(
      http.get(`${ORG}${BASE}`, ({ request }) => {
        const url = new URL(request.url);
        requested.push(`${url.pathname}${url.search}`);
        if (url.searchParams.get('after') === 'cursor-2') {
          return HttpResponse.json([provider('sse1C')], { headers: { link: `<${url.href}>; rel="self"` } });
        }
        return HttpResponse.json([provider('sse1A'), provider('sse1B')], {
          headers: { link: `<${url.href}>; rel="self", <${ORG}${BASE}?after=cursor-2&limit=2>; rel="next"` },
        });
      }),
    );
    const ids: string[] = [];
    for await (const p of client.securityEventsProviders.list({ limit: 2 })) ids.push(p.id);
    expect(ids).toEqual(['sse1A', 'sse1B', 'sse1C']);
    expect(requested).toEqual([`${BASE}?limit=2`, `${BASE}?after=cursor-2&limit=2`]);
  });

  it('sends no query without parameters, with credentials', async () => {
    const calls = capture('get', BASE, () => HttpResponse.json([]));
    await expect(client.securityEventsProviders.list().toArray({ max: 10 })).resolves.toEqual([]);
    expect(calls[0]?.url.href).toBe(`${ORG}${BASE}`);
    expect(calls[0]?.headers.get('authorization')).toBe(`SSWS ${TOKEN}`);
  });

  it('sends limit and after when given', async () => {
    const calls = capture('get', BASE, () => HttpResponse.json([]));
    await client.securityEventsProviders.list({ limit: 5, after: 'sse1A' }).toArray({ max: 10 });
    expect(calls[0]?.url.search).toBe('?limit=5&after=sse1A');
  });

  it('refuses an unknown or malformed parameter at once, naming each, before any request', () => {
    let error: unknown;
    try {
      client.securityEventsProviders.list({ limit: 0, filter: 'x' } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'limit', reason: 'Must be at least 1' },
      { path: 'filter', reason: 'Unknown field; remove it or check its spelling' },
    ]);
    expect(seen).toHaveLength(0);
  });
});
