import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { createHandlers } from '../../../mock-server/msw/index';
import { call } from '../raw-http';

// Catalog apps beyond the contract's (pagerduty, a registered one) are created here, so answers are
// not held to the contract.
const backend = createMockBackend();
const other = createMockBackend({
  orgUrl: 'https://registered.okta.test',
  catalog: [{ name: 'acme_hr', signOnModes: ['AUTO_LOGIN'], appLinks: ['login', 'admin'], linkIds: { login: '4242' } }],
});
const server = setupServer(...createHandlers(backend), ...createHandlers(other));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type AppLink = { name: string; href: string };
const linksOf = (body: unknown) => (body as { _links: { appLinks: AppLink[] } })._links.appLinks;
const lastSegment = (href: string) => href.slice(href.lastIndexOf('/') + 1);

/** Custom apps of each template, as clients create them, with the catalog link id real orgs answer. */
const TEMPLATES: Array<[string, Record<string, unknown>, string]> = [
  ['bookmark', { name: 'bookmark', label: 'b', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://example.com' } } }, '2557'],
  ['template_swa', { name: 'template_swa', label: 's', signOnMode: 'BROWSER_PLUGIN', settings: { app: { url: 'https://example.com/login', usernameField: 'u', passwordField: 'p', buttonField: 'b' } } }, '2357'],
  ['template_basic_auth', { name: 'template_basic_auth', label: 'a', signOnMode: 'BASIC_AUTH', settings: { app: { url: 'https://example.com/login', authURL: 'https://example.com/auth' } } }, '2873'],
  ['template_sps', { name: 'template_sps', label: 'p', signOnMode: 'SECURE_PASSWORD_STORE', settings: { app: { url: 'https://example.com/login', usernameField: 'u', passwordField: 'p' } } }, '2355'],
];

describe("an app link's href ends with the catalog link's id", () => {
  it.each(TEMPLATES)('%s: the same id for every app, in the create answer and on read', async (_name, input, id) => {
    const first = await call(backend, '/api/v1/apps', { method: 'POST', json: input });
    const second = await call(backend, '/api/v1/apps', { method: 'POST', json: { ...input, label: 'another' } });
    expect(first.status).toBe(200);
    expect(linksOf(first.body).map((l) => [l.name, lastSegment(l.href)])).toEqual([['login', id]]);
    expect(linksOf(second.body).map((l) => lastSegment(l.href))).toEqual([id]);
    const read = await call(backend, `/api/v1/apps/${(first.body as { id: string }).id}`);
    expect(linksOf(read.body).map((l) => lastSegment(l.href))).toEqual([id]);
  });

  it('every custom OpenID Connect app links to aln177a159h7Zf52X0g8', async () => {
    const created = await call(backend, '/api/v1/apps', {
      method: 'POST',
      json: {
        name: 'oidc_client', label: 'web', signOnMode: 'OPENID_CONNECT',
        credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
        settings: { oauthClient: { grant_types: ['authorization_code'], redirect_uris: ['https://example.com/cb'], response_types: ['code'], application_type: 'web' } },
      },
    });
    expect(created.status).toBe(200);
    expect(linksOf(created.body)).toEqual([
      { name: 'oidc_client_link', href: expect.stringMatching(/\/home\/oidc_client\/0oa[0-9A-Za-z]{17}\/aln177a159h7Zf52X0g8$/), type: 'text/html' },
    ]);
  });

  it('a built-in catalog app says its own (pagerduty 3107)', async () => {
    const created = await call(backend, '/api/v1/apps', {
      method: 'POST',
      json: { name: 'pagerduty', label: 'pd', signOnMode: 'AUTO_LOGIN', settings: { app: { subdomain: 'acme' } } },
    });
    expect(linksOf(created.body).map((l) => [l.name, lastSegment(l.href)])).toEqual([['login', '3107']]);
  });

  it('a provisioning-only catalog app says its catalog link id too (deelhr aln5a838ba0SiO7GZ0x7, as two recorded apps do)', async () => {
    const created = await call(backend, '/api/v1/apps', {
      method: 'POST',
      json: { name: 'deelhr', label: 'Test Deel HR', signOnMode: 'AUTO_LOGIN', settings: { app: {} } },
    });
    expect(created.status).toBe(200);
    expect(linksOf(created.body).map((l) => [l.name, lastSegment(l.href)])).toEqual([['deelhr_link', 'aln5a838ba0SiO7GZ0x7']]);
  });

  it('a catalog app registered with linkIds says its own, and keeps it through a snapshot', async () => {
    const created = await call(other, '/api/v1/apps', { method: 'POST', json: { name: 'acme_hr', label: 'hr', signOnMode: 'AUTO_LOGIN', settings: { app: {} } } });
    expect(created.status).toBe(200);
    const [login, admin] = linksOf(created.body);
    expect(lastSegment(login!.href)).toBe('4242');
    // A link without a known id ends with a number that follows the app's name, not the app.
    const again = await call(other, '/api/v1/apps', { method: 'POST', json: { name: 'acme_hr', label: 'hr 2', signOnMode: 'AUTO_LOGIN', settings: { app: {} } } });
    expect(lastSegment(linksOf(again.body)[1]!.href)).toBe(lastSegment(admin!.href));
    other.restore(JSON.parse(JSON.stringify(other.snapshot())));
    const read = await call(other, `/api/v1/apps/${(created.body as { id: string }).id}`);
    expect(lastSegment(linksOf(read.body)[0]!.href)).toBe('4242');
  });

  it('refuses a registered link id that cannot end a path', () => {
    expect(() => createMockBackend({ catalog: [{ name: 'acme_hr', signOnModes: ['AUTO_LOGIN'], linkIds: { login: '../x' } }] })).toThrow(
      /linkIds\.login must be 1 to 40 letters or digits/,
    );
  });
});
