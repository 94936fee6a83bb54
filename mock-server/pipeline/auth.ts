import { invalidSession, invalidToken, permissionDenied } from './okta-errors';

/** OAuth 2.0 scopes the backend's routes require. A `.manage` scope also grants its `.read`. */
export type MockScope =
  | 'okta.apps.read'
  | 'okta.apps.manage'
  | 'okta.apps.interclientTrust.read'
  | 'okta.apps.interclientTrust.manage'
  | 'okta.policies.read'
  | 'okta.policies.manage'
  | 'okta.schemas.read'
  | 'okta.schemas.manage'
  | 'okta.appGrants.read'
  | 'okta.appGrants.manage'
  | 'okta.securityEventsProviders.read'
  | 'okta.securityEventsProviders.manage'
  | 'okta.logs.read'
  | 'okta.users.read'
  | 'okta.users.manage'
  | 'okta.groups.read'
  | 'okta.groups.manage'
  | 'okta.features.read'
  | 'okta.userTypes.read'
  | 'okta.userTypes.manage'
  | 'okta.roles.read'
  | 'okta.roles.manage'
  | 'okta.authenticators.read'
  | 'okta.authenticators.manage'
  | 'okta.networkZones.read'
  | 'okta.networkZones.manage'
  | 'okta.deviceAssurance.read'
  | 'okta.deviceAssurance.manage'
  | 'okta.inlineHooks.read'
  | 'okta.inlineHooks.manage'
  | 'okta.authorizationServers.read'
  | 'okta.authorizationServers.manage';

/**
 * A credential the backend accepts: an API token (`SSWS`) or an access token (`Bearer`). Each
 * carries every scope unless `scopes` narrows it.
 */
export type MockToken = { type: 'SSWS' | 'Bearer'; token: string; scopes?: MockScope[] };

/** The API token a backend accepts when no `tokens` option is given. */
export const DEFAULT_MOCK_TOKEN = 'appset-mock-token';

/** Every scope the backend's routes know. */
export const ALL_SCOPES: readonly MockScope[] = [
  'okta.apps.read',
  'okta.apps.manage',
  'okta.apps.interclientTrust.read',
  'okta.apps.interclientTrust.manage',
  'okta.policies.read',
  'okta.policies.manage',
  'okta.schemas.read',
  'okta.schemas.manage',
  'okta.appGrants.read',
  'okta.appGrants.manage',
  'okta.securityEventsProviders.read',
  'okta.securityEventsProviders.manage',
  'okta.logs.read',
  'okta.users.read',
  'okta.users.manage',
  'okta.groups.read',
  'okta.groups.manage',
  'okta.features.read',
  'okta.userTypes.read',
  'okta.userTypes.manage',
  'okta.roles.read',
  'okta.roles.manage',
  'okta.authenticators.read',
  'okta.authenticators.manage',
  'okta.networkZones.read',
  'okta.networkZones.manage',
  'okta.deviceAssurance.read',
  'okta.deviceAssurance.manage',
  'okta.inlineHooks.read',
  'okta.inlineHooks.manage',
  'okta.authorizationServers.read',
  'okta.authorizationServers.manage',
];

/**
 * A check for credentials the static registry does not hold, such as access tokens the backend's
 * token endpoint issued. It answers the credential's scopes when it recognizes the `Authorization`
 * header, `undefined` when it does not (the next verifier, then `E0000011`, follows), and throws an
 * `OktaHttpError` to refuse a credential it recognizes.
 */
export interface CredentialVerifier {
  verify(request: Request, header: string, scope: MockScope): Promise<Iterable<string> | undefined>;
}

/** The scopes a credential holds, each `.manage` scope adding its `.read`. */
export function withImpliedScopes(scopes: Iterable<string>): Set<string> {
  const out = new Set(scopes);
  for (const s of [...out]) if (s.endsWith('.manage')) out.add(s.replace(/\.manage$/, '.read'));
  return out;
}

/** A request as credentials are checked on it: headers at once, the fetch `Request` only for verifiers that read it. */
export interface AuthorizedRequest {
  readonly headers: { get(name: string): string | null };
  request(): Request;
}

/** How many `Authorization` values {@link TokenRegistry} remembers, and the longest it remembers. */
const MAX_SEEN_HEADERS = 256;
const MAX_SEEN_HEADER_CHARS = 1024;

/** Looks credentials up by header value (`SSWS x`, `Bearer y`) in O(1), then asks the verifiers. */
export class TokenRegistry {
  readonly #byHeader = new Map<string, Set<string>>();
  readonly #verifiers: CredentialVerifier[] = [];
  /**
   * What each `Authorization` value seen lately named among the static credentials (`null`: none),
   * so a client sending the same header again and again is not parsed again: emptied whenever the
   * credentials change, and when full.
   */
  readonly #seen = new Map<string, Set<string> | null>();

  constructor(tokens: readonly MockToken[]) {
    for (const t of tokens) this.add(t);
  }

  /** Accepts one more credential (or changes the scopes of a known one). */
  add(t: MockToken): void {
    this.#byHeader.set(`${t.type} ${t.token}`, withImpliedScopes(t.scopes ?? ALL_SCOPES));
    this.#seen.clear();
  }

  /** Stops accepting a credential; true when it was accepted. */
  remove(t: Pick<MockToken, 'type' | 'token'>): boolean {
    this.#seen.clear();
    return this.#byHeader.delete(`${t.type} ${t.token}`);
  }

  /** Whether `token` is an API token this registry accepts (as `SSWS <token>`). */
  isApiToken(token: string): boolean {
    return this.#byHeader.has(`SSWS ${token}`);
  }

  /** Adds a verifier asked about credentials the static tokens do not match. */
  use(verifier: CredentialVerifier): void {
    this.#verifiers.push(verifier);
  }

  /**
   * Checks the request's `Authorization` header for a scope; throws the Okta error a real
   * organization gives. Synchronous for the static credentials: returns `undefined` once they are
   * checked (or throws their refusal), and a promise only when other verifiers must be asked.
   */
  check(request: AuthorizedRequest, scope: MockScope): Promise<void> | undefined {
    const header = request.headers.get('authorization');
    if (header === null) throw invalidSession();
    let scopes = this.#seen.get(header);
    if (scopes === undefined) {
      if (header.trim() === '') throw invalidSession();
      scopes = this.#lookUp(header);
      if (header.length <= MAX_SEEN_HEADER_CHARS) {
        if (this.#seen.size >= MAX_SEEN_HEADERS) this.#seen.clear();
        this.#seen.set(header, scopes);
      }
    }
    if (scopes === null && this.#verifiers.length > 0) return this.#askVerifiers(request, header, scope);
    TokenRegistry.#grant(scopes ?? undefined, scope);
    return undefined;
  }

  /** The scopes of the static credential an `Authorization` value names, or `null`. */
  #lookUp(header: string): Set<string> | null {
    const match = /^(ssws|bearer)\s+(\S+)\s*$/i.exec(header);
    if (!match) return null;
    const scheme = match[1]!.toLowerCase() === 'ssws' ? 'SSWS' : 'Bearer';
    return this.#byHeader.get(`${scheme} ${match[2]}`) ?? null;
  }

  async #askVerifiers(request: AuthorizedRequest, header: string, scope: MockScope): Promise<void> {
    let scopes: Set<string> | undefined;
    for (const verifier of this.#verifiers) {
      const found = await verifier.verify(request.request(), header, scope);
      if (found !== undefined) {
        scopes = withImpliedScopes(found);
        break;
      }
    }
    TokenRegistry.#grant(scopes, scope);
  }

  static #grant(scopes: Set<string> | undefined, scope: MockScope): void {
    if (!scopes) throw invalidToken();
    if (!scopes.has(scope)) throw permissionDenied();
  }
}
