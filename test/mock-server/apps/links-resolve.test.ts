import { exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../mock-server/index';
import { serviceKey } from '../oauth/helpers';

// Every href under the org's /api/v1/ that the backend writes into `_links` (apps of every kind, app
// users, app groups, grants, and the credentials around an app) must answer something other than 404
// to a GET, or to the method its `hints.allow` names. Links real orgs point at their admin console,
// their end-user dashboard (`/home/…`) or their CDN (logos) are not API links and are left as they are.


type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Link {
  href: string;
  method: string;
  /** The media type the link names (`type`: SAML metadata is `application/xml`), asked for with `Accept`. */
  type: string;
  /** Where it was found, for the failure message. */
  from: string;
}

/** Every link object under `_links` of a JSON answer, at any depth (lists, embedded members, inline hooks). */
function linksOf(body: unknown, from: string, out: Link[]): void {
  if (Array.isArray(body)) {
    for (const item of body) linksOf(item, from, out);
    return;
  }
  if (!isObject(body)) return;
  for (const [key, value] of Object.entries(body)) {
    if (key === '_links' && isObject(value)) {
      for (const [rel, link] of Object.entries(value)) {
        for (const one of Array.isArray(link) ? link : [link]) {
          if (!isObject(one) || typeof one.href !== 'string') continue;
          const allow = isObject(one.hints) && Array.isArray(one.hints.allow) ? (one.hints.allow as string[]) : [];
          const type = typeof one.type === 'string' ? one.type : 'application/json';
          out.push({ href: one.href, method: allow.length === 0 || allow.includes('GET') ? 'GET' : allow[0]!, type, from: `${from} _links.${rel}` });
        }
      }
    } else {
      linksOf(value, from, out);
    }
  }
}

async function send(backend: MockBackend, method: string, url: string, json?: unknown, accept = 'application/json') {
  const headers: Record<string, string> = { authorization: `SSWS ${backend.defaultToken}`, accept };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await backend.fetch(new Request(url, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }));
  const text = await response.text();
  return { status: response.status, body: /json/.test(response.headers.get('content-type') ?? '') && text ? JSON.parse(text) : text };
}

describe('every /api/v1/ link the backend writes resolves', () => {
  const backend = createMockBackend({ seed: 'demo' });
  const links: Link[] = [];

  beforeAll(async () => {
    const api = (method: string, path: string, json?: unknown) => send(backend, method, `${backend.orgUrl}${path}`, json);
    // The demo organization, with people assigned so that app users and groups exist, a service app
    // with grants, and the credentials around apps that have links of their own.
    const apps = (await api('GET', '/api/v1/apps?limit=200')).body as Array<{ id: string; signOnMode: string; name: string; status: string }>;
    const users = [0, 1].map((i) => backend.directory.addUser({ login: `person${i}@example.com` }));
    const group = backend.directory.addGroup({ name: 'Engineering' });
    for (const app of apps.filter((a) => a.status === 'ACTIVE')) {
      for (const user of users) await api('POST', `/api/v1/apps/${app.id}/users`, { id: user.id });
      await api('PUT', `/api/v1/apps/${app.id}/groups/${group.id}`, {});
    }
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: (await serviceKey()).publicJwk, scopes: ['okta.apps.read', 'okta.apps.manage'] });
    const saml = apps.find((a) => a.signOnMode === 'SAML_2_0')!;
    await api('POST', `/api/v1/apps/${saml.id}/credentials/csrs`, { subject: { commonName: 'Links' } });
    const oidc = apps.find((a) => a.signOnMode === 'OPENID_CONNECT')!;
    const second = (await api('POST', `/api/v1/apps/${oidc.id}/credentials/secrets`)).body as { id: string };
    await api('POST', `/api/v1/apps/${oidc.id}/credentials/secrets/${second.id}/lifecycle/deactivate`);
    const { publicKey } = await generateKeyPair('RS256');
    const jwk = (await api('POST', `/api/v1/apps/${oidc.id}/credentials/jwks`, { ...(await exportJWK(publicKey)), kid: 'links', use: 'sig' })).body as { id: string };
    await api('POST', `/api/v1/apps/${oidc.id}/credentials/jwks/${jwk.id}/lifecycle/deactivate`);

    const all = (await api('GET', '/api/v1/apps?limit=200')).body as Array<{ id: string; signOnMode: string; name: string }>;
    expect(all.map((a) => a.id)).toContain(clientId);
    linksOf(all, 'GET /api/v1/apps', links);
    for (const app of all) {
      const lists = ['users', 'groups', 'grants', 'credentials/keys', 'credentials/csrs'];
      if (app.signOnMode === 'OPENID_CONNECT') lists.push('credentials/secrets', 'credentials/jwks');
      for (const list of lists) {
        const path = `/api/v1/apps/${app.id}/${list}`;
        const answer = await api('GET', path);
        expect(answer.status, path).toBe(200);
        linksOf(answer.body, `GET ${path}`, links);
      }
    }
  }, 120_000);

  it('walks links of every kind: apps, app users, app groups, grants, secrets, JSON Web Keys and CSRs', () => {
    const kinds = new Set(links.map((l) => l.from.replace(/\/api\/v1\/apps\/\w+/, '/api/v1/apps/{id}').replace(/^GET (\S+) _links\.(\w+).*$/, '$1 $2')));
    for (const kind of [
      '/api/v1/apps metadata',
      '/api/v1/apps clientCredentials',
      '/api/v1/apps/{id}/users user',
      '/api/v1/apps/{id}/groups group',
      '/api/v1/apps/{id}/grants self',
      '/api/v1/apps/{id}/credentials/secrets delete',
      '/api/v1/apps/{id}/credentials/jwks activate',
      '/api/v1/apps/{id}/credentials/csrs publish',
      '/api/v1/apps accessPolicy',
      '/api/v1/apps uploadLogo',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('each answers something other than 404 (state put back after each link that changes it)', async () => {
    const org = `${backend.orgUrl}/api/v1/`;
    const saved = backend.snapshot({ includeSecrets: true });
    const unresolved: string[] = [];
    for (const link of links) {
      if (!link.href.startsWith(org)) continue;
      const answer = await send(backend, link.method, link.href, undefined, link.type);
      if (link.method !== 'GET') backend.restore(saved);
      if (answer.status === 404) unresolved.push(`${link.method} ${link.href} (from ${link.from}): ${JSON.stringify(answer.body)}`);
    }
    expect(unresolved).toEqual([]);
  });

});
