import { generateKeyPairSync } from 'node:crypto';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderHandler, publicKeySet, SecurityEventTokenInputError, type ProviderHandler } from '../../src/set/index';

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
const ISSUER = 'https://risk.example.com/tenants/t1';

let handler: ProviderHandler;
beforeAll(async () => {
  handler = await createProviderHandler({ issuer: ISSUER, keys: [pem] });
});

async function read(response: Response) {
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

describe('createProviderHandler', () => {
  it('serves the SSF configuration at the issuer’s well-known URL as application/json', async () => {
    expect(await read(await handler(new Request('https://risk.example.com/.well-known/ssf-configuration/tenants/t1')))).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'max-age=300' },
      body: JSON.stringify({
        spec_version: '1_0',
        issuer: ISSUER,
        jwks_uri: `${ISSUER}/jwks.json`,
        delivery_methods_supported: ['urn:ietf:rfc:8935'],
      }),
    });
  });

  it('serves the public key set at the jwks_uri path, the same as publicKeySet makes', async () => {
    expect(await read(await handler(new Request(`${ISSUER}/jwks.json`)))).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'max-age=300' },
      body: JSON.stringify(await publicKeySet([pem])),
    });
  });

  it('never serves a private member of the key', async () => {
    const body = await (await handler(new Request(`${ISSUER}/jwks.json`))).text();
    expect(JSON.parse(body).keys[0]).not.toHaveProperty('d');
  });

  it('answers by path whatever host the request names (a proxy, a test double)', async () => {
    const response = await handler(new Request('http://127.0.0.1:9999/.well-known/ssf-configuration/tenants/t1'));
    expect(response.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await handler(new Request(`${ISSUER}/jwks.json`, { method: 'HEAD' }));
    expect(await read(response)).toEqual({ status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'max-age=300' }, body: '' });
  });

  it('answers another method 405 with Allow: GET, HEAD', async () => {
    expect(await read(await handler(new Request(`${ISSUER}/jwks.json`, { method: 'POST', body: '{}' })))).toEqual({
      status: 405,
      headers: { 'content-type': 'application/json', allow: 'GET, HEAD' },
      body: JSON.stringify({ error: 'POST is not served on /tenants/t1/jwks.json; use GET' }),
    });
  });

  it('answers any other path 404, naming the paths it serves', async () => {
    expect(await read(await handler(new Request('https://risk.example.com/.well-known/ssf-configuration')))).toEqual({
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        error: 'Nothing is served at /.well-known/ssf-configuration; the provider serves /.well-known/ssf-configuration/tenants/t1 and /tenants/t1/jwks.json',
      }),
    });
  });

  it('serves the key set at the path of a jwksUri given, with the Cache-Control given', async () => {
    const custom = await createProviderHandler({ issuer: 'https://risk.example.com', keys: [pem], jwksUri: 'https://risk.example.com/keys', cacheControl: 'no-store' });
    const response = await custom(new Request('https://risk.example.com/keys'));
    expect({ status: response.status, cacheControl: response.headers.get('cache-control') }).toEqual({ status: 200, cacheControl: 'no-store' });
    expect(custom.configuration.jwks_uri).toBe('https://risk.example.com/keys');
    expect(custom.configurationUrl).toBe('https://risk.example.com/.well-known/ssf-configuration');
  });

  it('rejects bad keys at creation, before serving anything', async () => {
    const error = await createProviderHandler({ issuer: ISSUER, keys: [{ kty: 'oct', k: 'c2VjcmV0' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecurityEventTokenInputError);
    expect((error as SecurityEventTokenInputError).issues[0]!.path).toBe('keys[0]');
  });
});

describe('createProviderHandler under msw', () => {
  const server = setupServer(http.get('https://risk.example.com/*', ({ request }) => handler(request)));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('serves the configuration to fetch through an msw handler', async () => {
    const response = await fetch('https://risk.example.com/.well-known/ssf-configuration/tenants/t1');
    expect(await response.json()).toEqual(handler.configuration);
  });
});
