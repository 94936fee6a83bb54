import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2026-05-17T13:27:11.400Z');
let now = START;
const { backend } = useMockBackend({
  now: () => now,
  tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.networkZones.read'] }],
});
const admin = 'SSWS admin';
const ZONES = '/api/v1/zones';

/** The body the Terraform provider's recorded test sends. */
const RECORDED = {
  gateways: [{ type: 'RANGE', value: '2.3.4.5-2.3.4.15' }, { type: 'CIDR', value: '1.2.3.4/24' }],
  name: 'testAcc_987182423',
  proxies: [{ type: 'CIDR', value: '2.2.3.4/24' }, { type: 'RANGE', value: '3.3.4.5-3.3.4.15' }],
  status: 'ACTIVE',
  type: 'IP',
  usage: 'POLICY',
};

const create = (json: unknown, authorization = admin) => call(backend, ZONES, { method: 'POST', json, authorization });
const post = (path: string) => call(backend, path, { method: 'POST', authorization: admin });
const del = (path: string) => call(backend, path, { method: 'DELETE', authorization: admin });

describe('network zones', () => {
  it('creates an IP zone and answers it as real orgs do: nzo… id, key order, links on the org', async () => {
    now = START;
    const made = await create(RECORDED);
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    expect(id).toMatch(/^nzo[0-9A-Za-z]{17}$/);
    const self = `${backend.orgUrl}${ZONES}/${id}`;
    const expected = {
      type: 'IP',
      id,
      name: 'testAcc_987182423',
      status: 'ACTIVE',
      usage: 'POLICY',
      created: '2026-05-17T13:27:11.000Z',
      lastUpdated: '2026-05-17T13:27:11.000Z',
      system: false,
      gateways: RECORDED.gateways,
      proxies: RECORDED.proxies,
      _links: {
        self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } },
        deactivate: { href: `${self}/lifecycle/deactivate`, hints: { allow: ['POST'] } },
      },
    };
    expect(made.text).toBe(JSON.stringify(expected));
    expect((await call(backend, `${ZONES}/${id}`, { authorization: admin })).text).toBe(JSON.stringify(expected));
  });

  it('answers proxies null when none are given, and usage POLICY and status ACTIVE by default', async () => {
    const made = await create({ gateways: [{ type: 'CIDR', value: '203.0.113.0/24' }], name: 'testAcc_2797308863-zone', type: 'IP' });
    expect(made.body).toMatchObject({ status: 'ACTIVE', usage: 'POLICY', proxies: null, gateways: [{ type: 'CIDR', value: '203.0.113.0/24' }] });
  });

  it('activates (lastUpdated moves even when active already) and deactivates, the links following the status', async () => {
    now = START;
    const id = (await create(RECORDED)).body.id as string;
    const self = `${backend.orgUrl}${ZONES}/${id}`;
    now = START + 2_000;
    const active = await post(`${ZONES}/${id}/lifecycle/activate`);
    expect(active.body).toMatchObject({ status: 'ACTIVE', created: '2026-05-17T13:27:11.000Z', lastUpdated: '2026-05-17T13:27:13.000Z' });
    now = START + 48_000;
    const inactive = await post(`${ZONES}/${id}/lifecycle/deactivate`);
    expect(inactive.status).toBe(200);
    expect(inactive.body.status).toBe('INACTIVE');
    expect(inactive.body.lastUpdated).toBe('2026-05-17T13:27:59.000Z');
    expect(JSON.stringify(inactive.body._links)).toBe(
      JSON.stringify({ activate: { href: `${self}/lifecycle/activate`, hints: { allow: ['POST'] } }, self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } } }),
    );
  });

  it('refuses to delete an ACTIVE zone, deletes it once INACTIVE (204), then answers 404 (Zone)', async () => {
    const id = (await create(RECORDED)).body.id as string;
    expectOktaError(await del(`${ZONES}/${id}`), 400, 'E0000001', 'Api validation failed: status', [`status: The zone ${id} is ACTIVE; deactivate it before deleting it`]);
    expect(backend.networkZones.size).toBe(1);
    await post(`${ZONES}/${id}/lifecycle/deactivate`);
    const gone = await del(`${ZONES}/${id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expectOktaError(await call(backend, `${ZONES}/${id}`, { authorization: admin }), 404, 'E0000007', `Not found: Resource not found: ${id} (Zone)`);
    expectOktaError(await post(`${ZONES}/${id}/lifecycle/activate`), 404, 'E0000007', `Not found: Resource not found: ${id} (Zone)`);
  });

  it('makes a zone INACTIVE when asked, and replaces its name, usage and addresses while its status stays', async () => {
    const id = (await create({ ...RECORDED, status: 'INACTIVE' })).body.id as string;
    expect(backend.networkZones.list()[0]!.status).toBe('INACTIVE');
    const replaced = await call(backend, `${ZONES}/${id}`, {
      method: 'PUT',
      json: { type: 'IP', name: 'renamed', status: 'ACTIVE', usage: 'BLOCKLIST', gateways: [{ type: 'CIDR', value: '198.51.100.0/24' }] },
      authorization: admin,
    });
    expect(replaced.body).toMatchObject({ id, name: 'renamed', status: 'INACTIVE', usage: 'BLOCKLIST', gateways: [{ type: 'CIDR', value: '198.51.100.0/24' }], proxies: null });
    expect(backend.networkZones.list()[0]).toMatchObject({ name: 'renamed', usage: 'BLOCKLIST', proxies: null });
  });

  it('refuses bodies Okta refuses, naming the field, and draws no id for them', async () => {
    const gw = [{ type: 'CIDR', value: '1.2.3.0/24' }];
    const cases: Array<[unknown, string, string]> = [
      [{ ...RECORDED, name: undefined }, 'name', 'name: Name must be specified'],
      [{ ...RECORDED, name: 'x'.repeat(129) }, 'name', 'name: Name must be at most 128 characters'],
      [{ ...RECORDED, type: undefined }, 'type', 'type: Type must be specified'],
      [{ ...RECORDED, type: 'DYNAMIC' }, 'type', 'type: DYNAMIC zones are not served by this backend; only IP zones are'],
      [{ ...RECORDED, type: 'NOPE' }, 'type', 'type: Must be IP, DYNAMIC or DYNAMIC_V2'],
      [{ ...RECORDED, usage: 'OTHER' }, 'usage', 'usage: Must be POLICY or BLOCKLIST'],
      [{ ...RECORDED, status: 'ON' }, 'status', 'status: Must be ACTIVE or INACTIVE'],
      [{ name: 'z', type: 'IP' }, 'gateways', 'gateways: An IP zone must define gateways or proxies'],
      [{ name: 'z', type: 'IP', gateways: [], proxies: null }, 'gateways', 'gateways: An IP zone must define gateways or proxies'],
      [{ name: 'z', type: 'IP', gateways: 'x' }, 'gateways', 'gateways: Must be a list of { type, value } entries'],
      [{ name: 'z', type: 'IP', gateways: [{ type: 'IP', value: '1.2.3.4' }] }, 'gateways[0].type', 'gateways[0].type: Must be CIDR or RANGE'],
      [{ name: 'z', type: 'IP', gateways: gw, proxies: [{ type: 'CIDR', value: '1.2.3.4/40' }] }, 'proxies[0].value', 'proxies[0].value: 1.2.3.4/40 is not a CIDR block (an IPv4 or IPv6 address, a slash and a prefix length)'],
      [{ name: 'z', type: 'IP', gateways: [{ type: 'RANGE', value: '1.1.1.9-1.1.1.1' }] }, 'gateways[0].value', 'gateways[0].value: 1.1.1.9-1.1.1.1 starts after it ends'],
      [{ name: 'z', type: 'IP', gateways: [{ type: 'CIDR', value: `1.2.3.4/${'1'.repeat(100)}` }] }, 'gateways[0].value', 'gateways[0].value: Must be at most 100 characters'],
    ];
    for (const [json, field, cause] of cases) expectOktaError(await create(json), 400, 'E0000001', `Api validation failed: ${field}`, [cause]);
    expect(backend.networkZones.size).toBe(0);
  });

  it('bounds the addresses as Okta documents: 150 gateways or proxies, 1,000 gateways for a BLOCKLIST zone', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'CIDR', value: `10.${i >> 8}.${i & 255}.0/24` }));
    expect((await create({ name: 'a', type: 'IP', gateways: many(150), proxies: many(150) })).status).toBe(200);
    expectOktaError(await create({ name: 'b', type: 'IP', gateways: many(151) }), 400, 'E0000001', 'Api validation failed: gateways', ['gateways: A zone holds at most 150 gateways']);
    expectOktaError(await create({ name: 'b', type: 'IP', gateways: many(1), proxies: many(151) }), 400, 'E0000001', 'Api validation failed: proxies', ['proxies: A zone holds at most 150 proxies']);
    expect((await create({ name: 'c', type: 'IP', usage: 'BLOCKLIST', gateways: many(1_000) })).status).toBe(200);
    expectOktaError(await create({ name: 'd', type: 'IP', usage: 'BLOCKLIST', gateways: many(1_001) }), 400, 'E0000001', 'Api validation failed: gateways', ['gateways: A zone holds at most 1000 gateways']);
  });

  it('lists the zones in order, filters by id and usage, and pages with limit and a next Link', async () => {
    const ids: string[] = [];
    for (const usage of ['POLICY', 'BLOCKLIST', 'POLICY']) ids.push((await create({ ...RECORDED, name: `z-${ids.length}`, usage })).body.id as string);
    const all = await call(backend, ZONES, { authorization: 'SSWS reader' });
    expect(all.body.map((z: { id: string }) => z.id)).toEqual(ids);
    expect(all.headers.get('link')).toBe(`<${backend.orgUrl}${ZONES}>; rel="self"`);
    const policy = await call(backend, `${ZONES}?filter=${encodeURIComponent('usage eq "POLICY"')}`, { authorization: admin });
    expect(policy.body.map((z: { id: string }) => z.id)).toEqual([ids[0], ids[2]]);
    const byId = await call(backend, `${ZONES}?filter=${encodeURIComponent(`id eq "${ids[1]}" or id eq "${ids[2]}"`)}`, { authorization: admin });
    expect(byId.body.map((z: { id: string }) => z.id)).toEqual([ids[1], ids[2]]);
    expectOktaError(await call(backend, `${ZONES}?filter=${encodeURIComponent('name sw "z"')}`, { authorization: admin }), 400, 'E0000031', 'Invalid search criteria.', [
      'filter: only id eq "…" and usage eq "…" terms joined by or are supported',
    ]);
    const first = await call(backend, `${ZONES}?limit=2`, { authorization: admin });
    expect(first.body.map((z: { id: string }) => z.id)).toEqual(ids.slice(0, 2));
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')![1]!;
    expect(next.startsWith(`${backend.orgUrl}${ZONES}?limit=2&after=`)).toBe(true);
    const second = await call(backend, new URL(next).pathname + new URL(next).search, { authorization: admin });
    expect(second.body.map((z: { id: string }) => z.id)).toEqual([ids[2]]);
    expect(second.headers.get('link')).not.toContain('rel="next"');
    expectOktaError(await call(backend, `${ZONES}?after=nope`, { authorization: admin }), 400, 'E0000029', 'Invalid paging request.', ['Invalid cursor.']);
  });

  it('reads with okta.networkZones.read and changes only with okta.networkZones.manage', async () => {
    const id = (await create(RECORDED)).body.id as string;
    expect((await call(backend, `${ZONES}/${id}`, { authorization: 'SSWS reader' })).status).toBe(200);
    expectOktaError(await create(RECORDED, 'SSWS reader'), 403, 'E0000006', 'You do not have permission to perform the requested action');
    expectOktaError(await call(backend, `${ZONES}/${id}/lifecycle/deactivate`, { method: 'POST', authorization: 'SSWS reader' }), 403, 'E0000006', 'You do not have permission to perform the requested action');
  });
});
