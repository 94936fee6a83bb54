import type { Json } from '../shared/json';
import { selfHref, targetOf } from './resources';
import type { StoredResource, StoredResourceSet } from './service';

/** A set's URL on the organization. */
export const setHref = (origin: string, setId: string) => `${origin}/api/v1/iam/resource-sets/${setId}`;

/** A resource set as real organizations answer it: its links to its bindings, itself and its resources. */
export function renderResourceSet(set: StoredResourceSet, origin: string): Json {
  const self = setHref(origin, set.id);
  return {
    id: set.id,
    label: set.label,
    description: set.description,
    created: set.created,
    lastUpdated: set.lastUpdated,
    _links: { bindings: { href: `${self}/bindings` }, self: { href: self }, resources: { href: `${self}/resources` } },
  };
}

/** One resource of a set as real organizations list it: `self` is what it names, `resource` the set's entry. */
export function renderResource(set: StoredResourceSet, resource: StoredResource, orn: string, origin: string): Json {
  return {
    id: resource.id,
    orn,
    created: resource.created,
    lastUpdated: resource.lastUpdated,
    _links: {
      self: { href: selfHref(targetOf(resource.ref)!, origin) },
      resource: { href: `${setHref(origin, set.id)}/resources/${resource.id}` },
    },
  };
}
