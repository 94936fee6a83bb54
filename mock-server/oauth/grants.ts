import { notFound, validationFailed } from '../pipeline/okta-errors';
import { webOktaId } from './random';
import { BLANK_FIELD } from '../../src/validation/field-issues';
import { isObject } from '../shared/json';

/** A scope consent grant as the Application Grants API stores it (`OAuth2ScopeConsentGrant`). */
export interface StoredGrant {
  /** The grant's id (`oag…`). */
  id: string;
  /** The app the scope is granted to. */
  appId: string;
  /** The scope granted, e.g. `okta.apps.read`. */
  scopeId: string;
  /** The authorization server that grants it: the organization URL. */
  issuer: string;
  /** When it was granted (ISO 8601). */
  created: string;
  /** When it last changed (ISO 8601). */
  lastUpdated: string;
  /** The administrator who granted it (grants made through the API are made by the org's admin). */
  createdBy: string;
}

/** The most grants one app holds: Okta's scopes number well below this. */
export const MAX_GRANTS_PER_APP = 200;

/** Okta scope names: `okta.<resource>.<read|manage>` and a few single-word ones such as `okta.myAccount.read`. */
const SCOPE_ID = /^okta\.[A-Za-z]+(\.[A-Za-z]+)*\.(read|manage)$/;

/** The scope consent grants of every app: what the token endpoint lets each client request. */
export class GrantStore {
  readonly #byApp = new Map<string, Map<string, StoredGrant>>();

  /**
   * @param newId makes grant ids (the backend's id source, so `ids: 'deterministic'` covers them).
   * @param adminUserId the user every grant is recorded as created by.
   */
  constructor(
    private readonly newId: (prefix: string) => string = webOktaId,
    readonly adminUserId: string = webOktaId('00u'),
  ) {}

  /**
   * Grants `scopeId` to an app. The issuer must be the org URL (a trailing slash is tolerated); a
   * scope already granted is refused by name, as are names that are not Okta scopes.
   */
  grant(appId: string, input: unknown, orgUrl: URL, nowMs: number): StoredGrant {
    const body = isObject(input) ? input : {};
    const issues: Array<{ path: string; reason: string }> = [];
    const { issuer, scopeId } = body;
    if (typeof issuer !== 'string' || issuer === '') issues.push({ path: 'issuer', reason: BLANK_FIELD });
    else if (issuer.replace(/\/$/, '') !== orgUrl.origin) {
      issues.push({ path: 'issuer', reason: `Must be the org authorization server's issuer, ${orgUrl.origin}` });
    }
    if (typeof scopeId !== 'string' || scopeId === '') issues.push({ path: 'scopeId', reason: BLANK_FIELD });
    else if (!SCOPE_ID.test(scopeId) || scopeId.length > 100) issues.push({ path: 'scopeId', reason: `'${scopeId.slice(0, 100)}' is not an Okta scope` });
    const grants = this.#grantsOf(appId);
    if (typeof scopeId === 'string' && [...grants.values()].some((g) => g.scopeId === scopeId)) {
      issues.push({ path: 'scopeId', reason: `The scope '${scopeId}' is already granted to this app` });
    }
    if (grants.size >= MAX_GRANTS_PER_APP) issues.push({ path: 'scopeId', reason: `An app holds at most ${MAX_GRANTS_PER_APP} grants` });
    if (issues.length) throw validationFailed(issues);
    // Whole seconds, as real organizations write grant timestamps.
    const at = new Date(Math.floor(nowMs / 1000) * 1000).toISOString();
    const grant: StoredGrant = { id: this.newId('oag'), appId, scopeId: scopeId as string, issuer: orgUrl.origin, created: at, lastUpdated: at, createdBy: this.adminUserId };
    grants.set(grant.id, grant);
    this.#byApp.set(appId, grants);
    return grant;
  }

  /** An app's grants in creation order. */
  list(appId: string): StoredGrant[] {
    return [...(this.#byApp.get(appId)?.values() ?? [])];
  }

  /** One grant of an app, or `E0000007`. */
  require(appId: string, grantId: string): StoredGrant {
    const grant = this.#byApp.get(appId)?.get(grantId);
    if (!grant) throw notFound(grantId, 'OAuth2ScopeConsentGrant');
    return grant;
  }

  /** Revokes a grant, or `E0000007` when there is none. */
  revoke(appId: string, grantId: string): void {
    this.require(appId, grantId);
    this.#byApp.get(appId)!.delete(grantId);
  }

  /** The scope names granted to an app. */
  scopesOf(appId: string): Set<string> {
    return new Set(this.list(appId).map((g) => g.scopeId));
  }

  /** Every grant of every app, apps in the order of their first grant (a snapshot's `grants`). */
  all(): StoredGrant[] {
    return [...this.#byApp.values()].flatMap((grants) => [...grants.values()]);
  }

  /** Inserts grants as recorded (snapshot restore); the caller has checked them. */
  load(grants: readonly StoredGrant[]): void {
    for (const grant of grants) {
      const of = this.#byApp.get(grant.appId) ?? new Map<string, StoredGrant>();
      of.set(grant.id, { ...grant });
      this.#byApp.set(grant.appId, of);
    }
  }

  clear(): void {
    this.#byApp.clear();
  }

  #grantsOf(appId: string): Map<string, StoredGrant> {
    return this.#byApp.get(appId) ?? new Map();
  }
}

/** What a grant's answer shows of its app: the label (the links' titles) and the OAuth client id. */
export interface GrantApp {
  label: string;
  /** `credentials.oauthClient.client_id` when the app has its own, else the app id. */
  clientId: string;
}

/** The label and client id of a stored app body, as grants show them. */
export function grantApp(body: { id: string; label: string; credentials?: unknown }): GrantApp {
  const clientId = (body.credentials as { oauthClient?: { client_id?: unknown } } | undefined)?.oauthClient?.client_id;
  return { label: body.label, clientId: typeof clientId === 'string' && clientId !== '' ? clientId : body.id };
}

/**
 * A grant as the API renders it: Okta's key order, `createdBy` the org admin, the client by its
 * client id, the links titled with the app's label and absolute on the org.
 */
export function renderGrant(grant: StoredGrant, orgUrl: URL, app: GrantApp, expandScope = false): Record<string, unknown> {
  const base = orgUrl.origin;
  const out: Record<string, unknown> = {
    id: grant.id,
    status: 'ACTIVE',
    created: grant.created,
    createdBy: { id: grant.createdBy, type: 'User' },
    lastUpdated: grant.lastUpdated,
    issuer: grant.issuer,
    clientId: app.clientId,
    scopeId: grant.scopeId,
    source: 'ADMIN',
  };
  if (expandScope) out._embedded = { scope: { id: grant.scopeId } };
  out._links = {
    app: { href: `${base}/api/v1/apps/${grant.appId}`, title: app.label },
    self: { href: `${base}/api/v1/apps/${grant.appId}/grants/${grant.id}`, hints: { allow: ['GET', 'DELETE'] } },
    client: { href: `${base}/oauth2/v1/clients/${encodeURIComponent(app.clientId)}`, title: app.label },
  };
  return out;
}
