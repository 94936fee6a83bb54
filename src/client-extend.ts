import { bindTransport, transportOf } from './core/client-transport';
import { ConfigurationError } from './errors';

// The resources each extension adds, by their paths on the client: a bare client has a getter for
// each (`withMissing`), so that reading `client.users` names the extension it comes with.
const EXTENSIONS: Record<string, string> = {
  directory: 'users groups roles apps.grants',
  appCredentials: 'apps.keys apps.csrs apps.secrets apps.jwks apps.metadata apps.rotateSigningKey',
  appResources: 'apps.policies apps.logo apps.features apps.connections apps.tokens apps.groupPush apps.federatedClaims apps.userSchema',
};

/**
 * Freezes `target` (a bare client, or its `apps`, named by `prefix`: `''` or `'apps.'`) with a getter
 * for each resource an extension adds there, which throws a `ConfigurationError` naming the extension
 * and its import. The getters are not enumerable, so the client's keys stay what it has.
 */
export function withMissing<T extends object>(target: T, prefix: string): T {
  for (const extension in EXTENSIONS) {
    for (const path of EXTENSIONS[extension]!.split(' ')) {
      const name = path.slice(prefix.length);
      if (!path.startsWith(prefix) || name.includes('.')) continue;
      Object.defineProperty(target, name, {
        get() {
          throw new ConfigurationError(
            `client.${path} comes with the ${extension} extension: import { ${extension} } from 'appset/core' and use client.extend(${extension}), or createClient from 'appset', which has every resource.`,
          );
        },
      });
    }
  }
  return Object.freeze(target);
}

/**
 * The client `extend` returns: a new frozen object with `client`'s members and `added`'s, a member
 * that is an object on both sides (`apps`) merged into a new frozen object, so that `apps.list` stays
 * beside `apps.keys`. Neither `client` nor any of its members is changed.
 */
export function extendClient<C extends object, A extends object>(client: C, added: A): C & A {
  const next = merged(client, added, true);
  bindTransport(next, transportOf(client));
  return next as C & A;
}

function merged(base: object, added: object, deep: boolean): object {
  // Own members only, with their descriptors: a bare client's getters (withMissing) come along, and
  // an added member replaces the getter of the same name.
  const members = Object.getOwnPropertyDescriptors(base) as Record<string, PropertyDescriptor>;
  for (const [key, value] of Object.entries(added)) {
    const current: unknown = members[key]?.value;
    const both = deep && isObject(current) && isObject(value);
    // A class's instance (`client.logs`) keeps its state in private fields, which a copy would not have.
    if (both && Object.getPrototypeOf(current) !== Object.prototype) {
      throw new ConfigurationError(`An extension adds members to client.${key}, which takes none; give them a name of their own.`);
    }
    members[key] = { value: both ? merged(current, value, false) : value, enumerable: true };
  }
  return Object.freeze(Object.create(Object.getPrototypeOf(base), members));
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
