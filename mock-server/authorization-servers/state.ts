/** A scope of a custom authorization server. */
export interface MockAuthorizationServerScope {
  /** `scp…`, 20 characters. */
  id: string;
  /** Unique on its server, e.g. `orders:read`. */
  name: string;
  /** As given; absent when none was. */
  displayName?: string;
  /** As given; absent when none was. */
  description?: string;
  /** Whether users consent to the scope: IMPLICIT (the default), REQUIRED or FLEXIBLE. */
  consent: 'IMPLICIT' | 'REQUIRED' | 'FLEXIBLE';
  /** Whether the server's metadata lists the scope: ALL_CLIENTS or NO_CLIENTS (the default). */
  metadataPublish: 'ALL_CLIENTS' | 'NO_CLIENTS';
  /** Whether a user may leave the scope out on the consent screen. */
  optional: boolean;
  /** Whether the scope is granted when a request names none. */
  default: boolean;
}

/** A claim of a custom authorization server. */
export interface MockAuthorizationServerClaim {
  /** `ocl…`, 20 characters. */
  id: string;
  /** As given. */
  name: string;
  /** Changed by its lifecycle operations. */
  status: 'ACTIVE' | 'INACTIVE';
  /** RESOURCE (access tokens) or IDENTITY (ID tokens). */
  claimType: 'RESOURCE' | 'IDENTITY';
  /** EXPRESSION (an Okta Expression Language value) or GROUPS (a group filter). */
  valueType: 'EXPRESSION' | 'GROUPS';
  /** The expression, or the groups filter's text. */
  value: string;
  /** GROUPS claims only: how `value` matches group names. */
  groupFilterType?: 'STARTS_WITH' | 'EQUALS' | 'CONTAINS' | 'REGEX';
  /** The scope names that bring the claim into a token (`conditions.scopes`; empty: any). */
  scopes: string[];
  /** Whether the claim is in every token of its type. */
  alwaysIncludeInToken: boolean;
}

/** A rule of a custom authorization server's policy. */
export interface MockAuthorizationServerRule {
  /** `0pr…`, 20 characters. */
  id: string;
  /** As given. */
  name: string;
  /** Changed by its lifecycle operations. */
  status: 'ACTIVE' | 'INACTIVE';
  /** 1 first; the rules of a policy are numbered 1…n. */
  priority: number;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
  /** `conditions.people`: user and group ids the rule includes and excludes. */
  people: { users: { include: string[]; exclude: string[] }; groups: { include: string[]; exclude: string[] } };
  /** `conditions.grantTypes.include`, sorted as real orgs answer them. */
  grantTypes: string[];
  /** `conditions.scopes.include`: scope names (`*`: any). */
  scopes: string[];
  /** `actions.token`: the lifetimes of the tokens the rule grants, in minutes. */
  token: { accessTokenLifetimeMinutes: number; refreshTokenLifetimeMinutes: number; refreshTokenWindowMinutes: number };
}

/** A policy of a custom authorization server. */
export interface MockAuthorizationServerPolicy {
  /** `00p…`, 20 characters. */
  id: string;
  /** As given. */
  name: string;
  /** As given; absent when none was. */
  description?: string;
  /** Changed by its lifecycle operations. */
  status: 'ACTIVE' | 'INACTIVE';
  /** 1 first; the policies of a server are numbered 1…n. */
  priority: number;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
  /** `conditions.clients.include`: `ALL_CLIENTS` or OAuth 2.0 client ids. */
  clients: string[];
  /** Its rules, by priority. */
  rules: MockAuthorizationServerRule[];
}

/**
 * A custom authorization server as `backend.authorizationServers` and the snapshot show it (a
 * copy), with its scopes, claims, policies and the policies' rules.
 */
export interface MockAuthorizationServer {
  /** `aus…`, 20 characters. */
  id: string;
  /** As given. */
  name: string;
  /** As given; absent when none was. */
  description?: string;
  /** The audiences of its access tokens. */
  audiences: string[];
  /** ORG_URL or DYNAMIC (the default); the issuer is always `<org>/oauth2/<id>`. */
  issuerMode: 'ORG_URL' | 'DYNAMIC';
  /** Changed by its lifecycle operations. */
  status: 'ACTIVE' | 'INACTIVE';
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
  /** `credentials.signing`: the key id (43 base64url characters), its rotation mode and times (`nextRotation` for AUTO: 90 days on). */
  signing: { kid: string; rotationMode: 'AUTO' | 'MANUAL'; lastRotated: string; nextRotation?: string };
  /** Its custom scopes, in the order they were made. */
  scopes: MockAuthorizationServerScope[];
  /** Its claims, in the order they were made. */
  claims: MockAuthorizationServerClaim[];
  /** Its policies, by priority. */
  policies: MockAuthorizationServerPolicy[];
}

/** The organization's custom authorization servers, read directly (no HTTP, no auth). */
export interface MockAuthorizationServersState {
  /** Every server, in the order they were made. */
  list(): MockAuthorizationServer[];
  /** How many servers the organization holds. */
  readonly size: number;
}

/** What the authorization servers capability shows on the backend (`backend.authorizationServers`). */
export interface AuthorizationServersBackendState {
  /** The organization's custom authorization servers (`/api/v1/authorizationServers`). */
  readonly authorizationServers: MockAuthorizationServersState;
}
