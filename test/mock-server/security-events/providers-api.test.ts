import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError, type RawRequest } from '../raw-http';

const ADMIN = 'admin-api-token';
const { backend, server } = useMockBackend({
  tokens: [
    { type: 'SSWS', token: ADMIN },
    { type: 'Bearer', token: 'reader-token', scopes: ['okta.securityEventsProviders.read'] },
    { type: 'Bearer', token: 'manager-token', scopes: ['okta.securityEventsProviders.manage'] },
    { type: 'Bearer', token: 'apps-token', scopes: ['okta.apps.manage'] },
  ],
});

const BASE = '/api/v1/security-events-providers';
const WELL_KNOWN = 'https://provider.test/.well-known/ssf-configuration';

const issuerInput = {
  name: 'Risk Engine',
  type: 'okta',
  settings: { issuer: 'https://provider.test', jwks_url: 'https://provider.test/jwks' },
};
const wellKnownInput = { name: 'SSF Transmitter', type: 'okta', settings: { well_known_url: WELL_KNOWN } };

const providers = (path = '', request: RawRequest = {}) => call(backend, `${BASE}${path}`, request);
const create = (json: unknown, request: RawRequest = {}) => providers('', { method: 'POST', json, ...request });

/** Serves an SSF discovery document for the backend to read. */
function serveDiscovery(document: JsonBodyType = { issuer: 'https://provider.test', jwks_uri: 'https://provider.test/jwks' }) {
  const seen: Request[] = [];
  server.use(
    http.get(WELL_KNOWN, ({ request }) => {
      seen.push(request);
      return HttpResponse.json(document);
    }),
  );
  return seen;
}

/** The provider as the API renders it, for the given id, input settings and status. */
function rendered(id: string, input: { name: string; type: string }, settings: unknown, status: 'ACTIVE' | 'INACTIVE') {
  const self = `${backend.orgUrl}${BASE}/${id}`;
  const action = status === 'ACTIVE' ? 'deactivate' : 'activate';
  return {
    id,
    name: input.name,
    type: input.type,
    status,
    settings,
    _links: {
      self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } },
      [action]: { href: `${self}/lifecycle/${action}`, hints: { allow: ['POST'] } },
    },
  };
}

describe('POST /api/v1/security-events-providers', () => {
  it('creates an ACTIVE provider from { issuer, jwks_url } and answers 200 with settings echoed, no well_known_url, in real key order', async () => {
    const response = await create(issuerInput);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      rendered(response.body.id, issuerInput, { issuer: 'https://provider.test', jwks_url: 'https://provider.test/jwks' }, 'ACTIVE'),
    );
    // As real organizations answer (recordings): no `well_known_url: null`, and this key order.
    expect(Object.keys(response.body.settings)).toEqual(['issuer', 'jwks_url']);
    expect(Object.keys(response.body)).toEqual(['id', 'name', 'type', 'status', 'settings', '_links']);
    expect(response.body.id).toMatch(/^sse[0-9A-Za-z]{17}$/);
  });

  it('stores the provider it created', async () => {
    const { body } = await create(issuerInput);
    expect(backend.providers.get(body.id)).toEqual(body);
  });

  it('reads issuer and jwks_uri from the discovery document at well_known_url', async () => {
    const seen = serveDiscovery();
    const response = await create(wellKnownInput);
    expect(response.status).toBe(200);
    expect(response.body.settings).toEqual({
      issuer: 'https://provider.test',
      jwks_url: 'https://provider.test/jwks',
      well_known_url: WELL_KNOWN,
    });
    expect(seen).toHaveLength(1);
  });

  it('answers 400 E0000001 naming settings.well_known_url when the discovery document answers 503', async () => {
    server.use(http.get(WELL_KNOWN, () => new HttpResponse('down for maintenance', { status: 503 })));
    expectOktaError(await create(wellKnownInput), 400, 'E0000001', 'Api validation failed: settings.well_known_url', [
      'settings.well_known_url: The discovery document could not be fetched: HTTP 503',
    ]);
    expect(backend.providers.list()).toEqual([]);
  });

  it('answers 400 E0000001 naming settings.well_known_url when the discovery host is unreachable', async () => {
    server.use(http.get(WELL_KNOWN, () => HttpResponse.error()));
    expectOktaError(await create(wellKnownInput), 400, 'E0000001', 'Api validation failed: settings.well_known_url', [
      'settings.well_known_url: The discovery document could not be fetched: the request failed',
    ]);
  });

  it('answers 400 E0000001 naming settings.well_known_url when the discovery document has no jwks_uri', async () => {
    serveDiscovery({ issuer: 'https://provider.test' });
    expectOktaError(await create(wellKnownInput), 400, 'E0000001', 'Api validation failed: settings.well_known_url', [
      'settings.well_known_url: The discovery document has no valid jwks_uri',
    ]);
  });

  it('answers 400 E0000001 naming name when it is missing', async () => {
    const { name: _name, ...withoutName } = issuerInput;
    expectOktaError(await create(withoutName), 400, 'E0000001', 'Api validation failed: name', [
      'name: The field cannot be left blank',
    ]);
  });

  it('answers 400 E0000001 naming settings.issuer and settings.jwks_url when one is blank and the other no URL', async () => {
    const input = { ...issuerInput, settings: { issuer: '', jwks_url: 'not a url' } };
    expectOktaError(await create(input), 400, 'E0000001', 'Api validation failed: settings.issuer, settings.jwks_url', [
      'settings.issuer: The field cannot be left blank',
      'settings.jwks_url: Must be an absolute http(s) URL',
    ]);
  });

  it('answers 400 E0000001 naming an unknown settings member', async () => {
    const input = { ...issuerInput, settings: { ...issuerInput.settings, audience: 'x' } };
    expectOktaError(await create(input), 400, 'E0000001', 'Api validation failed: settings.audience', [
      'settings.audience: Unknown field; remove it or check its spelling',
    ]);
  });

  it('answers 400 E0000003 for a body that is not JSON', async () => {
    expectOktaError(
      await providers('', { method: 'POST', rawBody: '{"name":' }),
      400,
      'E0000003',
      'The request body was not well-formed.',
    );
  });
});

describe('GET /api/v1/security-events-providers', () => {
  it('answers 200 with every provider in creation order and a Link self', async () => {
    const first = (await create(issuerInput)).body;
    const second = (await create({ ...issuerInput, name: 'Second', settings: { ...issuerInput.settings, issuer: 'https://b.test' } })).body;
    const response = await providers();
    expect(response.status).toBe(200);
    expect(response.body).toEqual([first, second]);
    expect(response.headers.get('link')).toBe(`<${backend.orgUrl}${BASE}>; rel="self"`);
  });

  it('pages with limit, linking the next page', async () => {
    const first = (await create(issuerInput)).body;
    const second = (await create({ ...issuerInput, name: 'Second', settings: { ...issuerInput.settings, issuer: 'https://second.provider.test' } })).body;
    const page1 = await providers('?limit=1');
    expect(page1.body).toEqual([first]);
    const next = /<([^>]+)>; rel="next"/.exec(page1.headers.get('link') ?? '')?.[1];
    expect(next).toMatch(new RegExp(`^${backend.orgUrl}${BASE}\\?limit=1&after=`));
    const page2 = await call(backend, next!);
    expect(page2.body).toEqual([second]);
    expect(page2.headers.get('link')).not.toContain('rel="next"');
  });
});

describe('GET /api/v1/security-events-providers/{id}', () => {
  it('answers 200 with the provider', async () => {
    const created = (await create(issuerInput)).body;
    const response = await providers(`/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it('answers 404 E0000007 for an unknown id', async () => {
    expectOktaError(
      await providers('/sse00000000000000000'),
      404,
      'E0000007',
      'Not found: Resource not found: sse00000000000000000 (SecurityEventsProvider)',
    );
  });
});

describe('PUT /api/v1/security-events-providers/{id}', () => {
  it('replaces name and settings, keeping id and status', async () => {
    const created = (await create(issuerInput)).body;
    const input = { name: 'Risk Engine v2', type: 'okta', settings: { issuer: 'https://v2.provider.test', jwks_url: 'https://v2.provider.test/keys' } };
    const response = await providers(`/${created.id}`, { method: 'PUT', json: input });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      rendered(created.id, input, { issuer: 'https://v2.provider.test', jwks_url: 'https://v2.provider.test/keys' }, 'ACTIVE'),
    );
    expect((await providers(`/${created.id}`)).body).toEqual(response.body);
  });

  it('replaces { issuer, jwks_url } with a well_known_url, reading the discovery document', async () => {
    const created = (await create({ ...issuerInput, settings: { issuer: 'https://old.test', jwks_url: 'https://old.test/jwks' } })).body;
    serveDiscovery();
    const response = await providers(`/${created.id}`, { method: 'PUT', json: wellKnownInput });
    expect(response.body.settings).toEqual({
      issuer: 'https://provider.test',
      jwks_url: 'https://provider.test/jwks',
      well_known_url: WELL_KNOWN,
    });
  });

  it('answers 400 E0000001 for an invalid body and leaves the provider unchanged', async () => {
    const created = (await create(issuerInput)).body;
    expectOktaError(
      await providers(`/${created.id}`, { method: 'PUT', json: { ...issuerInput, type: '' } }),
      400,
      'E0000001',
      'Api validation failed: type',
      ["type: The field cannot be left blank; give 'okta', the provider type of Okta's API (any text of 1 to 255 characters is accepted)"],
    );
    expect((await providers(`/${created.id}`)).body).toEqual(created);
  });

  describe('while the discovery document of a replace is being read', () => {
    /** Serves the discovery document only once `release` is called; `asked` settles when it was requested. */
    function holdDiscovery() {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      server.use(
        http.get(WELL_KNOWN, async () => {
          asked();
          await released;
          return HttpResponse.json({ issuer: 'https://provider.test', jwks_uri: 'https://provider.test/jwks' });
        }),
      );
      return { release, requested };
    }

    it('a deactivation made meanwhile stands: the replace keeps the status of the moment it writes', async () => {
      const created = (await create({ ...issuerInput, settings: { issuer: 'https://old.test', jwks_url: 'https://old.test/jwks' } })).body;
      const discovery = holdDiscovery();
      const replacing = providers(`/${created.id}`, { method: 'PUT', json: wellKnownInput });
      await discovery.requested;
      expect((await providers(`/${created.id}/lifecycle/deactivate`, { method: 'POST' })).status).toBe(200);
      discovery.release();
      const replaced = await replacing;
      expect(replaced.status).toBe(200);
      expect(replaced.body.status).toBe('INACTIVE');
      expect((await providers(`/${created.id}`)).body).toMatchObject({ status: 'INACTIVE', name: wellKnownInput.name });
    });

    it('a provider deleted meanwhile is answered 404 E0000007, and stays deleted', async () => {
      const created = (await create({ ...issuerInput, settings: { issuer: 'https://old.test', jwks_url: 'https://old.test/jwks' } })).body;
      const discovery = holdDiscovery();
      const replacing = providers(`/${created.id}`, { method: 'PUT', json: wellKnownInput });
      await discovery.requested;
      await providers(`/${created.id}/lifecycle/deactivate`, { method: 'POST' });
      expect((await providers(`/${created.id}`, { method: 'DELETE' })).status).toBe(204);
      discovery.release();
      expectOktaError(await replacing, 404, 'E0000007', `Not found: Resource not found: ${created.id} (SecurityEventsProvider)`);
      expect((await providers(`/${created.id}`)).status).toBe(404);
    });
  });

  it('answers 404 E0000007 for an unknown id', async () => {
    expectOktaError(
      await providers('/sse00000000000000000', { method: 'PUT', json: issuerInput }),
      404,
      'E0000007',
      'Not found: Resource not found: sse00000000000000000 (SecurityEventsProvider)',
    );
  });
});

describe('POST /api/v1/security-events-providers/{id}/lifecycle/*', () => {
  it('deactivate answers 200 with the INACTIVE provider and its activate link', async () => {
    const created = (await create(issuerInput)).body;
    const response = await providers(`/${created.id}/lifecycle/deactivate`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(rendered(created.id, issuerInput, created.settings, 'INACTIVE'));
  });

  it('activate answers 200 with the ACTIVE provider and its deactivate link', async () => {
    const created = (await create(issuerInput)).body;
    await providers(`/${created.id}/lifecycle/deactivate`, { method: 'POST' });
    const response = await providers(`/${created.id}/lifecycle/activate`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it('deactivate answers 404 E0000007 for an unknown id', async () => {
    expectOktaError(
      await providers('/sse00000000000000000/lifecycle/deactivate', { method: 'POST' }),
      404,
      'E0000007',
      'Not found: Resource not found: sse00000000000000000 (SecurityEventsProvider)',
    );
  });
});

describe('DELETE /api/v1/security-events-providers/{id}', () => {
  it('answers 204 with an empty body, after which GET answers 404', async () => {
    const created = (await create(issuerInput)).body;
    const response = await providers(`/${created.id}`, { method: 'DELETE' });
    expect({ status: response.status, text: response.text }).toEqual({ status: 204, text: '' });
    expectOktaError(
      await providers(`/${created.id}`),
      404,
      'E0000007',
      `Not found: Resource not found: ${created.id} (SecurityEventsProvider)`,
    );
  });
});

describe('authentication and scopes of the providers API', () => {
  it('answers 403 E0000005 without an Authorization header', async () => {
    expectOktaError(await providers('', { authorization: null }), 403, 'E0000005', 'Invalid session');
  });

  it('answers 401 E0000011 for an unknown token', async () => {
    expectOktaError(await providers('', { authorization: 'SSWS not-a-token' }), 401, 'E0000011', 'Invalid token provided');
  });

  it('lets a Bearer token with okta.securityEventsProviders.read list providers', async () => {
    await create(issuerInput);
    const response = await providers('', { authorization: 'Bearer reader-token' });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1);
  });

  it('answers 403 E0000006 to a Bearer token with only okta.securityEventsProviders.read that creates a provider', async () => {
    expectOktaError(
      await create(issuerInput, { authorization: 'Bearer reader-token' }),
      403,
      'E0000006',
      'You do not have permission to perform the requested action',
    );
    expect(backend.providers.list()).toEqual([]);
  });

  it('answers 403 E0000006 to a Bearer token with only okta.securityEventsProviders.read that deactivates a provider', async () => {
    const created = (await create(issuerInput)).body;
    expectOktaError(
      await providers(`/${created.id}/lifecycle/deactivate`, { method: 'POST', authorization: 'Bearer reader-token' }),
      403,
      'E0000006',
      'You do not have permission to perform the requested action',
    );
  });

  it('lets a Bearer token with okta.securityEventsProviders.manage create and read providers', async () => {
    const created = await create(issuerInput, { authorization: 'Bearer manager-token' });
    expect(created.status).toBe(200);
    const read = await providers(`/${created.body.id}`, { authorization: 'Bearer manager-token' });
    expect(read.body).toEqual(created.body);
  });

  it('answers 403 E0000006 to a Bearer token with only apps scopes', async () => {
    expectOktaError(
      await providers('', { authorization: 'Bearer apps-token' }),
      403,
      'E0000006',
      'You do not have permission to perform the requested action',
    );
  });
});
