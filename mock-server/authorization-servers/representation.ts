import type { Json } from '../shared/json';
import type { StoredClaim, StoredPolicy, StoredRule, StoredScope, StoredServer } from './service';

/** A server's URL on the organization. */
export const serverHref = (origin: string, id: string) => `${origin}/api/v1/authorizationServers/${id}`;

const link = (href: string, ...allow: string[]) => ({ href, hints: { allow } });

/** A lifecycle link: `deactivate` when ACTIVE, `activate` when INACTIVE. */
function lifecycle(href: string, status: string): Json {
  return status === 'ACTIVE' ? { deactivate: link(`${href}/lifecycle/deactivate`, 'POST') } : { activate: link(`${href}/lifecycle/activate`, 'POST') };
}

/** A server as real organizations answer it, in their key order. */
export function renderServer(s: StoredServer, origin: string): Json {
  const href = serverHref(origin, s.id);
  const issuer = `${origin}/oauth2/${s.id}`;
  return {
    id: s.id,
    name: s.name,
    ...(s.description !== undefined && { description: s.description }),
    audiences: [...s.audiences],
    issuer,
    issuerMode: s.issuerMode,
    status: s.status,
    created: s.created,
    lastUpdated: s.lastUpdated,
    credentials: { signing: { ...s.signing } },
    default: false,
    _links: {
      rotateKey: link(`${href}/credentials/lifecycle/keyRotate`, 'POST'),
      metadata: [
        { name: 'oauth-authorization-server', ...link(`${issuer}/.well-known/oauth-authorization-server`, 'GET') },
        { name: 'openid-configuration', ...link(`${issuer}/.well-known/openid-configuration`, 'GET') },
      ],
      keys: link(`${href}/credentials/keys`, 'GET'),
      claims: link(`${href}/claims`, 'GET', 'POST'),
      policies: link(`${href}/policies`, 'GET', 'POST'),
      self: link(href, 'GET', 'DELETE', 'PUT'),
      scopes: link(`${href}/scopes`, 'GET', 'POST'),
      ...lifecycle(href, s.status),
    },
  };
}

/** A scope as real organizations answer it, in their key order. */
export function renderScope(serverId: string, s: StoredScope, origin: string): Json {
  return {
    id: s.id,
    name: s.name,
    ...(s.displayName !== undefined && { displayName: s.displayName }),
    ...(s.description !== undefined && { description: s.description }),
    system: false,
    metadataPublish: s.metadataPublish,
    consent: s.consent,
    optional: s.optional,
    apiResourceId: null,
    default: s.default,
    _links: { self: link(`${serverHref(origin, serverId)}/scopes/${s.id}`, 'GET', 'PUT', 'DELETE') },
  };
}

/** A claim as real organizations answer it, in their key order (`conditions.scopes` always). */
export function renderClaim(serverId: string, c: StoredClaim, origin: string): Json {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    claimType: c.claimType,
    valueType: c.valueType,
    value: c.value,
    ...(c.groupFilterType !== undefined && { group_filter_type: c.groupFilterType }),
    conditions: { scopes: [...c.scopes] },
    system: false,
    alwaysIncludeInToken: c.alwaysIncludeInToken,
    apiResourceId: null,
    _links: { self: link(`${serverHref(origin, serverId)}/claims/${c.id}`, 'GET', 'PUT', 'DELETE') },
  };
}

/** A policy as real organizations answer it, in their key order (`type` last). */
export function renderPolicy(serverId: string, p: StoredPolicy, origin: string): Json {
  const href = `${serverHref(origin, serverId)}/policies/${p.id}`;
  return {
    id: p.id,
    status: p.status,
    name: p.name,
    ...(p.description !== undefined && { description: p.description }),
    priority: p.priority,
    system: false,
    conditions: { clients: { include: [...p.clients] } },
    created: p.created,
    lastUpdated: p.lastUpdated,
    _links: { self: link(href, 'GET', 'PUT', 'DELETE'), rules: link(`${href}/rules`, 'GET'), ...lifecycle(href, p.status) },
    type: 'OAUTH_AUTHORIZATION_POLICY',
  };
}

/** A people condition's member: what was given, `users` always with its `exclude` list (as recorded). */
function people(r: StoredRule): Json {
  const users: Json = { ...(r.people.users.include.length > 0 && { include: [...r.people.users.include] }), exclude: [...r.people.users.exclude] };
  const groups: Json = { include: [...r.people.groups.include], ...(r.people.groups.exclude.length > 0 && { exclude: [...r.people.groups.exclude] }) };
  return { users, groups };
}

/** A rule as real organizations answer it, in their key order (`type` last). */
export function renderRule(serverId: string, policyId: string, r: StoredRule, origin: string): Json {
  const href = `${serverHref(origin, serverId)}/policies/${policyId}/rules/${r.id}`;
  return {
    id: r.id,
    status: r.status,
    name: r.name,
    priority: r.priority,
    created: r.created,
    lastUpdated: r.lastUpdated,
    system: false,
    conditions: { people: people(r), grantTypes: { include: [...r.grantTypes] }, scopes: { include: [...r.scopes] } },
    actions: { token: { ...r.token } },
    _links: { self: link(href, 'GET', 'PUT', 'DELETE'), ...lifecycle(href, r.status) },
    type: 'RESOURCE_ACCESS',
  };
}
