import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend();

function seedRoles() {
  const ada = backend.directory.addUser({ id: '00u1ada0000000000000', login: 'ada@example.com' });
  const eng = backend.directory.addGroup({ id: '00g1eng0000000000000', name: 'Engineering' });
  backend.roles.assign({ userId: ada.id }, 'USER_ADMIN');
  backend.roles.assign({ groupId: eng.id }, 'READ_ONLY_ADMIN');
  return { ada, eng };
}

describe('role assignments in snapshots and resets', () => {
  it('restores assignments and their targets exactly', async () => {
    const { ada, eng } = seedRoles();
    expect((await call(backend, `/api/v1/users/${ada.id}/roles/KVJUKUS7IFCE2SKO/targets/groups/${eng.id}`, { method: 'PUT' })).status).toBe(204);
    const snapshot = backend.snapshot();
    expect(snapshot.roleAssignments).toHaveLength(2);
    backend.reset();
    expect(backend.roles.size).toBe(0);
    backend.restore(snapshot);
    expect(backend.snapshot()).toEqual(snapshot);
    expect((await call(backend, `/api/v1/users/${ada.id}/roles/KVJUKUS7IFCE2SKO/targets/groups`)).body.map((g: { id: string }) => g.id)).toEqual([eng.id]);
  });

  it('refuses a document whose assignment names a user, group or app it does not hold, or a role held twice', () => {
    seedRoles();
    const snapshot = backend.snapshot();
    const [userRole] = snapshot.roleAssignments!;
    const restore = (roleAssignments: unknown[]) => () => backend.restore({ ...snapshot, roleAssignments } as Snapshot);
    expect(restore([{ ...userRole, assigneeId: '00u1nobody0000000000' }])).toThrow(/^snapshot field roleAssignments\[0\]\.assigneeId: no user in the snapshot has the id 00u1nobody0000000000/);
    expect(restore([{ ...userRole, groupTargets: ['00g1none000000000000'] }])).toThrow(/^snapshot field roleAssignments\[0\]\.groupTargets\[0\]: no group/);
    expect(restore([userRole, userRole])).toThrow(/^snapshot field roleAssignments\[1\]: 00u1ada0000000000000 holds USER_ADMIN/);
    expect(restore([{ ...userRole, appTargets: [{ name: 'facebook' }] }])).toThrow(/^snapshot field roleAssignments\[0\]: appTargets: USER_ADMIN takes no app targets/);
    expect(restore([{ ...userRole, id: 'ra1xxxxxxxxxxxxxxxxx' }])).toThrow(/^snapshot field roleAssignments\[0\]\.id: an assignment of USER_ADMIN has the id KVJUKUS7IFCE2SKO/);
    // A refused document changes nothing.
    expect(backend.snapshot()).toEqual(snapshot);
  });

  it('restores a snapshot written before roles existed, with none', () => {
    seedRoles();
    const { roleAssignments: _none, ...older } = backend.snapshot();
    backend.restore(older as Snapshot);
    expect(backend.roles.size).toBe(0);
  });
});
