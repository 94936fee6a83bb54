import type { z } from 'zod';
import { detectLogoType, logoProblem } from '../../src/apps/logo/image-type';
import type { Directory } from '../directory/store';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { relinkApp } from './app-links';
import { crossAppAccessRoutes } from './cross-app-access/routes';
import { CrossAppAccessStore, type StoredCrossAppAccessConnection } from './cross-app-access/store';
import { federatedClaimRoutes } from './federated-claims/routes';
import { FederatedClaimStore } from './federated-claims/store';
import { groupPushRoutes } from './group-push/routes';
import { interclientTrustRoutes } from './interclient-trust/routes';
import { InterclientTrustStore } from './interclient-trust/store';
import { GroupPushStore, pushTimestamp } from './group-push/store';
import { logoRoutes } from './logo/routes';
import { LogoStore } from './logo/store';
import { oauthCallbackRoutes } from './provisioning/oauth-callback';
import { provisioningRoutes } from './provisioning/routes';
import { defaultCapabilities, provisioningKind, ProvisioningStore } from './provisioning/store';
import { mergeOnto } from './build-body';
import { wholeSeconds } from '../shared/time';
import { decodeBase64, toBase64 } from '../shared/base64';
import { type AppService } from './service';
import type { SURROUNDINGS_SEED_MEMBERS, SurroundingsSnapshot } from './surroundings-schema';
import { tokenRoutes } from './tokens/routes';
import { RefreshTokenStore, type StoredRefreshToken } from './tokens/store';
import { userSchemaRoutes } from './user-schema/routes';
import { UserSchemaStore } from './user-schema/store';

/** The seed members around apps, as checked. */
export type SurroundingsSeed = { [K in keyof typeof SURROUNDINGS_SEED_MEMBERS]?: z.output<(typeof SURROUNDINGS_SEED_MEMBERS)[K]> };

/** What a seed created around apps. */
export interface SurroundingsSeedResult {
  /** The ids of the refresh tokens the seed issued, in the seed's order. */
  refreshTokens: string[];
  /** The ids of the group push mappings the seed made, in the seed's order. */
  groupPushMappings: string[];
  /** The ids of the federated claims the seed made, in the seed's order. */
  federatedClaims: string[];
}

/** A refresh token to issue in-process or by seed; unspecified members get realistic values. */
export interface IssueRefreshTokenInput {
  /** The user the token was issued to: a user of the directory. */
  userId: string;
  /** The scopes granted with the token, e.g. `['openid', 'offline_access']`. */
  scopes: string[];
  /** The token's id (`oar…`); a new one when absent. */
  id?: string;
  /** The issuer that minted it; the org's `/oauth2/default` when absent. */
  issuer?: string;
  /** When it expires, as an ISO 8601 time; 7 days after issue when absent. */
  expiresAt?: string;
}


/** A seed's failure at `field`, in the words the control plane reports. */
class SurroundingsSeedError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * What the backend keeps around its apps, with its routes: logos, provisioning connections and
 * features, refresh tokens, group push mappings, federated claims, app user schemas, Cross App Access
 * connections and interclient trust mappings. The control plane clears, snapshots, restores and
 * seeds it as one.
 */
export class AppSurroundings {
  readonly logos = new LogoStore();
  readonly provisioning = new ProvisioningStore();
  readonly tokens = new RefreshTokenStore();
  readonly groupPush = new GroupPushStore();
  readonly claims = new FederatedClaimStore();
  readonly userSchemas = new UserSchemaStore();
  readonly crossAppAccess = new CrossAppAccessStore();
  readonly interclientTrust = new InterclientTrustStore();

  constructor(
    private readonly deps: { apps: AppService; directory: Directory; newId: (prefix: string) => string; orgUrl: () => URL; now: () => number; currentOrgId: () => string },
  ) {}

  /** The routes that serve all of it. */
  routes(env: RouteEnv): RouteSpec[] {
    const { apps, directory, newId } = this.deps;
    return [
      ...logoRoutes(env, apps, this.logos, newId),
      ...provisioningRoutes(env, apps, this.provisioning),
      ...oauthCallbackRoutes(apps, this.provisioning),
      ...tokenRoutes(env, apps, directory, this.tokens),
      ...groupPushRoutes(env, apps, directory, this.groupPush, newId),
      ...federatedClaimRoutes(env, apps, this.claims, newId),
      ...userSchemaRoutes(env, apps, this.userSchemas),
      ...crossAppAccessRoutes(env, apps, this.crossAppAccess, newId),
      ...interclientTrustRoutes(apps, this.interclientTrust, { newId, orgId: this.deps.currentOrgId }),
    ];
  }

  /** Back to an org with nothing around its apps. */
  clear(): void {
    this.logos.clear();
    this.provisioning.clear();
    this.tokens.clear();
    this.groupPush.clear();
    this.claims.clear();
    this.userSchemas.clear();
    this.crossAppAccess.clear();
    this.interclientTrust.clear();
  }

  /** Issues a refresh token to an app's client (a seed, `backend.refreshTokens.issue`); answers its id. */
  issueRefreshToken(appId: string, input: IssueRefreshTokenInput): string {
    const app = this.deps.apps.require(appId);
    const now = this.deps.now();
    const at = wholeSeconds(now);
    const client = (app.body.credentials as { oauthClient?: { client_id?: unknown } } | undefined)?.oauthClient?.client_id;
    const token: StoredRefreshToken = {
      id: input.id ?? this.deps.newId('oar'),
      appId,
      status: 'ACTIVE',
      created: at,
      lastUpdated: at,
      expiresAt: input.expiresAt ?? wholeSeconds(now + 7 * 86_400_000),
      issuer: input.issuer ?? `${this.deps.orgUrl().origin}/oauth2/default`,
      clientId: typeof client === 'string' ? client : appId,
      userId: input.userId,
      scopes: [...input.scopes],
    };
    this.tokens.add(token);
    return token.id;
  }

  /** Everything around the apps that exist, for a snapshot (what belonged to deleted apps is left out). */
  snapshot(): SurroundingsSnapshot {
    const exists = (item: { appId: string }) => this.deps.apps.apps.has(item.appId);
    return structuredClone({
      logos: this.logos.all().filter((l) => this.deps.apps.apps.get(l.appId)?.logo?.id === l.id).map((l) => ({ id: l.id, appId: l.appId, type: l.type, data: toBase64(l.bytes) })),
      connections: [...this.provisioning.connections].map(([appId, c]) => ({ appId, ...c })).filter(exists),
      features: [...this.provisioning.capabilities].flatMap(([appId, byName]) => [...byName].map(([name, capabilities]) => ({ appId, name, capabilities }))).filter(exists),
      refreshTokens: this.tokens.all().filter(exists),
      groupPush: this.groupPush.all().filter(exists),
      federatedClaims: this.claims.all().filter(exists),
      userSchemas: [...this.userSchemas.schemas.values()].filter(exists),
      crossAppAccess: this.crossAppAccess.all().filter((c: StoredCrossAppAccessConnection) => this.deps.apps.apps.has(c.requestingAppInstanceId) && this.deps.apps.apps.has(c.resourceAppInstanceId)),
      interclientTrust: this.interclientTrust.all().filter((m) => this.deps.apps.apps.has(m.appInstanceId) && this.deps.apps.apps.has(m.trustedAppInstanceId)),
    }) as SurroundingsSnapshot;
  }

  /** Replaces everything with a snapshot's part (cleared when the snapshot has none). */
  load(doc: SurroundingsSnapshot | undefined): void {
    this.clear();
    if (!doc) return;
    for (const logo of doc.logos) this.logos.put({ id: logo.id, appId: logo.appId, type: logo.type, bytes: decodeBase64(logo.data) });
    for (const { appId, ...connection } of doc.connections) this.provisioning.connections.set(appId, structuredClone(connection));
    for (const f of doc.features) this.provisioning.setCapabilities(f.appId, f.name, structuredClone(f.capabilities));
    for (const token of doc.refreshTokens) this.tokens.add({ ...token, scopes: [...token.scopes] });
    for (const mapping of doc.groupPush) this.groupPush.add(structuredClone(mapping));
    for (const claim of doc.federatedClaims) this.claims.add({ ...claim });
    for (const schema of doc.userSchemas) this.userSchemas.schemas.set(schema.appId, structuredClone(schema));
    for (const connection of doc.crossAppAccess ?? []) this.crossAppAccess.put({ ...connection });
    for (const mapping of doc.interclientTrust ?? []) this.interclientTrust.put({ ...mapping });
  }

  /**
   * Applies a seed's members around apps (after its apps, users and groups). A refused entry throws
   * naming its field (`logos[0].data`, …); the control plane undoes the whole seed.
   */
  seed(doc: SurroundingsSeed, created: SurroundingsSeedResult): void {
    const { apps, directory, newId, now } = this.deps;
    const at = <T>(field: string, run: () => T): T => {
      try {
        return run();
      } catch (error) {
        throw error instanceof SurroundingsSeedError ? error : new SurroundingsSeedError(field, error instanceof Error ? error.message : String(error));
      }
    };
    const app = (field: string, appId: string) => {
      const found = apps.apps.get(appId);
      if (!found) throw new SurroundingsSeedError(`${field}.appId`, `no app has the id ${appId}; create the app first and use the id it was given`);
      return found;
    };
    doc.logos?.forEach((l, i) => {
      app(`logos[${i}]`, l.appId);
      const bytes = decodeBase64(l.data);
      const problem = logoProblem(bytes);
      if (problem !== undefined) throw new SurroundingsSeedError(`logos[${i}].data`, problem);
      const logo = { id: newId('fs0'), appId: l.appId, type: detectLogoType(bytes)!, bytes };
      this.logos.put(logo);
      relinkApp(apps, l.appId, (stored) => {
        stored.logo = { id: logo.id, type: logo.type };
      });
    });
    doc.connections?.forEach((c, i) => {
      const kind = provisioningKind(app(`connections[${i}]`, c.appId));
      if (!kind) throw new SurroundingsSeedError(`connections[${i}].appId`, 'this app cannot be provisioned (Provisioning is not supported.); seed a catalog app with provisioning, e.g. okta_org2org');
      const connection = this.provisioning.connection(c.appId, kind);
      Object.assign(connection, { status: c.status ?? connection.status, authScheme: c.authScheme ?? connection.authScheme });
      if (c.baseUrl !== undefined) connection.baseUrl = c.baseUrl;
      if (c.clientId !== undefined) connection.clientId = c.clientId;
    });
    doc.features?.forEach((f, i) => {
      const kind = provisioningKind(app(`features[${i}]`, f.appId));
      if (!kind || (f.name === 'INBOUND_PROVISIONING' && !kind.inbound)) throw new SurroundingsSeedError(`features[${i}].name`, `this app has no ${f.name} feature`);
      this.provisioning.setCapabilities(f.appId, f.name, mergeOnto(defaultCapabilities(f.name), f.capabilities));
    });
    doc.refreshTokens?.forEach((t, i) => {
      app(`refreshTokens[${i}]`, t.appId);
      at(`refreshTokens[${i}]`, () => created.refreshTokens.push(this.issueRefreshToken(t.appId, t)));
    });
    doc.groupPushMappings?.forEach((m, i) => {
      const field = `groupPushMappings[${i}]`;
      app(field, m.appId);
      if (!directory.group(m.sourceGroupId)) throw new SurroundingsSeedError(`${field}.sourceGroupId`, `no group has the id ${m.sourceGroupId}; add it under "groups" first`);
      if ((m.targetGroupId === undefined) === (m.targetGroupName === undefined)) throw new SurroundingsSeedError(`${field}.targetGroupId`, 'give either targetGroupId or targetGroupName, not both');
      if (m.targetGroupId !== undefined && !directory.group(m.targetGroupId)) throw new SurroundingsSeedError(`${field}.targetGroupId`, `no group has the id ${m.targetGroupId}`);
      const targetGroupId = m.targetGroupId ?? directory.addGroup({ id: newId('00g'), name: m.targetGroupName! }, now(), 'APP_GROUP').id;
      const stamp = pushTimestamp(now());
      const id = newId('gPm');
      this.groupPush.add({ id, appId: m.appId, sourceGroupId: m.sourceGroupId, targetGroupId, status: m.status ?? 'ACTIVE', created: stamp, lastUpdated: stamp });
      created.groupPushMappings.push(id);
    });
    doc.federatedClaims?.forEach((c, i) => {
      app(`federatedClaims[${i}]`, c.appId);
      const stamp = wholeSeconds(now());
      const id = newId('ofc');
      at(`federatedClaims[${i}]`, () => this.claims.add({ id, appId: c.appId, name: c.name, expression: c.expression, created: stamp, lastUpdated: stamp }));
      created.federatedClaims.push(id);
    });
    doc.appUserSchemas?.forEach((s, i) => {
      const stored = app(`appUserSchemas[${i}]`, s.appId);
      const stamp = wholeSeconds(now());
      const custom = Object.fromEntries(Object.entries(s.custom).map(([name, p]) => [name, { scope: 'NONE', ...p }]));
      this.userSchemas.schemas.set(s.appId, { appId: s.appId, created: stored.body.created, lastUpdated: stamp, custom, baseRequired: {} });
    });
  }
}

/** Whether an error is a refused seed entry around apps, and at which field. */
export function surroundingsSeedField(error: unknown): string | undefined {
  return error instanceof SurroundingsSeedError ? error.field : undefined;
}
