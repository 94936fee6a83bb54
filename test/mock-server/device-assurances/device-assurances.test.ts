import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2026-05-17T13:27:11.400Z');
let now = START;
const { backend } = useMockBackend({
  now: () => now,
  tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.deviceAssurance.read'] }],
});
const admin = 'SSWS admin';
const PATH = '/api/v1/device-assurances';
/** The body the Terraform provider's recorded test sends. */
const RECORDED = { jailbreak: false, name: 'testAcc-987182423', osVersion: { minimum: '12' }, platform: 'ANDROID' };

const create = (json: unknown, authorization = admin) => call(backend, PATH, { method: 'POST', json, authorization });

describe('device assurance policies', () => {
  it('creates an ANDROID policy and answers it as real orgs do: dae… id, key order, HIDE by default, the admin as author', async () => {
    now = START;
    const made = await create(RECORDED);
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    expect(id).toMatch(/^dae[0-9A-Za-z]{17}$/);
    const adminId = made.body.createdBy as string;
    expect(adminId).toMatch(/^00u[0-9A-Za-z]{17}$/);
    const expected = {
      name: 'testAcc-987182423',
      platform: 'ANDROID',
      id,
      osVersion: { minimum: '12' },
      jailbreak: false,
      displayRemediationMode: 'HIDE',
      createdDate: '2026-05-17T13:27:11.000Z',
      createdBy: adminId,
      lastUpdate: '2026-05-17T13:27:11.000Z',
      lastUpdatedBy: adminId,
      resourceType: 'DeviceAssurancePolicyEntity',
      resourceId: id,
      resourceDisplayName: { value: 'testAcc-987182423', sensitive: false },
      _links: { self: { href: `${backend.orgUrl}${PATH}/${id}`, hints: { allow: ['GET', 'PUT', 'DELETE'] } } },
    };
    expect(made.text).toBe(JSON.stringify(expected));
    expect((await call(backend, `${PATH}/${id}`, { authorization: 'SSWS reader' })).text).toBe(JSON.stringify(expected));
    expect((await call(backend, PATH, { authorization: 'SSWS reader' })).text).toBe(JSON.stringify([expected]));
  });

  it('takes each platform\'s checks and refuses a check the platform has not, naming it', async () => {
    const android = await create({ ...RECORDED, diskEncryptionType: { include: ['FULL', 'USER'] }, screenLockType: { include: ['BIOMETRIC'] }, secureHardwarePresent: true, displayRemediationMode: 'SHOW' });
    expect(android.body).toMatchObject({ diskEncryptionType: { include: ['FULL', 'USER'] }, screenLockType: { include: ['BIOMETRIC'] }, secureHardwarePresent: true, displayRemediationMode: 'SHOW' });
    const mac = await create({ name: 'mac', platform: 'MACOS', osVersion: { minimum: '12.4.1' }, diskEncryptionType: { include: ['ALL_INTERNAL_VOLUMES'] } });
    expect(mac.status).toBe(200);
    const refused: Array<[unknown, string, string]> = [
      [{ name: 'ios', platform: 'IOS', diskEncryptionType: { include: ['FULL'] } }, 'diskEncryptionType', 'diskEncryptionType: The IOS platform takes no diskEncryptionType'],
      [{ name: 'win', platform: 'WINDOWS', jailbreak: false }, 'jailbreak', 'jailbreak: The WINDOWS platform takes no jailbreak'],
      [{ name: 'mac', platform: 'MACOS', diskEncryptionType: { include: ['FULL'] } }, 'diskEncryptionType.include[0]', 'diskEncryptionType.include[0]: Must be one of ALL_INTERNAL_VOLUMES'],
      [{ ...RECORDED, screenLockType: { include: ['NONE', 'NONE'] } }, 'screenLockType.include', 'screenLockType.include: Lists a value twice'],
      [{ ...RECORDED, screenLockType: { include: [] } }, 'screenLockType.include', 'screenLockType.include: Must list one to 3 of NONE, PASSCODE, BIOMETRIC'],
      [{ ...RECORDED, osVersion: { minimum: 'twelve' } }, 'osVersion.minimum', 'osVersion.minimum: Must be a version of one to four numbers joined by dots'],
      [{ ...RECORDED, jailbreak: 'no' }, 'jailbreak', 'jailbreak: Must be true or false'],
      [{ ...RECORDED, name: undefined }, 'name', 'name: Name must be specified'],
      [{ ...RECORDED, name: 'n'.repeat(256) }, 'name', 'name: Name must be at most 255 characters'],
      [{ ...RECORDED, platform: undefined }, 'platform', 'platform: Platform must be specified'],
      [{ ...RECORDED, platform: 'PALM' }, 'platform', 'platform: Must be one of ANDROID, IOS, MACOS, WINDOWS'],
      [{ ...RECORDED, displayRemediationMode: 'MAYBE' }, 'displayRemediationMode', 'displayRemediationMode: Must be SHOW or HIDE'],
      [{ ...RECORDED, gracePeriod: { type: 'BY_DURATION', expiry: 'PT1H' } }, 'gracePeriod', 'gracePeriod: gracePeriod is not served by this backend'],
    ];
    for (const [json, field, cause] of refused) expectOktaError(await create(json), 400, 'E0000001', `Api validation failed: ${field}`, [cause]);
    expect(backend.deviceAssurances.size).toBe(2);
  });

  it('replaces a policy (its platform stays), deletes it (204) and then answers 404 (DeviceAssurance)', async () => {
    now = START;
    const id = (await create(RECORDED)).body.id as string;
    now = START + 5_000;
    const put = (json: unknown) => call(backend, `${PATH}/${id}`, { method: 'PUT', json, authorization: admin });
    const replaced = await put({ name: 'renamed', platform: 'ANDROID', osVersion: { minimum: '13' } });
    expect(replaced.body).toMatchObject({ name: 'renamed', osVersion: { minimum: '13' }, createdDate: '2026-05-17T13:27:11.000Z', lastUpdate: '2026-05-17T13:27:16.000Z', resourceDisplayName: { value: 'renamed' } });
    expect(replaced.body).not.toHaveProperty('jailbreak');
    expectOktaError(await put({ name: 'x', platform: 'IOS' }), 400, 'E0000001', 'Api validation failed: platform', ['platform: The policy is for ANDROID; its platform cannot change']);
    expectOktaError(await call(backend, `${PATH}/${id}`, { method: 'DELETE', authorization: 'SSWS reader' }), 403, 'E0000006', 'You do not have permission to perform the requested action');
    const gone = await call(backend, `${PATH}/${id}`, { method: 'DELETE', authorization: admin });
    expect(gone.status).toBe(204);
    expectOktaError(await call(backend, `${PATH}/${id}`, { authorization: admin }), 404, 'E0000007', `Not found: Resource not found: ${id} (DeviceAssurance)`);
  });

  it('keeps the policies in snapshots: restored exactly, forgotten by a reset, a bad document refused naming the field', async () => {
    await create({ ...RECORDED, screenLockType: { include: ['PASSCODE'] } });
    const snapshot = backend.snapshot();
    expect(snapshot.deviceAssurances).toHaveLength(1);
    const before = (await call(backend, PATH, { authorization: admin })).text;
    backend.reset();
    expect(backend.deviceAssurances.size).toBe(0);
    backend.restore(snapshot);
    expect(backend.snapshot()).toEqual(snapshot);
    expect((await call(backend, PATH, { authorization: admin })).text).toBe(before);
    const [item] = snapshot.deviceAssurances!;
    const restore = (deviceAssurances: unknown[]) => () => backend.restore({ ...snapshot, deviceAssurances } as Snapshot);
    expect(restore([item, item])).toThrow(/^snapshot field deviceAssurances\[1\]\.id: the id dae\w+ is given twice/);
    expect(restore([{ ...item, platform: 'IOS', checks: { secureHardwarePresent: true } }])).toThrow(/^snapshot field deviceAssurances\[0\]: secureHardwarePresent: The IOS platform takes no secureHardwarePresent/);
    expect(backend.snapshot()).toEqual(snapshot);
  });
});
