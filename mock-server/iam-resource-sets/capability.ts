import type { AppsParts } from '../apps/parts';
import type { Capability, CapabilityDefinition } from '../capability';
import type { DirectoryParts } from '../directory/capability';
import { RESOURCE_SETS_SNAPSHOT_MEMBERS, type SnapshotResourceSet } from './documents';
import { readOrn, targetOf } from './resources';
import { resourceSetRoutes } from './routes';
import { ResourceSetService, type StoredResourceSet } from './service';
import type { MockResourceSet, ResourceSetsBackendState } from './state';

/** A copy of a set as `backend.resourceSets` and the snapshot show it. */
function shown(set: StoredResourceSet, orn: ResourceSetService['orn']): MockResourceSet {
  return {
    id: set.id,
    label: set.label,
    description: set.description,
    created: set.created,
    lastUpdated: set.lastUpdated,
    resources: set.resources.map((r) => ({ id: r.id, orn: orn(r.ref), created: r.created, lastUpdated: r.lastUpdated })),
  };
}

/** What a snapshot's other members hold that resources may name. */
interface SnapshotNames {
  groups?: Array<{ id: string }>;
  apps?: { items: Array<{ body: { id: string; name?: unknown } }> };
  resourceSets?: SnapshotResourceSet[];
}

/**
 * Resource sets: custom sets of the organization's apps, groups and users, by ORN or REST URL
 * (`/api/v1/iam/resource-sets…`, `backend.resourceSets`).
 */
export const IAM_RESOURCE_SETS = {
  name: 'iam-resource-sets',
  dependsOn: ['apps', 'directory'],
  snapshotMembers: RESOURCE_SETS_SNAPSHOT_MEMBERS,
  create(ctx, need): Capability<ResourceSetsBackendState> {
    const { apps } = need<AppsParts>('apps');
    const { directory } = need<DirectoryParts>('directory');
    const sets = new ResourceSetService(apps, directory, () => ctx.org.orgId, () => ctx.env.orgOrigin(), ctx.newId);
    const orn: ResourceSetService['orn'] = (ref) => sets.orn(ref);
    return {
      routes: (env) => resourceSetRoutes(env, sets),
      clear: () => sets.clear(),
      snapshot: {
        // After the apps, users and groups the resources name.
        phase: 70,
        take: () => {
          sets.sweep();
          return { resourceSets: sets.all().map((s) => shown(s, orn)) };
        },
        check(doc, refuse) {
          const d = doc as SnapshotNames;
          const groups = new Set((d.groups ?? []).map((g) => g.id));
          const appNames = new Map((d.apps?.items ?? []).map((a) => [a.body.id, String(a.body.name)]));
          const ids = new Set<string>();
          const labels = new Set<string>();
          (d.resourceSets ?? []).forEach((s, i) => {
            const at = `resourceSets[${i}]`;
            if (ids.has(s.id)) refuse(`${at}.id`, `the id ${s.id} is given twice`);
            if (labels.has(s.label)) refuse(`${at}.label`, `the label ${s.label} is given twice; labels are unique`);
            ids.add(s.id);
            labels.add(s.label);
            s.resources.forEach((r, j) => {
              const read = readOrn(r.orn);
              const target = read && targetOf(read.ref);
              if (!target) return refuse(`${at}.resources[${j}].orn`, `${r.orn} is not the ORN of a resource a resource set takes`);
              if (target.kind === 'app' && appNames.get(target.id) !== target.name) refuse(`${at}.resources[${j}].orn`, `no ${target.name} app in the snapshot has the id ${target.id}`);
              if ((target.kind === 'group' || target.kind === 'group-members') && !groups.has(target.id)) refuse(`${at}.resources[${j}].orn`, `no group in the snapshot has the id ${target.id}`);
              if (ids.has(r.id)) refuse(`${at}.resources[${j}].id`, `the id ${r.id} is given twice`);
              ids.add(r.id);
            });
          });
        },
        restore(doc) {
          for (const s of (doc as { resourceSets?: SnapshotResourceSet[] }).resourceSets ?? []) {
            sets.put({
              ...s,
              resources: s.resources.map((r) => ({ id: r.id, ref: readOrn(r.orn)!.ref, created: r.created, lastUpdated: r.lastUpdated })),
            });
          }
        },
      },
      state: {
        resourceSets: {
          list: () => {
            sets.sweep();
            return sets.all().map((s) => shown(s, orn));
          },
          get size() {
            return sets.size;
          },
        },
      },
    };
  },
} satisfies CapabilityDefinition;
