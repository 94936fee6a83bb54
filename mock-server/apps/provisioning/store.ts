import type { StoredApp } from '../store';
import type { Json } from '../../shared/json';

/** How Okta authenticates to an app to provision it. */
export type ProvisioningAuthScheme = 'TOKEN' | 'OAUTH2';

/** What an app that can be provisioned supports. */
interface ProvisioningKind {
  /** The scheme its connection uses until one is set. */
  authScheme: ProvisioningAuthScheme;
  /** Whether it can also import users into Okta (`INBOUND_PROVISIONING`). */
  inbound: boolean;
}

/**
 * Catalog apps with provisioning connections (as Okta's documentation shows them), by name. Custom
 * apps made through the API (bookmark, SWA, SAML, OpenID Connect) have none: their connection is
 * `UNKNOWN`, as real organizations answer it for a bookmark app.
 */
const PROVISIONING_APPS: Readonly<Record<string, ProvisioningKind>> = {
  okta_org2org: { authScheme: 'TOKEN', inbound: true },
  zscalerbyz: { authScheme: 'TOKEN', inbound: false },
  office365: { authScheme: 'OAUTH2', inbound: true },
  google: { authScheme: 'OAUTH2', inbound: true },
  salesforce: { authScheme: 'OAUTH2', inbound: true },
  slack: { authScheme: 'OAUTH2', inbound: false },
  zoomus: { authScheme: 'OAUTH2', inbound: false },
};

/** How an app can be provisioned, or `undefined` when it cannot: catalog apps above, and apps the org only provisions. */
export function provisioningKind(app: StoredApp): ProvisioningKind | undefined {
  const known = PROVISIONING_APPS[app.body.name];
  if (known) return known;
  // A registered catalog app answered with `signOnMode: null` exists only to be provisioned (deelhr).
  return app.registered && app.body.signOnMode === null ? { authScheme: 'TOKEN', inbound: false } : undefined;
}

/** The default provisioning connection of an app that can be provisioned. */
export interface StoredConnection {
  status: 'ENABLED' | 'DISABLED';
  authScheme: ProvisioningAuthScheme;
  baseUrl?: string;
  clientId?: string;
  /** The public key of an OAuth 2.0 connection (what `…/connections/default/jwks` lists). */
  jwk?: Json;
}

/** The capabilities of each feature before any update, as Okta's documentation shows them. */
export function defaultCapabilities(name: string): Json {
  if (name === 'USER_PROVISIONING') {
    return {
      create: { lifecycleCreate: { status: 'DISABLED' } },
      update: {
        profile: { status: 'DISABLED' },
        lifecycleDeactivate: { status: 'DISABLED' },
        password: { status: 'DISABLED', seed: 'RANDOM', change: 'KEEP_EXISTING' },
      },
    };
  }
  return {
    importSettings: { username: { userNameFormat: 'EMAIL' }, schedule: { status: 'DISABLED', fullImport: null, incrementalImport: null } },
    importRules: {
      userCreateAndMatch: {
        exactMatchCriteria: 'EMAIL',
        allowPartialMatch: false,
        autoConfirmPartialMatch: false,
        autoConfirmExactMatch: false,
        autoConfirmNewUsers: false,
        autoActivateNewUsers: false,
      },
    },
  };
}

/** What each feature is, in Okta's words. */
export const FEATURE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  USER_PROVISIONING: 'User provisioning settings from Okta to a downstream application',
  INBOUND_PROVISIONING: 'In-bound provisioning settings from an application to Okta',
};

/** Apps' provisioning connections and feature capabilities, by app id (only apps that can be provisioned have them). */
export class ProvisioningStore {
  readonly connections = new Map<string, StoredConnection>();
  /** Capabilities changed from their defaults, by app id and feature name. */
  readonly capabilities = new Map<string, Map<string, Json>>();

  /** The app's connection, made (DISABLED) on first use. */
  connection(appId: string, kind: ProvisioningKind): StoredConnection {
    let connection = this.connections.get(appId);
    if (!connection) {
      connection = { status: 'DISABLED', authScheme: kind.authScheme };
      this.connections.set(appId, connection);
    }
    return connection;
  }

  /** A feature's capabilities: the stored ones, or the defaults. */
  featureCapabilities(appId: string, name: string): Json {
    return this.capabilities.get(appId)?.get(name) ?? defaultCapabilities(name);
  }

  /** Keeps a feature's capabilities. */
  setCapabilities(appId: string, name: string, capabilities: Json): void {
    let byName = this.capabilities.get(appId);
    if (!byName) this.capabilities.set(appId, (byName = new Map()));
    byName.set(name, capabilities);
  }

  /** Forgets every connection and capability. */
  clear(): void {
    this.connections.clear();
    this.capabilities.clear();
  }
}
