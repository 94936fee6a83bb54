import { createLocalKeySet } from '../../src/set/keys';
import { clientKeysProblem } from '../apps/credentials/jwks';
import { credentialsProblem, loadCredentials, takeCredentials } from '../apps/credentials/snapshot';
import { withoutClientSecret } from '../apps/representation';
import { storedApp, type AppGroupAssignment, type AppUserAssignment } from '../apps/store';
import { logEvent, type StoredLogEvent } from '../logs/store';
import { ControlInputError } from './body-errors';
import { SNAPSHOT_VERSION, type Snapshot, type SnapshotOptions } from './snapshot-schema';
import { clearStores, type BackendStores } from './stores';

/** The first value that appears twice, if any. */
function duplicates(values: Iterable<string>): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return undefined;
}

/** JWK members holding private or symmetric key material. */
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** A key set without private members: a snapshot never carries secrets, and verifying needs none. */
function publicKeySet(jwks: { keys: object[] }): { keys: Array<Record<string, unknown>> } {
  return { keys: jwks.keys.map((key) => Object.fromEntries(Object.entries(key).filter(([member]) => !PRIVATE_MEMBERS.has(member)))) };
}

/** The whole state as one versioned document; client secrets only when asked for. */
export function takeSnapshot(d: BackendStores, options: SnapshotOptions = {}): Snapshot {
  const secrets = options.includeSecrets === true;
  return structuredClone({
    version: SNAPSHOT_VERSION,
    orgId: d.org.orgId,
    clock: { offsetMs: d.clock.offsetMs },
    idCounter: d.ids.counter,
    apps: {
      items: [...d.apps.apps.values()].map((app) => ({
        body: secrets ? app.body : { ...app.body, credentials: withoutClientSecret(app.body.credentials) },
        kind: app.kind ?? null,
        links: app.links === undefined ? null : [...app.links],
        ...(app.idLinks === undefined ? {} : { idLinks: [...app.idLinks] }),
        catalog: app.catalog,
        registered: app.registered,
        ...(app.accessPolicy === undefined ? {} : { accessPolicy: app.accessPolicy }),
        ...(app.logo === undefined ? {} : { logo: { ...app.logo } }),
        users: [...app.users.values()],
        groups: [...app.groups.values()],
      })),
      nameCounters: d.apps.nameCounters(),
    },
    users: d.directory.users(),
    groups: d.directory.groups(),
    providers: [...d.providers.providers.values()].map(({ id, name, type, status, settings, jwks }) => ({
      id,
      name,
      type,
      status,
      settings,
      jwks: jwks ? publicKeySet(jwks) : null,
    })),
    signals: { users: d.signals.users.all(), devices: d.signals.devices.all() },
    logs: [...d.logs.values()].map(logEvent),
    replay: d.replay.entries(),
    // Grants of deleted apps are unreachable; the snapshot keeps those of apps that exist.
    grants: d.grants.all().filter((g) => d.apps.apps.has(g.appId)),
    surroundings: d.surroundings.snapshot(),
    credentials: takeCredentials(d.credentials, d.ids, secrets),
  }) as Snapshot;
}

/** Checks what the schema cannot: unique ids, logins, identifiers, and usable key sets. */
export function checkSnapshot(doc: Snapshot): void {
  const refuse = (field: string, reason: string) => {
    throw new ControlInputError(`snapshot field ${field}: ${reason}`, field);
  };
  const unique = (field: string, values: string[], what: string) => {
    const dup = duplicates(values);
    if (dup !== undefined) refuse(field, `${what} "${dup}" appears twice; each must be unique`);
  };
  unique('apps.items', doc.apps.items.map((a) => a.body.id), 'the app id');
  unique('users', doc.users.map((u) => u.id), 'the user id');
  unique('users', doc.users.map((u) => u.profile.login.toLowerCase()), 'the login');
  unique('groups', doc.groups.map((g) => g.id), 'the group id');
  unique('groups', doc.groups.map((g) => g.profile.name.toLowerCase()), 'the group name');
  if (doc.groups.filter((g) => g.type === 'BUILT_IN').length > 1) refuse('groups', 'more than one group is BUILT_IN; only Everyone is');
  const memberOf = new Set(doc.groups.filter((g) => g.type !== 'BUILT_IN').map((g) => g.id));
  doc.users.forEach((u, i) =>
    (u.groupIds ?? []).forEach((groupId, j) => {
      if (!memberOf.has(groupId)) refuse(`users[${i}].groupIds[${j}]`, `no group (other than Everyone) in the snapshot has the id ${groupId}`);
    }),
  );
  unique('providers', doc.providers.map((p) => p.id), 'the provider id');
  // An issuer belongs to one provider, whatever its status, as the providers API enforces.
  unique('providers', doc.providers.map((p) => p.settings.issuer), 'the issuer');
  unique('signals.users', doc.signals.users.flatMap((u) => u.identifiers), 'the identifier');
  unique('signals.devices', doc.signals.devices.flatMap((u) => u.identifiers), 'the identifier');
  unique('logs', doc.logs.map((e) => e.uuid), 'the event uuid');
  unique('replay', doc.replay.map((e) => `${e.issuer} ${e.jti}`), 'the issuer and jti');
  const grants = doc.grants ?? [];
  unique('grants', grants.map((g) => g.id), 'the grant id');
  unique('grants', grants.map((g) => `${g.appId} ${g.scopeId}`), 'the app and scope');
  const appIds = new Set(doc.apps.items.map((a) => a.body.id));
  grants.forEach((g, i) => {
    if (!appIds.has(g.appId)) refuse(`grants[${i}].appId`, `no app in the snapshot has the id ${g.appId}`);
  });
  doc.apps.items.forEach((item, i) => {
    const problem = clientKeysProblem(item.body);
    if (problem) refuse(`apps.items[${i}].body.${problem[0]}`, problem[1]);
  });
  if (doc.credentials) {
    const problem = credentialsProblem(doc.credentials, doc.apps.items);
    if (problem) refuse(...problem);
  }
  doc.providers.forEach((p, i) => {
    if (p.jwks === null) return;
    try {
      createLocalKeySet(p.jwks);
    } catch {
      refuse(`providers[${i}].jwks`, 'not a JSON Web Key Set');
    }
  });
}

/** Replaces the stores' content with a checked snapshot. */
export function loadSnapshot(d: BackendStores, doc: Snapshot): void {
  clearStores(d);
  d.org.orgId = doc.orgId;
  d.clock.setOffset(doc.clock.offsetMs);
  d.ids.counter = doc.idCounter;
  for (const item of doc.apps.items) {
    const app = storedApp(item.body as Parameters<typeof storedApp>[0], item.kind ?? undefined, {
      links: item.links ?? undefined,
      ...(item.idLinks === undefined ? {} : { idLinks: item.idLinks }),
      catalog: item.catalog,
      registered: item.registered,
    });
    for (const { lastSync: _dropped, ...user } of item.users) app.users.set(user.id, user as AppUserAssignment);
    for (const group of item.groups) app.groups.set(group.id, group as AppGroupAssignment);
    if (item.accessPolicy !== undefined) app.accessPolicy = item.accessPolicy;
    if (item.logo !== undefined) app.logo = { ...item.logo };
    d.apps.apps.insert(app);
  }
  d.apps.setNameCounters(doc.apps.nameCounters);
  // Members of the first version-1 documents that are missing take what the backend gave such users then.
  d.directory.load(
    doc.users.map((u) => ({
      id: u.id,
      status: u.status,
      created: u.created,
      activated: u.activated ?? null,
      statusChanged: u.statusChanged ?? null,
      lastLogin: u.lastLogin ?? null,
      lastUpdated: u.lastUpdated,
      passwordChanged: u.passwordChanged ?? null,
      profile: u.profile,
      credentials: u.credentials ?? { password: false, recoveryQuestion: null, provider: { type: 'OKTA', name: 'OKTA' } },
      groupIds: u.groupIds ?? [],
    })),
    doc.groups.map((g) => ({
      id: g.id,
      created: g.created,
      lastUpdated: g.lastUpdated,
      lastMembershipUpdated: g.lastMembershipUpdated ?? g.lastUpdated,
      objectClass: g.objectClass ?? ['okta:user_group'],
      type: g.type ?? 'OKTA_GROUP',
      profile: g.profile,
    })),
  );
  for (const p of doc.providers) d.providers.load(p);
  for (const s of doc.signals.users) {
    const { identifiers, ...rest } = s;
    Object.assign(d.signals.users.upsert(identifiers), rest);
  }
  for (const s of doc.signals.devices) {
    const { identifiers, ...rest } = s;
    Object.assign(d.signals.devices.upsert(identifiers), rest);
  }
  for (const event of doc.logs) d.logs.insert(event as StoredLogEvent);
  d.replay.load(doc.replay);
  d.grants.load(doc.grants ?? []);
  d.surroundings.load(doc.surroundings);
  loadCredentials(d.credentials, d.ids, doc.credentials, d.apps.apps);
}
