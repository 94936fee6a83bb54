import type { z } from 'zod';
import type { SecurityEventsProvider } from '../../src/providers/schemas';
import { createLocalKeySet } from '../../src/set/key-sets';
import type { Capability, CapabilityDefinition } from '../capability';
import type { DirectoryParts } from '../directory/capability';
import type { LogsParts } from '../logs/capability';
import { direct } from '../state/direct';
import { refuseDuplicates } from '../state/duplicates';
import { publicKeySet, SECURITY_EVENTS_SEED_MEMBERS, SECURITY_EVENTS_SNAPSHOT_MEMBERS } from './documents';
import { IngestionService } from './ingestion';
import { ProviderService } from './providers';
import { REPLAY_DEFAULTS, ReplayMemory } from './replay';
import { renderProvider, securityEventRoutes } from './routes';
import { SignalsStore } from './signals';
import type { MockProvidersState, MockSignalsState, SecurityEventsBackendState } from './state';

type SnapshotMembers = { [K in keyof typeof SECURITY_EVENTS_SNAPSHOT_MEMBERS]: z.output<(typeof SECURITY_EVENTS_SNAPSHOT_MEMBERS)[K]> };
type SeedMembers = { [K in keyof typeof SECURITY_EVENTS_SEED_MEMBERS]: z.output<(typeof SECURITY_EVENTS_SEED_MEMBERS)[K]> };

/** The backend options the receiver reads. */
export interface SecurityEventsOptions {
  /** How long, and for how many tokens, the receiver remembers `jti`s. */
  replay?: { windowMs?: number; maxEntries?: number };
}

/** What the receiver offers the backend (the Node server gives it a faster SHA-256). */
export interface SecurityEventsParts {
  ingestion: IngestionService;
}

/**
 * The Shared Signals receiver: security events providers (`/api/v1/security-events-providers`),
 * `POST /security/api/v1/security-events`, the signals events changed, `backend.providers` and
 * `backend.signals`. It looks subjects up in the directory and logs to the System Log.
 */
export const SECURITY_EVENTS = {
  name: 'security-events',
  dependsOn: ['directory', 'logs'],
  snapshotMembers: SECURITY_EVENTS_SNAPSHOT_MEMBERS,
  seedMembers: SECURITY_EVENTS_SEED_MEMBERS,
  create(ctx, need, options): Capability<SecurityEventsBackendState, SecurityEventsParts> {
    const { now, newId, ids } = ctx;
    const providers = new ProviderService({ now, newId });
    const signals = new SignalsStore();
    const ingestion = new IngestionService({
      orgOrigin: ctx.env.orgOrigin,
      providers,
      signals,
      directory: need<DirectoryParts>('directory').directory,
      logs: need<LogsParts>('logs').logs,
      replay: new ReplayMemory({ ...REPLAY_DEFAULTS, ...options.replay }),
      uuid: () => ids.uuid(),
    });
    const replay = ingestion.replay;
    const render = (id: string) => renderProvider(providers.require(id), ctx.orgUrl()) as unknown as SecurityEventsProvider;
    const providersState: MockProvidersState = {
      register: (input) => render(providers.register(input).id),
      get: (id) => (providers.providers.has(id) ? render(id) : undefined),
      list: () => [...providers.providers.values()].map((p) => render(p.id)),
      activate: (id) => void direct('providers.activate', () => providers.setStatus(id, 'ACTIVE')),
      deactivate: (id) => void direct('providers.deactivate', () => providers.setStatus(id, 'INACTIVE')),
    };
    const signalsState: MockSignalsState = {
      user: (subject) => signals.user(subject),
      device: (subject) => signals.device(subject),
      users: () => signals.users.all(),
      devices: () => signals.devices.all(),
      ignored: () => signals.ignored.list(),
    };
    const parts: SecurityEventsParts = { ingestion };
    return {
      routes: (env) => securityEventRoutes(env, providers, ingestion),
      clear() {
        providers.clear();
        signals.clear();
        replay.clear();
      },
      forgetRun: () => signals.ignored.clear(),
      parts,
      snapshot: {
        phase: 30,
        take: () => ({
          providers: [...providers.providers.values()].map(({ id, name, type, status, settings, jwks }) => ({
            id,
            name,
            type,
            status,
            settings,
            jwks: jwks ? publicKeySet(jwks) : null,
          })),
          signals: { users: signals.users.all(), devices: signals.devices.all() },
          replay: replay.entries(),
        }),
        check(doc, refuse) {
          const d = doc as SnapshotMembers;
          refuseDuplicates(refuse, 'providers', d.providers.map((p) => p.id), 'the provider id');
          // An issuer belongs to one provider, whatever its status, as the providers API enforces.
          refuseDuplicates(refuse, 'providers', d.providers.map((p) => p.settings.issuer), 'the issuer');
          refuseDuplicates(refuse, 'signals.users', d.signals.users.flatMap((u) => u.identifiers), 'the identifier');
          refuseDuplicates(refuse, 'signals.devices', d.signals.devices.flatMap((u) => u.identifiers), 'the identifier');
          refuseDuplicates(refuse, 'replay', d.replay.map((e) => `${e.issuer} ${e.jti}`), 'the issuer and jti');
          d.providers.forEach((p, i) => {
            if (p.jwks === null) return;
            try {
              createLocalKeySet(p.jwks);
            } catch {
              refuse(`providers[${i}].jwks`, 'not a JSON Web Key Set');
            }
          });
        },
        restore(doc) {
          const d = doc as SnapshotMembers;
          for (const p of d.providers) providers.load(p);
          for (const s of d.signals.users) {
            const { identifiers, ...rest } = s;
            Object.assign(signals.users.upsert(identifiers), rest);
          }
          for (const s of d.signals.devices) {
            const { identifiers, ...rest } = s;
            Object.assign(signals.devices.upsert(identifiers), rest);
          }
          replay.load(d.replay);
        },
      },
      seed: {
        emptyResult: () => ({ providers: [] }),
        fetchFirst: {
          // Providers given by `well_known_url` are discovered first (fetched: the document asks for it).
          async run(doc, created, { failure }) {
            for (const [i, p] of ((doc as SeedMembers).providers ?? []).entries()) {
              if (!('well_known_url' in p)) continue;
              try {
                const provider = await providers.create({ name: p.name, type: p.type ?? 'okta', settings: { well_known_url: p.well_known_url } });
                (created.providers as SecurityEventsProvider[]).push(render(provider.id));
              } catch (error) {
                throw failure(error, `providers[${i}]`);
              }
            }
          },
          refuseAtStart(doc, refuse) {
            const i = ((doc as SeedMembers).providers ?? []).findIndex((p) => 'well_known_url' in p);
            if (i >= 0) {
              refuse(
                `providers[${i}].well_known_url`,
                'a seed applied at start cannot fetch a discovery document; give "issuer" and "jwks_url" (or "jwks"), or POST it to /__appset/seed',
              );
            }
          },
        },
        steps: [
          {
            phase: 30,
            apply(doc, created, { at }) {
              ((doc as SeedMembers).providers ?? []).forEach((p, i) =>
                at(`providers[${i}]`, () => {
                  if ('well_known_url' in p) return;
                  const settings = {
                    issuer: p.issuer,
                    jwks_url: 'jwks_url' in p ? p.jwks_url : `${p.issuer.replace(/\/$/, '')}/jwks`,
                    well_known_url: null,
                  };
                  const jwks = 'jwks' in p ? p.jwks : null;
                  if (jwks) createLocalKeySet(jwks as Parameters<typeof createLocalKeySet>[0]);
                  const provider = providers.load({
                    id: newId('sse'),
                    name: p.name,
                    type: p.type ?? 'okta',
                    status: 'ACTIVE',
                    settings,
                    jwks: jwks as Parameters<typeof createLocalKeySet>[0] | null,
                  });
                  (created.providers as SecurityEventsProvider[]).push(render(provider.id));
                }),
              );
            },
          },
        ],
      },
      state: { providers: providersState, signals: signalsState },
    };
  },
} satisfies CapabilityDefinition<SecurityEventsOptions>;
