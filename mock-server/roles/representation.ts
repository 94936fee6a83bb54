import type { Json } from '../shared/json';
import type { CatalogEntry } from './catalog-entries';
import { ROLE_TYPES } from './role-types';
import type { ListedAppTarget } from './service';
import type { StoredRoleAssignment } from './store';

/** A role assignment as real organizations answer it: a standard role, always `ACTIVE`, linked to its assignee. */
export function renderRoleAssignment(assignment: StoredRoleAssignment, orgUrl: URL): Json {
  const { assignee } = assignment;
  const assigneePath = assignee.type === 'USER' ? 'users' : 'groups';
  return {
    id: assignment.id,
    label: ROLE_TYPES[assignment.type].label,
    type: assignment.type,
    status: 'ACTIVE',
    created: assignment.created,
    lastUpdated: assignment.lastUpdated,
    assignmentType: assignee.type,
    _links: { assignee: { href: `${orgUrl.origin}/api/v1/${assigneePath}/${assignee.id}` } },
  };
}

function renderCatalogEntry(entry: CatalogEntry, orgUrl: URL): Json {
  return {
    name: entry.name,
    displayName: entry.displayName,
    description: entry.description,
    status: entry.status,
    lastUpdated: entry.lastUpdated,
    category: entry.category,
    verificationStatus: entry.verificationStatus,
    website: entry.website,
    signOnModes: [...entry.signOnModes],
    ...(entry.features === undefined ? {} : { features: [...entry.features] }),
    _links: {
      logo: [{ name: 'medium', ...entry.logo }],
      self: { href: `${orgUrl.origin}/api/v1/catalog/apps/${entry.name}` },
    },
  };
}

/**
 * An app target as real organizations list it: a catalog app as the catalog describes it, or an app
 * instance by its label (in `name`), status and id, linked to the app.
 */
export function renderAppTarget(target: ListedAppTarget, orgUrl: URL): Json {
  if (target.kind === 'catalog') return renderCatalogEntry(target.entry, orgUrl);
  const { body } = target.app;
  return { name: body.label, status: body.status, id: body.id, _links: { self: { href: `${orgUrl.origin}/api/v1/apps/${body.id}` } } };
}
