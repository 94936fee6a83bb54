// The state members of MockBackend (backend.apps, backend.directory, …) are the built-in
// capabilities' `state` types, derived from the list: adding a capability to the list adds its
// members to the type, and the type names exactly what the backend shows.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MockAppsState } from '../../../mock-server/apps/state';
import type { MockCapabilityState } from '../../../mock-server/backend';
import { BUILT_IN_CAPABILITIES } from '../../../mock-server/capabilities';
import type { Capability, CapabilityDefinition } from '../../../mock-server/capability';
import type { StateOf } from '../../../mock-server/control/capabilities';
import { createMockBackend, type MockBackend } from '../../../mock-server/index';

/** Every state member, once: the compiler refuses a member the type lacks and a missing one. */
const MEMBERS = {
  apps: true,
  users: true,
  groups: true,
  providers: true,
  signals: true,
  logs: true,
  oauth: true,
  policies: true,
  refreshTokens: true,
  groupRules: true,
  directory: true,
  roles: true,
  resourceSets: true,
  authenticators: true,
  networkZones: true,
  deviceAssurances: true,
  inlineHooks: true,
  authorizationServers: true,
} satisfies Record<keyof MockCapabilityState, true>;

const NOTES = {
  name: 'notes',
  create: (): Capability<{ readonly notes: { count(): number } }> => ({ routes: () => [], clear: () => undefined, state: { notes: { count: () => 0 } } }),
} satisfies CapabilityDefinition;

describe('the state part of MockBackend', () => {
  it('is what the built-in capabilities show, member for member, in the list order', () => {
    const backend = createMockBackend();
    const shown = Object.keys(MEMBERS).filter((member) => typeof (backend as unknown as Record<string, unknown>)[member] === 'object');
    expect(shown).toEqual(Object.keys(MEMBERS));
    expectTypeOf<MockBackend['apps']>().toEqualTypeOf<MockAppsState>();
    expectTypeOf<MockCapabilityState>().toEqualTypeOf<StateOf<typeof BUILT_IN_CAPABILITIES>>();
  });

  it('grows with the list: a capability added to it adds its members to the type', () => {
    type WithNotes = StateOf<[...typeof BUILT_IN_CAPABILITIES, typeof NOTES]>;
    expectTypeOf<WithNotes['notes']>().toEqualTypeOf<{ count(): number }>();
    expectTypeOf<WithNotes['directory']>().toEqualTypeOf<MockBackend['directory']>();
    expect(NOTES.create().state.notes.count()).toBe(0);
  });
});
