import type { Application } from '../../src/apps/application';
import type { SecurityEventsProvider } from '../../src/providers/schemas';
import type { CredentialService } from '../apps/credentials/service';
import type { AppService } from '../apps/service';
import type { Directory } from '../directory/store';
import type { AppSurroundings } from '../apps/surroundings';
import type { RouteEnv } from '../http/route';
import type { LogCollection } from '../logs/store';
import type { GrantStore } from '../oauth/grants';
import type { ProviderService } from '../security-events/providers';
import type { ReplayMemory } from '../security-events/replay';
import type { SignalsStore } from '../security-events/signals';
import type { ControlClock } from './clock';
import type { IdSource } from './ids';

/** The backend's stores, as the control plane reads and replaces them. */
export interface BackendStores {
  env: RouteEnv;
  clock: ControlClock;
  ids: IdSource;
  /** Shared with the app service: changing `orgId` here changes the ORNs of apps created afterwards. */
  org: { orgId: string };
  apps: AppService;
  /** Signing keys, CSRs, client secrets and client key times of the apps. */
  credentials: CredentialService;
  directory: Directory;
  providers: ProviderService;
  signals: SignalsStore;
  logs: LogCollection;
  replay: ReplayMemory;
  /** The scope consent grants of service apps (the Application Grants API). */
  grants: GrantStore;
  /** What the backend keeps around apps: policies, logos, provisioning, refresh tokens, group push, claims, user schemas. */
  surroundings: AppSurroundings;
  renderApp(id: string): Application;
  renderProvider(id: string): SecurityEventsProvider;
}

/** Empties what a snapshot holds: apps, credentials, directory, providers, signals, System Log, replay memory, grants, what is around apps. */
export function clearStores(d: BackendStores): void {
  d.apps.clear();
  d.credentials.clear();
  d.directory.clear();
  d.providers.clear();
  d.signals.clear();
  d.logs.clear();
  d.replay.clear();
  d.grants.clear();
  d.surroundings.clear();
}
