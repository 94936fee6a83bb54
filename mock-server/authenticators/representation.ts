import type { Json } from '../shared/json';
import { builtIn, type AuthenticatorMethod } from './catalog';
import type { StoredAuthenticator } from './store';

/** An authenticator's URL on the organization. */
export const authenticatorHref = (origin: string, id: string) => `${origin}/api/v1/authenticators/${id}`;

const link = (href: string, allow: string[]) => ({ href, hints: { allow } });

/** An authenticator as real organizations answer it: `activate` or `deactivate` by its status, `enroll` for Okta Verify. */
export function renderAuthenticator(a: StoredAuthenticator, origin: string): Json {
  const entry = builtIn(a.key);
  const self = authenticatorHref(origin, a.id);
  const links: Json = { self: link(self, ['GET', 'PUT']) };
  if (a.status === 'INACTIVE') links.activate = link(`${self}/lifecycle/activate`, ['POST']);
  else if (entry.deactivates) links.deactivate = link(`${self}/lifecycle/deactivate`, ['POST']);
  links.methods = link(`${self}/methods`, ['GET']);
  if (entry.enrolls) links.enroll = link(`${origin}/idp/authenticators`, ['POST']);
  return {
    type: entry.type,
    id: a.id,
    key: a.key,
    status: a.status,
    name: a.name,
    created: a.created,
    lastUpdated: a.lastUpdated,
    ...(a.settings ? { settings: structuredClone(a.settings) } : {}),
    _links: links,
  };
}

/** One method of an authenticator as `GET …/methods` lists it: `activate` while it is inactive. */
export function renderMethod(a: StoredAuthenticator, method: AuthenticatorMethod, origin: string): Json {
  const self = `${authenticatorHref(origin, a.id)}/methods/${method.type}`;
  const links: Json = { self: link(self, ['GET', 'PUT']) };
  if (method.status === 'INACTIVE') links.activate = link(`${self}/lifecycle/activate`, ['POST']);
  return { type: method.type, status: method.status, ...(method.settings ? { settings: structuredClone(method.settings) } : {}), _links: links };
}
