import { invalidSession, invalidToken, permissionDenied } from './okta-errors';

/** OAuth 2.0 scopes the backend's routes require. A `.manage` scope also grants its `.read`. */
export type MockScope =
  | 'okta.apps.read'
  | 'okta.apps.manage'
  | 'okta.securityEventsProviders.read'
  | 'okta.securityEventsProviders.manage'
  | 'okta.logs.read';

/** A credential the backend accepts. API tokens (SSWS) carry every scope unless `scopes` narrows them. */
export type MockToken =
  | { type: 'SSWS'; token: string; scopes?: MockScope[] }
  | { type: 'Bearer'; token: string; scopes: MockScope[] };

/** The API token a backend accepts when no `tokens` option is given. */
export const DEFAULT_MOCK_TOKEN = 'appset-mock-token';

const ALL_SCOPES: MockScope[] = [
  'okta.apps.read',
  'okta.apps.manage',
  'okta.securityEventsProviders.read',
  'okta.securityEventsProviders.manage',
  'okta.logs.read',
];

/** Looks credentials up by header value (`SSWS x`, `Bearer y`) in O(1). */
export class TokenRegistry {
  readonly #byHeader = new Map<string, Set<MockScope>>();

  constructor(tokens: readonly MockToken[]) {
    for (const t of tokens) this.add(t);
  }

  /** Accepts one more credential (or changes the scopes of a known one). */
  add(t: MockToken): void {
    const scopes = new Set<MockScope>(t.scopes ?? ALL_SCOPES);
    for (const s of [...scopes]) if (s.endsWith('.manage')) scopes.add(s.replace(/\.manage$/, '.read') as MockScope);
    this.#byHeader.set(`${t.type} ${t.token}`, scopes);
  }

  /** Stops accepting a credential; true when it was accepted. */
  remove(t: Pick<MockToken, 'type' | 'token'>): boolean {
    return this.#byHeader.delete(`${t.type} ${t.token}`);
  }

  /** Checks the `Authorization` header for a scope; throws the Okta error a real organization gives. */
  authorize(header: string | null, scope: MockScope): void {
    if (header === null || header.trim() === '') throw invalidSession();
    const match = /^(ssws|bearer)\s+(\S+)\s*$/i.exec(header);
    if (!match) throw invalidToken();
    const scheme = match[1]!.toLowerCase() === 'ssws' ? 'SSWS' : 'Bearer';
    const scopes = this.#byHeader.get(`${scheme} ${match[2]}`);
    if (!scopes) throw invalidToken();
    if (!scopes.has(scope)) throw permissionDenied();
  }
}
