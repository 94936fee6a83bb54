import type { Json } from '../shared/json';
import { copyChecks } from './checks';
import type { StoredAssurance } from './service';

/** A policy's URL on the organization. */
export const assuranceHref = (origin: string, id: string) => `${origin}/api/v1/device-assurances/${id}`;

/** A device assurance policy as real organizations answer it, in their key order. */
export function renderAssurance(item: StoredAssurance, origin: string): Json {
  return {
    name: item.name,
    platform: item.platform,
    id: item.id,
    ...copyChecks(item.checks),
    displayRemediationMode: item.displayRemediationMode,
    createdDate: item.createdDate,
    createdBy: item.createdBy,
    lastUpdate: item.lastUpdate,
    lastUpdatedBy: item.lastUpdatedBy,
    resourceType: 'DeviceAssurancePolicyEntity',
    resourceId: item.id,
    resourceDisplayName: { value: item.name, sensitive: false },
    _links: { self: { href: assuranceHref(origin, item.id), hints: { allow: ['GET', 'PUT', 'DELETE'] } } },
  };
}
