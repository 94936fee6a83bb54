import { describe, expect, it, vi } from 'vitest';

// The dashboard's page and the SAML metadata writer are modules of their own, loaded by the first
// request that needs them: each mock below records when its module is first loaded.
const loaded = vi.hoisted(() => ({ dashboard: false, metadata: false }));
vi.mock('../../mock-server/control/dashboard/page', async (original) => {
  loaded.dashboard = true;
  return original();
});
vi.mock('../../mock-server/apps/credentials/metadata', async (original) => {
  loaded.metadata = true;
  return original();
});

describe('modules loaded on first use', () => {
  it('the dashboard and SAML metadata load with their first request, not with the backend', async () => {
    const { credentialBackend, samlApp } = await import('./apps/credentials/helpers');
    const { backend, call } = credentialBackend();
    const saml = (await call('POST', '/api/v1/apps', { json: samlApp() })).body;
    expect((await call('GET', `/api/v1/apps/${saml.id}`)).status).toBe(200);
    expect(loaded).toEqual({ dashboard: false, metadata: false });

    const page = await backend.fetch(new Request(`${backend.orgUrl}/__appset/`));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await page.text()).toMatch(/^<!doctype html>/);
    expect(loaded).toEqual({ dashboard: true, metadata: false });

    const metadata = await call('GET', `/api/v1/apps/${saml.id}/sso/saml/metadata`, { accept: 'application/xml' });
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toBe('application/xml;charset=ISO-8859-1');
    expect(metadata.text).toMatch(/<md:EntityDescriptor/);
    expect(loaded).toEqual({ dashboard: true, metadata: true });
  });
});
