import type { Json } from '../shared/json';
import type { StoredHook } from './service';

/** A hook's URL on the organization. */
export const hookHref = (origin: string, id: string) => `${origin}/api/v1/inlineHooks/${id}`;

/**
 * A hook as real organizations answer it, in their key order. The channel's `authScheme` shows its
 * type and key, never its secret value. `_links`: an ACTIVE hook has `self`, `execute` and
 * `deactivate`; an INACTIVE one `activate`, `self` and `delete`.
 */
export function renderHook(hook: StoredHook, origin: string): Json {
  const href = hookHref(origin, hook.id);
  const post = (to: string) => ({ href: to, hints: { allow: ['POST'] } });
  const { channel } = hook;
  const config: Json = { uri: channel.uri, headers: channel.headers.map((h) => ({ key: h.key, value: h.value })), method: channel.method };
  if (channel.authScheme) config.authScheme = { type: channel.authScheme.type, key: channel.authScheme.key };
  return {
    id: hook.id,
    status: hook.status,
    name: hook.name,
    type: hook.type,
    version: hook.version,
    channel: { type: channel.type, version: channel.version, config },
    created: hook.created,
    lastUpdated: hook.lastUpdated,
    _links:
      hook.status === 'ACTIVE'
        ? { self: { href }, execute: post(`${href}/execute`), deactivate: post(`${href}/lifecycle/deactivate`) }
        : { activate: post(`${href}/lifecycle/activate`), self: { href }, delete: { href, hints: { allow: ['DELETE'] } } },
  };
}
