import { randomToken } from '../pipeline/ids';
import { notFound, type OktaHttpError } from '../pipeline/okta-errors';
import type { Json } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import type {
  MockAuthorizationServer as StoredServer,
  MockAuthorizationServerClaim as StoredClaim,
  MockAuthorizationServerPolicy as StoredPolicy,
  MockAuthorizationServerRule as StoredRule,
  MockAuthorizationServerScope as StoredScope,
} from './state';
import { flag, member, objectBody, oneOf, optionalText, refuse, requiredText, textList, wholeNumber } from './fields';

/** The most custom authorization servers the backend keeps. */
export const MAX_SERVERS = 100;
/** The most scopes, claims or policies a server holds, and the most rules a policy holds. */
export const MAX_CHILDREN = 500;
/** The most entries of a list member (audiences, clients, groups, users, scopes, grant types). */
export const MAX_LIST = 100;
/** The most scopes, claims, policies and rules all servers hold together. */
export const MAX_OBJECTS = 10_000;
/** The longest name. */
export const MAX_NAME = 255;
/** The longest description, audience, claim value or list entry. */
export const MAX_TEXT = 1_024;
/** How long an AUTO signing key lives before the next rotation (the recorded 90 days). */
const ROTATION_MS = 90 * 24 * 60 * 60 * 1000;

/** The issuer modes served (`CUSTOM_URL` needs a custom domain, which is not). */
export const ISSUER_MODES = ['ORG_URL', 'DYNAMIC'] as const;
/** How a server's signing key rotates. */
export const ROTATION_MODES = ['AUTO', 'MANUAL'] as const;
/** The statuses of servers, claims, policies and rules. */
export const STATUSES = ['ACTIVE', 'INACTIVE'] as const;
/** Whether users consent to a scope. */
export const CONSENTS = ['IMPLICIT', 'REQUIRED', 'FLEXIBLE'] as const;
/** Whether a server's metadata lists a scope. */
export const PUBLISH = ['ALL_CLIENTS', 'NO_CLIENTS'] as const;
/** The tokens a claim goes into: RESOURCE (access tokens), IDENTITY (ID tokens). */
export const CLAIM_TYPES = ['RESOURCE', 'IDENTITY'] as const;
/** How a claim's value is read: an expression or a groups filter. */
export const VALUE_TYPES = ['EXPRESSION', 'GROUPS'] as const;
/** How a GROUPS claim's value matches group names. */
export const GROUP_FILTERS = ['STARTS_WITH', 'EQUALS', 'CONTAINS', 'REGEX'] as const;
/** The grant types Okta's docs list for an authorization server's rules. */
export const GRANT_TYPES = [
  'authorization_code',
  'client_credentials',
  'implicit',
  'interaction_code',
  'password',
  'refresh_token',
  'urn:ietf:params:oauth:grant-type:device_code',
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
  'urn:ietf:params:oauth:grant-type:saml2-bearer',
  'urn:ietf:params:oauth:grant-type:token-exchange',
  'urn:okta:params:oauth:grant-type:oob',
  'urn:okta:params:oauth:grant-type:otp',
  'http://auth0.com/oauth/grant-type/mfa-oob',
  'http://auth0.com/oauth/grant-type/mfa-otp',
] as const;

/** ACTIVE or INACTIVE. */
export type Status = (typeof STATUSES)[number];

export type { StoredClaim, StoredPolicy, StoredRule, StoredScope, StoredServer };

/** The kinds Okta names in a 404 (`E0000007 … (Kind)`). */
const missing = (id: string, kind: string): OktaHttpError => notFound(id, kind);

function find<T extends { id: string }>(list: T[], id: string, kind: string): T {
  const found = list.find((x) => x.id === id);
  if (!found) throw missing(id, kind);
  return found;
}

/** Puts `item` at its priority (1 first, at most one past the end) and numbers the list 1…n again. */
function placeByPriority<T extends { priority: number }>(list: T[], item: T, given: unknown, field: string): void {
  const at = wholeNumber(given, field, 1, Number.MAX_SAFE_INTEGER, list.length + (list.includes(item) ? 0 : 1));
  const rest = list.filter((x) => x !== item);
  rest.splice(Math.min(at, rest.length + 1) - 1, 0, item);
  list.length = 0;
  list.push(...rest);
  list.forEach((x, i) => (x.priority = i + 1));
}

/** How many scopes, claims, policies and rules the servers hold together. */
export function objectsOf(servers: ReadonlyArray<Pick<StoredServer, 'scopes' | 'claims' | 'policies'>>): number {
  let n = 0;
  for (const s of servers) n += s.scopes.length + s.claims.length + s.policies.reduce((m, p) => m + 1 + p.rules.length, 0);
  return n;
}

/** Reads a server's fields (create, replace, a snapshot's server). */
function serverFields(body: Json) {
  const name = requiredText(body, 'name', MAX_NAME);
  const description = optionalText(body, 'description', MAX_TEXT);
  const audiences = textList(body.audiences, 'audiences', MAX_LIST, MAX_TEXT);
  if (audiences.length === 0) throw refuse('audiences', 'Audiences must be specified');
  if (body.issuerMode === 'CUSTOM_URL') throw refuse('issuerMode', 'CUSTOM_URL needs a custom domain, which this backend does not serve');
  const issuerMode = oneOf(body.issuerMode, 'issuerMode', ISSUER_MODES, 'DYNAMIC');
  const signing = member(member(body, 'credentials'), 'signing', 'credentials.signing');
  const rotationMode = oneOf(signing.rotationMode, 'credentials.signing.rotationMode', ROTATION_MODES, 'AUTO');
  return { name, description, audiences, issuerMode, rotationMode };
}

function scopeFields(body: Json) {
  return {
    name: requiredText(body, 'name', MAX_NAME),
    displayName: optionalText(body, 'displayName', MAX_NAME),
    description: optionalText(body, 'description', MAX_TEXT),
    consent: oneOf(body.consent, 'consent', CONSENTS, 'IMPLICIT'),
    metadataPublish: oneOf(body.metadataPublish, 'metadataPublish', PUBLISH, 'NO_CLIENTS'),
    optional: flag(body.optional, 'optional', false),
    default: flag(body.default, 'default', false),
  };
}

function claimFields(body: Json) {
  const valueType = oneOf(body.valueType, 'valueType', VALUE_TYPES, 'EXPRESSION');
  const conditions = member(body, 'conditions');
  return {
    name: requiredText(body, 'name', MAX_NAME),
    status: oneOf(body.status, 'status', STATUSES, 'ACTIVE'),
    claimType: oneOf(body.claimType, 'claimType', CLAIM_TYPES, 'RESOURCE'),
    valueType,
    value: requiredText(body, 'value', MAX_TEXT),
    groupFilterType: valueType === 'GROUPS' ? oneOf(body.group_filter_type, 'group_filter_type', GROUP_FILTERS, 'STARTS_WITH') : undefined,
    scopes: textList(conditions.scopes, 'conditions.scopes', MAX_LIST, MAX_NAME),
    alwaysIncludeInToken: flag(body.alwaysIncludeInToken, 'alwaysIncludeInToken', true),
  };
}

function ruleFields(body: Json) {
  if (body.type !== undefined && body.type !== 'RESOURCE_ACCESS') throw refuse('type', 'Must be RESOURCE_ACCESS');
  const conditions = member(body, 'conditions');
  const people = member(conditions, 'people', 'conditions.people');
  const users = member(people, 'users', 'conditions.people.users');
  const groups = member(people, 'groups', 'conditions.people.groups');
  const list = (m: Json, key: string, at: string) => textList(m[key], `${at}.${key}`, MAX_LIST, MAX_NAME);
  const grantTypes = textList(member(conditions, 'grantTypes', 'conditions.grantTypes').include, 'conditions.grantTypes.include', MAX_LIST, MAX_NAME);
  if (grantTypes.length === 0) throw refuse('conditions.grantTypes.include', 'Grant types must be specified');
  grantTypes.forEach((g, i) => {
    if (!(GRANT_TYPES as readonly string[]).includes(g)) throw refuse(`conditions.grantTypes.include[${i}]`, `${g} is not a grant type`);
  });
  const token = member(member(body, 'actions'), 'token', 'actions.token');
  const t = 'actions.token';
  return {
    name: requiredText(body, 'name', MAX_NAME),
    status: oneOf(body.status, 'status', STATUSES, 'ACTIVE'),
    people: {
      users: { include: list(users, 'include', 'conditions.people.users'), exclude: list(users, 'exclude', 'conditions.people.users') },
      groups: { include: list(groups, 'include', 'conditions.people.groups'), exclude: list(groups, 'exclude', 'conditions.people.groups') },
    },
    grantTypes: [...new Set(grantTypes)].sort(),
    scopes: textList(member(conditions, 'scopes', 'conditions.scopes').include, 'conditions.scopes.include', MAX_LIST, MAX_NAME),
    token: {
      accessTokenLifetimeMinutes: wholeNumber(token.accessTokenLifetimeMinutes, `${t}.accessTokenLifetimeMinutes`, 5, 1_440, 60),
      refreshTokenLifetimeMinutes: wholeNumber(token.refreshTokenLifetimeMinutes, `${t}.refreshTokenLifetimeMinutes`, 0, 5 * 365 * 24 * 60, 0),
      refreshTokenWindowMinutes: wholeNumber(token.refreshTokenWindowMinutes, `${t}.refreshTokenWindowMinutes`, 5, 5 * 365 * 24 * 60, 10_080),
    },
  };
}

/**
 * Custom authorization servers and what they hold (scopes, claims, policies and their rules).
 * Servers are made ACTIVE; Okta deletes a server, a policy or a rule whatever its status (the
 * recordings delete ACTIVE ones), so no delete is refused for its status.
 */
export class AuthorizationServerService {
  readonly #servers = new Map<string, StoredServer>();

  constructor(
    private readonly newId: (prefix: string) => string,
    /** Whether an app with OAuth 2.0 credentials has this client id. */
    private readonly isClient: (clientId: string) => boolean,
  ) {}

  get size(): number {
    return this.#servers.size;
  }

  /** How many scopes, claims, policies and rules all servers hold together. */
  objects(): number {
    return objectsOf(this.all());
  }

  /** Refuses one more scope, claim, policy or rule past {@link MAX_OBJECTS}. */
  #roomForOne(): void {
    if (this.objects() >= MAX_OBJECTS) throw refuse('name', `The organization's authorization servers hold ${MAX_OBJECTS} scopes, claims, policies and rules, the most this backend keeps; delete some first`);
  }

  all(): StoredServer[] {
    return [...this.#servers.values()];
  }

  /** The server `id`; `E0000007 … (AuthorizationServer)` when none. */
  get(id: string): StoredServer {
    const server = this.#servers.get(id);
    if (!server) throw missing(id, 'AuthorizationServer');
    return server;
  }

  create(input: unknown, nowMs: number): StoredServer {
    const f = serverFields(objectBody(input, 'name'));
    if (this.#servers.size >= MAX_SERVERS) throw refuse('name', `The organization holds ${MAX_SERVERS} authorization servers, the most this backend keeps`);
    const at = wholeSeconds(nowMs);
    const server: StoredServer = {
      id: this.newId('aus'),
      name: f.name,
      description: f.description,
      audiences: f.audiences,
      issuerMode: f.issuerMode,
      status: 'ACTIVE',
      created: at,
      lastUpdated: at,
      signing: { kid: randomToken(43), rotationMode: f.rotationMode, lastRotated: at, ...(f.rotationMode === 'AUTO' && { nextRotation: wholeSeconds(nowMs + ROTATION_MS) }) },
      scopes: [],
      claims: [],
      policies: [],
    };
    this.#servers.set(server.id, server);
    return server;
  }

  /** Replaces a server's name, description, audiences, issuer mode and rotation mode (its key stays). */
  replace(id: string, input: unknown, nowMs: number): StoredServer {
    const server = this.get(id);
    const f = serverFields(objectBody(input, 'name'));
    Object.assign(server, { name: f.name, description: f.description, audiences: f.audiences, issuerMode: f.issuerMode, lastUpdated: wholeSeconds(nowMs) });
    if (f.rotationMode !== server.signing.rotationMode) {
      const { kid, lastRotated } = server.signing;
      server.signing = { kid, rotationMode: f.rotationMode, lastRotated, ...(f.rotationMode === 'AUTO' && { nextRotation: wholeSeconds(nowMs + ROTATION_MS) }) };
    }
    return server;
  }

  setStatus(id: string, status: Status, nowMs: number): void {
    const server = this.get(id);
    server.status = status;
    server.lastUpdated = wholeSeconds(nowMs);
  }

  delete(id: string): void {
    this.get(id);
    this.#servers.delete(id);
  }

  // Scopes

  scope(serverId: string, id: string): StoredScope {
    return find(this.get(serverId).scopes, id, 'OAuth2Scope');
  }

  createScope(serverId: string, input: unknown): StoredScope {
    const server = this.get(serverId);
    const f = scopeFields(objectBody(input, 'name'));
    this.#unique(server.scopes, f.name, undefined);
    this.#roomForOne();
    if (server.scopes.length >= MAX_CHILDREN) throw refuse('name', `A server holds at most ${MAX_CHILDREN} scopes`);
    const scope: StoredScope = { id: this.newId('scp'), ...f };
    server.scopes.push(scope);
    return scope;
  }

  replaceScope(serverId: string, id: string, input: unknown): StoredScope {
    const scope = this.scope(serverId, id);
    const f = scopeFields(objectBody(input, 'name'));
    this.#unique(this.get(serverId).scopes, f.name, scope);
    return Object.assign(scope, f);
  }

  deleteScope(serverId: string, id: string): void {
    const server = this.get(serverId);
    const scope = this.scope(serverId, id);
    server.scopes = server.scopes.filter((s) => s !== scope);
  }

  #unique(list: Array<{ name: string }>, name: string, self: object | undefined): void {
    if (list.some((x) => x !== self && x.name === name)) throw refuse('name', `The name ${name} is already in use on this authorization server`);
  }

  // Claims

  claim(serverId: string, id: string): StoredClaim {
    return find(this.get(serverId).claims, id, 'OAuth2Claim');
  }

  createClaim(serverId: string, input: unknown): StoredClaim {
    const server = this.get(serverId);
    const f = claimFields(objectBody(input, 'name'));
    this.#roomForOne();
    if (server.claims.length >= MAX_CHILDREN) throw refuse('name', `A server holds at most ${MAX_CHILDREN} claims`);
    const claim: StoredClaim = { id: this.newId('ocl'), ...f };
    server.claims.push(claim);
    return claim;
  }

  replaceClaim(serverId: string, id: string, input: unknown): StoredClaim {
    const claim = this.claim(serverId, id);
    return Object.assign(claim, claimFields(objectBody(input, 'name')));
  }

  deleteClaim(serverId: string, id: string): void {
    const server = this.get(serverId);
    const claim = this.claim(serverId, id);
    server.claims = server.claims.filter((c) => c !== claim);
  }

  // Policies

  policy(serverId: string, id: string): StoredPolicy {
    return find(this.get(serverId).policies, id, 'Policy');
  }

  #policyFields(body: Json) {
    if (body.type !== undefined && body.type !== 'OAUTH_AUTHORIZATION_POLICY') throw refuse('type', 'Must be OAUTH_AUTHORIZATION_POLICY');
    const clients = textList(member(member(body, 'conditions'), 'clients', 'conditions.clients').include, 'conditions.clients.include', MAX_LIST, MAX_NAME);
    if (clients.length === 0) throw refuse('conditions.clients.include', 'Clients must be specified');
    clients.forEach((c, i) => {
      if (c !== 'ALL_CLIENTS' && !this.isClient(c)) throw refuse(`conditions.clients.include[${i}]`, `No OAuth 2.0 client has the id ${c}`);
    });
    return {
      name: requiredText(body, 'name', MAX_NAME),
      description: optionalText(body, 'description', MAX_TEXT),
      status: oneOf(body.status, 'status', STATUSES, 'ACTIVE'),
      clients,
    };
  }

  createPolicy(serverId: string, input: unknown, nowMs: number): StoredPolicy {
    const server = this.get(serverId);
    const body = objectBody(input, 'name');
    const f = this.#policyFields(body);
    this.#roomForOne();
    if (server.policies.length >= MAX_CHILDREN) throw refuse('name', `A server holds at most ${MAX_CHILDREN} policies`);
    const at = wholeSeconds(nowMs);
    const policy: StoredPolicy = { id: this.newId('00p'), ...f, priority: 0, created: at, lastUpdated: at, rules: [] };
    placeByPriority(server.policies, policy, body.priority, 'priority');
    return policy;
  }

  replacePolicy(serverId: string, id: string, input: unknown, nowMs: number): StoredPolicy {
    const server = this.get(serverId);
    const policy = this.policy(serverId, id);
    const body = objectBody(input, 'name');
    Object.assign(policy, this.#policyFields(body), { lastUpdated: wholeSeconds(nowMs) });
    placeByPriority(server.policies, policy, body.priority ?? policy.priority, 'priority');
    return policy;
  }

  setPolicyStatus(serverId: string, id: string, status: Status, nowMs: number): void {
    const policy = this.policy(serverId, id);
    policy.status = status;
    policy.lastUpdated = wholeSeconds(nowMs);
  }

  deletePolicy(serverId: string, id: string): void {
    const server = this.get(serverId);
    const policy = this.policy(serverId, id);
    server.policies = server.policies.filter((p) => p !== policy);
    server.policies.forEach((p, i) => (p.priority = i + 1));
  }

  // Rules

  rule(serverId: string, policyId: string, id: string): StoredRule {
    return find(this.policy(serverId, policyId).rules, id, 'PolicyRule');
  }

  createRule(serverId: string, policyId: string, input: unknown, nowMs: number): StoredRule {
    const policy = this.policy(serverId, policyId);
    const body = objectBody(input, 'name');
    const f = ruleFields(body);
    this.#roomForOne();
    if (policy.rules.length >= MAX_CHILDREN) throw refuse('name', `A policy holds at most ${MAX_CHILDREN} rules`);
    const at = wholeSeconds(nowMs);
    const rule: StoredRule = { id: this.newId('0pr'), ...f, priority: 0, created: at, lastUpdated: at };
    placeByPriority(policy.rules, rule, body.priority, 'priority');
    return rule;
  }

  replaceRule(serverId: string, policyId: string, id: string, input: unknown, nowMs: number): StoredRule {
    const policy = this.policy(serverId, policyId);
    const rule = this.rule(serverId, policyId, id);
    const body = objectBody(input, 'name');
    Object.assign(rule, ruleFields(body), { lastUpdated: wholeSeconds(nowMs) });
    placeByPriority(policy.rules, rule, body.priority ?? rule.priority, 'priority');
    return rule;
  }

  setRuleStatus(serverId: string, policyId: string, id: string, status: Status, nowMs: number): void {
    const rule = this.rule(serverId, policyId, id);
    rule.status = status;
    rule.lastUpdated = wholeSeconds(nowMs);
  }

  deleteRule(serverId: string, policyId: string, id: string): void {
    const policy = this.policy(serverId, policyId);
    const rule = this.rule(serverId, policyId, id);
    policy.rules = policy.rules.filter((r) => r !== rule);
    policy.rules.forEach((r, i) => (r.priority = i + 1));
  }

  // Clients

  /** Checks `clientId` names an OAuth 2.0 client; `E0000007 … (PublicClientApp)` as recorded when not. */
  requireClient(serverId: string, clientId: string): void {
    this.get(serverId);
    if (!this.isClient(clientId)) throw missing(clientId, 'PublicClientApp');
  }

  /** Keeps a server as a snapshot holds it. */
  put(server: StoredServer): void {
    this.#servers.set(server.id, server);
  }

  clear(): void {
    this.#servers.clear();
  }
}
